"""Where the store lives: ``--db PATH``, else ``$LODE_DB``, else a per-user default
(``$XDG_DATA_HOME/lode/lode.db``, i.e. ``~/.local/share/lode/lode.db``)."""

from __future__ import annotations

import os
from pathlib import Path


def default_db_path() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "lode" / "lode.db"


def resolve_db_path(db: str | os.PathLike | None = None) -> Path:
    if db:
        return Path(db).expanduser()
    env = os.environ.get("LODE_DB")
    if env:
        return Path(env).expanduser()
    return default_db_path()
