"""Code-aware tokens shared by the indexer and the query parser.

The identifier splitting and the breadcrumb labels are the lexical index's own
(:mod:`lode.store.tokens`, which the store's migrations use too); re-exported here.
"""

from __future__ import annotations

import re

from ..store.tokens import IDENT, breadcrumb_labels, identifier_parts, idents_for

__all__ = ["IDENT", "breadcrumb_labels", "identifier_parts", "idents_for", "name_key"]


_NAME_SEPARATORS = re.compile(r"\.|::|#|/")


def name_key(name: str | None) -> str | None:
    """The lower-cased last component of a chunk name (``Store.reclaim`` → ``reclaim``)."""
    if not name:
        return None
    last = _NAME_SEPARATORS.split(name)[-1].strip()
    return last.lower() or None
