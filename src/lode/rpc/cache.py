"""Answers of read-only methods, remembered while what they depend on does not change.

Many clients ask the same things (an agent's tools, editors' lookups, a team's
dashboards): a search or a lookup whose answer is already known costs a dictionary
lookup instead of a query and a ranking. The cache is exact, not time-based. Each answer
is stamped with the versions of what it read: the ``changes`` counter of each workspace
it covers (bumped by every committed index batch and configuration change of that
workspace) and, for searches, the vector state (bumped by every batch of vectors). A
hit is returned only while its stamp is current, so it is the answer the method would
give now; indexing one workspace leaves the others' answers cached. An answer during
whose computation a commit landed is not kept, nor one marked ``indexing: true`` (a
first index run was filling its workspace: that stops being so when the run ends,
which moves no stamp). The stamps are read by the store's
``ChangeStamps`` (on a connection of their own), again only when its ``version()`` says
another connection committed.

Only methods whose answer depends on the store alone are cached (not ``doc.read`` or
``ast.query``, which read files, nor ``index.status``, which reports progress), and
only answers under :data:`MAX_ENTRY_BYTES`; the whole cache stays under
:data:`MAX_BYTES`, least recently used first out. It lives on the event loop's thread.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from typing import Any

CACHEABLE = frozenset({"search.query", "symbol.definition", "symbol.references",
                       "symbol.implementations", "symbol.describe", "symbol.search",
                       "symbol.list"})
#: Position of the ``workspace`` parameter when params are given as an array.
WORKSPACE_POSITION = {"search.query": 0, "symbol.list": 0, "symbol.definition": 1,
                      "symbol.references": 1, "symbol.implementations": 1,
                      "symbol.describe": 1, "symbol.search": 1}
SEARCHES = frozenset({"search.query"})
MAX_BYTES = 32 * 1024 * 1024
MAX_ENTRY_BYTES = 1024 * 1024
# An answer's own flag as the daemon encodes it (compact JSON): in a string it would be
# written with escaped quotes, so only the key itself matches.
INDEXING = b'"indexing":true'


class ReplyCache:
    def __init__(self, stamps, max_bytes: int = MAX_BYTES):
        """``stamps``: the store's ``ChangeStamps`` (``Service.change_stamps()``); None
        caches nothing."""
        self.stamps = stamps
        self.max_bytes = max_bytes
        self._data_version: int | None = None
        self._workspaces: dict[Any, tuple[int, int]] = {}  # name / root / id → (id, changes)
        self._all: tuple = ()
        self._vectors = ""
        self._entries: OrderedDict[str, tuple[tuple, bytes]] = OrderedDict()
        self._bytes = 0
        self.hits = 0
        self.misses = 0

    def key(self, method: str, params: Any) -> str | None:
        """The cache key of a request, or None when its answer must not be cached."""
        if method not in CACHEABLE or self.stamps is None:
            return None
        if isinstance(params, dict) and params.get("lsp"):
            return None  # answered by a language server reading files
        try:
            return method + "\n" + json.dumps(params, sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError):
            return None

    def _refresh(self) -> bool:
        """Re-read the workspaces' counters when the store changed; False if unreadable."""
        version = self.stamps.version()
        if version is None:
            return False
        if version == self._data_version:
            return True
        got = self.stamps.read()
        if got is None:
            return False
        rows, vectors = got
        self._workspaces = {}
        for wid, name, root, changes in rows:
            for k in (wid, name, root):
                self._workspaces[k] = (wid, changes)
        self._all = tuple(sorted((wid, changes) for wid, _n, _r, changes in rows))
        self._vectors = vectors
        self._data_version = version
        return True

    def stamp(self, method: str, params: Any) -> tuple | None:
        """The versions the answer to this request depends on now (None: do not cache)."""
        if not self._refresh():
            return None
        workspace = None
        if isinstance(params, dict):
            workspace = params.get("workspace")
        elif isinstance(params, list) and method in WORKSPACE_POSITION and \
                len(params) > WORKSPACE_POSITION[method]:
            workspace = params[WORKSPACE_POSITION[method]]
        named = [workspace] if isinstance(workspace, str) else workspace
        if isinstance(named, list) and named and all(isinstance(w, str) and w in self._workspaces for w in named):
            covered: tuple = tuple(sorted({self._workspaces[w] for w in named}))
        else:  # every workspace (or one named in a way not known here)
            covered = self._all
        return (covered, self._vectors if method in SEARCHES else "")

    def get(self, key: str, stamp: tuple | None) -> bytes | None:
        if stamp is None:
            return None
        entry = self._entries.get(key)
        if entry is None or entry[0] != stamp:
            self.misses += 1
            return None
        self._entries.move_to_end(key)
        self.hits += 1
        return entry[1]

    def put(self, key: str, stamp: tuple | None, method: str, params: Any, result: bytes) -> None:
        """Remember ``result`` (the JSON of the answer) if its stamp still holds."""
        if stamp is None or len(result) > MAX_ENTRY_BYTES or INDEXING in result \
                or self.stamp(method, params) != stamp:
            return
        old = self._entries.pop(key, None)
        if old is not None:
            self._bytes -= len(old[1])
        self._entries[key] = (stamp, result)
        self._bytes += len(result)
        while self._bytes > self.max_bytes and self._entries:
            _, (_, dropped) = self._entries.popitem(last=False)
            self._bytes -= len(dropped)

    def stats(self) -> dict:
        return {"entries": len(self._entries), "bytes": self._bytes, "hits": self.hits,
                "misses": self.misses}

    def close(self) -> None:
        if self.stamps is not None:
            self.stamps.close()
