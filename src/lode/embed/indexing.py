"""The embedding stage of an index run (called by :meth:`lode.service.Service.index`)."""

from __future__ import annotations

import sys
import threading

from . import evidence
from .models import ModelUnavailable, load_embedder, model_id, model_name
from .vectors import embed_workspace, set_model, stored_model


def embed_after_index(store, workspace_id: int, model: str | None = None, progress=None,
                      generation: int | None = None) -> dict:
    """Embed the workspace's chunks that lack a vector for the store's model, then build
    its code-embedding evidence (:mod:`.evidence`) if the run changed it.

    ``model`` (a name) switches the store to that model; a model asked for by name that
    cannot load raises :class:`ModelUnavailable`. The store's implicit model (or the
    default) missing only skips embedding, with the reason in the result."""
    result = _embed(store, workspace_id, model, progress, generation)
    # The code-embedding evidence for descriptions (its own index; see .evidence).
    result["evidence"] = evidence.build(store, workspace_id, generation)
    return result


# Models being loaded ahead of the embedding stage, by name (see warm_up).
_warming: dict[str, threading.Thread] = {}
_warming_lock = threading.Lock()


def warm_up(store, model: str | None = None, helpers: bool = False) -> None:
    """Start loading the model the embedding stage will use (as :func:`_embed` names
    it), in a background thread, while the run's files are still being chunked: the
    index process mostly waits for its workers then, and the load (numpy, the model,
    the tokenizers library: ~0.2 s) no longer follows the indexing. The stage
    waits for the thread before it embeds. A model that cannot load is left for the
    stage to load again and report. ``helpers``: a large run's, whose stage will hand its
    texts to helper processes: they are started too (:func:`.helpers.warm`)."""
    try:
        name = model_name(model if model is not None else stored_model(store))
    except Exception:  # noqa: BLE001 - an unknown name: the stage says so
        return

    def load() -> None:
        try:
            # Through the per-call tokenizer a run of few texts uses (vectors.FEW_TEXTS):
            # it maps the vocabulary file and loads the tokenizers library, not the
            # compact tokenizer (~0.2 CPU s), which a larger run loads at its first batch.
            embedder = load_embedder(name)
            if helpers:
                from .helpers import warm

                warm(embedder, name)
            else:
                getattr(embedder, "embed_query", embedder.embed)(["func warmUp() {}"])
        except Exception:  # noqa: BLE001 - reported by the stage's own load
            pass
    with _warming_lock:  # started before another run's stage can find it and wait for it
        if name in _warming:
            return
        thread = _warming[name] = threading.Thread(target=load, name="lode-embed-warm-up", daemon=True)
        thread.start()


def _warmed(name: str) -> None:
    """Wait for a warm-up of ``name`` under way: every stage that would embed with the
    model waits (its warm-up thread is embedding a line with it)."""
    with _warming_lock:
        thread = _warming.get(name)
    if thread is not None:
        thread.join()
        with _warming_lock:
            if _warming.get(name) is thread:
                del _warming[name]


def settle() -> None:
    """After an index run: wait for any warm-up still under way and end the helpers it
    started that no stage took (the run failed, stopped, or had nothing to embed)."""
    with _warming_lock:
        names = list(_warming)
    for name in names:
        _warmed(name)
    helpers = sys.modules.get(f"{__package__}.helpers")  # (loaded only when a warm-up or stage used it)
    if helpers is not None:
        helpers.discard()


def _embed(store, workspace_id: int, model: str | None, progress, generation: int | None) -> dict:
    explicit = model is not None
    name = model_name(model if explicit else stored_model(store))
    # A workspace whose generation did not move since its last complete embedding run with
    # this model has nothing to embed: skip the scans (a no-op re-index of Go's 100k
    # chunks would otherwise spend ~1 s proving it) and do not even load the model
    # (another ~1 s and ~450 MB). The model id is known without loading the model.
    mid = model_id(name)
    mark = f"{mid}@{generation}" if generation is not None else None
    last = store.vectors.setting(f"embedded:{workspace_id}")
    same_model = stored_model(store) == name
    if mark is not None and same_model and last == mark:
        return {"model": mid, "embedded": 0, "reclaimed": 0, "embed_seconds": 0.0, "seconds": 0.0,
                "cpu_seconds": 0.0, "texts_per_second": None, "up_to_date": True}
    # The last complete run with this model left no chunk without a vector: only files
    # written since its generation can lack one (Go's tree: 200 ms -> 7 ms to find them).
    since = _generation_of(last, mid) if mark is not None and same_model else None
    _warmed(name)
    try:
        embedder = load_embedder(name)
    except ModelUnavailable as exc:
        if explicit:
            raise
        return {"skipped": exc.message, "model": name}
    if stored_model(store) != name:
        set_model(store, name)
    result = embed_workspace(store, embedder, workspace_id, progress, since)
    if result["embedded"]:
        # What a search's query needs built once (lode.embed.vocab), while the model is here.
        getattr(embedder, "prepare_queries", lambda: None)()
    if mark is not None:
        store.vectors.set_settings({f"embedded:{workspace_id}": mark})
    return result


def _generation_of(mark: str | None, mid: str) -> int | None:
    """The generation of an ``embedded:`` mark (``<model id>@<generation>``) written for
    model ``mid``, else None."""
    model, _, generation = (mark or "").rpartition("@")
    return int(generation) if model == mid and generation.isdigit() else None
