"""One index worker process, handed tasks one at a time: what a small run chunks in
(and what the files in flight when a pooled worker died are chunked in again, one at
a time), so that a file that crashes its parser — a fault in a grammar's C code, a
parse that runs away (the worker's per-file CPU limit ends it), the memory killer —
costs that file, never the run or the daemon running it.

The worker is started like the pool's (lode.workspace.indexer._context: forked from a
process running one thread, else through the fork server) and says it is ready before
it is sent anything: a worker that ends before that is a setup problem (the run fails
with :class:`~lode.errors.IndexFailed`); one that ends later died on the task it was
given, and :attr:`Died.reason` says how (from its exit signal).
"""

from __future__ import annotations

import os
import signal
import threading

from ..errors import IndexFailed
from .piped import Piped

_READY = "ready"

# An idle worker a process with threads (a daemon, the MCP or language server) keeps for
# its next small run (see borrow).
_kept: list = []
_kept_lock = threading.Lock()


class Died(Exception):
    """The worker ended while it chunked a task."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def death_reason(exitcode: int | None) -> str:
    """What a worker's exit code says about the file it was chunking, for its refusal."""
    from .pipeline import FILE_CPU_SECONDS

    if exitcode is not None and exitcode < 0:
        sig = -exitcode
        if sig == signal.SIGXCPU:
            return (f"parsing and chunking it ran over the limit of {FILE_CPU_SECONDS:g} CPU s a file "
                    "(the process chunking it was stopped)")
        if sig == signal.SIGKILL:
            return "the process chunking it was killed (by the system, for its memory?)"
        try:
            name = signal.Signals(sig).name
        except ValueError:
            name = f"signal {sig}"
        return f"the process chunking it crashed ({name}: a fault in a parser or chunker)"
    return f"the process chunking it ended (exit status {exitcode})"


def _main(conn, parent_pid: int) -> None:
    import queue

    from .indexer import _worker_start
    from .pipeline import process_many

    _worker_start(parent_pid)
    conn.send(_READY)
    # Answers go out from a thread while the next task is chunked: the indexing process
    # reads them only between two store writes, and a worker that sent its own answers
    # stood waiting for the pipe to drain (Go's tree, two workers: 5.4 s between tasks
    # in all, the longest 0.54 s; with this thread 0.97 s and 0.27 s; 1.9 s and 0.12 s
    # with concurrent.futures' pool, whose reader thread read every answer at once).
    outbox: queue.SimpleQueue = queue.SimpleQueue()
    sender = threading.Thread(target=_send_all, args=(conn, outbox), name="lode-send-answers", daemon=True)
    sender.start()
    try:
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):  # the indexing process is gone or closed us
                return
            if message is None:
                return
            task, config, pack = message
            outbox.put(process_many(task, config, pack, cpu_guard=True))
    finally:
        outbox.put(None)
        sender.join()


def _send_all(conn, outbox) -> None:
    while (answer := outbox.get()) is not None:
        try:
            conn.send(answer)
        except OSError:  # the indexing process is gone (this process follows it out)
            return


class Solo:
    """A worker process; :meth:`run` sends it a task and returns its records and CPU
    seconds, or raises :class:`Died`. Started with ``with`` (ended at the block's end)."""

    def __init__(self, context):
        self._ctx = context
        self._child: Piped | None = None
        self._sent = 0  # tasks sent whose answer is not read yet
        self._ready = False

    def __enter__(self) -> Solo:
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def start(self) -> None:
        self.launch()
        self.await_ready()

    def launch(self) -> None:
        """Start the process without waiting for it to say it is ready (a pool starts all
        its workers, then waits: :meth:`await_ready`)."""
        if self._child is not None:
            return
        try:
            self._child = Piped(self._ctx, _main, (os.getpid(),), "lode-index-worker")
        except OSError as exc:
            raise IndexFailed(f"an indexing worker process failed to start: {exc}") from exc
        self._sent = 0
        self._ready = False

    def await_ready(self) -> None:
        if self._ready:
            return
        child = self._child
        try:
            ready = child.conn.recv()
        except (EOFError, OSError):
            self._child = None
            exitcode = child.gone()
            raise IndexFailed("an indexing worker process failed to start "
                              f"({death_reason(exitcode).removeprefix('the process chunking it ')})") from None
        assert ready == _READY
        self._ready = True

    @property
    def connection(self):
        """The worker's end of the pipe, for multiprocessing.connection.wait (readable
        when an answer is, or when the worker has died); None when not running."""
        return self._child.conn if self._child is not None else None

    def send(self, task, config, pack) -> None:
        """Hand the worker a task (it may take several; their answers come in order)."""
        if self._child is None or not self._ready:
            self.start()
        try:
            self._child.conn.send((task, config, pack))
        except OSError:  # it died already: the answer read next says how
            pass
        self._sent += 1

    def answer(self):
        """The next task's (records, CPU seconds); raises Died when the worker died,
        after which the next send starts a new one (tasks sent and not answered are lost)."""
        child = self._child
        try:
            result = child.conn.recv()
        except (EOFError, OSError):
            self._child = None
            raise Died(death_reason(child.gone())) from None
        self._sent -= 1
        return result

    def started_by(self, context) -> bool:
        """Whether this worker was started as ``context`` starts one (fork, fork server)."""
        return self._ctx.get_start_method() == context.get_start_method()

    @property
    def idle(self) -> bool:
        """Running, and owing no answer."""
        return self._child is not None and self._sent == 0 and self._child.proc.is_alive()

    def run(self, task, config, pack):
        self.send(task, config, pack)
        return self.answer()

    def close(self) -> None:
        if self._child is None:
            return
        child, self._child = self._child, None
        # a task nobody waits for any more (the run was stopped): killed
        child.end(busy=self._sent > 0)


def borrow(context) -> Solo:
    """A worker for a run: the one kept by the last run (see give_back) when it was
    started as ``context`` starts one, else a new one. (A process that forks its workers
    now, having no other thread any more, gets a copy of its present state, as a pool's
    workers are.)"""
    with _kept_lock:
        worker = _kept.pop() if _kept else None
    if worker is not None and worker.idle and worker.started_by(context):
        return worker
    if worker is not None:
        worker.close()
    return Solo(context)


def give_back(worker: Solo, keep: bool) -> None:
    """End ``worker``, or with ``keep`` (and when it is idle) keep it for the next run. A
    daemon's watcher re-indexes a saved file or three at a time: a worker started from the
    fork server for each run imported the indexer and loaded the language's grammar and
    queries again. Re-indexing 1-3 saved Go files (net/, a Service in a process with a
    thread, 12 runs, median, loaded 2-core machine): 0.67-0.89 s wall and 0.15-0.17 CPU s
    (this process and its workers) a run with a new worker each, 0.12-0.13 s and
    0.03-0.04 CPU s with the kept one. A kept worker holds ~16 MB (PSS)."""
    if keep and worker.idle:
        with _kept_lock:
            if not _kept:
                _kept.append(worker)
                return
    worker.close()
