"""The symbol index: qualified names → definitions, references, implementations.

- :mod:`.extraction` turns one parsed file into :class:`~.records.FileSymbols`, using
  each language's ``symbols.scm`` and rule table (``lode/languages/<lang>/symbols.py``)
  and its resolver (``lode/languages/<lang>/resolver.py``, looked up by
  :func:`lode.languages.resolver.resolver_for`) for module paths and imports;
  :mod:`.context` holds the per-file state both share.
- :mod:`lode.store.schema_symbols` holds the tables (migration ``0100_symbols``) and the
  per-file writer the store calls inside the indexer's transaction.
- :mod:`.index` answers lookups (:class:`~.index.SymbolIndex`); :mod:`.fuzzy` ranks
  partial names; :mod:`.structure` runs outlines and tree-sitter queries over files.
"""

from __future__ import annotations

import os

TYPE_CHECKING = False  # the records load on first use (see __getattr__)
if TYPE_CHECKING:
    from .records import FileSymbols


def extract(path: str, text: str | bytes, tree, spec, root: str | os.PathLike | None = None,
            packed: bool = False) -> list[FileSymbols]:
    """The indexer's hook: this file's symbol records, as a list holding one
    :class:`FileSymbols` (empty for languages without symbol rules; ``packed``: one
    ``PackedSymbols``, as a worker sends them). ``path`` is relative to the workspace
    ``root``, which is read for module markers (go.mod, ``__init__.py``, Cargo.toml,
    package.json)."""
    from .extraction import extract_symbols
    from .layout import layout_for

    try:
        fs = extract_symbols(path, text, tree, spec, layout_for(root), packed=packed)
    except RecursionError:
        return []
    except Exception:  # an extraction bug costs this file's symbols, never its chunks
        return []
    return [fs] if fs is not None else []


__all__ = ["extract", "FileSymbols", "Symbol", "Link", "Relation"]


def __getattr__(name: str):
    # The records' dataclasses load when one is asked for: a look-up never needs them.
    if name in ("FileSymbols", "Symbol", "Link", "Relation"):
        from . import records

        return getattr(records, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
