"""Workspaces: the rules that say which files are read (:mod:`.config`), the walk that
applies them with nested ``.gitignore`` files (:mod:`.walk`), one file's trip through
read → parse → chunk → symbols (:mod:`.pipeline`), and incremental indexing against the
store (:mod:`.indexer`)."""

__all__ = ["WorkspaceConfig", "check_root", "check_text_extensions", "IndexStats", "index_workspace"]


def __getattr__(name: str):
    # The rules (and their dataclass) load on first use too: a symbol look-up imports
    # this package only for .roots.
    if name in ("WorkspaceConfig", "check_root", "check_text_extensions"):
        from . import config

        return getattr(config, name)
    # The indexer (chunkers, markdown-it, …) loads when indexing is asked for: a symbol
    # look-up that only needs the rules should not pay ~50 ms for it.
    if name in ("IndexStats", "index_workspace"):
        from . import indexer

        return getattr(indexer, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
