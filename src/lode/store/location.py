"""Where the store lives: ``--db PATH``, else ``$LODE_DB``, else a per-user default
(``$XDG_DATA_HOME/lode/lode.db``, i.e. ``~/.local/share/lode/lode.db``). Defined in
:mod:`lode.config` with the other environment variables; imported here by its old path."""

from __future__ import annotations

from ..config import default_db_path, resolve_db_path

__all__ = ["default_db_path", "resolve_db_path"]
