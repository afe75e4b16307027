"""Which retrieval a search runs, and why: resolves ``mode`` (lexical | semantic |
hybrid | auto) against what the store holds and what the machine can load, and
``rerank`` against the rankers available.

- ``auto`` is hybrid when the workspaces in scope have vectors and their model loads,
  else lexical (the response's ``semantic`` says why).
- ``semantic`` / ``hybrid`` asked for without vectors or a model fall back to lexical,
  with the reason in ``semantic.reason`` (the search still answers).
- ``rerank``: omitted/false → unranked; ``true``/``"required"`` → a ranker must run,
  else :class:`~lode.errors.RankRequired` (-32070); ``"auto"`` → rank when possible.
  A ranker plug-in (entry point ``lode.rankers``) is the only ranker in use when one is
  installed: probed once per process, and when its probe fails searches that require
  ranking are refused and the others answer unranked, saying why.
"""

from __future__ import annotations

from ..embed import vectors as store_vectors
from ..embed.models import MODELS, ModelUnavailable, load_embedder, model_state
from ..errors import InvalidParams, RankRequired
from .rank import BodyRanker

RERANK_VALUES = (None, False, True, "required", "auto", "optional", "none")


def _name_of(model_id: str) -> str | None:
    for name, (mid, *_rest) in MODELS.items():
        if mid == model_id:
            return name
    return None


class Plan:
    """How a search runs (a plain class, not a dataclass: importing dataclasses, inspect
    behind it, was ~43 M instructions of a command-line search)."""

    __slots__ = ("mode_used", "semantic", "embedder", "model", "matrix", "ranker", "rank")

    def __init__(self, mode_used: str, semantic: dict, embedder: object = None, model: str | None = None,
                 matrix: object = None, ranker: object = None, rank: dict | None = None):
        self.mode_used = mode_used
        self.semantic = semantic
        self.embedder = embedder
        self.model = model
        self.matrix = matrix
        self.ranker = ranker
        self.rank = {} if rank is None else rank


def semantic_state(store=None, workspaces: list | None = None) -> dict:
    """Whether semantic search can run (for ``sys.capabilities`` and responses)."""
    if store is None:
        st = model_state()
        return {**st, "reason": st.get("reason", "available once a workspace is indexed with embeddings")} \
            if not st["available"] else {**st, "note": "per store: needs vectors (lode index embeds by default)"}
    stored = store_vectors.stored_vectors(store)
    if stored is None:
        return {"available": False, "reason": "no vectors in this store: run lode index (without --no-embed)"}
    mid, dim = stored
    name = _name_of(mid)
    if name is None:
        return {"available": False, "id": mid, "reason": f"vectors were made by an unknown model {mid!r}: re-index"}
    out = {"available": True, "model": name, "id": mid, "dim": dim}
    if workspaces is not None:
        from . import semantic  # the vectors' own module (its Matrix a dataclass): not for a lexical search

        out["vectors"] = semantic.vector_count(store, mid, dim, workspaces)
        if not out["vectors"]:
            return {**out, "available": False,
                    "reason": "no vectors for the workspace(s) searched: run lode index (without --no-embed)"}
    st = model_state(name)
    if not st["available"]:
        return {**out, "available": False, "reason": st["reason"]}
    return out


def rank_state(store=None) -> dict:
    st = semantic_state(store) if store is not None else model_state()
    if st.get("available"):
        return {"available": True, "used": False, "ranker": "body", "model": st.get("model")}
    return {"available": False, "used": False,
            "reason": "no ranker can rank: the body ranker needs the embedding model and a store with vectors"
                      + (f" ({st['reason']})" if st.get("reason") else "")}


def _rerank_option(value) -> str | None:
    if value in (None, False, "none"):
        return None
    if value is True or value == "required":
        return "required"
    if value in ("auto", "optional"):
        return "auto"
    raise InvalidParams("invalid params: 'rerank' must be true, false, \"required\" or \"auto\"",
                        data={"param": "rerank"})


_probes: dict[str, str | None] = {}  # ranker plug-in → None when its probe passed, else why


class PluginRanker:
    """A ranker plug-in behind lode's :class:`~.rank.Ranker` protocol (its scores
    checked: one finite number per candidate)."""

    def __init__(self, reg):
        self.reg = reg
        self.id = f"plugin:{reg.name}@{reg.version}"

    def rank(self, query: str, candidates: list[dict]) -> list[float]:
        scores = [float(x) for x in self.reg.impl.rank(query, candidates)]
        if len(scores) != len(candidates):
            raise RankRequired(f"ranker plug-in {self.reg.name!r} (package {self.reg.package}) gave "
                               f"{len(scores)} scores for {len(candidates)} candidates")
        return scores


def _plugin_ranker():
    """(the build's ranker plug-in, None or why it cannot rank), or (None, None)."""
    from ..plugins.registry import registry

    found = registry().plugins("ranker")
    if not found:
        return None, None
    reg = found[0]
    if reg.name not in _probes:
        try:
            ok = reg.impl.probe()
            _probes[reg.name] = None if ok is True else (ok if isinstance(ok, str) and ok else "its probe failed")
        except Exception as exc:
            _probes[reg.name] = f"its probe failed: {type(exc).__name__}: {exc}"
    why = _probes[reg.name]
    return reg, (f"ranker plug-in {reg.name!r} (package {reg.package}) cannot rank: {why}" if why else None)


def plan(store, workspaces: list, mode: str, rerank) -> Plan:
    want_rank = _rerank_option(rerank)
    plugin, plugin_why = _plugin_ranker() if want_rank else (None, None)
    # The vector matrix is only built when vectors will be used (it is cached per epoch,
    # but a lexical search should never pay for loading it).
    sem = semantic_state(store, workspaces if (mode != "lexical" or want_rank) else None)
    p = Plan("lexical", sem)
    if sem.get("available") and (mode != "lexical" or want_rank):
        try:
            p.embedder = load_embedder(sem["model"])
            p.model = sem["model"]
        except ModelUnavailable as exc:
            p.semantic = {**sem, "available": False, "reason": exc.message}
    if p.embedder is not None and mode != "lexical":
        p.mode_used = "hybrid" if mode in ("auto", "hybrid") else "semantic"
    if want_rank and plugin is not None:  # the build's own ranker is the only one in use
        if plugin_why is not None:
            if want_rank == "required":
                raise RankRequired(f"rerank was required but {plugin_why}", data={"param": "rerank"})
            p.rank = {"available": False, "used": False, "ranker": plugin.name, "reason": plugin_why}
        else:
            p.ranker = PluginRanker(plugin)
            p.rank = {"available": True, "used": True, "ranker": p.ranker.id, "package": plugin.package}
    elif want_rank:
        if p.embedder is None:
            if want_rank == "required":
                raise RankRequired("rerank was required but no ranker can rank: "
                                   + p.semantic.get("reason", "the embedding model is unavailable"),
                                   data={"param": "rerank"})
            p.rank = {"available": False, "used": False, "reason": p.semantic.get("reason", "")}
        else:
            p.ranker = BodyRanker(p.embedder)
            p.rank = {"available": True, "used": True, "ranker": p.ranker.id}
    else:  # nothing asked, nothing probed: whether a ranker could run is sys.capabilities' to say
        p.rank = {"requested": False, "used": False, "reason": "rerank not requested"}
    return p
