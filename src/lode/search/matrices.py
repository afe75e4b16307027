"""The vector matrix of a set of workspaces kept in a file beside the store, mapped by
each process that searches them instead of read from the store again.

Reading the matrix from the store (every chunk of the workspaces joined to its vector)
took ~0.6-0.9 s on Go's standard library (110k vectors), in every command-line search
that used vectors without a daemon; the file is mapped in well under a millisecond and
the product with the query reads it from the page cache. The rows are the store's
answer as it was, in its order, so every search gets the same matrix either way.

A file is named by hashes of what the matrix depends on: the store (its path and when
it was made: a store made again at the same path reuses ids), the model and the
workspaces, then their generations and the store's state (the vector epoch and the
newest chunk id with the workspaces' change counters, which any index run or
embedding batch moves). So a file is never stale, only unused: writing one removes
the files of the same workspaces in other states, and at most :data:`KEPT` files (sets
of workspaces searched) are kept, the most recently written. A store that cannot have
files beside it (in memory, a server's, a read-only folder) reads the store every
time, as before.

Layout: the vectors (a ``.npy`` array, float32 [n, dim], its data 64-byte aligned),
then the chunk ids (a ``.npy`` array, int64 [n]).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

try:  # hashlib's blake2b without importing hashlib (its OpenSSL bindings: ~12 M instructions a search)
    from _blake2 import blake2b
except ImportError:  # an interpreter without the module
    from hashlib import blake2b

KEPT = 4  # matrix files (sets of workspaces searched) kept beside a store, the most recently written


def folder(location: str) -> Path:
    return Path(location + ".matrix")


def path(store, key: tuple, state: tuple) -> Path | None:
    """The file for the matrix ``key`` (location, model, the workspaces' ids and
    generations) in ``state``, or None when the store keeps no files."""
    created = getattr(store, "created_at", None)
    if not key[0] or created is None or "://" in key[0]:
        return None
    location, model, workspaces = key  # workspaces: (id, generation) pairs
    which = blake2b(repr((location, created, model, [i for i, _ in workspaces])).encode(), digest_size=8)
    when = blake2b(repr((workspaces, state)).encode(), digest_size=8)
    return folder(location) / f"{which.hexdigest()}-{when.hexdigest()}.npy"


def read(file: Path, dim: int) -> tuple[np.ndarray, np.ndarray] | None:
    """(chunk ids, vectors) from ``file``, the vectors mapped; None when it is missing
    or not a matrix of ``dim`` columns."""
    import mmap

    import numpy as np

    try:
        with open(file, "rb") as f:
            vecs_shape, vecs_at = _header(f)
            if len(vecs_shape) != 2 or vecs_shape[1] != dim:
                return None
            f.seek(vecs_at + vecs_shape[0] * dim * 4)
            ids_shape, ids_at = _header(f)
            if ids_shape != (vecs_shape[0],):
                return None
            if os.fstat(f.fileno()).st_size != ids_at + ids_shape[0] * 8:
                return None
            if not ids_shape[0]:
                return np.zeros(0, dtype=np.int64), np.zeros((0, dim), dtype=np.float32)
            mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    vecs = np.frombuffer(mapped, dtype="<f4", count=vecs_shape[0] * dim, offset=vecs_at).reshape(vecs_shape)
    ids = np.frombuffer(mapped, dtype="<i8", count=ids_shape[0], offset=ids_at)
    return ids.astype(np.int64, copy=False), vecs


def _header(f) -> tuple[tuple, int]:
    """The shape of the ``.npy`` array starting at ``f``'s position (float32 or int64,
    little-endian, C order), and where its data starts."""
    import numpy as np

    version = np.lib.format.read_magic(f)
    if version != (1, 0):
        raise ValueError("another .npy version")
    shape, fortran, dtype = np.lib.format.read_array_header_1_0(f)
    if fortran or dtype.str not in ("<f4", "<i8"):
        raise ValueError("not a matrix file")
    return shape, f.tell()


def write(file: Path, ids: np.ndarray, vecs: np.ndarray) -> None:
    """Keep the matrix in ``file`` (written beside and renamed: a reader sees the whole
    file or none), then remove the same workspaces' files of other states and all but
    the :data:`KEPT` newest. Nothing is kept when the folder cannot be written."""
    import numpy as np

    from ..atomic import replacing

    try:
        with replacing(file, parents=False) as tmp, open(tmp, "wb") as f:
            np.lib.format.write_array(f, np.ascontiguousarray(vecs, dtype="<f4"), version=(1, 0))
            np.lib.format.write_array(f, np.ascontiguousarray(ids, dtype="<i8"), version=(1, 0))
    except OSError:
        return
    _prune(file)


def _prune(kept: Path) -> None:
    which = kept.name.split("-", 1)[0]
    try:
        files = []
        for p in kept.parent.glob("*.npy"):
            if p != kept and p.name.split("-", 1)[0] == which:
                p.unlink(missing_ok=True)  # the same workspaces in an older state
            else:
                files.append((p.stat().st_mtime_ns, p))
        for _, old in sorted(files, reverse=True)[KEPT:]:
            old.unlink(missing_ok=True)
    except OSError:  # another process pruned it first
        pass
