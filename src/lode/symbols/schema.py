"""The symbol tables now live with the store's other tables
(:mod:`lode.store.schema_symbols`); imported here by their old path."""

from __future__ import annotations

from ..store.schema_symbols import write_file_symbols

__all__ = ["write_file_symbols"]
