"""Helper processes for a large embedding run.

A run with many texts to embed starts one helper process per core (through the fork
server the index workers come from, so it is safe beside threads), each loading the
same model; this process reads the texts, hands them out a batch at a time and writes
every vector. The same code embeds on both sides, so the vectors are the ones this
process would make; and this process, which carries what the index run left, never
loads the model's tokenizer (~120 MB). Texts that need a larger tokenizer come last, to
the same helpers, each batch naming the characters the larger one must hold (each
helper then swaps its tokenizer once). A helper that fails only costs its batch being
embedded here; helpers exit with this process, even when it is killed outright.
"""

from __future__ import annotations

import os
import signal
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from concurrent.futures import Future

    import numpy as np

HELPED_TEXTS = 20_000   # fewer texts to embed than this: this process embeds them alone
MAX_HELPERS = 3         # helper processes at most (else one per core)

_warm: dict = {}        # in the indexing process: Helpers started ahead of a stage (warm), by model name

_embedder = None        # in a helper: its model (or why it could not load)
_reported = 0.0         # in a helper: its CPU seconds reported so far


class Helpers:
    """A pool of helper processes embedding texts with the model called ``name``."""

    def __init__(self, name: str, count: int):
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        self.size = count
        ctx = multiprocessing.get_context("forkserver")
        self._pool = ProcessPoolExecutor(max_workers=count, mp_context=ctx, initializer=_start,
                                         initargs=(os.getpid(), name))

    def submit(self, texts: list[str], characters: str = "") -> Future | None:
        """A future of :func:`_embed`'s answer for ``texts`` (holding ``characters``
        outside the compact alphabet, for which :func:`prepare` built a tokenizer), or
        None once the helpers are broken (a helper died, or could not load the model)."""
        from concurrent.futures.process import BrokenProcessPool

        try:
            return self._pool.submit(_embed, texts, characters)
        except (BrokenProcessPool, RuntimeError):
            return None

    def submit_ready(self) -> None:
        """Have a helper start and load what a batch needs (:func:`_ready`)."""
        from concurrent.futures.process import BrokenProcessPool

        try:
            self._pool.submit(_ready)
        except (BrokenProcessPool, RuntimeError):
            pass

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def start(embedder, name: str, texts: int) -> Helpers | None:
    """Helpers for embedding ``texts`` texts with ``embedder`` (loaded as ``name``), one
    per core up to :data:`MAX_HELPERS` (the ones :func:`warm` started, if any); None
    when this process had better embed them alone (fewer than :data:`HELPED_TEXTS`
    texts, one core, or a model that does not run in helpers)."""
    warmed = _warm.pop(name, None)
    count = _count(embedder)
    if texts < HELPED_TEXTS or count < 2:
        if warmed is not None:
            warmed.close()
        return None
    if warmed is not None:
        return warmed
    prepare(embedder, "")
    return Helpers(name, count)


def warm(embedder, name: str) -> None:
    """Start the helpers a large index run's embedding stage will use, before the stage:
    each loads the model and its compact tokenizer while the run's last files are
    chunked, not in the stage (Go's tree: ~0.5 s of its ~5 s). :func:`start` hands
    them to the stage; :func:`discard` ends them when no stage comes."""
    count = _count(embedder)
    if count < 2 or name in _warm:
        return
    prepare(embedder, "")
    pool = Helpers(name, count)
    for _ in range(count):  # (the pool starts a process for each task it cannot give an idle one)
        pool.submit_ready()
    _warm[name] = pool


def discard() -> None:
    """End the helpers :func:`warm` started that no stage took (the run failed or stopped)."""
    while _warm:
        _warm.popitem()[1].close()


def _count(embedder) -> int:
    """Helpers a large run of ``embedder`` starts: one per core up to :data:`MAX_HELPERS`;
    0 for a model that does not run in helpers."""
    return min(os.cpu_count() or 1, MAX_HELPERS) if getattr(embedder, "in_helpers", False) else 0


def prepare(embedder, characters: str) -> None:
    """Build the tokenizer for texts holding ``characters`` here, once, not once by
    each helper (they read it from the cache folder)."""
    build = getattr(embedder, "build_tokenizer", None)
    if build is not None:
        build(characters)


def _start(parent_pid: int, name: str) -> None:
    from ..workspace.orphans import follow
    from .models import load_embedder

    follow(parent_pid)
    # Ctrl-C reaches the whole process group: the indexing process handles it (and ends
    # the helpers); a helper printing its own KeyboardInterrupt would only add noise.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The helpers already keep every core busy: the tokenizer's own threads would only
    # add CPU (Go's tree embedded in one process: 5.1-5.5 -> 4.6-5.0 CPU s, same wall).
    os.environ["TOKENIZERS_PARALLELISM"] = "false"
    global _embedder
    try:
        _embedder = load_embedder(name)
    except Exception as exc:  # said by each answer (no traceback on the indexer's terminal)
        _embedder = exc


def _ready() -> None:
    """Load the tokenizer a first batch would (the model loaded as the helper started);
    the CPU spent counts in the helper's first answer."""
    if not isinstance(_embedder, Exception):
        _embedder.embed(["func warmUp() {}"])


def _embed(texts: list[str], characters: str = "") -> tuple[np.ndarray, float, float]:
    """The vectors of ``texts`` (holding ``characters`` outside the compact alphabet),
    the CPU seconds this helper spent since its last answer (its start, loading the
    model, counts in the first) and its peak RSS in MB."""
    import resource

    global _reported
    if isinstance(_embedder, Exception):
        raise RuntimeError(f"the helper could not load the model: {_embedder}")
    if characters:
        # the larger tokenizer replaces the smaller one at the first such batch
        getattr(_embedder, "expect_characters", lambda chars: None)(characters)
    vectors = _embedder.embed(texts).astype("<f4", copy=False)
    now = time.process_time()
    spent, _reported = now - _reported, now
    return vectors, spent, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
