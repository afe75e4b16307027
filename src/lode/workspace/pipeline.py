"""One file through the pipeline: read (or derive) → parse once → chunk → symbols →
a :class:`~lode.store.records.FileRecord` ready for the store.

Runs in worker processes, so it takes and returns plain picklable values. Every
per-file failure becomes a refusal with a reason; nothing here raises for bad input.
"""

from __future__ import annotations

import _signal
import copyreg
import dataclasses
import functools
import gc
import hashlib
import operator
import os
import signal
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ..chunking import chunk_file, minified, minified_note
from ..chunking.derive import DERIVED_EXTENSIONS, derive
from ..chunking.huge import PIECE_BYTES, PiecePlan, chunk_huge, is_huge, piece_symbols, piece_symbols_note
from ..chunking.prose import chunk_markdown, chunk_text
from ..chunking.reader import VANISHED, read_text
from ..config import DEFAULT_CHUNK_CONFIG, MAX_TEXT_BYTES, ChunkConfig
from ..errors import FileRefused
from ..languages import language_for_path, text_language_for_path
from ..search.tokens import breadcrumb_labels, idents_for, name_key
from ..plugins.contract import ContractBroken, chunk_with
from ..store.chunk_row import BODY, BODY_Z
from ..store.records import FileRecord
from .chunkers import plugin_for

# A file whose chunker runs longer than this (CPU seconds) is chunked as plain text instead (still
# fully searchable), with a note in the store: one pathological file must not stall a run.
CHUNK_SECONDS = 10.0
# An index worker is stopped by the system (SIGXCPU) once one file has taken this many
# CPU seconds (more for a large file, as CHUNK_SECONDS grows): the backstop for what
# CHUNK_SECONDS cannot interrupt, a parse or query running away inside a C library
# (a Python signal handler runs only between bytecodes). The file is refused, saying
# so (lode.workspace.solo); the run goes on.
FILE_CPU_SECONDS = 60

# A plug-in deriver's file may be this large (a PDF is mostly images and fonts); the text
# it gives is still held to MAX_TEXT_BYTES.
MAX_DERIVED_FILE_BYTES = 250 * 1024 * 1024

PROSE_LANGUAGE = {".md": "markdown", ".markdown": "markdown", ".yaml": "yaml", ".yml": "yaml"}


@dataclass(frozen=True, slots=True)
class Job:
    abspath: str
    path: str          # relative to the workspace root
    how: str           # "code" | "text" | "derived"
    mtime_ns: int
    size: int
    chunker: str
    old_hash: str | None = None


def language_of(path: str, how: str) -> str:
    """The language a file is recorded under; a source language read as text (no
    grammar, or one that failed to load) is still named."""
    if how == "code":
        spec = language_for_path(path)
        if spec is None and (reg := plugin_for("chunker", path)) is not None:
            return reg.name
        return spec.name if spec else (text_language_for_path(path) or "text")
    ext = os.path.splitext(path)[1].lower()
    if how == "derived":
        if ext in DERIVED_EXTENSIONS:
            return "docx" if ext == ".docx" else "html"
        return ext[1:] or "derived"
    return text_language_for_path(path) or PROSE_LANGUAGE.get(ext) or "text"


def extract_symbols(path: str, text: str, tree, spec, root: str | None = None) -> list:
    """Hook for the symbol index: records for one parsed file (``root`` is the
    workspace root, read for module markers such as go.mod and ``__init__.py``), packed
    for the trip to the process writing the store."""
    from ..symbols import extract

    return extract(path, text, tree, spec, root, packed=True)


class ChunkTimeout(Exception):
    pass


def _alarm(signum, frame):
    raise ChunkTimeout()


_SIGPROF = int(getattr(signal, "SIGPROF", 0))
_ITIMER_PROF = getattr(signal, "ITIMER_PROF", 0)


def _with_deadline(seconds: float, fn, *args):
    """``fn(*args)``, interrupted after ``seconds`` of CPU (only in a process's main thread,
    where signals are delivered; elsewhere it runs unbounded)."""
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        return fn(*args)
    # CPU time (ITIMER_PROF), not wall time: the limit means the same on a busy machine.
    # The handler is set through _signal, as signal.signal does less its conversions of
    # numbers to enums and back (twice a file: ~10 us of Python each).
    old = _signal.signal(_SIGPROF, _alarm)
    _signal.setitimer(_ITIMER_PROF, seconds)
    try:
        return fn(*args)
    finally:
        _signal.setitimer(_ITIMER_PROF, 0)
        _signal.signal(_SIGPROF, old)


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=16).hexdigest()


def _refused(job: Job, reason: str, h: str | None = None) -> FileRecord:
    return FileRecord(job.path, job.mtime_ns, job.size, hash=h, chunker=job.chunker,
                      language=language_of(job.path, job.how), refused=reason)


def process(job: Job, config: ChunkConfig = DEFAULT_CHUNK_CONFIG) -> FileRecord:
    """The new state of one file (never raises for a bad file)."""
    try:
        return _process(job, config)
    except FileRefused as exc:
        return _refused(job, exc.reason)
    except RecursionError:
        return _refused(job, "too deeply nested to chunk")
    except MemoryError:
        return _refused(job, "out of memory while chunking")
    except Exception as exc:  # a chunker bug must cost one file, not the run
        return _refused(job, f"chunker failed: {type(exc).__name__}: {exc}")


def _derive(job: Job, data: bytes) -> str:
    """The text of a derived file, by lode's own deriver or a plug-in's. A failure keeps
    what was indexed before, when there is something (raises _KeepHeld)."""
    reg = None if os.path.splitext(job.path)[1].lower() in DERIVED_EXTENSIONS else plugin_for("deriver", job.path)
    try:
        if reg is None:
            return derive(job.path, data)
        text = reg.impl.derive(job.path, data)
        if not isinstance(text, str):
            raise FileRefused(job.path, f"deriver plug-in {reg.name!r} (package {reg.package}) "
                                        f"returned {type(text).__name__}, not text")
        if len(text.encode("utf-8", "surrogatepass")) > MAX_TEXT_BYTES:
            raise FileRefused(job.path, f"derived text too large (limit {MAX_TEXT_BYTES} bytes)")
        return text
    except Exception as exc:
        reason = exc.reason if isinstance(exc, FileRefused) else f"{type(exc).__name__}: {exc}"
        if reg is not None and not isinstance(exc, FileRefused):
            reason = f"deriver plug-in {reg.name!r} (package {reg.package}) failed: {reason}"
        if job.old_hash is not None:  # indexed before under the same deriver: keep that
            raise _KeepHeld(reason) from None
        raise FileRefused(job.path, reason) from None


class _KeepHeld(Exception):
    pass


def chunk_rows(data: bytes, chunks, first: int = 0) -> list[tuple]:
    """The rows a worker sends for a file's chunks (``data``: the file's bytes): each
    chunk's text, name key, embed hash, identifier parts and breadcrumb labels, as tuples
    of :data:`~lode.store.records.CHUNK_FIELDS` (``body_z`` None: process_many fills it).
    ``first``: the ordinal of the first of ``chunks`` in its file."""
    rows = []
    # The parts of split chunks share their breadcrumb (~15% of Go's chunks repeat one of
    # their file's): its labels are found once per file.
    labels_of: dict[str, str] = {}
    for i, c in enumerate(chunks):
        start, end, name, crumb, embed = c.byte_start, c.byte_end, c.name, c.breadcrumb, c.embed
        body = data[start:end].decode("utf-8", "replace")
        labels = labels_of.get(crumb)
        if labels is None:
            labels = labels_of[crumb] = breadcrumb_labels(crumb)
        # CHUNK_FIELDS in order: ord, byte_start, byte_end, line_start, line_end, kind, name,
        # name_key, breadcrumb, embed, embed_hash, body, idents, labels, body_z
        rows.append((
            first + i, start, end, c.line_start, c.line_end, c.kind, name, name_key(name), crumb, embed,
            digest(embed.encode("utf-8", "surrogatepass")) if embed else None,
            body, idents_for(body, name or ""), labels, None))
    return rows


def _process(job: Job, config: ChunkConfig) -> FileRecord:
    if job.how == "derived":
        limit = MAX_TEXT_BYTES if os.path.splitext(job.path)[1].lower() in DERIVED_EXTENSIONS \
            else MAX_DERIVED_FILE_BYTES
        try:
            with open(job.abspath, "rb") as f:
                data = f.read(limit + 1)
        except FileNotFoundError:
            raise FileRefused(job.path, VANISHED) from None
        except OSError as exc:
            raise FileRefused(job.path, f"unreadable: {exc.strerror or exc}") from None
        if len(data) > limit:
            raise FileRefused(job.path, f"too large: over {limit} bytes")
        h = digest(data)
        if h == job.old_hash:
            return FileRecord(job.path, job.mtime_ns, job.size, touched=True)
        try:
            text = _derive(job, data)
        except _KeepHeld as exc:
            # The earlier text stays searchable, marked stale; the reason is listed and
            # the file is tried again later (lode.workspace.held).
            return FileRecord(job.path, job.mtime_ns, job.size, chunker=job.chunker, hold="stale",
                              note=f"could not be derived again, earlier text kept: {exc}")
        data = text.encode("utf-8")
    else:
        text = read_text(job.abspath)
        data = text.encode("utf-8", "surrogatepass")
        h = digest(data)
        if h == job.old_hash:
            return FileRecord(job.path, job.mtime_ns, job.size, touched=True)

    spec = language_for_path(job.path) if job.how == "code" else None
    plugin = plugin_for("chunker", job.path) if job.how == "code" and spec is None else None
    tree = None
    note = None
    rows = None  # made with the chunks, piece by piece, for a large file
    squeezed = spec is not None and minified(text)  # read as text, not parsed (lode.chunking)
    # A large code file is parsed in bounded pieces, its symbols read piece by piece too
    # (lode.chunking.huge): its whole tree and symbol state took ~115 bytes a source byte.
    huge = spec is not None and not squeezed and is_huge(data)
    plan = PiecePlan() if huge else None
    if spec is not None and not squeezed and not huge:
        from ..languages.treesitter import grammar_for
        tree = grammar_for(spec).parse(data)
    try:
        if squeezed:
            chunks = chunk_text(job.path, text, config)
            note = minified_note()
        elif huge:  # the deadline grows with the pieces: each is an ordinary file's work
            rows, note = _with_deadline(CHUNK_SECONDS * (1 + len(data) // PIECE_BYTES), chunk_huge,
                                        job.path, data, spec, config, functools.partial(chunk_rows, data), plan)
        elif job.how == "derived":
            chunks = chunk_markdown(job.path, text, config, chunker=job.chunker)
        elif plugin is not None:
            try:
                chunks = _with_deadline(CHUNK_SECONDS, chunk_with, plugin, job.path, data, config.embed_budget)
            except ContractBroken as exc:
                chunks = chunk_text(job.path, text, config)
                note = str(exc)
        else:
            chunks = _with_deadline(CHUNK_SECONDS, chunk_file, job.path, text, config, tree)
    except ChunkTimeout:
        chunks = chunk_text(job.path, text, config)
        note = f"chunked as plain text: the {job.chunker} chunker took over {CHUNK_SECONDS:g} CPU s"
    root = job.abspath[: len(job.abspath) - len(job.path)] if job.abspath.endswith(job.path) else None
    symbols = extract_symbols(job.path, text, tree, spec, root) if spec is not None and not squeezed and not huge else []
    if huge and plan.done:
        symbols = piece_symbols(data, plan, lambda piece: next(iter(extract_symbols(job.path, piece, None, spec, root)), None))
        note += piece_symbols_note(symbols)

    if rows is None:
        rows = chunk_rows(data, chunks)
    lines = text.count("\n") + (1 if text and not text.endswith("\n") else 0)
    return FileRecord(job.path, job.mtime_ns, job.size, hash=h, chunker=job.chunker,
                      language=language_of(job.path, job.how),
                      tag="code" if spec is not None or plugin is not None else "prose", lines=lines,
                      chunks=rows, symbols=symbols, note=note)


def warm(jobs: list[Job], config: ChunkConfig = DEFAULT_CHUNK_CONFIG, task_files: int | None = None) -> None:
    """Load the grammar of each language among ``jobs``' code files and compile the
    queries chunking and symbol extraction run on every file of it, by chunking an
    empty text of it here, in the process about to fork the index workers: each worker
    otherwise compiled them all itself, the same work once per worker. Go's tree, two
    workers: their CPU on files other than .go 2.0-2.5 -> 1.0 s, this ~0.65 s.
    With ``task_files`` (the files of each worker task, cut from ``jobs`` in order),
    only the languages whose files fall in more than one task: a language met by one
    task alone is compiled once either way, and better by that task's worker, beside
    the other workers, than here before any of them starts (Go's tree: Objective-C's
    two .m files ~0.36 CPU s, C++'s one file ~0.27). Nothing here fails a run: a
    language that does not load is met again, file by file, by the workers."""
    first_task: dict[str, int] = {}
    wanted: dict[str, Job] = {}  # a job of each language to warm, in the order met
    for i, job in enumerate(jobs):
        if job.how != "code" or (spec := language_for_path(job.path)) is None:
            continue
        task = i // task_files if task_files else 0
        if not task_files or first_task.setdefault(spec.name, task) != task:
            wanted.setdefault(spec.name, job)
    for job in wanted.values():
        spec = language_for_path(job.path)
        try:
            from ..languages.treesitter import grammar_for

            tree = grammar_for(spec).parse(b"")
            chunk_file(job.path, "", config, tree)
            if tree is not None:
                extract_symbols(job.path, "", tree, spec)
        except Exception:  # noqa: BLE001 - see above
            pass


def _pickle_as_fields(cls) -> None:
    """Pickle ``cls`` (a slotted dataclass) as its constructor's arguments.

    Worker results cross to the indexing process by pickle, and a slotted dataclass's
    default state (``__getstate__``/``__setstate__`` setting each field by name) made
    that transfer ~15% of a full index's CPU: measured on Go's standard library,
    dumps 3.7 -> 1.7 CPU s and loads 4.3 -> 2.2 CPU s, the unpickled records equal."""
    names = [f.name for f in dataclasses.fields(cls)]
    if len(names) > 1:  # attrgetter of several names reads them into a tuple in C
        fields = operator.attrgetter(*names)
        copyreg.pickle(cls, lambda obj: (cls, fields(obj)))
    else:
        copyreg.pickle(cls, lambda obj: (cls, tuple(getattr(obj, n) for n in names)))


def _compact_records() -> None:
    from ..symbols.records import Link, PackedSymbols, Relation, Symbol

    # FileRecord too: one a file, so less than the symbols' records, but Go's tree's
    # 7,078 records (their chunks and symbols aside) pickled in 37.6 -> 14.0 ms and
    # unpickled, in the process writing the store, in 24.4 -> 5.3 ms.
    for cls in (Symbol, Link, Relation, PackedSymbols, FileRecord):
        _pickle_as_fields(cls)


_compact_records()


def _limit_cpu(job: Job) -> None:
    """This process is stopped by the system after FILE_CPU_SECONDS more CPU seconds
    (grown for a large file): only ever set in an index worker."""
    import resource

    used = resource.getrusage(resource.RUSAGE_SELF)
    soft = int(used.ru_utime + used.ru_stime) + 1 + FILE_CPU_SECONDS * (1 + job.size // PIECE_BYTES)
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, hard))


def process_many(jobs: list[Job], config: ChunkConfig = DEFAULT_CHUNK_CONFIG,
                 pack: Callable[[str], bytes] | None = None,
                 cpu_guard: bool = False) -> tuple[list[FileRecord], float]:
    """Records for a task of files, and the CPU seconds this process spent on them.

    ``pack``: the store's function making the stored form of a chunk's text (its
    ``pack_body``), applied here to every chunk (its row's ``body_z``): in the workers,
    side by side, instead of in the one process writing the store, where compressing
    Go's tree's 124k texts was ~1.5 of its ~6.5 CPU s. Not less work: a worker takes
    ~15 us a text against the writer's ~12 (Go's tree: ~1.9 CPU s over both workers),
    but the writer is the part of a run no second core shares.

    The cyclic garbage collector is off while a task runs: a file's queries allocate
    hundreds of thousands of short-lived containers, and collecting every few hundred
    of them was ~12% of a worker's CPU (Go's standard library). A task is a few files,
    so the cycles they leave (each file's symbol state) are collected once at its end,
    inside the CPU time reported. ``cpu_guard`` (an index worker's) limits each file's
    CPU (FILE_CPU_SECONDS). An index worker runs with the collector off
    throughout (lode.workspace.indexer): it collects at the start of each task instead,
    when the last task's records have been sent and freed; at the end the collection
    walked every one of them (Go's tree: ~0.2 CPU s over both workers, now ~0.02)."""
    start = time.process_time()
    collecting = gc.isenabled()
    if collecting:
        gc.disable()
    else:
        gc.collect(1)  # the young generations: what earlier tasks left, not yet collected
    try:
        if cpu_guard:
            records = []
            for j in jobs:
                _limit_cpu(j)
                records.append(process(j, config))
        else:
            records = [process(j, config) for j in jobs]
        if pack is not None:
            for rec in records:
                if rec.chunks:
                    rec.chunks = [(*c[:BODY_Z], pack(c[BODY])) for c in rec.chunks]
    finally:
        if collecting:
            gc.enable()
            gc.collect(0)
    return records, time.process_time() - start
