"""A file written beside its target and renamed over it, so a reader sees the whole old
file or the whole new one: the caches lode keeps next to a store or in its cache folder
(vector matrices, the query vocabulary, code-embedding corpora)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def replacing(target: Path, parents: bool = True) -> Iterator[Path]:
    """A temporary path in ``target``'s folder (made when missing, with its own missing
    parents unless ``parents`` is false) to write; renamed to ``target`` when the block
    ends, removed when it raises (the error goes on)."""
    tmp = target.with_name(f".{target.name}.{os.getpid()}")
    try:
        target.parent.mkdir(parents=parents, exist_ok=True)
        yield tmp
        os.replace(tmp, target)
    except BaseException:
        try:
            tmp.unlink(missing_ok=True)
        except OSError:  # its folder could not be made
            pass
        raise
