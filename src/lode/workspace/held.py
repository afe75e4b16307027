"""Held files: what one build indexed and another cannot read is kept, not lost.

Several builds of lode can share one store — one with a PDF deriver or a TOML chunker
installed, one without. A build never re-indexes (and never deletes) a file that a
plug-in it lacks made: the file is *held*, its chunks stay searchable, its hits carry
``hold`` and ``lode status`` counts it:

- ``current``: the file's bytes still match what was indexed;
- ``stale``: the file changed since (or could not be derived again, below);
- ``unchecked``: it could not be verified (unreadable, too large to hash).

A held file still leaves the index when it is deleted, or when the workspace's excludes
come to cover it. A build that has the plug-in
again re-indexes it as usual (or, when its bytes are current, just lifts the hold).

A derived document that fails to convert when it changes keeps its previous chunks,
held ``stale`` with the reason as its note, and is tried again on later runs after a
backoff (one minute, doubling per failure, at most a day) — or at once when the file
changes again.
"""

from __future__ import annotations

import os
import stat
import time
from collections.abc import Iterable, Iterator  # not typing's (~12 M instructions to import)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..store.records import FileRecord

RETRY_FIRST = 60.0
RETRY_MAX = 24 * 3600.0
HASH_LIMIT = 250 * 1024 * 1024  # larger held files are not read to check them: "unchecked"


def lacking(stored_chunker: str | None) -> bool:
    """Whether this build lacks the plug-in that made a file (the file is then held)."""
    if not stored_chunker or stored_chunker[:2] not in ("p:", "d:"):
        return False
    from ..plugins.registry import registry

    return registry().lacks(stored_chunker)


def hold_state(root: str, path: str, state) -> str | None:
    """How a held file stands against what was indexed; None when it is gone (or no
    longer a regular file), so it leaves the index."""
    full = os.path.join(root, path)
    try:
        st = os.lstat(full)
    except FileNotFoundError:
        return None
    except OSError:
        return "unchecked"
    if not stat.S_ISREG(st.st_mode):
        return None
    if st.st_mtime_ns == state.mtime_ns and st.st_size == state.size:
        return "current"
    if state.hash is None or st.st_size > HASH_LIMIT:
        return "unchecked"
    import hashlib  # only a changed held file is hashed (a look-up's start need not load it)

    try:
        with open(full, "rb") as f:
            h = hashlib.blake2b(f.read(HASH_LIMIT + 1), digest_size=16).hexdigest()
    except OSError:
        return "unchecked"
    return "current" if h == state.hash else "stale"


def settle(store, ws, known: dict, walked_lacking: Iterable[str], gone: list[str]) -> list[str]:
    """Record the hold of every file this build lacks the plug-in for (walked, or no
    longer admitted by this build's rules); returns the paths that really leave."""
    leave = []
    check = list(walked_lacking)
    excluded = None
    for path in gone:
        if not lacking(known[path].chunker):
            leave.append(path)
            continue
        if excluded is None:  # the workspace's excludes still apply: the rules may say "gone"
            excluded = _excluded(ws)
        (leave if excluded(path) else check).append(path)
    if not check:
        return leave
    stored = store.held.holds(ws.id)
    changes = []
    for path in check:
        state = hold_state(ws.root, path, known[path])
        if state is None:
            leave.append(path)
        elif stored.get(path) != state:
            changes.append((path, state))
    if changes:
        store.held.set_holds(ws.id, changes)
    return leave


def _excluded(ws):
    import pathspec

    from .config import WorkspaceConfig

    spec = pathspec.GitIgnoreSpec.from_lines(WorkspaceConfig.from_dict(ws.config).patterns_exclude())
    return spec.match_file


def lift(store, ws_id: int) -> None:
    """Holds no longer needed: files this build reads again (no retry pending) whose
    rows were left as they were, because their bytes had not changed."""
    done = [p for p, chunker in store.held.settled(ws_id) if not lacking(chunker)]
    if done:
        store.held.lift(ws_id, done)


def retry_due(store, ws_id: int, now: float | None = None) -> set[str]:
    """Derived files whose failed conversion is due another try."""
    now = time.time() if now is None else now
    return store.held.retry_due(ws_id, now)


class Diverted:
    """Takes the records the store must not write as usual out of the stream: a failed
    conversion keeps its earlier chunks (``kept``); a file whose bytes went back to what
    was indexed (``touched``) may have a hold to lift."""

    def __init__(self, records: Iterable[FileRecord]):
        self.records = records
        self.kept: list[FileRecord] = []
        self.touched: list[str] = []

    def __iter__(self) -> Iterator[FileRecord]:
        for rec in self.records:
            if rec.hold is not None and not rec.refused:
                self.kept.append(rec)
                continue
            if rec.touched:
                self.touched.append(rec.path)
            yield rec

    def write(self, store, ws_id: int, now: float | None = None) -> None:
        from ..store.held import Kept

        now = time.time() if now is None else now
        kept = [Kept(r.path, r.mtime_ns, r.size, r.ctime_ns, r.hold, r.note) for r in self.kept]
        store.held.keep(ws_id, kept, self.touched, now, RETRY_FIRST, RETRY_MAX)


def status(store, ws_id: int) -> tuple[int, list[dict]]:
    """The held count and each held file with its state and why."""
    out = []
    for path, hold, chunker, note, retry_at in ((h.path, h.hold, h.chunker, h.note, h.retry_at)
                                                for h in store.held.held(ws_id)):
        if note and retry_at is not None:
            reason = note
        else:
            reason = f"made by {_describe(chunker)}, which this build lacks"
        item = {"path": path, "hold": hold, "reason": reason, "chunker": chunker}
        if retry_at is not None:
            item["retry_at"] = retry_at
        out.append(item)
    return len(out), out


def _describe(chunker: str | None) -> str:
    if not chunker:
        return "an unknown chunker"
    name = chunker[2:].split("@", 1)[0]
    if chunker.startswith("d:"):
        return f"the deriver plug-in {name!r}"
    if chunker.startswith("p:"):
        return f"the chunker plug-in {name!r}"
    return chunker
