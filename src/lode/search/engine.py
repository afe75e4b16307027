"""The search engine: options → query → retrieval stage(s) → ranked hits (SPEC §4).

Stages are named and timed. Today the only retriever is :mod:`.lexical`; a semantic
retriever and fusion (reciprocal rank) slot in beside it in :func:`search`, keyed by
``mode``. Each hit carries the SPEC §4 fields plus ``name``, ``language``,
``workspace`` and ``snippet_line``.
"""

from __future__ import annotations

import sqlite3
import time

from ..errors import InvalidParams, RankRequired
from . import lexical
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


def semantic_state() -> dict:
    return {"available": False, "reason": "no embedding model is configured yet"}


def rank_state() -> dict:
    return {"available": False, "used": False, "reason": "no ranker is installed"}


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
    if options.get("rerank"):
        raise RankRequired("rerank was requested but no ranker can rank (none is installed)",
                           data={"param": "rerank"})
    filters = Filters.build(options.get("paths"), options.get("path_globs"), options.get("tags_any"),
                            options.get("languages"), options.get("kinds"))
    q = parse(text)
    ok = filters.glob_matcher()
    if ok is not None:
        db.create_function("lode_path_ok", 1, ok, deterministic=True)
    t1 = time.perf_counter()

    # Retrieval stages. Semantic retrieval and fusion join here when embeddings land.
    candidates, info = lexical.retrieve(db, q, [w.id for w in workspaces], filters, limit)
    t2 = time.perf_counter()

    by_ws = {w.id: w for w in workspaces}
    rows = _hydrate(db, [c.id for c in candidates])
    literals = [p.text for p in q.phrases if p.text.strip()]
    if not q.terms and not q.phrases and q.raw.strip():
        literals.append(q.raw.strip())
    scored = []
    for c in candidates:
        row = rows.get(c.id)
        if row is None:
            continue
        tier = _tier(row, q, literals)
        norm = c.bm25 / (c.bm25 + 5.0) if c.bm25 > 0 else 0.0
        definition_bonus = 0.01 if row["kind"] not in NOT_DEFINITIONS else 0.0
        scored.append((tier + norm + definition_bonus, tier, norm, row))
    scored.sort(key=lambda s: (-s[0], s[3]["path"], s[3]["byte_start"]))
    pattern = highlighter(q.highlights)
    hits = []
    for score, tier, norm, row in scored[:limit]:
        ws = by_ws[row["workspace_id"]]
        snip, snip_line = snippet(row["body"], pattern, row["line_start"])
        hits.append({
            "path": row["path"], "workspace": ws.name, "breadcrumb": row["breadcrumb"],
            "snippet": snip, "snippet_line": snip_line, "kind": row["kind"], "name": row["name"],
            "language": row["language"],
            "byte_start": row["byte_start"], "byte_end": row["byte_end"],
            "line_start": row["line_start"], "line_end": row["line_end"],
            "score": round(score, 6), "relevance": round(min(1.0, 0.2 * tier + 0.4 * norm), 6),
            "via": ["lexical"], "hold": "", "generation": row["generation"],
        })
    t3 = time.perf_counter()
    return {
        "query": text, "mode_used": "lexical", "hits": hits, "terms": list(q.highlights),
        "strategy": info["strategy"], "workspaces": [w.name for w in workspaces],
        "semantic": semantic_state(), "rank": rank_state(),
        "timings_ms": {"parse": round((t1 - t0) * 1000, 3), "lexical": round((t2 - t1) * 1000, 3),
                       "hydrate": round((t3 - t2) * 1000, 3), "total": round((t3 - t0) * 1000, 3)},
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
