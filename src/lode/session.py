"""A long-running server's way into the service: the daemon, the MCP server and the
language server each hold one :class:`Session`.

It keeps what outlives one request and no single :class:`~lode.service.Service` can: a
service per worker thread (SQLite connections stay on the thread that opened them), one
write lock, the progress of index runs (``index.status`` lists them; a search over a
workspace whose first index run is under way says ``indexing: true``: its answer may
miss files not read yet), the watcher that keeps workspaces live, and the checks every
server applies to a request's names. Interfaces reach it through :mod:`lode.service`.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from .errors import InvalidParams, LodeError, NotFound

log = logging.getLogger("lode.session")

#: Qualified names and symbol queries longer than this are refused (-32602).
MAX_NAME_CHARS = 1000


def check_name(value: str, param: str = "name") -> None:
    if len(value) > MAX_NAME_CHARS:
        raise InvalidParams(f"invalid params: '{param}' is longer than {MAX_NAME_CHARS} "
                            f"characters", data={"param": param})


def clean_text(value: str) -> bool:
    """True when ``value`` can be a path, name or query: it holds no NUL and encodes as
    UTF-8. A lone surrogate (``\\udc80`` in JSON) and NUL are valid JSON escapes, but the
    file system and the store refuse them with ValueError deep inside a call, so every
    server (the daemon's envelope, the MCP tools) refuses them up front with this check."""
    if "\x00" in value:
        return False
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _real(path: str) -> str:
    return os.path.realpath(os.path.expanduser(path))


def _given(**kwargs: Any) -> dict[str, Any]:
    return {k: v for k, v in kwargs.items() if v is not None}


class _Stop:
    """The stop check of one thread's service: the check of the request the thread runs
    now (:meth:`Session.stopping_when`), None between requests. A PostgreSQL store asks
    it from a watcher thread, so it is an object, not a thread-local."""

    __slots__ = ("check",)

    def __init__(self) -> None:
        self.check: Callable[[], bool] | None = None

    def __call__(self) -> bool:
        check = self.check
        return check is not None and check()


class _Run:
    """One index run of :meth:`Session.index`: its progress record, and whether it holds
    the write lock yet."""

    __slots__ = ("record", "running")

    def __init__(self, record: dict) -> None:
        self.record = record
        self.running = False


class Session:
    """What a server's requests share; hooks the server sets (``shutdown``, ``stats``)."""

    def __init__(self, db_path: str | None = None, service_factory: Callable[..., Any] | None = None):
        self.db_path = db_path
        self._factory = service_factory
        self._local = threading.local()
        self.write_lock = threading.RLock()
        # key ("*" or a workspace as given) → the progress of the run index.status shows
        # for it: the one running, else the first waiting; ``queued`` counts the others
        self.progress: dict[str, dict] = {}
        self._runs: dict[str, list[_Run]] = {}
        self._runs_lock = threading.Lock()
        # Called with the workspace record after an add or a configuration change (the
        # watcher re-walks it), with None after a removal.
        self.workspaces_changed: Callable[[Any], None] = lambda workspace=None: None
        self.shutdown: Callable[[], None] | None = None
        # The server's counters (requests served, cancelled …), read by sys.stats.
        self.stats: Callable[[], dict] = lambda: {}
        # Set by stop(): index runs end at their next file or batch.
        self.stopping = threading.Event()
        self._watcher = None
        self._background: list[threading.Thread] = []

    @property
    def service(self):
        svc = getattr(self._local, "service", None)
        if svc is None:
            factory = self._factory
            if factory is None:
                from .service import Service
                factory = Service
            svc = self._local.service = factory(db_path=self.db_path)
            self.opened(svc)
        return svc

    def opened(self, service) -> None:
        """Called once per thread with its new service: its store statements stop when
        the request this thread runs says so (:meth:`stopping_when`)."""
        stop_when = getattr(service, "stop_when", None)  # a test's stand-in may have none
        if stop_when is not None:
            stop_when(self._stop())
        stop_indexing_when = getattr(service, "stop_indexing_when", None)
        if stop_indexing_when is not None:
            stop_indexing_when(self.stopping.is_set)

    def stop(self, wait: float = 30.0) -> bool:
        """The server is stopping: index runs end at their next file or batch (what they
        wrote stays whole), the watcher stops, and this waits up to ``wait`` seconds for
        the watcher's and the background threads to end. False if one is still running."""
        self.stopping.set()
        watcher, self._watcher = self._watcher, None
        threads = list(self._background)
        if watcher is not None:
            watcher.stop()
            threads += watcher.threads()
        deadline = time.monotonic() + wait
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        return not any(t.is_alive() for t in threads)

    def _stop(self) -> _Stop:
        stop = getattr(self._local, "stop", None)
        if stop is None:
            stop = self._local.stop = _Stop()
        return stop

    @contextmanager
    def stopping_when(self, check: Callable[[], bool], error: Callable[[], LodeError]) -> Iterator[None]:
        """Run one request on this thread: the store statements it makes stop soon after
        ``check()`` turns true (its deadline passed, its client left), and such a stop
        raises ``error()`` — whichever store it was, whatever its driver says."""
        stop = self._stop()
        stop.check = check
        try:
            yield
        except Exception as exc:
            service = getattr(self._local, "service", None)
            stopped = getattr(service, "stopped", None)
            if stopped is not None and check() and stopped(exc):
                raise error() from None
            raise
        finally:
            stop.check = None

    # -- live workspaces ----------------------------------------------------------------

    def watch(self):
        """Start the watcher that re-indexes what changes (:mod:`lode.workspace.watch`);
        None when it cannot run — the server then serves without live re-indexing."""
        try:
            from .workspace.watch import Watcher

            watcher = Watcher(self)
            self.workspaces_changed = watcher.refresh
            watcher.start()
            self._watcher = watcher
        except Exception as exc:  # watchfiles missing, inotify refused …: serve anyway
            log.warning("not watching workspaces: %s", exc)
            return None
        return watcher

    @property
    def watching(self) -> bool:
        """Whether the watcher runs (it indexes every workspace as it starts)."""
        return self._watcher is not None

    def start(self, roots: tuple[str, ...] | list[str] = (), *, watch: bool = True,
              allow_broad_root: bool = False, **settings: Any) -> list[str]:
        """A server's start-up, one way for the daemon, ``lode mcp`` and ``lode lsp``:
        the watcher (``watch``; it indexes every workspace as it starts), each of
        ``roots`` added as a workspace (if new; ``settings`` as for :meth:`add_workspace`),
        and with no watcher the roots indexed once in the background. Returns the names
        of the roots' workspaces. A root that cannot be one (``/``, a missing folder) or,
        unless ``allow_broad_root`` or already a workspace, the home folder or above it,
        raises InvalidParams or NotFound before anything starts: a server serving
        without its project, or indexing a whole home folder, only logged it."""
        self._check_roots(roots, allow_broad_root)
        if allow_broad_root:
            settings["allow_broad_root"] = True
        if watch:
            self.watch()
        names = []
        for root in roots:
            try:
                names.append(self.add_workspace(root, **settings)["name"])
            except LodeError as exc:
                log.warning("workspace %s: %s", root, exc.message)
        if names and not self.watching:
            self.index_all_in_background(list(dict.fromkeys(names)))
        return names

    def _check_roots(self, roots, allow_broad_root: bool) -> None:
        """Refuse the whole list before adding any: each root as a workspace root
        (:func:`.service.root_folder`), and a broad one unless allowed or known."""
        from .service import root_folder
        from .workspace.config import check_broad_root

        known = set(self.service.workspace_roots().values()) if roots else set()
        for root in roots:
            real = root_folder(root)
            if not allow_broad_root and real not in known:
                check_broad_root(real)

    def warm_up(self, scope: list[str] | None = None) -> None:
        """Load what a server's first search would wait for — the search code, the
        embedding model, the vectors of the workspaces searched (~1.5 s on Go's standard
        library) — by asking one search: over ``scope`` (a server's project), else over
        every workspace and, when there are a few, each one. Failing costs only the
        first query's time (a missing model means lexical answers), so it is logged."""
        try:
            roots = self.service.workspace_roots()
            if not roots:
                return
            targets = [list(scope)] if scope else [None, *(roots if 1 < len(roots) <= 4 else [])]
            for workspace in targets:
                if self.stopping.is_set():
                    return
                # hybrid: an auto search the words answer (any word does, at limit 1)
                # loads neither the model nor the vectors
                self.service.search("lode", workspace, limit=1, mode="hybrid")
        except Exception as exc:
            log.info("warm-up: %s", exc)

    def warm_up_in_background(self, scope: list[str] | None = None) -> threading.Thread:
        """:meth:`warm_up` on a thread of its own (nothing written: not waited for)."""
        thread = threading.Thread(target=self.warm_up, args=(scope,), daemon=True, name="warm-up")
        thread.start()
        return thread

    def index(self, workspace: str | None = None, by: str | None = None, **options: Any) -> dict:
        """An index run through the service (every workspace when ``workspace`` is None),
        under the write lock, its progress kept in :attr:`progress` under the workspace
        as given ("*": every one) while it runs — what ``index.status`` lists and
        :meth:`first_indexing` and the MCP server's notes read. ``by`` names who started
        it when not a request (the watcher: "watch"), kept in the progress record. The
        one way a server runs an index: the watcher's runs come here too."""
        key = workspace or "*"
        who = {"by": by} if by else {}
        run = _Run({"started": time.time(), **who})

        def progress(done: int, total: int, path: str = "") -> None:
            run.record = {"started": run.record["started"], "done": done, "total": total, "path": path, **who}
            self._show(key)

        # Runs for one key wait for each other on the write lock: each keeps its own
        # record, so a second one queued neither replaces the first's numbers nor has
        # its own dropped when the first ends.
        with self._runs_lock:
            self._runs.setdefault(key, []).append(run)
        self._show(key)
        try:
            with self.write_lock:
                run.running = True
                self._show(key)
                return self.service.index(workspace, progress=progress, **options)
        finally:
            with self._runs_lock:
                runs = self._runs.get(key, [])
                runs.remove(run)
                if not runs:
                    self._runs.pop(key, None)
            self._show(key)

    def _show(self, key: str) -> None:
        """Publish the progress of ``key``'s runs: the running one's (else the first
        waiting), with ``queued``: how many more wait; none left, the key goes."""
        with self._runs_lock:
            runs = self._runs.get(key)
            if not runs:
                self.progress.pop(key, None)
                return
            shown = next((r for r in runs if r.running), runs[0])
            record = dict(shown.record)
            if len(runs) > 1:
                record["queued"] = len(runs) - 1
            self.progress[key] = record

    def index_all_in_background(self, workspaces: list[str] | None = None) -> threading.Thread:
        """Index ``workspaces`` (None: every one) once on a thread (a server started
        without a watcher: its roots, not every project of the user's one store)."""
        def run() -> None:
            for workspace in workspaces or [None]:
                if self.stopping.is_set():
                    return
                try:
                    self.index(workspace)
                except LodeError as exc:
                    log.warning("indexing %s: %s", workspace or "every workspace", exc.message)

        thread = threading.Thread(target=run, daemon=True)
        thread.start()
        self._background.append(thread)
        return thread

    # -- requests every server answers alike ---------------------------------------------

    def add_workspace(self, root: str, **settings: Any) -> dict:
        result = self.service.add_workspace(root, **_given(**settings))
        self.workspaces_changed(result)
        return result

    def status(self, workspace: str | list[str] | None = None) -> Any:
        """The service's status with the index runs under way (``indexing``)."""
        status = self.service.status(workspace)
        if isinstance(status, dict):
            status = dict(status)
            status["indexing"] = dict(self.progress)
            failed = dict(self._watcher.failed) if self._watcher is not None else {}
            if failed:  # the index is behind the files until a retry succeeds
                from .workspace.watch import RETRY_SECONDS

                status["watch_failed"] = {name: f"{error} (retried every {RETRY_SECONDS:g} s and at the next change)"
                                          for name, error in failed.items()}
        return status

    def never_indexed(self, workspaces: list[str] | None = None) -> list[str]:
        """The names of ``workspaces`` (names or roots; None: every one) that no index run
        has finished yet."""
        try:
            rows = self.service.list_workspaces()
        except Exception:  # a note's question: the call itself reports a store it cannot read
            return []
        wanted = set(workspaces) if workspaces is not None else None
        return [w["name"] for w in rows if w.get("indexed_at") is None
                and (wanted is None or w["name"] in wanted or w["root"] in wanted)]

    def first_indexing(self, workspaces: list[str] | None = None) -> list[str]:
        """Those of :meth:`never_indexed` an index run under way covers: their first
        run is filling the store, so an answer over them may miss files. A re-index of
        an indexed workspace (the watcher after a save) is not one: its earlier index
        answers meanwhile, whole."""
        runs = list(self.progress)  # keys: "*" (every workspace), a name, or a root as given
        if not runs:  # the common case reads nothing
            return []
        if "*" in runs:
            return self.never_indexed(workspaces)
        named = set(runs) | {_real(k) for k in runs if os.path.isabs(os.path.expanduser(k))}
        running = {n for n, root in self.service.workspace_roots().items() if n in named or root in named}
        return [n for n in self.never_indexed(workspaces) if n in running]

    def search(self, query: str, workspace: str | list[str] | None = None, **options: Any) -> Any:
        """The service's search; ``indexing: true`` when a workspace it covers is being
        indexed for the first time (:meth:`first_indexing`)."""
        if not query.strip():
            raise InvalidParams("invalid params: 'query' is empty", data={"param": "query"})
        result = self.service.search(query, workspace=workspace, **options)
        if self.progress and isinstance(result, dict) and self.first_indexing(result.get("workspaces")):
            result = {**result, "indexing": True}
        return result

    def lookup(self, op: str, name: str, workspace: str | None = None,
               clamp: Callable[[int], int] | None = None, **extra: Any) -> Any:
        """A symbol look-up (``definition``, ``references``, ``implementations``,
        ``describe``, ``symbols``) by the service method of that name; ``clamp`` bounds
        a ``limit`` the way the caller documents it, once the name passed."""
        check_name(name, "query" if op == "symbols" else "name")
        if clamp is not None and extra.get("limit") is not None:
            extra["limit"] = clamp(extra["limit"])
        return getattr(self.service, op)(name, **_given(workspace=workspace, **extra))

    def list_symbols(self, workspace: str | None = None, prefix: str | None = None,
                     kinds: list[str] | None = None, limit: int | None = None,
                     clamp: Callable[[int | None], int | None] | None = None) -> Any:
        if prefix is not None:
            check_name(prefix, "prefix")
        if clamp is not None:
            limit = clamp(limit)
        return self.service.list_symbols(**_given(workspace=workspace, prefix=prefix, kinds=kinds,
                                                  limit=limit))

    def outline(self, path: str, workspace: str | None = None) -> Any:
        """The symbols a file defines; ``path`` is confined to its workspace."""
        name, rel = self.service.locate(path, workspace)
        root = self.service.workspace_roots().get(name)
        if root and not os.path.lexists(os.path.join(root, rel)):
            # as doc.read says it: the reader's error named the daemon's absolute path
            raise NotFound(f"no such file in workspace {name!r}: {rel}", data={"param": "path", "path": rel})
        return self.service.outline(rel, workspace=name)

    def query_ast(self, query: str, language: str | None = None, paths: list[str] | None = None,
                  workspace: str | None = None, limit: int | None = None) -> Any:
        """A tree-sitter query over a workspace's files (``paths`` confined to it)."""
        name, _ = self.service.locate(paths[0] if paths else ".", workspace)
        rel = [self.service.locate(p, name)[1] for p in paths] if paths else None
        root = self.service.workspace_roots().get(name)
        missing = [p for p, r in zip(paths or [], rel or []) if root and not os.path.lexists(os.path.join(root, r))]
        if missing:
            # not an empty answer: "no captures" would read as "the pattern occurs nowhere"
            raise NotFound(f"no such file or folder in workspace {name!r}: {', '.join(missing)}",
                           data={"param": "paths", "path": missing[0]})
        return self.service.query_ast(query, **_given(language=language, paths=rel, workspace=name,
                                                      limit=limit))
