"""The search engine as named, timed stages:

    options → parse → plan → candidates → score → fuse → diversify → rerank → hydrate

- :mod:`.options` validates every option once (:class:`SearchOptions`);
- :mod:`.query` parses the text (no index needed);
- :mod:`.modes` decides which retrieval runs for ``mode``/``rerank``;
- candidates come from :mod:`.lexical` (FTS5 bm25, names) and :mod:`.semantic` (vectors);
- :mod:`.ranking` turns candidates into scores (path, name, definition, file evidence,
  code-embedding evidence for descriptions from :mod:`lode.embed.evidence`, demotions)
  and diversifies across files;
- :mod:`.fusion` mixes in the semantic side, weighted by the query's length;
- :mod:`.rank` optionally re-scores the top; hydration adds bodies and snippets.

Each hit carries the fields docs/search.md lists plus ``name``, ``language``, ``workspace`` and
``snippet_line``. With ``files`` the answer is ranked files, each with its best chunks.
A search whose filters left no hit carries ``filtered_out``: the filters, and what the
query finds without them (:func:`_hidden`; every interface's note is written from it).
"""

from __future__ import annotations

import time

from ..embed import evidence
from ..tuples import replace
from . import fusion, lexical, modes, rank, ranking
from .filters import Filters
from .options import SearchOptions
from .query import parse
from .snippet import highlighter, snippet

MAX_HIGHLIGHTS = 24   # words marked in snippets (a pasted issue has hundreds)
FILE_CHUNKS = 3   # chunks listed under each file of a `files` answer
FILTER_NAMES = ("paths", "path_globs", "tags_any", "languages", "kinds")


def semantic_state(store=None) -> dict:
    return modes.semantic_state(store)


def rank_state(store=None) -> dict:
    return modes.rank_state(store)


def _ms(t: float) -> float:
    return round((time.perf_counter() - t) * 1000, 3)


def _hidden(store, text: str, q, workspaces, opts: SearchOptions, want: int) -> dict | None:
    """What the filters hid, when a search asks (its filters left no hit, or no chunk
    with a word of the query): the query searched without them, lexically, ranked as any
    search, for its best hit — None without filters, or when the query alone finds
    nothing either. The auto note below and each interface's note (the MCP server's
    "widen the filters") are written from this one record; ``want`` keeps the count
    that of the filtered search's own retrieval."""
    given = {name: list(values) for name in FILTER_NAMES if (values := getattr(opts.filters, name))}
    if not given:
        return None
    alone = replace(opts, filters=Filters(), mode="lexical", rerank=None, files=False, limit=1)
    response, found = _run(store, text, q, workspaces, alone, time.perf_counter(), want)
    if not response["hits"]:
        return None
    cap = max(lexical.CANDIDATES, want * 4)  # what one retrieval reads at most
    first = response["hits"][0]
    return {"filters": given, "chunks": min(found, cap), "more": found >= cap,
            "strategy": response["strategy"],
            "first": {"path": first["path"], "workspace": first["workspace"], "line_start": first["line_start"]}}


def _filters_note(hidden: dict | None) -> str | None:
    """auto's note when the filters, not the index, left no word hit."""
    if hidden is None or hidden["strategy"] == "substring":
        return None  # no word of it is indexed anywhere
    count = f"{hidden['chunks']}" + (" or more" if hidden["more"] else "")
    named = ", ".join(f"{name}={','.join(values)}" for name, values in hidden["filters"].items())
    return (f"auto: the filters ({named}) removed every chunk with a word of the query; the query alone "
            f"finds {count} chunks, so semantic neighbours were not used")


def _auto(store, workspaces, opts, plan, candidates, info, want, hidden):
    """auto: the lexical ranking answers; vectors fill in only when the words find fewer
    chunks than asked for. (Fused into every ranking, the default static vectors lowered
    NDCG on the semble dev split at every weight tried: docs/search.md.) When no word
    of the query occurs anywhere, or it has no words (`:=`, `claimVec`), auto answers
    with what the text matches rather than unrelated neighbours (ask for semantic or
    hybrid to see them). ``hidden()``: what the filters hid (:func:`_hidden`)."""
    if not candidates or info.get("strategy") == "substring":
        if not plan.semantic.get("available"):
            return plan  # no note to write (and no retrieval for one)
        note = _filters_note(hidden()) or \
            "auto: no word of the query is indexed, so semantic neighbours were not used"
    elif len(candidates) >= want:
        note = "auto: the words found enough; vectors fill in only when they find fewer than the limit"
    else:
        return modes.plan(store, workspaces, "hybrid", opts.rerank)
    if plan.semantic.get("available"):
        plan.semantic = {**plan.semantic, "note": note}
    return plan


def search(store, text: str, workspaces: list, **options) -> dict:
    """Run a search over ``workspaces`` (store rows). Returns the search response (docs/search.md)."""
    t0 = time.perf_counter()
    opts = SearchOptions.build(text, options)
    q = parse(text)
    opts.filters.chunk_filter()  # malformed path_globs are refused before any work
    return _run(store, text, q, workspaces, opts, t0)[0]


def _run(store, text: str, q, workspaces: list, opts: SearchOptions, t0: float,
         want: int | None = None) -> tuple[dict, int]:
    """The search's stages after parsing: the response, and how many chunks the lexical
    retrieval found. ``want``: the retrieval's size, when not the options' own."""
    timings = {"parse": _ms(t0)}

    t = time.perf_counter()
    # auto starts lexical: vectors are loaded only if the words find too little (below).
    plan = modes.plan(store, workspaces, "lexical" if opts.mode == "auto" else opts.mode, opts.rerank)
    timings["plan"] = _ms(t)

    # -- candidates ---------------------------------------------------------------
    t = time.perf_counter()
    want = want or (opts.limit * FILE_CHUNKS if opts.files else opts.limit)
    candidates, info = [], {"strategy": "semantic"}
    if plan.mode_used in ("lexical", "hybrid"):
        candidates, info = lexical.retrieve(store, q, [w.id for w in workspaces], opts.filters, want)
    timings["lexical"] = _ms(t)
    unfiltered: list = []  # _hidden's record, made at most once per search

    def hidden() -> dict | None:
        if not unfiltered:
            unfiltered.append(_hidden(store, text, q, workspaces, opts, want))
        return unfiltered[0]

    if opts.mode == "auto":
        plan = _auto(store, workspaces, opts, plan, candidates, info, want, hidden)
    nearest: list[tuple[int, float]] = []
    if plan.mode_used in ("semantic", "hybrid"):
        from . import semantic as semantic_retrieval  # not for a lexical search

        t = time.perf_counter()
        nearest, sinfo = semantic_retrieval.retrieve(store, plan.embedder, text, workspaces, opts.filters,
                                                     max(semantic_retrieval.CANDIDATES, want * 2))
        timings["semantic"] = _ms(t)
        timings["embed_query"] = sinfo["embed_query_ms"]

    # -- score, fuse, diversify -----------------------------------------------------
    t = time.perf_counter()
    lex = {c.id: c.bm25 for c in candidates}
    exports = lexical.reexports(store, q, [w.id for w in workspaces]) if plan.mode_used != "semantic" else []
    for cid in exports:
        lex.setdefault(cid, 0.0)
    rows = ranking.load_rows(store, list(dict.fromkeys(list(lex) + [i for i, _ in nearest])))
    if exports:
        # The re-export links know nothing of the filters (the candidates were found
        # through them): a link's chunk the filters refuse is dropped here.
        admit = opts.filters.chunk_filter()
        refused = [cid for cid in exports if cid in rows and not admit.admits(rows[cid])]
        for cid in refused:
            del lex[cid], rows[cid]
        exports = [cid for cid in exports if cid not in refused]
    literals = [p.text for p in q.phrases if p.text.strip()]
    if not q.terms and not q.phrases and q.raw.strip():
        literals.append(q.raw.strip())
    bodies = ranking.load_bodies(store, list(lex)) if literals or q.code_lines else {}
    tails = ranking.continuation_ids(store, rows)
    sem = {i: s for i, s in nearest if i in rows}
    if plan.mode_used == "semantic":
        scored = [ranking.Scored(i, s, 0, 0.0, rows[i], ["semantic"]) for i, s in sem.items()]
    else:
        # A description (not an identifier, not a pasted text) in auto mode: how well
        # each file reads like it by code embeddings is a ranking feature.
        files = None
        if opts.mode == "auto" and q.shape == "words" and lex:
            te = time.perf_counter()
            files = evidence.file_scores(store, workspaces, text)
            timings["evidence"] = _ms(te)
        scored = ranking.score({i: rows[i] for i in lex if i in rows}, lex, q, literals, bodies, tails, files)
        ranking.reexported(scored, exports)
        # A pasted text: a split definition is one hit, scored whole (lexical.fold_splits).
        scored = lexical.fold_splits(scored, info.get("splits") or {})
        sem = lexical.fold_split_cosines(sem, info.get("splits") or {}, rows)
        if plan.mode_used == "hybrid" and sem and opts.mode == "auto":
            scored = fusion.fill(scored, sem, rows)
        elif plan.mode_used == "hybrid" and sem:
            w = fusion.dense_weight(len(q.content) + len(q.phrases), plan.model or "")
            timings["fusion_weight"] = w
            scored = fusion.mix(scored, sem, rows, w)
    timings["score"] = _ms(t)
    t = time.perf_counter()
    # Semantic mode is the vectors' own order; the files answer groups by file itself.
    factor = ranking.TEXT_DIVERSITY if q.shape == "text" else None
    ordered = ranking.diversify(scored, factor) if plan.mode_used != "semantic" and not opts.files else \
        sorted(scored, key=lambda s: (-s.score, s.row["path"], s.row["byte_start"]))
    if q.shape == "text" and plan.mode_used != "semantic" and not opts.files:
        ordered = ranking.deepen(ordered)
    timings["diversify"] = _ms(t)

    # -- rerank -----------------------------------------------------------------------
    rank_scores: dict[int, float] = {}
    if plan.ranker is not None and ordered:
        t = time.perf_counter()
        top = ordered[:max(rank.TOP_N, want)]
        top_bodies = ranking.load_bodies(store, [s.id for s in top])
        ranked = plan.ranker.rank(text, [{"score": s.score, "breadcrumb": s.row["breadcrumb"],
                                          "body": top_bodies.get(s.id, "")} for s in top])
        order = sorted(range(len(top)), key=lambda i: -ranked[i])
        rank_scores = {top[i].id: ranked[i] for i in range(len(top))}
        ordered = [top[i] for i in order] + ordered[len(top):]
        timings["rank"] = _ms(t)

    # -- hydrate ------------------------------------------------------------------------
    t = time.perf_counter()
    by_ws = {w.id: w for w in workspaces}
    pattern = highlighter(q.highlights[:MAX_HIGHLIGHTS])
    top_score = max((s.score for s in ordered), default=0.0)
    if opts.files:
        groups: dict[int, list] = {}
        for s in ordered:
            g = groups.setdefault(s.row["file_id"], [])
            if len(g) < FILE_CHUNKS:
                g.append(s)
        picked = sorted(groups.values(), key=lambda g: -g[0].score)[:opts.limit]
        chosen = [s for g in picked for s in g]
    else:
        picked, chosen = [], ordered[:opts.limit]
    full = ranking.load_bodies(store, [s.id for s in chosen])

    def hit(s) -> dict:
        row = s.row
        snip, snip_line = snippet(full.get(s.id, ""), pattern, row["line_start"])
        out = {
            "path": row["path"], "workspace": by_ws[row["workspace_id"]].name, "breadcrumb": row["breadcrumb"],
            "snippet": snip, "snippet_line": snip_line, "kind": row["kind"], "name": row["name"],
            "language": row["language"],
            "byte_start": row["byte_start"], "byte_end": row["byte_end"],
            "line_start": row["line_start"], "line_end": row["line_end"],
            "score": round(s.score, 6), "relevance": round(min(1.0, s.score / top_score) if top_score > 0 else 0.0, 6),
            "via": s.via, "hold": row.get("hold") or "", "generation": row["generation"],
        }
        if s.id in rank_scores:
            out["rank_score"] = round(rank_scores[s.id], 6)
        return out

    response = {
        "query": text, "mode_used": plan.mode_used, "terms": list(q.highlights[:MAX_HIGHLIGHTS]),
        "shape": q.shape, "strategy": info["strategy"], "workspaces": [w.name for w in workspaces],
        "semantic": plan.semantic, "rank": plan.rank,
    }
    if opts.files:
        response["files"] = [{"path": g[0].row["path"], "workspace": by_ws[g[0].row["workspace_id"]].name,
                              "language": g[0].row["language"], "score": round(g[0].score, 6),
                              "chunks": [hit(s) for s in g]} for g in picked]
        response["hits"] = [h for f in response["files"] for h in f["chunks"][:1]]
    else:
        response["hits"] = [hit(s) for s in chosen]
    timings["hydrate"] = _ms(t)
    if not response["hits"] and (record := hidden()) is not None:
        # the filters left nothing: what they hid, for the interfaces' notes
        response["filtered_out"] = record
    timings["total"] = _ms(t0)
    response["timings_ms"] = timings
    return response, len(candidates)
