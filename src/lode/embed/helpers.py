"""Helper processes for a large embedding run.

A run with many texts to embed starts one helper process per core (through the fork
server the index workers come from, so it is safe beside threads), each loading the
same model; this process reads the texts, hands them out a batch at a time and writes
every vector. The same code embeds on both sides, so the vectors are the ones this
process would make; and this process, which carries what the index run left, never
loads the model's tokenizer (~120 MB). Texts that need a larger tokenizer come last, to
the same helpers, each batch naming the characters the larger one must hold (each
helper then swaps its tokenizer once). A helper that fails only costs its batch being
embedded here; helpers exit with this process, even when it is killed outright.
"""

from __future__ import annotations

import os
import signal
import time
from typing import TYPE_CHECKING

from ..workspace.piped import Piped

if TYPE_CHECKING:
    from concurrent.futures import Future

    import numpy as np

HELPED_TEXTS = 20_000   # fewer texts to embed than this: this process embeds them alone
MAX_HELPERS = 3         # helper processes at most (else one per core)

_warm: dict = {}        # in the indexing process: Helpers started ahead of a stage (warm), by model name

_embedder = None        # in a helper: its model (or why it could not load)
_reported = 0.0         # in a helper: its CPU seconds reported so far


class HelperDied(Exception):
    """The helper embedding a batch ended before it answered (the memory killer)."""


class Helpers:
    """Helper processes embedding texts with the model called ``name``.

    Each helper has a pipe of its own, read by one thread here that also hands out the
    batches, one to a helper at a time (so a long batch holds back no other: a free
    helper takes the next). They shared concurrent.futures' queues before: a helper
    killed halfway through sending its vectors left that pool's reader waiting for the
    rest for ever, and the run hung. Now its pipe reads as closed, its batch fails
    (:class:`HelperDied`: embedded by the indexing process) and the other helpers go on."""

    def __init__(self, name: str, count: int):
        import multiprocessing
        import threading
        from collections import deque

        self.size = count
        ctx = multiprocessing.get_context("forkserver")
        self._queue: deque = deque()    # (future, texts, characters) no helper has yet
        self._lock = threading.Lock()
        self._closed = False
        self._wake_r, self._wake_w = os.pipe()  # wakes the thread: a batch came, or close
        os.set_blocking(self._wake_w, False)
        self._helpers: list[_Helper] = []
        try:
            for _ in range(count):
                self._helpers.append(_Helper(ctx, name))
        except OSError:  # (the ones started run; none: every batch is embedded here)
            pass
        self._thread = threading.Thread(target=self._serve, name="lode-embed-helpers", daemon=True)
        self._thread.start()

    @property
    def pids(self) -> list[int]:
        """The helpers' process ids."""
        return [h.proc.pid for h in self._helpers]

    def submit(self, texts: list[str], characters: str = "") -> Future | None:
        """A future of :func:`_embed`'s answer for ``texts`` (holding ``characters``
        outside the compact alphabet, for which :func:`prepare` built a tokenizer), or
        None once no helper is left (each died), or after :meth:`close`."""
        from concurrent.futures import Future

        with self._lock:
            if self._closed or not any(h.alive for h in self._helpers):
                return None
            future: Future = Future()
            self._queue.append((future, texts, characters))
        self._wake()
        return future

    def close(self) -> None:
        """End the helpers (a helper busy on a batch nobody waits for is killed), and
        fail the batches not handed out yet; returns at once."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            dropped = list(self._queue)
            self._queue.clear()
        for future, _, _ in dropped:
            future.cancel()
        self._wake()

    def _wake(self) -> None:
        with self._lock:  # (not once the thread closed it: the number may be reused)
            if self._wake_w is not None:
                try:
                    os.write(self._wake_w, b"x")
                except BlockingIOError:  # (woken already)
                    pass

    def _serve(self) -> None:
        """The thread: hand out batches, read answers, notice helpers that died."""
        from multiprocessing.connection import wait

        try:
            while True:
                given, dropped = [], []
                with self._lock:
                    closed = self._closed
                    if not closed:
                        for helper in self._helpers:
                            if helper.alive and helper.future is None and self._queue:
                                given.append((helper, self._queue.popleft()))
                    if not any(h.alive for h in self._helpers):  # (their batches embedded here)
                        dropped = list(self._queue)
                        self._queue.clear()
                for helper, batch in given:  # (a send waits for the helper to read it)
                    helper.give(*batch)
                for future, _, _ in dropped:
                    future.set_exception(HelperDied("no embedding helper is left"))
                if closed:
                    break
                busy = {h.conn: h for h in self._helpers if h.future is not None}
                for ready in wait([self._wake_r, *busy]):
                    if ready == self._wake_r:
                        os.read(self._wake_r, 4096)
                    else:
                        busy[ready].take_answer()
        finally:
            for helper in self._helpers:
                helper.stop()
            with self._lock:
                os.close(self._wake_w)
                self._wake_w = None
            os.close(self._wake_r)


class _Helper(Piped):
    """One helper process, its pipe and the batch it embeds (read by Helpers' thread)."""

    def __init__(self, ctx, name: str):
        super().__init__(ctx, _main, (os.getpid(), name), "lode-embed-helper")
        self.future: Future | None = None

    @property
    def alive(self) -> bool:
        """Not ended: its pipe is closed once it died or was stopped."""
        return not self.conn.closed

    def give(self, future: Future, texts: list[str], characters: str) -> None:
        if not future.set_running_or_notify_cancel():
            return
        self.future = future
        try:
            self.conn.send((texts, characters))
        except OSError:  # it died: reading its pipe says so
            pass

    def take_answer(self) -> None:
        future, self.future = self.future, None
        try:
            ok, value = self.conn.recv()
        except (EOFError, OSError):
            future.set_exception(HelperDied(f"the embedding helper ended (exit status {self.gone()})"))
            return
        if ok:
            future.set_result(value)
        else:
            future.set_exception(value)

    def stop(self) -> None:
        """End the helper: killed when it holds a batch (nobody waits for it any more)."""
        future, self.future = self.future, None
        self.end(busy=future is not None)
        if future is not None:  # a batch nobody waits for any more (closed)
            future.set_exception(HelperDied("the embedding helpers were closed"))


def _main(conn, parent_pid: int, name: str) -> None:
    """A helper: load the model, then embed each batch sent until told to stop."""
    _start(parent_pid, name)
    try:
        _ready()
    except Exception:  # the first batch meets it again, and says it
        pass
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):  # the indexing process is gone
            return
        if message is None:
            return
        try:
            answer = (True, _embed(*message))
        except Exception as exc:  # said by the batch's future (embedded by the indexing process)
            answer = (False, RuntimeError(str(exc)))
        try:
            conn.send(answer)
        except OSError:
            return


def start(embedder, name: str, texts: int) -> Helpers | None:
    """Helpers for embedding ``texts`` texts with ``embedder`` (loaded as ``name``), one
    per core up to :data:`MAX_HELPERS` (the ones :func:`warm` started, if any); None
    when this process had better embed them alone (fewer than :data:`HELPED_TEXTS`
    texts, one core, or a model that does not run in helpers)."""
    warmed = _warm.pop(name, None)
    count = _count(embedder)
    if texts < HELPED_TEXTS or count < 2:
        if warmed is not None:
            warmed.close()
        return None
    if warmed is not None:
        return warmed
    prepare(embedder, "")
    return Helpers(name, count)


def warm(embedder, name: str) -> None:
    """Start the helpers a large index run's embedding stage will use, before the stage:
    each loads the model and its compact tokenizer while the run's last files are
    chunked, not in the stage (Go's tree: ~0.5 s of its ~5 s). :func:`start` hands
    them to the stage; :func:`discard` ends them when no stage comes."""
    count = _count(embedder)
    if count < 2 or name in _warm:
        return
    prepare(embedder, "")
    _warm[name] = Helpers(name, count)


def discard() -> None:
    """End the helpers :func:`warm` started that no stage took (the run failed or stopped)."""
    while _warm:
        _warm.popitem()[1].close()


def _count(embedder) -> int:
    """Helpers a large run of ``embedder`` starts: one per core up to :data:`MAX_HELPERS`;
    0 for a model that does not run in helpers."""
    return min(os.cpu_count() or 1, MAX_HELPERS) if getattr(embedder, "in_helpers", False) else 0


def prepare(embedder, characters: str) -> None:
    """Build the tokenizer for texts holding ``characters`` here, once, not once by
    each helper (they read it from the cache folder)."""
    build = getattr(embedder, "build_tokenizer", None)
    if build is not None:
        build(characters)


def _start(parent_pid: int, name: str) -> None:
    from ..workspace.orphans import follow
    from .models import load_embedder

    follow(parent_pid)
    # Ctrl-C reaches the whole process group: the indexing process handles it (and ends
    # the helpers); a helper printing its own KeyboardInterrupt would only add noise.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The helpers already keep every core busy: the tokenizer's own threads would only
    # add CPU (Go's tree embedded in one process: 5.1-5.5 -> 4.6-5.0 CPU s, same wall).
    os.environ["TOKENIZERS_PARALLELISM"] = "false"
    global _embedder
    try:
        _embedder = load_embedder(name)
    except Exception as exc:  # said by each answer (no traceback on the indexer's terminal)
        _embedder = exc


def _ready() -> None:
    """Load the tokenizer a first batch would, as the helper starts (the model loaded
    by :func:`_start`); the CPU spent counts in the helper's first answer."""
    if not isinstance(_embedder, Exception):
        _embedder.embed(["func warmUp() {}"])


def _embed(texts: list[str], characters: str = "") -> tuple[np.ndarray, float, float]:
    """The vectors of ``texts`` (holding ``characters`` outside the compact alphabet),
    the CPU seconds this helper spent since its last answer (its start, loading the
    model, counts in the first) and its peak RSS in MB."""
    import resource

    global _reported
    if isinstance(_embedder, Exception):
        raise RuntimeError(f"the helper could not load the model: {_embedder}")
    if characters:
        # the larger tokenizer replaces the smaller one at the first such batch
        getattr(_embedder, "expect_characters", lambda chars: None)(characters)
    vectors = _embedder.embed(texts).astype("<f4", copy=False)
    now = time.process_time()
    spent, _reported = now - _reported, now
    return vectors, spent, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
