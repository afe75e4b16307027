"""The one API that the CLI, the daemon and the MCP server call.

A :class:`Service` owns one store connection (use one per thread). Every method takes
and returns plain values (str, int, list, dict) so interfaces can pass them through as
JSON; errors are :class:`~lode.errors.LodeError` subclasses carrying their JSON-RPC code.

Workspaces are named by name or root path. ``index``, ``status`` and ``search`` accept
``None`` for "every workspace in the store".
"""

from __future__ import annotations

import os
import sys

from .errors import IndexerBusy, IndexStopped, InvalidParams, LodeError, NotFound, StoreError
from .config import is_postgres_url, resolve_db_text, store_label
from .store import open_store
from .store.sqlite import WorkspaceRow
from .workspace.documents import DEFAULT_READ_CHARS, Root
from .workspace.roots import empty_folder, holding, within
from .locations import location as _location

WARM_MAX_FILES = 2000  # index runs of at most this many files load the embedding model while chunking
WARM_HELPERS_AT = 0.9  # a larger run loads it, and starts its helpers, once this share of its files is done


def __getattr__(name: str):
    # The servers reach their Session (logging, threading), the request checks they share
    # and the LSP server its column helpers through this module; they load on first use,
    # not for a command-line look-up.
    if name in ("Session", "clean_text"):
        from . import session

        return getattr(session, name)
    if name in ("byte_column", "utf16_column", "utf16_length"):
        from .external import positions

        return getattr(positions, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _as_written(name):
    """``name`` without a call's parentheses (`Widget.render()`, `f(x)`), with Go's
    method-expression receivers as types (`(*Mux).ServeHTTP`, as in a Go stack trace:
    `Mux.ServeHTTP`), and with the separators other tools write read as dots: an entry
    point's `pkg.module:attr` (uvicorn, setuptools) and a doc's `Class#method` (JSDoc,
    Ruby); any other name unchanged (`geometry::Shape` is the index's own spelling)."""
    if not isinstance(name, str) or not ("(" in name or "#" in name or ":" in name):
        return name
    import re

    name = re.sub(r"\(\*?([A-Za-z_][\w]*)\)\.", r"\1.", name.strip().strip("`"))
    name = re.sub(r"(?<=\w)(?::(?!:)|#)(?=[A-Za-z_$])", ".", name)
    return re.sub(r"\([^().]*\)$", "", name)


# What the progress bar shows while a run waits for another run of its workspace.
WAITING_TEXT = "waiting for another index run of this workspace to finish"


def _globs(name: str, value) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, (list, tuple)) or \
            not all(isinstance(v, str) and v.strip() for v in value):
        raise InvalidParams(f"invalid params: '{name}' must be a list of non-empty glob strings",
                            data={"param": name})
    return tuple(v.strip() for v in value)


def root_folder(root) -> str:
    """The real path of a folder given as a workspace root (added or moved to): a
    directory that exists and is no virtual tree (:func:`.workspace.config.check_root`)."""
    if not isinstance(root, str) or not root.strip():
        raise InvalidParams("invalid params: 'root' must be a directory path", data={"param": "root"})
    real = os.path.realpath(os.path.expanduser(root))
    if not os.path.isdir(real):
        raise NotFound(f"no such directory: {root}", data={"param": "root"})
    from .workspace.config import check_root

    check_root(real)
    return real


def _file_identity(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_dev, st.st_ino


class Service:
    def __init__(self, db_path: str | os.PathLike | None = None, *, create: bool = True):
        """The service over the store at ``db_path`` (``--db``; else ``$LODE_DB``, else the
        default file). ``create=False`` (the read-only commands) refuses a SQLite store
        that does not exist yet instead of making an empty one there: a mistyped ``--db``
        would leave a stray store behind and answer "no match" as if the index were empty."""
        self.check_plugins()  # a broken plug-in stops lode here, before anything is indexed wrongly
        self.db_path = resolve_db_text(db_path)  # str(resolve_db_path(...)), without pathlib
        if not create and not is_postgres_url(self.db_path) and not os.path.lexists(self.db_path):
            given = f" --db {store_label(self.db_path)}" if db_path else ""
            raise StoreError(f"no store at {store_label(self.db_path)}: run lode index PATH{given} to make one",
                             data={"db": store_label(self.db_path)})
        self.store = open_store(self.db_path)
        # The file opened (device, inode): a store deleted and made again at the same path
        # (rm, then lode index) leaves a long-running server reading the deleted one.
        self._file = None if is_postgres_url(self.db_path) else _file_identity(self.db_path)

    def store_replaced(self) -> bool:
        """Whether the store's path no longer names the file this service opened."""
        return self._file is not None and _file_identity(self.db_path) != self._file

    @staticmethod
    def check_plugins() -> None:
        """Load the plug-in table once; a broken plug-in raises
        :class:`~lode.errors.PluginError` naming its package (servers check before serving)."""
        from .plugins.installed import plugins_wanted

        if plugins_wanted():  # else no plug-in can be broken; the registry loads on first use
            from .plugins.registry import check

            check()

    @staticmethod
    def registered() -> dict:
        """What this build registers, lode's own and its plug-ins', in the shape
        ``sys.capabilities`` reports it (chunkers, derived formats, rankers, registered)."""
        from .plugins.capabilities import registered_ids

        return registered_ids()

    @staticmethod
    def start_local_server(folder: str) -> str:
        """Start a PostgreSQL server keeping its data in ``folder`` (``lode pg start``);
        returns the URL to give as ``--db``."""
        from .store.postgres import server

        return server.start(folder)

    @staticmethod
    def stop_local_server(folder: str) -> bool:
        """Stop the server ``start_local_server(folder)`` started; False if none ran."""
        from .store.postgres import server

        return server.stop(folder)

    @staticmethod
    def check_store(db_path: str) -> list[str]:
        """SQLite's integrity check of a store file (``lode check``): [] when whole. A
        PostgreSQL store: lode's derived tables against their rows (the server checks
        its own pages)."""
        from .config import is_postgres_url
        from .store import check

        if is_postgres_url(str(db_path)):
            from .store import open_store
            from .store.postgres import check as pg_check

            with open_store(str(db_path)) as store:
                return pg_check.problems(store)
        return check.problems(db_path)

    @staticmethod
    def repair_store(db_path: str, progress=None) -> dict:
        """Make a damaged store file whole keeping its workspaces (``lode check --repair``):
        ``{"repaired": "none" | "lexical" | "indexes" | "reindexed", "problems": […], …}``.
        A damaged full-text index alone is made again from the chunk texts the store
        holds ("lexical": no file read again), damaged B-tree indexes are rebuilt in
        place ("indexes"); nothing is lost either way. Damaged tables are given up:
        every workspace is indexed again from its folder into a fresh store that replaces
        the file (kept as ``damaged_copy``); vectors are made by the next ``lode index``."""
        from .store import check

        check.remove_stale_rebuilds(db_path)  # a repair killed mid-rebuild left its copy
        found = check.problems(db_path)
        if not found:
            return {"repaired": "none", "problems": []}
        with check.no_index_runs(db_path):  # a run writing the file meanwhile would be lost
            return Service._repair(db_path, found, progress)

    @staticmethod
    def _repair(db_path: str, found: list[str], progress) -> dict:
        from .store import check

        if check.rebuild_indexes(db_path, found):
            return {"repaired": "lexical" if check.only_lexical(found) else "indexes", "problems": found}
        rows = check.workspace_rows(db_path)
        missing, files = [], 0
        fresh = check.rebuild_path(db_path)
        try:
            check.fresh_store(fresh, rows)
            with Service(fresh) as svc:
                for name, root, _ in rows:
                    if not os.path.isdir(root):
                        missing.append(name)  # kept as listed: indexed when its folder is back
                        continue
                    files += svc.index(name, progress=progress, embed=False).get("files", 0)
        except BaseException:  # a full disk, ^C: the damaged store stays as it was, alone
            check.remove_store(fresh)
            raise
        return {"repaired": "reindexed", "problems": found, "workspaces": [name for name, _, _ in rows],
                "missing_roots": missing, "files": files, "damaged_copy": check.swap_in(fresh, db_path)}

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> "Service":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- workspaces ---------------------------------------------------------------

    def _ws(self, workspace: str | WorkspaceRow) -> WorkspaceRow:
        if isinstance(workspace, WorkspaceRow):
            return workspace
        if not isinstance(workspace, str) or not workspace.strip():
            raise InvalidParams("invalid params: 'workspace' must be a name or a root path",
                                data={"param": "workspace"})
        try:
            return self.store.workspace(workspace)
        except UnicodeEncodeError:  # a path that is not UTF-8: no workspace has it as root
            raise NotFound(f"no workspace {workspace!r} in {self.store.path}",
                           data={"workspace": workspace}) from None

    def _scope(self, workspace):
        """The workspaces a look-up reads, as the symbol index takes them: one (a name or
        root, as given), several (a list: a server's projects; each checked, repeats
        dropped, a list of one read as that one), or None (every workspace)."""
        if not isinstance(workspace, (list, tuple)):
            return workspace
        if not workspace:
            raise InvalidParams("invalid params: 'workspace' is an empty list; leave it out "
                                "to read every workspace", data={"param": "workspace"})
        names = list(dict.fromkeys(self._ws(w).name for w in workspace))
        return names[0] if len(names) == 1 else names

    def _scoped_rows(self, workspace) -> list[WorkspaceRow]:
        """The rows of the workspaces :meth:`_scope` reads (every workspace: None)."""
        workspace = self._scope(workspace)
        names = [workspace] if isinstance(workspace, str) else workspace
        return [self._ws(w) for w in names] if names is not None else self.store.workspaces()

    @staticmethod
    def _describe(ws: WorkspaceRow) -> dict:
        from .workspace.config import WorkspaceConfig  # the workspace rules load only when asked for

        cfg = WorkspaceConfig.from_dict(ws.config)
        return {"name": ws.name, "root": ws.root, **cfg.to_dict(),
                "text_collisions": cfg.text_collisions(), "generation": ws.generation,
                "indexed_at": ws.indexed_at}

    def add_workspace(self, root: str, name: str | None = None, code: bool = True,
                      include: list[str] | None = None, exclude: list[str] | None = None,
                      text_extensions: list[str] | None = None, allow_broad_root: bool = False) -> dict:
        """Add a workspace (or return the existing one with this root, reconfigured with
        whatever settings are given). A new root that is the home folder or above it is
        refused unless ``allow_broad_root`` (:func:`lode.workspace.config.broad_root`)."""
        real = root_folder(root)
        from .workspace.config import WorkspaceConfig, check_broad_root, check_text_extensions

        existing = [w for w in self.store.workspaces() if w.root == real]
        if existing:
            ws = existing[0]
            if any(v is not None for v in (include, exclude, text_extensions)) or code is not True:
                return self.configure_workspace(ws.name, code=code, include=include, exclude=exclude,
                                                text_extensions=text_extensions)
            return self._describe(ws)
        if not allow_broad_root:
            check_broad_root(real)
        cfg = WorkspaceConfig(
            include=_globs("include", include) if include is not None else WorkspaceConfig.include,
            exclude=_globs("exclude", exclude) if exclude is not None else WorkspaceConfig.exclude,
            code=bool(code),
            text_extensions=check_text_extensions(text_extensions or ()))
        taken = {w.name for w in self.store.workspaces()}
        if name is not None:
            if not isinstance(name, str) or not name.strip() or "/" in name or not name.isprintable():
                raise InvalidParams("invalid params: 'name' must be a non-empty name without '/' "
                                    "or control characters", data={"param": "name"})
            if name in taken:
                raise InvalidParams(f"invalid params: a workspace named {name!r} already exists",
                                    data={"param": "name"})
        else:
            # Printed on one line wherever it is shown: a folder's newline or tab becomes '_'.
            base = "".join(c if c.isprintable() else "_" for c in os.path.basename(real)) or "root"
            name, n = base, 2
            while name in taken:
                name, n = f"{base}-{n}", n + 1
        return self._describe(self.store.add_workspace(name, real, cfg.to_dict()))

    def configure_workspace(self, workspace: str, code: bool | None = None, include: list[str] | None = None,
                            exclude: list[str] | None = None, text_extensions: list[str] | None = None) -> dict:
        """Change only the settings given; the next index run applies them."""
        from .workspace.config import WorkspaceConfig, check_text_extensions

        ws = self._ws(workspace)
        cfg = WorkspaceConfig.from_dict(ws.config)
        changes = {}
        if code is not None:
            if not isinstance(code, bool):
                raise InvalidParams("invalid params: 'code' must be true or false", data={"param": "code"})
            changes["code"] = code
        if include is not None:
            changes["include"] = _globs("include", include)
        if exclude is not None:
            changes["exclude"] = _globs("exclude", exclude)
        if text_extensions is not None:
            changes["text_extensions"] = check_text_extensions(text_extensions)
        if changes:
            cfg = WorkspaceConfig(**{**cfg.__dict__, **changes})
            self.store.set_workspace_config(ws.id, cfg.to_dict())
        return self._describe(self.store.workspace(ws.id))

    def set_patterns(self, workspace: str, include: list[str] | None = None,
                     exclude: list[str] | None = None) -> dict:
        return self.configure_workspace(workspace, include=include, exclude=exclude)

    def set_text_extensions(self, workspace: str, extensions: list[str]) -> dict:
        """Declare the extensions read as plain text; a registered code extension is
        refused with InvalidParams (-32602)."""
        if extensions is None:
            raise InvalidParams("invalid params: 'extensions' is required", data={"param": "extensions"})
        return self.configure_workspace(workspace, text_extensions=extensions)

    def list_workspaces(self) -> list[dict]:
        return [self._describe(w) for w in self.store.workspaces()]

    def remove_workspace(self, workspace: str) -> dict:
        ws = self._ws(workspace)
        self.store.remove_workspace(ws.id)
        # Its code-embedding corpora go too: a later workspace may reuse the id.
        from .embed.evidence import forget

        forget(self.store, ws.id)
        return {"removed": ws.name, "root": ws.root}

    def move_workspace(self, workspace: str, root: str) -> dict:
        """Point a workspace at the folder it was moved to, keeping its index (paths are
        stored relative to the root; a move keeps each file's mtime and size, so the next
        run reads only what changed). ``found``/``sampled``: how many of its indexed files
        (a sample) are at the new root."""
        from .workspace.moved import files_found

        ws = self._ws(workspace)
        real = root_folder(root)
        taken = [w.name for w in self.store.workspaces() if w.root == real and w.id != ws.id]
        if taken:
            raise InvalidParams(f"invalid params: {real} is already the root of workspace {taken[0]!r}; "
                                f"remove one of the two first (lode workspace remove NAME)",
                                data={"param": "root", "workspace": taken[0]})
        if real != ws.root:
            self.store.move_workspace(ws.id, real)
        found, sampled = files_found(self.store, ws, real, same_size=False)
        return {**self._describe(self.store.workspace(ws.id)), "moved_from": ws.root,
                "found": found, "sampled": sampled}

    def moved_workspace(self, root: str) -> dict | None:
        """The workspace whose folder is gone and whose files ``root`` holds (it was moved
        there: :func:`lode.workspace.moved.moved_here`), or None."""
        from .workspace.moved import moved_here

        if self.store.backend != "sqlite":  # a shared store's other roots are other machines'
            return None
        ws = moved_here(self.store, os.path.realpath(os.path.expanduser(root)))
        return self._describe(ws) if ws is not None else None

    def workspace_roots(self) -> dict[str, str]:
        """Each workspace's name → its root folder."""
        return {w.name: w.root for w in self.store.workspaces()}

    def workspace_for_path(self, path: str) -> str | None:
        """The name of the innermost workspace whose root contains ``path``."""
        ws = holding(path, self.store.workspaces())
        return ws.name if ws is not None else None

    # -- documents ----------------------------------------------------------------

    def _roots(self) -> list[Root]:
        return [Root(w.name, os.path.realpath(w.root)) for w in self.store.workspaces()]

    def locate(self, path: str, workspace: str | None = None, among: list[str] | None = None) -> tuple[str, str]:
        """(workspace name, path relative to its root) for a request's ``path``: the named
        workspace, else the one holding an absolute path, else the only one, else the one
        holding a relative path (of ``among``, when given) — the rule of
        :func:`lode.workspace.documents.resolve_root`; a path that resolves outside it is
        refused (-32602 naming ``path``)."""
        from .workspace import documents

        root = documents.resolve_root(self._roots(), workspace, path, among)
        return root.name, documents.confine(root, path)[1]

    def read_document(self, path: str, workspace: str | None = None, offset: int = 0,
                      limit: int = DEFAULT_READ_CHARS, line_start: int | None = None,
                      line_end: int | None = None) -> dict:
        """A workspace file's text (derived formats as their read-only Markdown), confined
        to the workspace, cut at a paragraph end with a marker line when longer than
        ``limit`` — see :mod:`lode.workspace.documents`. Lines count from 1: a bound below
        1 is refused (it would read as no bound and answer the whole file)."""
        from .workspace import documents

        for param, value in (("line_start", line_start), ("line_end", line_end)):
            if value is not None and value < 1:
                raise InvalidParams(f"invalid params: '{param}' must be at least 1, got {value}",
                                    data={"param": param})
        root = documents.resolve_root(self._roots(), workspace, path)
        return documents.read(root, path, offset=offset, limit=limit, line_start=line_start,
                              line_end=line_end)

    # -- indexing -----------------------------------------------------------------

    def index(self, workspace: str | None = None, progress=None, workers: int | None = None,
              paths: list[str] | None = None, embed: bool = True, model: str | None = None) -> dict:
        """Index one workspace incrementally (every workspace when ``workspace`` is None).
        A root path that is not a workspace yet is added with the defaults.
        ``progress(done, total, path)`` hears about files as they are processed (and
        then about embedding batches, with path "embedding").
        ``paths`` (relative or absolute) limits the run to those files.
        ``embed`` (default on) embeds chunks that have no vector yet for the store's
        model; ``model`` switches the store's model (its vectors are made, the old
        model's reclaimed) — see :mod:`lode.embed`."""
        if workspace is None:
            runs = []
            for w in self.store.workspaces():
                # A shared store holds other machines' workspaces, and another process may
                # be indexing one: those are skipped, saying why, not the whole run.
                # A root moved or deleted under a local store is skipped too, not every
                # other workspace's run with it.
                if not os.path.isdir(w.root):
                    runs.append({"workspace": w.name, "root": w.root,
                                 "skipped": "its root is not on this machine" if self.store.backend != "sqlite"
                                 else "its root is not a directory (moved or deleted?)"})
                    continue
                from .workspace.indexer import RootEmpty

                try:
                    runs.append(self._index_one(w, progress, workers, paths, embed, model))
                except (IndexerBusy, RootEmpty) as exc:  # RootEmpty: an unmounted drive, kept as is
                    runs.append({"workspace": w.name, "root": w.root, "skipped": exc.message})
            return {"workspaces": runs}
        try:
            ws = self._ws(workspace)
        except NotFound:
            if isinstance(workspace, str) and os.path.isdir(os.path.expanduser(workspace)):
                ws = self.store.workspace(self.add_workspace(workspace)["name"])
            else:
                raise
        return self._index_one(ws, progress, workers, paths, embed, model)

    def _index_one(self, ws: WorkspaceRow, progress, workers, paths, embed=True, model=None) -> dict:
        if paths is not None:
            rel = []
            for p in paths:
                if not isinstance(p, str):
                    raise InvalidParams("invalid params: 'paths' must be a list of strings", data={"param": "paths"})
                # The folder is resolved, not the name: a symlink is judged as itself (read
                # under its own name, or listed as refused), as a full walk judges it.
                head, name = os.path.split(os.path.normpath(os.path.join(ws.root, p)))
                ap = os.path.join(os.path.realpath(head), name)
                if ap == ws.root or not within(ap, ws.root):
                    continue
                rel.append(os.path.relpath(ap, ws.root).replace(os.sep, "/"))
            paths = rel
        progress = self._stoppable(progress)
        if embed:
            progress = self._warming(progress, model)
        # One indexer per workspace: on a shared store a second one is refused (IndexerBusy),
        # on a SQLite file it waits for the first (telling the progress bar so).
        # A SQLite store copies the run's pages from its WAL into the store file while
        # the embedding stage runs (Store.checkpoint_later).
        later = getattr(self.store, "checkpoint_later", None)
        waiting = (lambda: progress(0, 0, WAITING_TEXT)) if progress is not None else None
        try:
            return self._index_locked(ws, progress, workers, paths, embed, model, waiting, later)
        finally:
            if embed and "lode.embed.indexing" in sys.modules:  # a warm-up for a stage that never came
                sys.modules["lode.embed.indexing"].settle()

    def _index_locked(self, ws, progress, workers, paths, embed, model, waiting, later) -> dict:
        from contextlib import nullcontext

        from .workspace import index_workspace  # the indexer loads only to index

        with self.store.index_lock(ws, waiting), (later() if later else nullcontext(lambda: None)) as checkpoint:
            if self.store_replaced():  # a repair swapped a rebuilt store in while this run waited
                raise StoreError(f"the store {store_label(self.db_path)} was replaced while this run "
                                 "waited (lode check --repair): run lode index again")
            ws = self.store.workspace(ws.id)  # as the run before this one (if it waited) left it
            result = index_workspace(self.store, ws, progress=progress, workers=workers, only=paths).to_dict()
            checkpoint()
            if embed:
                from .embed.indexing import embed_after_index
                result["embedding"] = embed_after_index(self.store, ws.id, model, progress, result.get("generation"))
        return result

    # -- status -------------------------------------------------------------------

    def status(self, workspace: str | list[str] | None = None) -> dict:
        from .workspace import held

        rows = self._scoped_rows(workspace)
        out = []
        for ws in rows:
            st = self.store.workspace_status(ws.id)
            held_count, held_files = held.status(self.store, ws.id)
            out.append({**self._describe(ws), "index_seconds": ws.index_seconds, **st,
                        "held": held_count, "held_files": held_files})
            if self.store.backend == "sqlite" and not os.path.isdir(ws.root):
                out[-1]["root_missing"] = True  # moved or deleted: answers still come from its index
            elif self.store.backend == "sqlite" and st.get("files") and empty_folder(ws.root):
                out[-1]["root_empty"] = True  # an unmounted drive: index runs keep its index
        return {"db": store_label(self.db_path), "size_bytes": self.store.size_bytes(), "workspaces": out}

    # -- search -------------------------------------------------------------------

    def search(self, query: str, workspace: str | list[str] | None = None, **options) -> dict:
        """Search over one workspace, several (a list), or all (None)."""
        if workspace is None:
            rows = self.store.workspaces()
        elif isinstance(workspace, (list, tuple)):
            rows = [self._ws(w) for w in workspace]
        else:
            rows = [self._ws(workspace)]
        if options.get("paths"):
            from .search.filters import rooted
            options["paths"], rows = rooted(options["paths"], rows)
        from .search import engine  # numpy and the models: only for a search

        result = engine.search(self.store, query, rows, **options)
        if options.get("kinds") and isinstance(result, dict) and not result.get("hits"):
            self._check_kinds(options["kinds"])  # silently empty for a misspelt kind: say so
        if options.get("languages") and isinstance(result, dict) and not result.get("hits"):
            self._check_languages(options["languages"], rows)  # and for a misspelt language
        return result

    def _check_languages(self, languages, rows) -> None:
        known = set().union(*(self.store.workspace_status(ws.id)["languages"] for ws in rows))
        unknown = [lang for lang in languages if str(lang).lower() not in known]
        if unknown:
            raise InvalidParams(f"invalid params: no language {unknown[0]!r} in this index; languages "
                                f"indexed: {', '.join(sorted(known)) or 'none'}",
                                data={"param": "languages", "languages": sorted(known)})

    def _check_kinds(self, kinds) -> None:
        known = self.store.chunk_kinds()
        unknown = [k for k in kinds if str(k).lower() not in known]
        if unknown:
            raise InvalidParams(f"invalid params: unknown kind {unknown[0]!r}; kinds in this index: "
                                f"{', '.join(sorted(known))}", data={"param": "kinds", "kinds": sorted(known)})

    # -- symbols (thin calls into lode.symbols.api) ------------------------------

    def definition(self, name: str, workspace: str | list[str] | None = None, limit: int | None = None,
                   lsp: bool = False) -> dict:
        """Every plausible definition of a qualified name: {"candidates": [...], "total",
        "truncated", "source"}. A bare name answers with the qualified names that end in
        it ("matches") instead of an error. ``lsp`` hands the best candidate to a real
        language server (see :mod:`lode.external.handoff`). ``workspace``: one, a list
        (:meth:`_scope`; every symbol method alike), or None for every workspace."""
        from .symbols import api
        workspace = self._scope(workspace)
        name, workspace, bare = self._qualify(name, workspace, "candidates")
        if bare is not None:
            return bare
        answer = api.definition(self.store, name, workspace, limit or 100)
        if not answer["candidates"]:
            self._check_symbol_index()
        return self._hand_off("definition", answer, workspace, lsp, limit=limit or 100)

    def _check_symbol_index(self) -> None:
        """A look-up that found nothing checks the name index against a sample of its
        table (:meth:`~lode.store.symbols.SymbolTables.index_misses`): a damaged index
        answered "no definition", with no error, for names the store holds."""
        if getattr(self.store, "backend", "sqlite") != "sqlite":  # a server checks its own indexes
            return
        if self.store.symbols.index_misses():
            from .errors import damaged_store_message

            raise StoreError(damaged_store_message(store_label(self.db_path),
                                                   "its symbol index misses rows its table holds"))

    def references(self, name: str, workspace: str | list[str] | None = None, limit: int | None = None,
                   every: bool = False, lsp: bool = False) -> dict:
        """Files that use a name (first position each; ``every``: all positions)."""
        from .symbols import api
        workspace = self._scope(workspace)
        name, workspace, bare = self._qualify(name, workspace, "references")
        if bare is not None:
            return bare
        answer = api.references(self.store, name, workspace, limit or 100, every=every)
        if not answer["references"]:
            self._check_symbol_index()
        return self._hand_off("references", answer, workspace, lsp, every=every, limit=limit or 100)

    def implementations(self, name: str, workspace: str | list[str] | None = None, limit: int | None = None,
                        lsp: bool = False) -> dict:
        from .symbols import api
        workspace = self._scope(workspace)
        name, workspace, bare = self._qualify(name, workspace, "implementations")
        if bare is not None:
            return bare
        answer = api.implementations(self.store, name, workspace, limit or 100)
        return self._hand_off("implementation", answer, workspace, lsp, limit=limit or 100)

    def describe(self, name: str, workspace: str | list[str] | None = None, limit: int | None = None,
                 include_body: bool = False, lsp: bool = False) -> dict:
        """Signature, doc and location (``include_body``: the definition's source too)."""
        from .symbols import api
        workspace = self._scope(workspace)
        name, workspace, bare = self._qualify(name, workspace, "symbols")
        if bare is not None:
            return bare
        answer = api.describe(self.store, name, workspace, limit or 10, include_body=include_body)
        return self._hand_off("describe", answer, workspace, lsp)

    def _qualify(self, name: str, workspace, key: str) -> tuple[str, object, dict | None]:
        """(name, workspace, an answer already given or None) for a look-up's name as
        written. A bare name (no dot) that one qualified name ends in stands for it;
        several are returned as ``matches`` in the same call (no second round trip). A
        name as code or a trace writes it is read as the name: `Widget.render()`,
        `pkg.(*Mux).ServeHTTP`, `pkg.module:attr`, `Class#method`. A location,
        `path:LINE[:COLUMN]`, stands for the name there, looked up in its workspace
        (:meth:`_name_at_location`)."""
        from .symbols import api
        at = _location(name)
        if at is not None:
            return self._name_at_location(name, *at, workspace, key)
        name = _as_written(name)
        matches = api.bare_name_matches(self.store, name, workspace)
        if matches is None:
            return name, workspace, None
        if len(matches) == 1:
            from .symbols.index import TopLevelName
            only = matches[0]
            return (only if "." in only or "/" in only else TopLevelName(only)), workspace, None
        return name, workspace, {"name": name, key: [], "total": 0, "truncated": False, "source": "index",
                      "matches": matches[:50], "total_matches": len(matches),
                      "note": f"{name!r} is not qualified; " + (
                          "these qualified names end in it: ask again with one" if matches
                          else "no known qualified name ends in it (try symbol search)")}

    def _name_at_location(self, written: str, path: str, line: int, column: int | None, workspace,
                          key: str) -> tuple[str, object, dict | None]:
        """The qualified name a location names, in the workspace holding ``path`` (of
        ``workspace``, as :meth:`locate` reads a path; relative to a workspace root):
        with a column, the name written there (a use names what it uses); without, the
        definition starting on ``line``, else the nearest one starting above it within
        the declaration holding ``line`` (its smallest chunk) — what an agent holding a
        search hit's or a trace's ``path:line`` asks about. None found: an empty answer
        saying so."""
        import re

        among = workspace if isinstance(workspace, list) else None
        name, rel = self.locate(path, None if among else workspace, among)
        target = None
        if column is not None:
            target = self._name_at_column(name, rel, line, column)
        if target is None:
            # rows: (rname, path, line, col, kind, module, detail, workspace)
            rows = self.store.symbols.in_file(rel, self._ws(name).id)
            here = [r for r in rows if r[2] == line]
            chunk = self.store.chunks.smallest_at(name, rel, line) if not here else None
            if chunk is not None:
                inside = [r for r in rows if chunk[2] <= r[2] <= line]
                if not inside:  # a later piece of a long declaration: named in its breadcrumb
                    signature = chunk[0].rsplit(" › ", 1)[-1]
                    inside = [r for r in rows if r[2] < chunk[2] and
                              re.search(r"\b%s\b" % re.escape(r[0][::-1].rsplit(".", 1)[-1]), signature)]
                here = [r for r in inside if r[2] == max(x[2] for x in inside)]
            if here:
                target = min(here, key=lambda r: (r[6] == "module", r[3]))[0][::-1]
            elif not rows and not os.path.isfile(os.path.join(self._ws(name).root, rel)):
                raise NotFound(f"no such file in workspace {name!r}: {rel}", data={"param": "name", "path": rel})
        if target is None:
            return written, name, {"name": written, key: [], "total": 0, "truncated": False, "source": "index",
                                   "note": f"no definition starts at or encloses {rel}:{line} in workspace "
                                           f"{name!r} (a line between declarations, or a file the symbol "
                                           "index does not read): give a line of a declaration, or a name"}
        return target, name, None

    def _name_at_column(self, workspace: str, rel: str, line: int, column: int) -> str | None:
        """The qualified name of the identifier at a 1-based character ``column``."""
        import re

        from .chunking.reader import read_text

        try:  # ``rel`` is confined to the workspace by locate()
            text = read_text(os.path.join(self._ws(workspace).root, rel))
        except (LodeError, OSError):
            return None
        lines = text.split("\n")
        if line > len(lines):
            return None
        for m in re.finditer(r"[A-Za-z_$][\w$]*", lines[line - 1]):
            if m.start() < column <= m.end() + 1:
                start = len(lines[line - 1][:m.start()].encode("utf-8")) + 1
                return self.name_at(rel, workspace, text, line, m.group(0), start)
        return None

    def _hand_off(self, op: str, answer: dict, workspace, lsp: bool, every: bool = False,
                  limit: int | None = None) -> dict:
        if not lsp:
            return answer
        from .external.handoff import hand_off
        answer = hand_off(self.store, op, answer, workspace, every=every, limit=limit)
        if "definition" in answer and (answer.get("references") or answer.get("implementations")):
            # the server found what the index did not: the empty answer's note is void
            answer = {k: v for k, v in answer.items() if k != "definition"}
        return answer

    def languages_without_symbols(self, workspace: str | list[str] | None = None) -> list[str]:
        """The code languages the workspace holds (every workspace: None) that the symbol
        index does not read (a registered language without symbol rules), most files first."""
        from .languages import language_named
        from .symbols.rules import rules_for

        files: dict[str, int] = {}
        for ws in self._scoped_rows(workspace):
            for lang, counts in self.store.workspace_status(ws.id)["languages"].items():
                files[lang] = files.get(lang, 0) + int(counts.get("files", 0))
        return [lang for lang in sorted(files, key=lambda lang: -files[lang])
                if (spec := language_named(lang)) is not None and rules_for(spec) is None]

    @staticmethod
    def symbols_unread_language(path: str) -> str | None:
        """The language of ``path`` when the symbol index does not read it, else None."""
        from .languages import language_for_path
        from .symbols.rules import rules_for

        spec = language_for_path(path)
        return spec.name if spec is not None and rules_for(spec) is None else None

    def ask_language_server(self, method: str, path: str, line: int, character: int):
        """A real language server's answer to ``textDocument/<method>`` at a 0-based line
        and UTF-16 character of a workspace file (an editor's own position), or None: no
        server for its language, none found, or no answer within the hand-off timeout."""
        from .external.handoff import ask_at

        real = os.path.realpath(path)
        name = self.workspace_for_path(real)
        if name is None:
            return None
        return ask_at(method, real, self.workspace_roots()[name], line, character)

    @staticmethod
    def language_servers_found() -> bool:
        """Whether a hand-off to a language server can happen at all: ``LODE_LSP`` allows
        one and some allowed server's executable is found (no store needed)."""
        from .external.servers import any_server

        return any_server()

    @staticmethod
    def language_server_for(language: str) -> str | None:
        """The name of the language server a hand-off for ``language`` would ask, or None."""
        from .external.servers import server_for

        found = server_for(language)
        return found[0].name if found is not None else None

    # -- files, without a store (the CLI's `chunk`, `outline`, `query-ast`) ---------

    @staticmethod
    def chunk_path(path: str) -> list[dict]:
        """The chunks of one file as lode would index it, in order (raises
        :class:`~lode.errors.FileRefused` for a file lode does not read)."""
        from .chunking import chunk_file
        from .chunking.reader import read_text

        return [{"path": c.path, "byte_start": c.byte_start, "byte_end": c.byte_end,
                 "line_start": c.line_start, "line_end": c.line_end, "kind": c.kind,
                 "name": c.name, "breadcrumb": c.breadcrumb, "embed": c.embed, "chunker": c.chunker}
                for c in chunk_file(path, read_text(path))]

    @staticmethod
    def outline_file(path: str) -> dict:
        """A file's definitions read from the file alone, no workspace (no store open)."""
        from .symbols import api

        return api.outline(None, path)

    @staticmethod
    def query_ast_files(query: str, paths: list[str] | None = None, language: str | None = None,
                        limit: int | None = None) -> dict:
        """A tree-sitter query over files or folders (default: the current folder)."""
        from .symbols import api

        return api.query_ast(query, paths, language, limit or 1000)

    # -- presentation helpers the interfaces share ------------------------------------

    @staticmethod
    def display_path(path: str) -> str:
        """A path (or a name quoting one) safe to print on one line."""
        from .store.paths import display

        return display(path)

    @staticmethod
    def printable(value):
        """``value`` with every string made valid text (a file name that is not UTF-8
        written ``\\xNN``), for output that must encode."""
        from .store.paths import scrub

        return scrub(value)

    @staticmethod
    def highlighter(terms):
        """The pattern that marks a search's terms in its snippets (None: no terms)."""
        from .search.snippet import highlighter

        return highlighter(terms)

    @staticmethod
    def read_as_text(language: str) -> bool:
        """Whether files recorded under ``language`` are read as text for want of a grammar."""
        from .languages import read_as_text

        return read_as_text(language)

    def symbols(self, query: str, workspace: str | list[str] | None = None, limit: int | None = None,
                definitions: bool = False) -> dict:
        """Fuzzy search over the known qualified names. ``definitions``: each qualified
        name also carries ``definition``, the first candidate ``definition`` lists for it
        (where ``lode symbols`` points and an editor's ``workspace/symbol`` jumps), in
        this one call: a caller listing locations asks no look-up per name."""
        from .symbols import api
        workspace = self._scope(workspace)
        result = api.search(self.store, query, workspace, limit or 20)
        if definitions:
            for n in result["names"]:
                if "." in n["name"] or "/" in n["name"]:  # a bare name has no definition look-up
                    best = api.definition(self.store, n["name"], workspace, 1)["candidates"]
                    if best:
                        n["definition"] = best[0]
        return result

    def list_symbols(self, workspace: str | list[str] | None = None, prefix: str | None = None,
                     kinds: list[str] | None = None, limit: int | None = None) -> dict:
        from .symbols import api
        workspace = self._scope(workspace)
        return api.list_symbols(self.store, workspace, prefix, kinds, limit or 1000)

    def outline(self, path: str, workspace: str | None = None) -> dict:
        from .symbols import api
        return api.outline(self.store, path, workspace)

    def name_at(self, path: str, workspace: str, text: str, line: int, word: str,
                word_start: int) -> str | None:
        """The qualified name of the word at (1-based ``line``, byte column
        ``word_start``) of a workspace file whose current text is ``text`` (an editor's
        buffer); None when it cannot be named."""
        from .symbols import api
        return api.name_at(self.store, path, self._ws(workspace).root, text, line, word, word_start,
                           workspace)

    def outline_text(self, path: str, workspace: str, text: str) -> list[dict]:
        """A workspace file's definitions read from ``text`` (an editor's buffer)."""
        from .symbols import api
        return api.outline_text(path, self._ws(workspace).root, text)

    def query_ast(self, query: str, language: str | None = None, paths: list[str] | None = None,
                  workspace: str | None = None, limit: int | None = None) -> dict:
        """A tree-sitter query over files (paths relative to the workspace root)."""
        from .symbols import api
        ws = self._ws(workspace) if workspace is not None else None
        if ws is None and not paths and len(self.store.workspaces()) == 1:
            ws = self.store.workspaces()[0]
        # folders are walked by the workspace's own rules: the files search sees
        return api.query_ast(query, paths, language, limit or 1000, root=ws.root if ws else None,
                             rules=ws.config if ws else None)

    @staticmethod
    def build_capabilities() -> dict:
        """What this build reads, known without a store: chunkers with their extensions,
        languages and derived formats (``sys.capabilities`` answers with these even when
        the store cannot be opened)."""
        from .chunking import chunkers
        from .chunking.derive import DERIVED_EXTENSIONS, deriver_id
        from .languages import LANGUAGES

        return {"chunkers": chunkers(),
                "languages": [{"name": s.name, "extensions": list(s.extensions), "chunker": s.chunker_id}
                              for s in LANGUAGES],
                "derived_formats": {ext: deriver_id("x" + ext) for ext in sorted(DERIVED_EXTENSIONS)}}

    def change_stamps(self):
        """A reader of the versions this store's answers depend on, on a connection of
        its own (the daemon's reply cache); None when the store offers none."""
        stamps = getattr(self.store, "change_stamps", None)
        return stamps() if stamps is not None else None

    def stop_indexing_when(self, check) -> None:
        """Index runs of this service stop once ``check()`` turns true (a server is
        stopping): between files and between embedding batches, each batch already
        written whole, with :class:`~lode.errors.IndexStopped`."""
        self._index_stop = check

    def _warming(self, progress, model):
        """``progress`` that also starts loading the embedding model once the indexer says
        it has files to chunk (its first call, with their count), so the model loads
        while they are chunked. A run of more than WARM_MAX_FILES files loads it, and
        starts the helper processes its stage will embed with, near its end only
        (WARM_HELPERS_AT of its files done): the model and the helpers would otherwise
        sit in memory beside the whole run."""
        started = []

        def hook(done: int, total: int, path: str = "") -> None:
            if not started and path != "embedding" and total > 0 and (
                    total <= WARM_MAX_FILES or done >= total * WARM_HELPERS_AT):
                started.append(True)
                from .embed.indexing import warm_up

                warm_up(self.store, model, helpers=total > WARM_MAX_FILES)
            if progress is not None:
                progress(done, total, path)
        return hook

    def _stoppable(self, progress):
        stop = getattr(self, "_index_stop", None)
        if stop is None:
            return progress

        def checked(done: int, total: int, path: str = "") -> None:
            if stop():
                raise IndexStopped(f"the index run stopped after {done} of {total} "
                                   f"{'embeddings' if path == 'embedding' else 'files'}: "
                                   f"the server is stopping; the next run does the rest")
            if progress is not None:
                progress(done, total, path)
        return checked

    def stop_when(self, check) -> None:
        """Store statements this service runs stop soon after ``check()`` turns true: a
        server's request deadline (:meth:`Session.stopping_when`). SQLite asks it between
        steps of a statement, PostgreSQL cancels the statement on the server."""
        self.store.stop_when(check)

    def stopped(self, exc: BaseException) -> bool:
        """Whether ``exc`` is a store statement stopped by that check."""
        return self.store.stopped(exc)

    def capabilities(self) -> dict:
        """The build's capabilities with the plug-ins' ids (the registry's table), the
        search modes, and this store's embedding model and ranker (each with the reason
        when there is none)."""
        from .search import engine
        from .search.options import MODES

        semantic, rank = engine.semantic_state(self.store), engine.rank_state(self.store)
        store = {"path": store_label(self.db_path), "schema": getattr(self.store, "backend", "sqlite")}
        if self._file:  # a store file's (device, inode): a client tells a replaced file by it
            store["file"] = list(self._file)
        return {**self.build_capabilities(), "model": semantic, "ranker": rank, **self.registered(),
                "search_modes": list(MODES), "semantic": semantic, "rank": rank, "store": store}
