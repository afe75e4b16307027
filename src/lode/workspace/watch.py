"""Live re-indexing: watch every workspace root with ``watchfiles`` (inotify, no polling)
and re-index what changed.

Two threads. The *watch* thread turns file events into (workspace → paths) and hands them
over; it restarts its watch when workspaces are added or removed. The *re-index* thread
takes everything pending at once, so a burst — a branch switch or ``git pull`` touching
thousands of files — becomes one batched incremental re-index per workspace, not one per
file, while a single saved edit is searchable within a few hundred milliseconds.

Re-indexes are lexical first (a saved edit is searchable at once); the embedding of new
chunks follows once changes pause.

Each time a watch is (re)established — at start, after workspaces change — every
workspace gets one incremental walk, so edits made while nothing watched (the daemon
was down, or between two watches) are caught up too.

A root that vanishes, or is removed and created again (a new directory, so inotify's
watch on the old one is dead), is noticed by its identity (device, inode) checked about
once a second: the watch is rebuilt and the recreated root re-walked, so stale files
leave the index and new ones enter it without a manual ``index.run``.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from typing import Any

from watchfiles import DefaultFilter, watch

from ..store.sqlite import INDEX_LOCK_SUFFIX
from .roots import holding

log = logging.getLogger("lode.watch")

#: Above this many changed paths a workspace gets a full incremental walk instead of a
#: path-targeted re-index (the walk skips unchanged files by mtime and size).
TARGETED_LIMIT = 500
#: This many changed paths pending means a burst (checkout, pull, build) is under way:
#: wait until no new change arrives for BURST_QUIET seconds (at most BURST_WAIT) so
#: the burst becomes one re-index rather than a string of small ones.
BURST_PATHS = 20
BURST_QUIET = 0.3
BURST_WAIT = 3.0
#: Re-indexes are lexical; the new chunks are embedded once changes have paused this long.
EMBED_IDLE = 1.0
#: How often the roots' identities are checked (a removed or recreated root).
ROOT_CHECK = 1.0
#: A re-index that failed (a full disk, a store locked past its timeout) is tried again,
#: as a walk of the whole workspace, after this many seconds (and at its next change).
RETRY_SECONDS = 30.0


def _identity(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino) if os.path.isdir(path) else None


class _Filter(DefaultFilter):
    """watchfiles' defaults (.git, __pycache__, editor swap files …) plus the store's own
    files, whose writes must not trigger re-indexing."""

    def __init__(self, ignore_files: set[str]):
        super().__init__()
        self._ignore_files = ignore_files

    def __call__(self, change: Any, path: str) -> bool:
        if path in self._ignore_files:
            return False
        return super().__call__(change, path)


class Watcher:
    def __init__(self, ctx: Any, *, step_ms: int = 50, debounce_ms: int = 800):
        self.ctx = ctx
        self.step_ms = step_ms
        self.debounce_ms = debounce_ms
        self._stop = threading.Event()
        self._restart = threading.Event()
        self._pending: dict[str, tuple[str, set[str]]] = {}  # name → (root, paths)
        self._cond = threading.Condition()
        self._threads: list[threading.Thread] = []
        self._last_run_end = 0.0
        self._embed_due: set[str] = set()
        self.batches = 0  # re-index runs done (visible to tests and index.status)
        self.last_error: str | None = None
        # Workspaces whose last re-index failed, name → the error: the paths that run
        # dropped are found again by a walk of the whole workspace (the retry).
        self.failed: dict[str, str] = {}

    # -- control ----------------------------------------------------------------------

    def start(self) -> None:
        for target, name in ((self._watch_loop, "lode-watch"), (self._reindex_loop, "lode-reindex")):
            t = threading.Thread(target=target, name=name, daemon=True)
            t.start()
            self._threads.append(t)

    def refresh(self, workspace: Any = None) -> None:
        """Workspaces changed: watch the new set of roots (which re-walks every workspace
        once the new watch is in place), and re-walk ``workspace`` (a record with
        ``name`` and ``root``) at once when it was added or reconfigured."""
        self._restart.set()
        if isinstance(workspace, dict) and workspace.get("name") and workspace.get("root"):
            with self._cond:
                root = os.path.realpath(workspace["root"])
                _, pending = self._pending.setdefault(workspace["name"], (root, set()))
                pending.add("")  # the root itself: a full incremental walk
                self._cond.notify()

    def threads(self) -> list[threading.Thread]:
        """The watcher's threads (a stopping server waits for a re-index under way)."""
        return list(self._threads)

    def stop(self) -> None:
        self._stop.set()
        self._restart.set()
        with self._cond:
            self._cond.notify_all()

    # -- watching ---------------------------------------------------------------------

    def _roots(self, existing: bool = True) -> dict[str, str]:
        """Workspace name → real root path, for roots that exist (every root with
        ``existing=False``)."""
        roots = {}
        for ws in self.ctx.service.list_workspaces():
            get = ws.get if isinstance(ws, dict) else (lambda k, _w=ws: getattr(_w, k, None))
            root = get("root") or get("path")
            if root and (not existing or os.path.isdir(root)):
                roots[str(get("name") or root)] = os.path.realpath(root)
        return roots

    def _listed_now(self, every: dict[str, str]) -> dict[str, str]:
        """The workspaces the store lists now (``every`` when it cannot be read)."""
        try:
            return self._roots(existing=False)
        except Exception:  # a busy or damaged store: the requests report it
            return every

    def _ignored_files(self) -> set[str]:
        db = getattr(self.ctx.service, "db_path", None) or self.ctx.db_path
        if not db:
            return set()
        db = os.path.realpath(os.fspath(db))
        return {db + suffix for suffix in ("", "-wal", "-shm", "-journal", INDEX_LOCK_SUFFIX)}

    def _watch_loop(self) -> None:
        while not self._stop.is_set():
            self._restart.clear()
            try:
                every = self._roots(existing=False)
            except Exception as exc:  # store not ready: try again shortly
                self.last_error = f"listing workspaces: {exc}"
                log.warning("watch: %s", self.last_error)
                self._restart.wait(2)
                continue
            # Identities of every root now (None: missing): one that changes — removed,
            # recreated, created — rebuilds the watch, which re-walks every workspace.
            idents = {name: _identity(root) for name, root in every.items()}
            roots = {name: root for name, root in every.items() if idents[name] is not None}
            if not roots:  # none exists (yet, or any more): look again shortly
                self._restart.wait(ROOT_CHECK)
                continue
            by_path = list(roots.items())
            log.info("watching %s", ", ".join(sorted(roots)))
            caught_up = False
            checked = time.monotonic()
            try:
                for changes in watch(*set(roots.values()), watch_filter=_Filter(self._ignored_files()),
                                     stop_event=self._restart, step=self.step_ms,
                                     debounce=self.debounce_ms, rust_timeout=300,
                                     yield_on_timeout=True, raise_interrupt=False):
                    if not caught_up:
                        # The watch is in place now. Whatever changed while no watch was
                        # (before the daemon started, between two watches) is found by
                        # one incremental walk per workspace, which skips unchanged files.
                        caught_up = True
                        self._catch_up(roots)
                    if changes:
                        self._enqueue(changes, by_path)
                    if time.monotonic() - checked >= ROOT_CHECK:
                        checked = time.monotonic()
                        if idents != {n: _identity(r) for n, r in every.items()}:
                            log.info("a workspace root was removed or recreated: watching again")
                            self._restart.set()
                        elif self._listed_now(every) != every:
                            # Added or removed past this server: by lode index in another
                            # process, or by an index.run naming a new root.
                            log.info("the workspaces changed: watching again")
                            self._restart.set()
            except Exception as exc:  # a root vanished, inotify limits …: rebuild the watch
                self.last_error = f"watching: {exc}"
                log.warning("watch: %s", self.last_error)
                self._restart.wait(1)

    def _catch_up(self, roots: dict[str, str]) -> None:
        with self._cond:
            for name, root in roots.items():
                self._pending.setdefault(name, (root, set()))[1].add("")
            self._cond.notify()

    def _enqueue(self, changes: set, by_path: list[tuple[str, str]]) -> None:
        grouped: dict[str, set[str]] = {}
        roots = dict(by_path)
        for _change, path in changes:
            found = holding(path, by_path, lambda kv: kv[1], real=True)  # the innermost root
            if found is None:
                continue
            name, root = found
            rel = os.path.relpath(path, root)
            # Hidden directories are not indexed; their churn is not a change.
            if not any(p.startswith(".") for p in rel.split(os.sep)[:-1]):
                grouped.setdefault(name, set()).add(rel)
        if not grouped:
            return
        with self._cond:
            for name, paths in grouped.items():
                root, pending = self._pending.setdefault(name, (roots[name], set()))
                pending.update(paths)
            self._cond.notify()

    # -- re-indexing ------------------------------------------------------------------

    def _reindex_loop(self) -> None:
        while not self._stop.is_set():
            with self._cond:
                while not self._pending and not self._stop.is_set():
                    if not self._embed_due:
                        self._cond.wait()
                    elif not self._cond.wait(EMBED_IDLE) and not self._pending:
                        break  # quiet for a while: time to embed
                if self._stop.is_set():
                    return
                if not self._pending:
                    due, self._embed_due = self._embed_due, set()
                    pending = {}
                else:
                    due = set()
                    # A burst: many paths at once, or changes still streaming in right
                    # after the last run. Let it settle (bounded) so it becomes one run.
                    now = time.monotonic()
                    streaming = now - self._last_run_end < BURST_QUIET
                    deadline = now + BURST_WAIT
                    while ((size := self._pending_size()) >= BURST_PATHS or streaming) \
                            and time.monotonic() < deadline:
                        streaming = False
                        self._cond.wait(BURST_QUIET)
                        if self._pending_size() == size:
                            break
                    pending, self._pending = self._pending, {}
            for workspace, (root, paths) in pending.items():
                self._reindex(workspace, root, paths)
            for workspace in due:
                self._embed(workspace)
            self._last_run_end = time.monotonic()

    def _embed(self, workspace: str) -> None:
        """Embed what the lexical re-indexes left without vectors (no files re-read)."""
        started = time.perf_counter()
        try:
            self.ctx.index(workspace, by="watch", paths=[], embed=True)
        except Exception as exc:  # no model, a vanished workspace …: lexical stays current
            self.last_error = f"embedding {workspace}: {exc}"
            log.warning("watch: %s", self.last_error)
        else:
            log.info("embedded new chunks of %s in %.0f ms", workspace,
                     (time.perf_counter() - started) * 1000)

    def _pending_size(self) -> int:
        return sum(len(paths) for _, paths in self._pending.values())

    def _retry_later(self, workspace: str, root: str) -> None:
        def retry() -> None:
            if workspace in self.failed and not self._stop.is_set():
                with self._cond:
                    self._pending.setdefault(workspace, (root, set()))[1].add("")
                    self._cond.notify()

        timer = threading.Timer(RETRY_SECONDS, retry)
        timer.daemon = True
        timer.start()

    def _reindex(self, workspace: str, root: str, paths: set[str]) -> None:
        started = time.perf_counter()
        try:
            # Lexical first, so a saved edit is searchable at once; vectors follow when the
            # changes have been quiet for EMBED_IDLE seconds.
            self._embed_due.add(workspace)
            if workspace in self.failed:  # a failed run dropped its paths: walk it all
                paths = paths | {""}
            # through the session: its write lock, and its progress record (index.status)
            only = {"paths": sorted(paths)} if _targetable(root, paths) else {}
            self.ctx.index(workspace, by="watch", embed=False, **only)
            self.last_error = None
            self.failed.pop(workspace, None)
        except Exception as exc:  # a bad file or a vanished root must not stop watching
            self.last_error = f"re-indexing {workspace}: {exc}"
            log.warning("watch: %s", self.last_error)
            if os.path.isdir(root):  # (a vanished root is re-walked when it is back)
                self.failed[workspace] = str(exc)
                self._retry_later(workspace, root)
        finally:
            self.batches += 1
            log.info("re-indexed %d changed path(s) in %s in %.0f ms", len(paths), workspace,
                     (time.perf_counter() - started) * 1000)


def _targetable(root: str, paths: set[str]) -> bool:
    """Whether re-reading exactly ``paths`` brings the index up to date. Not when there
    are many (a walk that skips unchanged files is as cheap), nor when a .gitignore
    changed, nor when a directory appeared (inotify misses files created in it before its watch was added) or may
    have vanished (a moved-away directory reports only itself)."""
    if len(paths) > TARGETED_LIMIT:
        return False
    for rel in paths:
        if os.path.basename(rel) == ".gitignore":  # the rules changed: which files count
            return False
        full = os.path.join(root, rel)
        if os.path.isdir(full):
            return False
        if not os.path.lexists(full) and "." not in os.path.basename(rel):
            return False
    return True
