"""Vectors in the store: which model, what is missing, embedding it, reclaiming garbage.

A vector is keyed by (model id, ``chunks.embed_hash``): the hash of exactly the text
embedded. Embedding a workspace asks the store for the distinct hashes its chunks use
that have no vector for the model yet, embeds their texts in batches (one transaction
per batch, so a kill loses at most one batch), and bumps ``epoch`` so searchers reload.
Reclaiming deletes, a batch at a time, vectors of other models and vectors no chunk
points at any more. The queries are the store's (``store.vectors``,
:mod:`lode.store.vectors`).
"""

from __future__ import annotations

import time
from collections import deque
from contextlib import closing

TYPE_CHECKING = False  # (typing itself is ~12 M instructions of a search)
if TYPE_CHECKING:
    from typing import Callable

    import numpy as np

    Progress = Callable[[int, int, str], None]

from .models import MODELS, Embedder, model_name

EMBED_BATCH = 2048      # texts per embed call and per store transaction
# A run embedding at most this many texts (a re-index of a few changed files) cuts
# them with per-call tokenizers of only their pieces (StaticEmbedder.embed_query), the
# same vectors, instead of loading the compact tokenizer. Go chunk texts, CPU s in one
# process, loaded tokenizer against per-call: 10 0.14 / 0.004, 100 0.15 / 0.04, 1000
# 1.04-1.25 / 0.67-0.74, 1500 1.45-1.55 / 1.14-1.25, 2000 1.36-1.42 / 1.31-1.60, 2500
# 1.41-1.63 / 1.49-1.61, 3000 1.44 / 1.69, 6000 1.70 / 3.57.
FEW_TEXTS = 2000
RECLAIM_BATCH = 5000    # vectors deleted per transaction
# A helper's CPU per character of a text embedded last (outside the compact alphabet:
# longer texts, more new words) against one of the others: Go's tree, one process,
# 0.37 against 0.22 us. Sizes the other texts kept back for the other helpers.
LATE_COST = 1.7
# Characters of texts kept back for that at most (2-4 bytes each here): more deferred
# texts than these balance go to every helper, as batches, and nothing is kept back.
HELD_CHARS = 10_000_000


def stored_model(store) -> str | None:
    """The model name this store embeds with (set by the last embedding run)."""
    return store.vectors.setting("model")


def stored_vectors(store) -> tuple[str, int] | None:
    """(model id, dim) of the vectors the last embedding run wrote, or None."""
    mid, dim = store.vectors.setting("model_id"), store.vectors.setting("dim")
    return (mid, int(dim)) if mid and dim else None


def set_model(store, name: str) -> None:
    store.vectors.set_settings({"model": model_name(name)})


def epoch(store) -> int:
    return store.vectors.epoch()


def missing(store, model_id: str, workspace_id: int | None = None,
            since_generation: int | None = None) -> list[str]:
    """Distinct embed hashes used by the workspace's chunks (every workspace when None)
    that have no vector for ``model_id`` (only in files written after
    ``since_generation``, when given)."""
    return store.vectors.missing(model_id, workspace_id, since_generation)


def embed_workspace(store, embedder: Embedder, workspace_id: int | None = None,
                    progress: Progress | None = None, since_generation: int | None = None) -> dict:
    """Embed every chunk text of the workspace that has no vector for ``embedder`` yet
    (looking only at files written after ``since_generation``, when an earlier run left
    none missing up to it), then reclaim garbage. Returns counts and timings (CPU
    seconds include the helper processes', :mod:`.helpers`)."""
    started = time.monotonic()
    cpu0 = time.process_time()
    # The texts come with the hashes when the store reads both in one pass (SQLite's);
    # otherwise a batch at a time, by hash.
    both = getattr(store.vectors, "missing_texts", None)
    known = both(embedder.id, workspace_id, since_generation) if both is not None else None
    todo = list(known) if known is not None else missing(store, embedder.id, workspace_id, since_generation)
    total, done = len(todo), 0
    # A large run embeds the texts that may need a larger tokenizer last, all at once,
    # so the model sizes it once for all of them (lode.embed.compact) instead of
    # growing it batch by batch (or falling back to its largest one); a small run's
    # batch sizes it itself.
    last = getattr(embedder, "embed_last", None) if total > EMBED_BATCH else None
    if progress:
        progress(0, total, "embedding")
    # seconds embedding (or waiting for helpers); the helpers' CPU seconds, count, peak RSS (MB)
    clock = [0.0, 0.0, 0, 0.0]
    with closing(_embedded(store, embedder, todo, clock, last, known)) as batches:
        for count, keys, vecs in batches:
            store.vectors.add(embedder.id, embedder.dim, [(h, v.tobytes()) for h, v in zip(keys, vecs)])
            done += count
            if progress:
                progress(done, total, "embedding")
    store.vectors.set_settings({"model_id": embedder.id, "dim": str(embedder.dim)})
    reclaimed = reclaim(store, embedder.id)
    return {"model": embedder.id, "embedded": total, "reclaimed": reclaimed,
            "embed_seconds": round(clock[0], 3),
            "seconds": round(time.monotonic() - started, 3),
            "cpu_seconds": round(time.process_time() - cpu0 + clock[1], 3),
            "helpers": clock[2], "helper_peak_rss_mb": round(clock[3]),
            "texts_per_second": round(total / clock[0], 1) if clock[0] > 0 else None}


def _embedded(store, embedder: Embedder, todo: list[str], clock: list[float], last=None,
              known: dict[str, str] | None = None):
    """(hashes accounted for, hashes with a text, their vectors) per batch of ``todo``,
    in the order they are ready. A large run hands the batches to helper processes
    (:mod:`.helpers`), at most two waiting per helper; otherwise, or when a helper
    fails, they are embedded here. Texts ``last`` picks wait for the end, and go to
    the same helpers with the characters their larger tokenizer must hold: to one
    helper, in one batch, when enough of the other texts were kept back to keep the
    other helpers busy meanwhile (see :func:`_late_to_one`). ``known``: the text of
    each hash of ``todo``, when already read (else read a batch at a time)."""
    from . import helpers

    name = _name_of(embedder)
    pool = helpers.start(embedder, name, len(todo))
    clock[2] += pool.size if pool is not None else 0
    pending: deque = deque()
    deferred: list[tuple[str, str]] = []
    # Batches kept back while texts are deferred (with helpers only), and characters.
    held: deque = deque()
    sizes = {"held": 0, "late": 0}
    others = pool.size - 1 if pool is not None and last is not None else 0

    few = getattr(embedder, "embed_query", None) if len(todo) <= FEW_TEXTS else None
    embed = few or embedder.embed

    def timed(texts):
        t = time.perf_counter()
        vecs = embed(texts).astype("<f4", copy=False)
        clock[0] += time.perf_counter() - t
        return vecs

    def collect():
        """The oldest batch a helper is done with, waiting for the first to finish when
        none is: a batch that takes long (the deferred texts, to one helper) does not
        hold back the writing of the ones the other helpers finish meanwhile."""
        done = next((i for i, p in enumerate(pending) if p[3].done()), None)
        if done is None:
            from concurrent.futures import FIRST_COMPLETED, wait

            t = time.perf_counter()
            wait([p[3] for p in pending], return_when=FIRST_COMPLETED)
            clock[0] += time.perf_counter() - t
            done = next(i for i, p in enumerate(pending) if p[3].done())
        count, keys, texts, future = pending[done]
        del pending[done]
        t = time.perf_counter()
        try:
            vecs, cpu, peak = future.result()
            clock[0] += time.perf_counter() - t
            clock[1] += cpu
            clock[3] = max(clock[3], peak)
        except Exception:  # a helper that failed: its batch is embedded here
            vecs = timed(texts)
        return count, keys, vecs

    def hand(pool, count, keys, texts, characters="", wait=True):
        """Give a batch to ``pool`` (after the oldest one waiting, if it has enough and
        ``wait``), or embed it here when there are no helpers (or they broke)."""
        if pool is not None:
            while wait and len(pending) >= 2 * pool.size:
                yield collect()
            future = pool.submit(texts, characters)
            if future is not None:
                pending.append((count, keys, texts, future))
                return
        yield count, keys, timed(texts)

    def keep_back(count, keys, texts):
        """Hold the batch while the held texts are needed to balance the deferred ones;
        hand out the oldest held batches that are no longer needed."""
        held.append((count, keys, texts, sum(map(len, texts))))
        sizes["held"] += held[-1][3]
        need = sizes["late"] * LATE_COST * others
        want = need if need <= HELD_CHARS else 0
        while held and sizes["held"] - held[0][3] >= want:
            count, keys, texts, chars = held.popleft()
            sizes["held"] -= chars
            yield from hand(pool, count, keys, texts)

    try:
        for i in range(0, len(todo), EMBED_BATCH):
            part = todo[i:i + EMBED_BATCH]
            # (taken out of ``known`` as they go: the texts are freed once embedded)
            found = {h: known.pop(h, None) for h in part} if known is not None else store.vectors.texts(part)
            keys = [h for h in part if found.get(h)]
            count = len(part)
            if last is not None:
                now = []
                for h in keys:
                    if last(found[h]):
                        deferred.append((h, found[h]))
                        sizes["late"] += len(found[h])
                    else:
                        now.append(h)
                count -= len(keys) - len(now)
                keys = now
            if others:
                yield from keep_back(count, keys, [found[h] for h in keys])
            else:
                yield from hand(pool, count, keys, [found[h] for h in keys])
            while any(p[3].done() for p in pending):
                yield collect()
        if deferred:
            getattr(embedder, "prepare", lambda texts: None)(t for _, t in deferred)  # their characters
            characters = ""
            if pool is not None:
                # The helpers already running embed them too, each loading the larger
                # tokenizer once: a fresh helper for them alone (Go's tree: 7.5k of 102k
                # texts) took 1.8 s after the others were done, one core idle.
                characters = embedder.expected_characters()
                helpers.prepare(embedder, characters)
            one = bool(others) and _late_to_one(sizes["late"], sizes["held"], others)
            if one:
                # Ahead of the kept-back batches, which go out at once (not waiting for
                # this one, the oldest) to the other helpers.
                yield from hand(pool, len(deferred), [h for h, _ in deferred], [t for _, t in deferred],
                                characters, wait=False)
                deferred = []
            while held:  # (the deferred texts, unless handed out above, after these)
                count, keys, texts, _ = held.popleft()
                yield from hand(pool, count, keys, texts, wait=not one)
            for i in range(0, len(deferred), EMBED_BATCH):
                part = deferred[i:i + EMBED_BATCH]
                yield from hand(pool, len(part), [h for h, _ in part], [t for _, t in part], characters)
        while held:
            count, keys, texts, _ = held.popleft()
            yield from hand(pool, count, keys, texts)
        while pending:
            yield collect()
    finally:
        if pool is not None:
            pool.close()


def _late_to_one(late: int, held: int, others: int) -> bool:
    """Whether the deferred texts (``late`` characters) go to one helper in one batch
    while the ``others`` helpers embed the batches kept back (``held`` characters): then
    only that helper loads the larger tokenizer (Go's tree: 0.3 s of CPU a helper). Not
    when they are too many (a large share of prose in other scripts: one batch would
    take that helper's memory up, the run would end on it), nor when the kept-back
    texts cover less than most of what the others should do meanwhile."""
    need = late * LATE_COST * others
    return need <= HELD_CHARS and held * 5 >= need * 4


def _name_of(embedder: Embedder) -> str:
    """The model name ``embedder`` was loaded under (its id's entry in MODELS)."""
    return next((name for name, (mid, *_) in MODELS.items() if mid == embedder.id), embedder.id)


def reclaim(store, keep_model_id: str, batch: int = RECLAIM_BATCH) -> int:
    """Delete vectors of other models and vectors no chunk uses, ``batch`` per transaction."""
    total = 0
    while True:
        n = store.vectors.reclaim_batch(keep_model_id, batch)
        total += n
        if n < batch:
            return total


def counts(store, model_id: str, workspace_id: int | None = None) -> dict:
    """How many of the workspace's embeddable chunks have a vector for ``model_id``."""
    embeddable, with_vec = store.vectors.counts(model_id, workspace_id)
    return {"embeddable": embeddable, "embedded": with_vec}


def as_matrix(blobs: list[bytes], dim: int) -> np.ndarray:
    import numpy as np

    if not blobs:
        return np.zeros((0, dim), dtype=np.float32)
    return np.frombuffer(b"".join(blobs), dtype="<f4").reshape(len(blobs), dim)
