"""Helper processes for a large embedding run.

The static model embeds in one process, the tokenizer's Rust threads aside, so after a
full index of a large tree one core would sit idle for the whole embedding stage. A
run with many texts to embed starts helper processes (through the fork server the
index workers come from, so it is safe beside threads), each loading the same model;
this process reads the texts, hands some batches to the helpers, embeds the others
itself and writes every vector. The same code embeds on both sides, so the vectors
are the ones this process would make. A helper that fails only costs its batch being
embedded here; helpers exit with this process, even when it is killed outright.
"""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concurrent.futures import Future

    import numpy as np

HELPED_TEXTS = 20_000   # fewer texts to embed than this: this process embeds them alone
MAX_HELPERS = 3         # helper processes at most (one fewer than the cores otherwise)

_embedder = None        # in a helper: its model (or why it could not load)
_reported = 0.0         # in a helper: its CPU seconds reported so far


class Helpers:
    """A pool of helper processes embedding texts with the model called ``name``."""

    def __init__(self, name: str, count: int, characters: str = ""):
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        self.size = count
        ctx = multiprocessing.get_context("forkserver")
        self._pool = ProcessPoolExecutor(max_workers=count, mp_context=ctx, initializer=_start,
                                         initargs=(os.getpid(), name, characters))

    def submit(self, texts: list[str]) -> Future | None:
        """A future of (float32 vectors, the helper's CPU seconds) for ``texts``, or
        None once the helpers are broken (a helper died, or could not load the model)."""
        from concurrent.futures.process import BrokenProcessPool

        try:
            return self._pool.submit(_embed, texts)
        except (BrokenProcessPool, RuntimeError):
            return None

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def start(embedder, name: str, texts: int) -> Helpers | None:
    """Helpers for embedding ``texts`` texts with ``embedder`` (loaded as ``name``), or
    None when this process had better embed them alone (few texts, one core, or a model
    that does not run in helpers)."""
    count = min((os.cpu_count() or 1) - 1, MAX_HELPERS)
    if texts < HELPED_TEXTS or count < 1 or not getattr(embedder, "in_helpers", False):
        return None
    characters = getattr(embedder, "expected_characters", None)
    return Helpers(name, count, characters() if characters else "")


def _start(parent_pid: int, name: str, characters: str) -> None:
    from ..workspace.orphans import follow
    from .models import load_embedder

    follow(parent_pid)
    global _embedder
    try:
        _embedder = load_embedder(name)
    except Exception as exc:  # said by each answer (no traceback on the indexer's terminal)
        _embedder = exc
        return
    expect = getattr(_embedder, "expect_characters", None)
    if expect is not None:
        expect(characters)  # the tokenizer the parent prepared (read from the cache folder)


def _embed(texts: list[str]) -> tuple[np.ndarray, float]:
    """The vectors of ``texts`` and the CPU seconds this helper spent since its last
    answer (its start, loading the model, counts in the first)."""
    global _reported
    if isinstance(_embedder, Exception):
        raise RuntimeError(f"the helper could not load the model: {_embedder}")
    vectors = _embedder.embed(texts).astype("<f4", copy=False)
    now = time.process_time()
    spent, _reported = now - _reported, now
    return vectors, spent
