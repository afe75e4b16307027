"""The embedding stage of an index run (called by :meth:`lode.service.Service.index`)."""

from __future__ import annotations

from .models import ModelUnavailable, load_embedder, model_name
from .vectors import embed_workspace, set_model, stored_model


def embed_after_index(store, workspace_id: int, model: str | None = None, progress=None) -> dict:
    """Embed the workspace's chunks that lack a vector for the store's model.

    ``model`` (a name) switches the store to that model; a model asked for by name that
    cannot load raises :class:`ModelUnavailable`. The store's implicit model (or the
    default) missing only skips embedding, with the reason in the result."""
    explicit = model is not None
    name = model_name(model if explicit else stored_model(store.db))
    try:
        embedder = load_embedder(name)
    except ModelUnavailable as exc:
        if explicit:
            raise
        return {"skipped": exc.message, "model": name}
    if stored_model(store.db) != name:
        set_model(store, name)
    return embed_workspace(store, embedder, workspace_id, progress)
