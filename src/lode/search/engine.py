"""The search engine: options → query → retrieval stage(s) → ranked hits (SPEC §4).

Stages are named and timed: :mod:`.lexical` and :mod:`.semantic` retrieve, :mod:`.fusion`
merges them (weighted by the query's length), :mod:`.rank` optionally re-scores the top;
:mod:`.modes` decides which run for ``mode``/``rerank``. Each hit carries the SPEC §4
fields plus ``name``, ``language``, ``workspace`` and ``snippet_line``.
"""

from __future__ import annotations

import sqlite3
import time

from ..errors import InvalidParams
from . import fusion, lexical, modes, rank
from . import semantic as semantic_retrieval
from .filters import Filters
from .query import parse
from .snippet import highlighter, snippet
from .tokens import identifier_parts


def _last(name: str) -> str:
    return name.replace("::", ".").rsplit(".", 1)[-1]

MODES = ("lexical", "semantic", "hybrid", "auto")
DEFAULT_LIMIT = 20
MAX_LIMIT = 1000
OPTIONS = ("paths", "path_globs", "tags_any", "languages", "kinds", "mode", "rerank", "limit")
NOT_DEFINITIONS = frozenset({"gap", "header", "section", "text"})


def _limit(value) -> int:
    if value is None:
        return DEFAULT_LIMIT
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidParams("invalid params: 'limit' must be an integer", data={"param": "limit"})
    if not 1 <= value <= MAX_LIMIT:
        raise InvalidParams(f"invalid params: 'limit' must be between 1 and {MAX_LIMIT}", data={"param": "limit"})
    return value


def semantic_state(db: sqlite3.Connection | None = None) -> dict:
    return modes.semantic_state(db)


def rank_state(db: sqlite3.Connection | None = None) -> dict:
    return modes.rank_state(db)


def _tier(row, q, literals) -> int:
    kind, name, name_key, body = row["kind"], row["name"], row["name_key"], row["body"]
    ident = q.identifier
    tier = 0
    if name:
        full = name.replace("::", ".").lower()
        if ident and name_key == ident:
            tier = 2
            if q.dotted and not (full == q.dotted[0] or full.endswith("." + q.dotted[0])
                                 or q.dotted[0].endswith("." + full) or q.dotted[0] == full):
                tier = 1  # the last part matches but the qualifier does not
        elif name_key and any(t.key == name_key for t in q.terms):
            tier = 1
        if tier < 2 and name_key and q.terms:
            # Words that spell the name's parts: `serve http` → ServeHTTP, `vectors` → reclaimVectors.
            parts = set(identifier_parts(_last(name)))
            words = {p for t in q.terms for p in (t.parts or (t.key,))}
            if words <= parts:
                tier = max(tier, 2 if words == parts else 1)
    exact = tier == 2 and name and any(_last(name) == t.word for t in q.terms)
    if exact:
        tier = 3  # the identifier as typed, case included, beats other casings
    for lit in literals:
        if lit in body:
            tier = max(tier, 1 if kind in NOT_DEFINITIONS else 2)
    return tier


def search(db: sqlite3.Connection, text: str, workspaces: list, **options) -> dict:
    """Run a search over ``workspaces`` (store rows). Returns the SPEC §4 response."""
    t0 = time.perf_counter()
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise InvalidParams(f"invalid params: unknown search option {unknown[0]!r} (accepted: {', '.join(OPTIONS)})",
                            data={"param": unknown[0]})
    if not isinstance(text, str) or not text.strip():
        raise InvalidParams("invalid params: 'query' is empty", data={"param": "query"})
    limit = _limit(options.get("limit"))
    mode = options.get("mode") or "auto"
    if mode not in MODES:
        raise InvalidParams(f"invalid params: 'mode' must be one of {', '.join(MODES)}", data={"param": "mode"})
    filters = Filters.build(options.get("paths"), options.get("path_globs"), options.get("tags_any"),
                            options.get("languages"), options.get("kinds"))
    q = parse(text)
    ok = filters.glob_matcher()
    if ok is not None:
        db.create_function("lode_path_ok", 1, ok, deterministic=True)
    tp = time.perf_counter()
    plan = modes.plan(db, workspaces, mode, options.get("rerank"))  # loads the model once per process
    t1 = time.perf_counter()
    timings = {"parse": round((tp - t0) * 1000, 3), "plan": round((t1 - tp) * 1000, 3)}

    candidates, info = [], {"strategy": "semantic"}
    if plan.mode_used in ("lexical", "hybrid"):
        candidates, info = lexical.retrieve(db, q, [w.id for w in workspaces], filters, limit)
    t2 = time.perf_counter()
    timings["lexical"] = round((t2 - t1) * 1000, 3)
    nearest: list[tuple[int, float]] = []
    if mode == "auto" and plan.mode_used == "hybrid" and (not candidates or info.get("strategy") == "substring"):
        # Vectors always have neighbours; when no word of the query occurs anywhere (or it
        # has no words: `:=`, `claimVec`), auto answers with what the text matches rather
        # than unrelated chunks (ask for mode semantic or hybrid to see them).
        plan.mode_used = "lexical"
        plan.semantic = {**plan.semantic, "note": "auto: no word of the query is indexed, so semantic neighbours were not used"}
    if plan.mode_used in ("semantic", "hybrid"):
        nearest, sinfo = semantic_retrieval.retrieve(db, plan.embedder, text, workspaces, filters,
                                                     max(semantic_retrieval.CANDIDATES, limit * 2))
        timings["semantic"] = round((time.perf_counter() - t2) * 1000, 3)
        timings["embed_query"] = sinfo["embed_query_ms"]
    t2 = time.perf_counter()

    by_ws = {w.id: w for w in workspaces}
    rows = _hydrate(db, list(dict.fromkeys([c.id for c in candidates] + [i for i, _ in nearest])))
    literals = [p.text for p in q.phrases if p.text.strip()]
    if not q.terms and not q.phrases and q.raw.strip():
        literals.append(q.raw.strip())
    scored = []  # (score, tier, norm, row, via)
    if plan.mode_used == "lexical":
        for c in candidates:
            row = rows.get(c.id)
            if row is None:
                continue
            tier = _tier(row, q, literals)
            norm = c.bm25 / (c.bm25 + 5.0) if c.bm25 > 0 else 0.0
            definition_bonus = 0.01 if row["kind"] not in NOT_DEFINITIONS else 0.0
            scored.append((tier + norm + definition_bonus, tier, norm, row, ["lexical"]))
    else:
        best = max((c.bm25 for c in candidates), default=0.0)
        lex, tiers = {}, {}
        for c in candidates:
            row = rows.get(c.id)
            if row is None:
                continue
            tiers[c.id] = _tier(row, q, literals)
            lex[c.id] = tiers[c.id] + (c.bm25 / best if best > 0 else 0.0) + \
                (0.01 if row["kind"] not in NOT_DEFINITIONS else 0.0)
        sem = {i: s for i, s in nearest if i in rows}
        w = fusion.dense_weight(len(q.terms) + len(q.phrases), plan.model or "",
                                None if plan.mode_used == "hybrid" else 1.0)
        fused = fusion.weighted(lex, sem, w) if plan.mode_used == "hybrid" else \
            {i: s for i, s in sem.items()}
        floor = fusion.SEMANTIC_ONLY_FLOOR * max(fused.values(), default=0.0) if lex else 0.0
        for cid, score in fused.items():
            via = [v for v, side in (("lexical", lex), ("semantic", sem)) if cid in side]
            if plan.mode_used == "hybrid" and via == ["semantic"] and score <= floor:
                continue  # a neighbour far below what the words found is noise, not recall
            tier = tiers.get(cid, 0)
            rel = max(0.0, min(1.0, score)) if plan.mode_used == "hybrid" else max(0.0, min(1.0, sem.get(cid, 0.0)))
            if tier >= 2:
                # SPEC §4: the definition of an identifier typed exactly (or a quoted literal)
                # ranks first; vectors reorder what comes below it.
                score += tier
            scored.append((score, tier, rel, rows[cid], via))
        timings["fusion_weight"] = w
    scored.sort(key=lambda s: (-s[0], s[3]["path"], s[3]["byte_start"]))
    t3 = time.perf_counter()
    timings["fusion"] = round((t3 - t2) * 1000, 3)
    rank_scores: dict[int, float] = {}
    if plan.ranker is not None and scored:
        top = scored[:max(rank.TOP_N, limit)]
        ranked = plan.ranker.rank(text, [{"score": s[0], "breadcrumb": s[3]["breadcrumb"], "body": s[3]["body"]}
                                         for s in top])
        order = sorted(range(len(top)), key=lambda i: -ranked[i])
        rank_scores = {top[i][3]["id"]: ranked[i] for i in range(len(top))}
        scored = [top[i] for i in order] + scored[len(top):]
        timings["rank"] = round((time.perf_counter() - t3) * 1000, 3)
    t4 = time.perf_counter()
    pattern = highlighter(q.highlights)
    hits = []
    for score, tier, norm, row, via in scored[:limit]:
        ws = by_ws[row["workspace_id"]]
        snip, snip_line = snippet(row["body"], pattern, row["line_start"])
        relevance = min(1.0, 0.2 * tier + 0.4 * norm) if plan.mode_used == "lexical" else norm
        hit = {
            "path": row["path"], "workspace": ws.name, "breadcrumb": row["breadcrumb"],
            "snippet": snip, "snippet_line": snip_line, "kind": row["kind"], "name": row["name"],
            "language": row["language"],
            "byte_start": row["byte_start"], "byte_end": row["byte_end"],
            "line_start": row["line_start"], "line_end": row["line_end"],
            "score": round(score, 6), "relevance": round(relevance, 6),
            "via": via, "hold": "", "generation": row["generation"],
        }
        if row["id"] in rank_scores:
            hit["rank_score"] = round(rank_scores[row["id"]], 6)
        hits.append(hit)
    t5 = time.perf_counter()
    timings["hydrate"] = round((t5 - t4 + t3 - t2) * 1000 - timings["fusion"], 3)
    timings["total"] = round((t5 - t0) * 1000, 3)
    return {
        "query": text, "mode_used": plan.mode_used, "hits": hits, "terms": list(q.highlights),
        "strategy": info["strategy"], "workspaces": [w.name for w in workspaces],
        "semantic": plan.semantic, "rank": plan.rank, "timings_ms": timings,
    }


def _hydrate(db: sqlite3.Connection, ids: list[int]) -> dict[int, sqlite3.Row]:
    out = {}
    for i in range(0, len(ids), 500):
        part = ids[i:i + 500]
        cur = db.execute(
            "SELECT c.id, c.kind, c.name, c.name_key, c.breadcrumb, c.byte_start, c.byte_end, c.line_start,"
            " c.line_end, f.path, f.language, f.generation, f.workspace_id, t.body"
            " FROM chunks c JOIN files f ON f.id = c.file_id JOIN chunks_fts t ON t.rowid = c.id"
            f" WHERE c.id IN ({','.join('?' * len(part))})", part)
        names = [d[0] for d in cur.description]
        for r in cur:
            out[r[0]] = dict(zip(names, r))
    return out
