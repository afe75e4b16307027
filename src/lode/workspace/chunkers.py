"""Which chunker (with its version) a file gets: stored per file, so a chunker change
re-chunks exactly the files it touches.

Apart from :mod:`.pipeline` so that the walk, which compares this id with the store's
for every file, does not import the pipeline (search tokens, grammars' queries): a
no-op re-index never needs it.
"""

from __future__ import annotations

from ..chunking import chunker_id
from ..chunking.derive import deriver_id
from ..chunking.prose import MARKDOWN_ID


def chunker_for(path: str, how: str) -> str:
    """The chunker id a file gets; a change re-chunks it (stored per file)."""
    if how == "derived":
        return f"{deriver_id(path)}+{MARKDOWN_ID}"
    return chunker_id(path)
