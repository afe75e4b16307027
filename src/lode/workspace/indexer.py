"""Indexing a workspace incrementally.

1. Walk (no reads) and compare each file's (mtime_ns, size, chunker id) with the store:
   unchanged files are skipped without being opened.
2. Changed and new files go to worker processes (both cores) in small tasks; a worker
   reads, hashes (same bytes as stored → only the mtime is updated), parses once,
   chunks and extracts symbols, and returns plain records.
3. The parent streams results into the store, one transaction per batch of files, so a
   kill at any moment leaves whole files, and a re-run picks up the rest. Files the
   walk no longer yields leave the index.

Worker processes are forked from this process when it runs no other thread (a
command-line run on Linux: instant, the modules already loaded), else started through a fork
server (safe beside threads such as a progress bar or a daemon's); scripts that call
this must guard their entry point with ``if __name__ == "__main__":``, as
multiprocessing requires.

At most a bounded number of tasks is in flight, so memory does not grow with the tree.
"""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Callable, Iterable, Iterator  # not typing's: ~12 M instructions to import
from contextlib import contextmanager

from ..chunking.reader import VANISHED  # a file gone when read: a deletion
from ..config import DEFAULT_CHUNK_CONFIG, ChunkConfig
from ..errors import IndexFailed, NotFound  # noqa: F401 (IndexFailed: old import path)
from ..store.sqlite import FileState, Store, WorkspaceRow

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..store.records import FileRecord  # made by the workers; here only for refusals
from . import held
from .chunkers import chunkers_by_extension
from .config import WorkspaceConfig
from .roots import empty_folder
from .walk import admit, walk

TASK_FILES = 16          # files per worker task
# A large pooled run's tasks grow up to this many files while each worker still gets at
# least TASKS_PER_WORKER of them (so the last tasks still end close together). Each task
# costs its worker ~1.4 ms outside its files (a result pickled and sent, the next task
# taken) and the indexing process a result to read: Go's tree (7,085 files), 16 -> 32
# files a task: workers between tasks 1.40-1.46 -> 1.06-1.21 CPU s, reading results
# 0.67-0.72 -> 0.60-0.61 (bench/account.py, two runs each).
MAX_TASK_FILES = 32
TASKS_PER_WORKER = 16
INLINE_BELOW = 48        # fewer changed files than this: one worker process, not a pool
BATCH_FILES = 200        # files per store transaction
BATCH_CHUNKS = 20_000    # ... or this many chunks, whichever comes first
# Tasks in flight per worker. The pool's loop submits tasks only between two store
# writes, so the tasks queued must outlast a batch's write (200 files: ~12 tasks): with 3
# per worker, the workers stood idle between two tasks for up to 0.5-0.7 s, 10-17 s in
# all over Go's tree on a loaded machine (bench/account.py); with 8, at most ~0.2 s and
# 8-10 s. What is queued is only paths; a finished task's records wait for the writer.
IN_FLIGHT_PER_WORKER = 8
RELEASE_BYTES = 1 << 20  # a smaller run that read more than this hands its freed heap back

# progress(done, total, path): done/total count files to (re)process; path the last one.
Progress = Callable[[int, int, str], None]


class IndexStats:
    """What a run did (a plain class: a dataclass's generated methods were compiled
    anew by every command that imported this module, ~1% of a no-op re-index)."""

    __slots__ = ("workspace", "root", "files", "unchanged", "touched", "indexed", "refused", "deleted",
                 "held", "noted", "chunks", "generation", "seconds", "cpu_seconds")

    def __init__(self, workspace: str, root: str):
        self.workspace = workspace
        self.root = root
        self.files = 0          # files the rules admit (walked)
        self.unchanged = 0      # skipped without reading
        self.touched = 0        # read, same bytes: mtime updated only
        self.indexed = 0        # (re)chunked
        self.refused = 0        # refused during this run (reasons in status)
        self.deleted = 0
        self.held = 0           # failed to derive again this run: earlier chunks kept (lode.workspace.held)
        self.noted = 0          # indexed with a note saying what was read less fully (a large or minified file)
        self.chunks = 0         # chunks written during this run
        self.generation = 0
        self.seconds = 0.0
        self.cpu_seconds = 0.0  # reading, parsing, chunking, symbols (all workers) + this process

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name in self.__slots__}

    def __repr__(self) -> str:
        return f"IndexStats({', '.join(f'{k}={v!r}' for k, v in self.to_dict().items())})"


def _quote(text: str) -> str:
    """``text`` quoted for a shell, in an error's advice (shlex, and re behind it, load
    only for such a message)."""
    import shlex

    return shlex.quote(text)


def _context(before_fork: Callable[[], None] | None = None):
    """How index workers are started (a multiprocessing context)."""
    # multiprocessing loads only once a file needs chunking (~12 ms a no-op re-index
    # need not pay)
    import multiprocessing

    # A fork server costs a run ~0.15 s before the first file is read (a fresh
    # interpreter importing the pipeline); forking is a copy of this process, but only
    # safe while no other thread could hold a lock the copy inherits. Index workers
    # touch neither the store's connection nor anything else of this process.
    if _single_threaded() and "fork" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("fork")
        if before_fork is not None:  # what the workers would each do first, done once
            before_fork()
    else:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["lode.workspace.pipeline", "lode.workspace.indexer", "lode.workspace.solo"])
    return ctx


def _worker_start(parent_pid: int) -> None:
    """An index worker's start: it ends with its parent, and ignores Ctrl-C (which reaches
    the whole process group). Interrupted while sending a large result, a worker left half
    a message in the pool's result pipe, whose reader then waited for the rest for ever:
    lode index hung after Ctrl-C (about one run in eight), and each worker printed its
    KeyboardInterrupt traceback besides. Now the indexing process alone stops: queued
    tasks are cancelled, those running finish and are read whole, then the workers end.
    Its cyclic garbage collector is off: each task collects as it starts
    (pipeline.process_many). It leaves no core file when a parser crashes in it (in the
    folder lode was started from, the user's)."""
    import resource
    import signal

    from .orphans import follow  # threading: only in a worker, not in a run that starts none

    follow(parent_pid)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.disable()
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, resource.getrlimit(resource.RLIMIT_CORE)[1]))
    except (ValueError, OSError):
        pass


def _reaped_cpu() -> float:
    """CPU seconds of this process's children that have ended and been waited for."""
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _single_threaded() -> bool:
    """Whether this process runs a single thread, counting Python's and those libraries
    start natively (numpy's BLAS pool, once imported), as Linux lists them. Elsewhere
    not known: False (where fork is also less safe, macOS's system libraries)."""
    try:
        return len(os.listdir("/proc/self/task")) == 1
    except OSError:
        return False


@contextmanager
def _bulk_writes(store: Store, files: int, size: int = 0):
    """A large run lets the store prepare for many writes (see ``Store.bulk_writes``).
    A run of a few files totalling over RELEASE_BYTES (``size``) also releases memory
    after: one 15 MB generated file left the process ~130 MB of freed heap that glibc
    kept, which the embedding stage that followed (or a daemon, for ever) carried."""
    if files < INLINE_BELOW:
        try:
            yield
        finally:
            if size > RELEASE_BYTES:
                _release_memory()
        return
    try:
        with store.bulk_writes():
            yield
    finally:
        _release_memory()


@contextmanager
def _no_cyclic_gc(pooled: bool):
    """A run with worker processes streams hundreds of thousands of records (chunk
    rows, symbols) through this process; they hold no cycles and are freed as each
    batch is written, but allocating them set off the cyclic collector thousands of
    times, each pass also walking whatever the process keeps. Off for the run, back on
    after, with one collection of the youngest generation: everything allocated during
    the run is there (no collection ran), so a full one only walked again every object
    the process held before (the modules, a warmed-up model's): 20-50 ms of a
    100-file run on Go's tree, against 10-15 for the youngest. Files chunked in this
    process collect per task (lode.workspace.pipeline)."""
    if not pooled or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.collect(0)


def _release_memory() -> None:
    """Hand the freed page cache back to the system (glibc keeps freed heap otherwise):
    the embedding stage that follows, or a daemon, should not carry it. The word caches
    go first: their entries would pin the pages of the freed records around them."""
    from ..store.tokens import forget

    forget()
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):  # not glibc
        pass


def _tasks(jobs: list, size: int = TASK_FILES) -> Iterator[list]:
    for i in range(0, len(jobs), size):
        yield jobs[i:i + size]


def _task_files(files: int, workers: int) -> int:
    """Files per task of a pooled run of ``files`` files."""
    return max(TASK_FILES, min(MAX_TASK_FILES, files // (workers * TASKS_PER_WORKER)))


def _run(jobs: list, workers: int, config: ChunkConfig, cpu: list[float],
         pack: Callable[[str], bytes] | None = None) -> Iterator[FileRecord]:
    """Records for ``jobs``, streamed; by one worker process for small runs, else by a
    bounded pool, whose workers are started, and sent their first tasks, before this
    returns. Never in this process: a parser crashing on a file (a fault in its C code,
    a parse running away) costs that file, not the run (or the daemon running it).
    Adds the CPU seconds spent chunking to ``cpu[0]``. ``pack``: the store's
    ``pack_body``, applied to each chunk's text by whoever chunks it (pipeline.process_many)."""
    if workers <= 1 or len(jobs) < INLINE_BELOW:
        from . import solo

        ctx = _context()
        worker = solo.borrow(ctx)
        worker.start()  # before the first progress call, as the pool's
        # Kept for the next run by a process with threads (a daemon; one that forks its
        # workers is a command-line run, about to end), unless it read much (its freed
        # heap stays with it).
        keep = ctx.get_start_method() == "forkserver" and sum(j.size for j in jobs) <= RELEASE_BYTES
        return _single(worker, jobs, config, cpu, pack, keep)
    stream = _pooled(jobs, workers, config, cpu, pack)
    next(stream)  # the pool is up; closing the stream from here on shuts it down
    return stream


def _single(worker, jobs: list, config: ChunkConfig, cpu: list[float], pack=None,
            keep: bool = False) -> Iterator[FileRecord]:
    """Records for ``jobs`` from one worker (a started solo.Solo), which has the next
    task while this process handles a task's records (see :func:`_records`).
    ``keep``: the worker is kept for the next run."""
    from .solo import give_back

    try:
        stream = _records([worker], jobs, TASK_FILES, 2, config, cpu, pack)
        next(stream)
        yield from stream
    finally:
        give_back(worker, keep)


def _records(crew: list, jobs: list, size: int, depth: int, config: ChunkConfig, cpu: list[float],
             pack=None) -> Iterator[FileRecord | None]:
    """Records for ``jobs``, cut into tasks of ``size`` files, from ``crew`` (solo.Solo
    workers, each with a pipe of its own); yields None once each worker has its first
    tasks. A worker holds up to ``depth`` tasks, fewer as the last ones go out: what a
    worker holds, no other can take, so the workers end far apart otherwise. When one
    dies (the system killed it, or a parser crashed on a file), even halfway through
    an answer, its pipe ends: the files of its tasks are chunked again one at a time, by
    it started again (:func:`_isolated`), and only one that kills it again is refused;
    then it takes new tasks. Adds the workers' CPU seconds to ``cpu[0]``."""
    from multiprocessing.connection import wait

    from .solo import Died

    tasks = _tasks(jobs, size)
    unsent = -(-len(jobs) // size)
    held: dict = {worker: [] for worker in crew}  # tasks sent to each, in order

    def feed(worker) -> None:
        nonlocal unsent
        mine = held[worker]
        while unsent and len(mine) < min(depth, 2 + unsent // len(crew)):
            task = next(tasks)
            worker.send(task, config, pack)
            mine.append(task)
            unsent -= 1

    for worker in crew:
        feed(worker)
    yield None
    while busy := {worker.connection: worker for worker in crew if held[worker]}:
        for conn in wait(list(busy)):
            worker = busy[conn]
            try:
                records, seconds = worker.answer()
            except Died:
                suspects = [job for task in held[worker] for job in task]
                held[worker].clear()
                yield from _isolated(suspects, worker, config, cpu, pack)
                feed(worker)
                continue
            held[worker].pop(0)
            feed(worker)
            cpu[0] += seconds
            yield from records


def _isolated(suspects: list, worker, config: ChunkConfig, cpu: list[float], pack=None) -> Iterator[FileRecord]:
    """Records for the files that were in flight when ``worker`` (a solo.Solo) died: each
    chunked alone by it, started again after each crash, so a file that kills it is
    found and refused, saying how it died (with its mtime and size: re-read when it
    changes), and the others are indexed as usual."""
    from .solo import Died

    for job in suspects:
        try:
            records, seconds = worker.run([job], config, pack)
        except Died as exc:
            from ..store.records import FileRecord

            yield FileRecord(job.path, job.mtime_ns, job.size, chunker=job.chunker, refused=exc.reason)
            continue
        cpu[0] += seconds
        yield from records


def _pooled(jobs: list, workers: int, config: ChunkConfig, cpu: list[float], pack=None) -> Iterator[FileRecord | None]:
    """Yields None once the workers have their first tasks, then the records.

    Each worker (a solo.Solo) has a pipe of its own, not a pool's shared queues: a
    worker killed halfway through sending an answer (the memory killer) left
    concurrent.futures' pool reading the rest of it for ever, the other worker waiting
    for the result queue's lock: the run hung. Now only the dead worker's tasks are
    chunked again (:func:`_records`); the others go on."""
    from .pipeline import warm
    from .solo import Solo

    size = _task_files(len(jobs), workers)
    ctx = _context(lambda: warm(jobs, config, size))
    crew = [Solo(ctx) for _ in range(workers)]
    try:
        for worker in crew:
            worker.launch()  # all at once; each is waited for as it is sent its first task
        yield from _records(crew, jobs, size, IN_FLIGHT_PER_WORKER, config, cpu, pack)
    finally:
        for worker in crew:
            worker.close()


def _plain_stamps(store: Store, workspace_id: int) -> tuple[dict[str, tuple] | None, int]:
    """The SQLite store's plain stamps of a workspace's files and how many it holds
    (lode.store.stamps.plain_file_stamps); (None, 0) for a store without them."""
    db = getattr(store, "db", None) if store.backend == "sqlite" else None
    if db is None:
        return None, 0
    from ..store.stamps import plain_file_stamps

    return plain_file_stamps(db, workspace_id)


def _hashes(store: Store, workspace_id: int, paths: list[str]) -> dict[str, str | None]:
    """The stored content hashes of ``paths`` (plainly stored files of the workspace)."""
    from ..store.stamps import file_hashes

    return file_hashes(store.db, workspace_id, paths)


class RootEmpty(NotFound):
    """A workspace's root is an empty folder while its index holds files: an unmounted
    drive's mount point, a checkout being replaced. A walk would find every file deleted
    and drop the whole index (and a watching daemon would, as it starts); the run is
    refused instead, as for a missing root. A project really emptied is removed with
    ``lode workspace remove``."""


def index_workspace(store: Store, ws: WorkspaceRow, progress: Progress | None = None,
                    workers: int | None = None, config: ChunkConfig = DEFAULT_CHUNK_CONFIG,
                    only: list[str] | None = None) -> IndexStats:
    """Bring the store up to date with the workspace (or, with ``only``, with those
    relative paths: each is re-read if changed, removed if gone or no longer admitted)."""
    started = time.monotonic()
    rules = WorkspaceConfig.from_dict(ws.config)
    stats = IndexStats(ws.name, ws.root)
    if not os.path.isdir(ws.root):
        # Moved or deleted under the store: its index is kept (nothing is lost if it comes back).
        raise NotFound(f"workspace root {ws.root} is not a directory (moved or deleted?): restore it, "
                       f"point the workspace at its new place with lode workspace move {_quote(ws.name)} "
                       f"NEW_PATH (its index is kept), or forget it with lode workspace remove "
                       f"{_quote(ws.name)}", data={"root": ws.root})
    # The files' stored states: every file's when the run needs them (a few paths, a
    # store without plain stamps), else those of plainly stored files, the others' read
    # only once a file is not settled by them (see _plain_stamps).
    plain, stored = _plain_stamps(store, ws.id) if only is None else (None, 0)
    known = store.file_states(ws.id) if plain is None else None
    if plain is None:
        stored = len(known)

    def states() -> dict:
        nonlocal known
        if known is None:
            known = store.file_states(ws.id)
        return known

    if stored and empty_folder(ws.root):
        raise RootEmpty(f"workspace root {ws.root} is empty while its index holds {stored} entries (an "
                        f"unmounted drive, a folder being replaced?): the index is kept; mount or restore "
                        f"the folder and index again, or forget it with lode workspace remove "
                        f"{_quote(ws.name)}", data={"root": ws.root})
    walk_errors: list[FileRecord] = []

    def on_error(path: str, reason: str) -> None:
        # A folder that cannot be listed: recorded as on_skip records an entry (once).
        on_skip(path + "/", reason)

    def on_skip(path: str, reason: str) -> None:
        # An entry not read (symlink out, loop, FIFO …) is listed as refused; written
        # again only when its reason changed, so a no-op run stays a no-op.
        seen.add(path)
        old = states().get(path)
        if old is None or old.refused != reason or old.mtime_ns != 0:
            from ..store.records import FileRecord

            walk_errors.append(FileRecord(path, 0, 0, refused=reason))

    # The pipeline module (chunkers, grammars' queries, search tokens) is imported only
    # once a file needs reading: a no-op run does not pay for it.
    jobs: list = []
    unhashed: list[int] = []  # jobs of changed plainly stored files: their stored hash is read after the walk
    walked_plain = 0  # walked files among the plainly stored ones
    lacking: list[str] = []  # made by a plug-in this build lacks: held, never re-read
    due = held.retry_due(store, ws.id)
    seen: set[str] = set()
    ctimes: dict[str, int] = {}
    expected_chunker = chunkers_by_extension(checked=False)  # no grammar loads (see there)
    chunker_for = chunkers_by_extension()
    if only is not None:
        entries = (e for e in (admit(ws.root, rules, p, on_skip) for p in dict.fromkeys(only)) if e is not None)
        known = {p: known[p] for p in dict.fromkeys(only) if p in known}
    else:
        entries = walk(ws.root, rules, on_error, on_skip)
    for e in entries:
        seen.add(e.path)
        stats.files += 1
        stamp = plain.get(e.path) if plain is not None else None
        if stamp is not None:
            walked_plain += 1
            if stamp[1] == e.mtime_ns and stamp[2] == e.size and stamp[3] == expected_chunker(e.path, e.how) \
                    and e.path not in due:
                stats.unchanged += 1  # as below, for a file stored plainly (not refused)
                continue
        if known is None and stamp is not None:
            # A plainly stored file that changed: its state but the hash (read below for
            # the files read again) is its stamp's.
            old = FileState(None, stamp[1], stamp[2], None, stamp[3], None, 0)
        elif known is None and plain is not None and stored == len(plain):
            old = None  # every stored file is plainly stored: a file not among them is new
        else:
            old = states().get(e.path)
        same = old is not None and old.mtime_ns == e.mtime_ns and old.size == e.size \
            and not (old.refused and old.ctime_ns != e.ctime_ns) and e.path not in due \
            and old.refused != VANISHED  # chmod moves only the ctime; a file once found gone is here
        if same and old.chunker == expected_chunker(e.path, e.how):
            stats.unchanged += 1
            continue
        chunker = chunker_for(e.path, e.how)  # its grammar loaded: what the file is read with
        if old is not None and old.chunker != chunker and held.lacking(old.chunker):
            lacking.append(e.path)
            continue
        if same and old.chunker == chunker:  # stored as text while its grammar does not load
            stats.unchanged += 1
            continue
        ctimes[e.path] = e.ctime_ns
        same_chunker = old is not None and old.chunker == chunker and old.refused is None
        if same_chunker and old.id is None:
            unhashed.append(len(jobs))
        jobs.append((e.abspath, e.path, e.how, e.mtime_ns, e.size, chunker,
                     old.hash if same_chunker else None))
    if unhashed:  # a worker reading the same bytes again only updates the stamp
        hashes = _hashes(store, ws.id, [jobs[i][1] for i in unhashed])
        for i in unhashed:
            jobs[i] = (*jobs[i][:6], hashes.get(jobs[i][1]))
    if jobs:
        from .pipeline import Job

        jobs = [Job(*j) for j in jobs]
    seen.update(r.path for r in walk_errors)
    if known is None and (stored != walked_plain or lacking):
        states()  # files not walked (gone), not stored plainly, or held for a plug-in this build lacks
    gone = [p for p in known if p not in seen] if known is not None else []
    deleted = held.settle(store, ws, known or {}, lacking, gone)
    held.lift(store, ws.id)
    stats.deleted = len(deleted)

    if not jobs and not deleted and not walk_errors:
        stats.generation = ws.generation
        stats.seconds = time.monotonic() - started
        store.finish_index(ws.id, stats.seconds)
        return stats

    generation = store.begin_generation(ws.id)
    stats.generation = generation
    workers = workers if workers is not None else (os.cpu_count() or 1)
    total = len(jobs)
    cpu = [0.0]
    own_cpu = time.process_time()
    reaped = _reaped_cpu()
    # Workers start before the first progress call: it may start a thread (the embedding
    # model's warm-up, a progress bar), and a process with no other thread forks them.
    records = held.Diverted(_run(jobs, workers, config, cpu, getattr(store, "pack_body", None)))
    if progress:
        progress(0, total, "")
    batch: list[FileRecord] = list(walk_errors)
    pending_deletes: Iterable[str] = deleted
    with _bulk_writes(store, len(jobs), sum(j.size for j in jobs)), _no_cyclic_gc(workers > 1 and len(jobs) >= INLINE_BELOW):
        _write_all(store, ws, generation, records, batch, pending_deletes,
                   ctimes, stats, progress, total)
    for rec in records.kept:
        rec.ctime_ns = ctimes.get(rec.path, 0)
    records.write(store, ws.id)
    stats.held = len(records.kept)
    stats.refused += len(walk_errors)
    own = time.process_time() - own_cpu
    # The workers' whole CPU once they are gone (they are reaped as they end): cpu[0],
    # their tasks' own count, leaves out pickling and sending the results (~1.4 of Go's
    # tree's ~42 CPU s). A fork server's workers are not this process's children: then
    # only cpu[0] is known.
    stats.cpu_seconds = round(max(cpu[0], _reaped_cpu() - reaped) + own, 3)
    stats.seconds = time.monotonic() - started
    store.finish_index(ws.id, stats.seconds)
    return stats


def _write_all(store: Store, ws: WorkspaceRow, generation: int, records: Iterator[FileRecord],
               batch: list[FileRecord], pending_deletes: Iterable[str], ctimes: dict[str, int],
               stats: IndexStats, progress: Progress | None, total: int) -> None:
    """Stream ``records`` into the store, one transaction per batch. A file gone between
    the walk and its read was deleted meanwhile: it leaves the index (recorded as refused
    with its old mtime and size, it stayed out for good if it came back unchanged); when
    the root itself went (the folder moved during the run), the run stops, the index kept."""
    batch_chunks = 0
    done = 0
    pending_deletes = list(pending_deletes)
    for rec in records:
        done += 1
        rec.ctime_ns = ctimes.get(rec.path, 0)
        if rec.refused == VANISHED:
            if not os.path.isdir(ws.root):
                raise NotFound(f"workspace root {ws.root} went away during the run (moved or deleted?): "
                               "what was written is kept; restore it, or point the workspace at its new "
                               f"place with lode workspace move {_quote(ws.name)} NEW_PATH, and index "
                               "again", data={"root": ws.root})
            stats.deleted += 1
            pending_deletes.append(rec.path)
            if progress:
                progress(done, total, rec.path)
            continue
        if rec.touched:
            stats.touched += 1
        elif rec.refused:
            stats.refused += 1
        else:
            stats.indexed += 1
            stats.chunks += len(rec.chunks)
            stats.noted += rec.note is not None
        batch.append(rec)
        batch_chunks += len(rec.chunks)
        if len(batch) >= BATCH_FILES or batch_chunks >= BATCH_CHUNKS:
            store.write_batch(ws.id, generation, batch, pending_deletes)
            batch, batch_chunks, pending_deletes = [], 0, []
        if progress:
            progress(done, total, rec.path)
    if batch or pending_deletes:
        store.write_batch(ws.id, generation, batch, pending_deletes)
