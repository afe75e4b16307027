"""Lexical candidates: FTS5 BM25 over chunk bodies, breadcrumbs (path, scope, signature
and their identifier parts) and body identifier parts, Porter-stemmed.

Candidate generation must not starve: a description's content words are OR-ed (BM25
rewards chunks that hold more of them, and rarer ones), so a chunk that lacks one word
of five is still found. Stopwords stay out unless the query has nothing else. A long
pasted text keeps the words of its first line (its title), then its rarest, up to
:data:`MAX_TERMS`. The candidates are read only from the searched workspaces' rows (their
scope tokens in the index). Definitions named like the query
(or like an identifier inside it) are fetched by name as well, so a definition is a
candidate even when its identifier is used in thousands of other chunks. A query with
no words, or whose words are not indexed, falls back to a substring scan.

Ranking the candidates is :mod:`.ranking`'s job.
"""

from __future__ import annotations

from ..store.stems import index_terms
from ..tuples import replace
from .filters import Filters
from .ranking import NOT_DEFINITIONS
from .query import Query, Term, framed_path, fts_expression, path_tail

# bm25 column weights: body, breadcrumb (path, scope, signature), body identifier parts.
WEIGHTS = (1.0, 2.0, 0.5)
CANDIDATES = 300          # FTS rows ranked by bm25 before the ranking stage
MAX_TERMS = 32            # words of a long query kept (the rarest)
NAMED = 50                # definitions fetched by name
SUBSTRING_SCAN_LIMIT = 2000
MAX_SUBSTRING_CHARS = 256  # LIKE patterns longer than this are cut (SQLite refuses huge ones)
# Words in more than this share of a large store's chunks carry little evidence and
# make bm25 score most of the index: they are dropped when rarer words remain.
COMMON_SHARE = 0.05
COMMON_MIN_CHUNKS = 20_000
# A pasted text: a definition split in several chunks is one definition, listed once and
# scored by its best part plus the other parts' evidence (their bm25 relative to the best
# candidate's), at most SPLIT_REST — one more best-matching chunk's worth (:func:`fold_splits`).
SPLIT_REST = 1.0
_SPLIT_NOT_KINDS = tuple(sorted(NOT_DEFINITIONS))  # kinds never a split definition's part


class Candidate:
    """A chunk the lexical index found (a plain class, as a dataclass made it: importing
    dataclasses, inspect behind it, was ~43 M instructions of a command-line search)."""

    __slots__ = ("id", "bm25")
    __hash__ = None  # compared by value, mutable

    def __init__(self, id: int, bm25: float):
        self.id = id
        self.bm25 = bm25  # positive, higher is better (0 for a definition fetched by name only)

    def __eq__(self, other):
        return (self.id, self.bm25) == (other.id, other.bm25) if other.__class__ is self.__class__ \
            else NotImplemented

    def __repr__(self) -> str:
        return f"Candidate(id={self.id!r}, bm25={self.bm25!r})"


def doc_frequencies(store, tokens: list[str]) -> dict[str, int]:
    """Chunks holding each token, read from the lexical index's vocabulary under the
    term FTS5 itself makes of it (its own Porter stem)."""
    stems = index_terms(tokens)
    found = store.fts.doc_frequencies(sorted(set(stems.values())))
    return {tok: found.get(stem, 0) for tok, stem in stems.items()}


def choose_terms(store, q: Query) -> tuple[tuple[Term, ...], dict]:
    """The terms the OR query uses: at most MAX_TERMS (the rarest), without very common
    words when rarer ones remain in a large store."""
    terms = q.content
    info: dict = {}
    total = store.fts.size()
    if len(terms) <= 1 or (len(terms) <= MAX_TERMS and total < COMMON_MIN_CHUNKS):
        return terms, info
    df = doc_frequencies(store, [t.key for t in terms])
    present = [t for t in terms if df.get(t.key, 0) > 0 or t.parts]
    # A pasted issue's first line is its title, the densest summary of what it is about:
    # its words are kept whatever their frequency; then the rarest words.
    title = set(q.title) if q.shape == "text" else set()
    ranked = sorted(present, key=lambda t: (t.key not in title, df.get(t.key, 0)))
    if total >= COMMON_MIN_CHUNKS:
        rare = [t for t in ranked if df.get(t.key, 0) <= COMMON_SHARE * total or t.key in title]
        if rare and len(rare) < len(ranked):
            info["dropped_common"] = [t.word for t in ranked if t not in rare][:10]
            ranked = rare
    if len(ranked) > MAX_TERMS:
        info["kept_terms"] = MAX_TERMS
        ranked = ranked[:MAX_TERMS]
    keep = set(id(t) for t in ranked)
    return tuple(t for t in terms if id(t) in keep) or terms, info


def _name_keys(q: Query) -> list[str]:
    """Identifiers worth fetching by name: the query's identifier, else its compound
    words (``how does StateManager persist`` → ``statemanager``)."""
    if q.identifier:
        return [q.identifier]
    keys = [d.rsplit(".", 1)[-1] for d in q.dotted]
    keys += [t.key for t in q.content if t.parts]
    return list(dict.fromkeys(keys))[:8]


def retrieve(store, q: Query, workspace_ids: list[int], filters: Filters,
             limit: int) -> tuple[list[Candidate], dict]:
    """Candidates (best bm25 first, then name matches) and notes on how they were found."""
    info: dict = {"strategy": "or"}
    if not workspace_ids:
        return [], info
    scope = store.fts.scope(workspace_ids, filters.chunk_filter())
    want = max(CANDIDATES, limit * 4)
    found: list[Candidate] = []
    terms, notes = choose_terms(store, q)
    info.update(notes)
    expr = fts_expression(q, "OR", terms)
    if expr:
        found = [Candidate(i, r) for i, r in store.fts.bm25(expr, scope, want, WEIGHTS)]
    if not found and q.raw.strip():
        info["strategy"] = "substring"
        needle = q.phrases[0].text if q.phrases and not q.terms else q.raw.strip().strip('"')
        if needle.strip():
            # for punctuation and partial-word queries that tokens cannot answer
            found = [Candidate(i, 1.0) for i in store.fts.containing(
                needle[:MAX_SUBSTRING_CHARS], scope, min(want, SUBSTRING_SCAN_LIMIT))]
    by_id = {c.id: c for c in found}
    named = [i for i in store.fts.named(_name_keys(q), scope, NAMED) if i not in by_id]
    framed = [i for i in _framed(store, q, workspace_ids, filters) if i not in by_id and i not in named]
    # A pasted text: every part of a split definition one of whose parts is a candidate
    # (:func:`_split_parts`).
    pasted = q.shape == "text" and bool(expr)
    splits = _split_parts(store, [*by_id, *named, *framed]) if pasted else {}
    seen = {*by_id, *named, *framed}
    missing = sorted({i for run in splits.values() for i in run if i not in seen})
    # The added candidates' bm25 in one pass of the index (a pass costs as much for one
    # id as for a hundred: bm25 reads every term's document count).
    added = [*named, *framed, *missing]
    scores = dict(store.fts.bm25_of(expr, added, WEIGHTS)) if added and expr else {}
    for ids in (named, framed, missing):
        for i in sorted(set(ids)):
            if i in scores:
                by_id[i] = Candidate(i, scores[i])
        for i in ids:
            by_id.setdefault(i, Candidate(i, 0.0))
    if missing:
        splits.update(_split_parts(store, missing))
    if pasted:
        info["splits"] = splits
    return list(by_id.values()), info


def _split_parts(store, ids: list[int]) -> dict[int, tuple[int, ...]]:
    """A pasted text names a function to change, and a long function is cut in several
    chunks: every part of a split definition one of whose parts is among ``ids`` becomes
    a candidate too (with its own bm25, 0 when it holds no word of the query), so the
    definition is scored whole and listed by its head (:func:`fold_splits`). Returns each
    such part's run of parts (``store.chunks.split_parts``)."""
    return store.chunks.split_parts(ids, _SPLIT_NOT_KINDS)


def fold_splits(scored: list, runs: dict[int, tuple[int, ...]]) -> list:
    """One hit per split definition (``runs``: :func:`_split_parts`): its head, scored as
    its best part plus the other parts' lexical evidence (each part's bm25 relative to
    the best candidate's), at most SPLIT_REST; the other parts leave the list (they
    still counted towards their file's evidence when the candidates were scored). A
    whole function read in 60-line windows is otherwise several middling hits, each
    behind a short function that holds a few of the words, and each a further chunk of
    its file for diversity."""
    if not runs:
        return scored
    by_id = {s.id: s for s in scored}
    out, done = [], set()
    for s in scored:
        run = runs.get(s.id)
        if run is None:
            out.append(s)
            continue
        if run in done:
            continue
        done.add(run)
        parts = [by_id[i] for i in run if i in by_id]
        best = max(parts, key=lambda p: (p.score, -p.id))
        shown = by_id.get(run[0], best)
        rest = sum(p.lexical for p in parts if p is not best)
        shown.score = best.score + min(SPLIT_REST, rest)
        shown.tier = max(p.tier for p in parts)
        out.append(shown)
    return out


def fold_split_cosines(semantic: dict[int, float], runs: dict[int, tuple[int, ...]],
                       rows: dict[int, dict]) -> dict[int, float]:
    """The vectors' side of :func:`fold_splits`: the parts of a split definition other
    than its head leave the vectors' neighbours too, or they would come back as hits of
    their own (auto's fill-in, hybrid's union) beside the whole they were folded into.
    The head keeps its own cosine: giving it its best part's instead lost one gold
    function of the SWE-bench Lite dev set from hybrid's top 10. A run whose head has
    no row is left as it is."""
    if not runs or not semantic:
        return semantic
    out = dict(semantic)
    for run in set(runs.values()):
        if run[0] in rows:
            for i in run[1:]:
                out.pop(i, None)
    return out


def _framed(store, q: Query, workspace_ids: list[int], filters: Filters) -> list[int]:
    """The definitions a traceback's frames name, in the files they name (``File
    ".../rewrite.py", line 9, in run`` → ``run`` in a file ending ``…/rewrite.py``): the
    function a frame ran is a candidate even when its words are common everywhere."""
    if not q.frames:
        return []
    tails = {path_tail(p) for p, _ in q.frames}
    base = filters.chunk_filter()

    def in_frames(path: str) -> bool:
        return framed_path(path, tails) and (base.path_ok is None or base.path_ok(path))

    scope = store.fts.scope(workspace_ids, replace(base, path_ok=in_frames))
    keys = list(dict.fromkeys(name.rsplit(".", 1)[-1].lower() for _, name in q.frames))
    return store.fts.named(keys, scope, NAMED)


def reexports(store, q: Query, workspace_ids: list[int]) -> list[int]:
    """Chunks where the identifier a query names is re-exported (`pub use`, `export …
    from`, a package's `from ._impl import X`), from the symbol index's re-export links:
    when nothing in the workspace defines a name, that is its public face."""
    ident = q.identifier
    if ident is None or not q.terms:
        return []
    word = q.terms[-1].word if not q.dotted else q.dotted[0].rsplit(".", 1)[-1]
    out = []
    for file_id, line in store.symbols.link_sites(word, workspace_ids):
        cid = store.chunks.first_at_line(file_id, line + 1)
        if cid is not None:
            out.append(cid)
    return list(dict.fromkeys(out))
