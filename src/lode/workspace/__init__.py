"""Workspaces: the rules that say which files are read (:mod:`.config`), the walk that
applies them with nested ``.gitignore`` files (:mod:`.walk`), one file's trip through
read → parse → chunk → symbols (:mod:`.pipeline`), and incremental indexing against the
store (:mod:`.indexer`)."""

from .config import WorkspaceConfig, check_root, check_text_extensions
from .indexer import IndexStats, index_workspace

__all__ = ["WorkspaceConfig", "check_root", "check_text_extensions", "IndexStats", "index_workspace"]
