"""Fuzzy search over the name stream: partial names, subsequences, camel humps.

The names sit in one newline-joined string so that matching runs inside the regex
engine, not a Python loop: the query's last part is matched against each name's leaf
(the segment after the last ``.`` or ``/``) in tiers — leaf equal or prefix, leaf
containing the query (``str.find`` scans), the query as a subsequence from the leaf's
first letter (one bucket of leaves per first letter), and, only when nothing matched,
anywhere in the leaf — and only when a tier leaves room are the weaker ones scanned. Leading query parts (``http.cli``) must appear,
in order, in the qualifier. The few matches kept are then scored in Python: exact leaf
first (spelled as typed, then without case, then without underscores too: see
:func:`spelling`), then prefix, substring, camel-hump initials, plain subsequence;
shorter names first within a score. Given ``roles`` (what the index knows of the names
ending in a leaf: :meth:`~.index.SymbolIndex.name_roles`), names spelled alike are reordered among
themselves — a definition before the imports of it, code before tests — and never
past another spelling (see :func:`definitions_first`).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

TIER_CAP = 600  # matches scored per tier at most (short queries match everything)


@dataclass(frozen=True, slots=True)
class Match:
    name: str
    score: float


def _leaf(name: str) -> str:
    cut = max(name.rfind("."), name.rfind("/"))
    return name[cut + 1:]


_WORDS = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")


def humps(word: str) -> str:
    """Initials at word boundaries: ``ServeHTTPRequest`` → ``shr``, ``read_all`` → ``ra``."""
    return "".join(w[0] for w in _WORDS.findall(word)).lower()


def _subsequence(q: str, s: str) -> int | None:
    """Total gap length of the leftmost subsequence match of q in s, or None."""
    pos, gaps = 0, 0
    for ch in q:
        i = s.find(ch, pos)
        if i < 0:
            return None
        gaps += i - pos if pos else 0
        pos = i + 1
    return gaps


def _key(leaf: str) -> str:
    return leaf.lower().replace("_", "")


def spelling(typed: str, leaf: str) -> float:
    """Among leaves equal to the query once case and underscores are dropped, how closely
    ``leaf`` is spelled as ``typed`` (the query's last part as written): exactly (+10),
    then with other case only (+5), else 0. Identifiers are spelled by convention —
    ``IntoResponse`` is a type or trait, ``into_response`` a function or method,
    ``type_adapter`` a module — so the name spelled as typed is the one asked for: the
    trait ``IntoResponse`` before every ``T.into_response`` that implements it, and
    ``intoresponse`` still finds the trait first (one leaf equal without case, the
    methods only with their underscores dropped). Both bonuses outweigh the length
    tie-break (at most 2)."""
    if leaf == typed:
        return 10.0
    if leaf.lower() == typed.lower():
        return 5.0
    return 0.0


def score(query: str, leaf: str) -> float:
    """How well ``query`` (lower case, no underscores) matches a leaf name."""
    low = _key(leaf)
    if low == query:
        return 1000.0
    if low.startswith(query):
        return 800.0 - min(len(leaf), 100) / 10
    i = low.find(query)
    if i >= 0:
        return 600.0 - i - min(len(leaf), 100) / 10
    h = humps(leaf)
    if h.startswith(query):
        return 500.0 - len(h)
    gaps = _subsequence(query, h)
    if gaps is not None:
        return 450.0 - gaps
    gaps = _subsequence(query, low)
    if gaps is not None:
        return 300.0 - gaps - min(len(leaf), 100) / 10
    return 0.0


class NameMatcher:
    """A fixed set of names, ready for repeated fuzzy queries. Leaves are matched once
    per distinct leaf (``String`` is one line however many types define it)."""

    def __init__(self, names):
        self.names = list(dict.fromkeys(n for n in names if n))
        # leaves compare without case and underscores: `isMatch` finds `is_match`
        by_leaf: dict[str, list[int]] = {}
        original: dict[str, str] = {}
        for i, n in enumerate(self.names):
            leaf = _leaf(n)
            k = _key(leaf)
            by_leaf.setdefault(k, []).append(i)
            original.setdefault(k, leaf)
        self.leaf_names = list(by_leaf.values())
        self.leaf_text = list(by_leaf)
        self.leaf_orig = [original[k] for k in self.leaf_text]
        self.blob, self.starts = self._blob(range(len(self.leaf_text)))
        # leaves by first character: the anchored subsequence scan reads one bucket
        buckets: dict[str, list[int]] = {}
        for j, leaf in enumerate(self.leaf_text):
            if leaf:
                buckets.setdefault(leaf[0], []).append(j)
        self.buckets = {ch: (*self._blob(js), js) for ch, js in buckets.items()}

    def _blob(self, indices) -> tuple[str, list[int]]:
        """``"\n"`` before every leaf (a leaf prefix is the literal ``"\n" + query``)
        and each leaf's offset."""
        parts, starts, pos = [], [], 0
        for j in indices:
            leaf = self.leaf_text[j]
            parts.append("\n" + leaf)
            starts.append(pos)
            pos += len(leaf) + 1
        return "".join(parts), starts

    def __len__(self) -> int:
        return len(self.names)

    def _literal(self, needle: str):
        """Leaf numbers whose line contains ``needle`` (str.find: the fastest scan)."""
        starts, find = self.starts, self.blob.find
        i = find(needle)
        while i >= 0:
            yield bisect.bisect_right(starts, i) - 1
            i = find(needle, i + 1)

    def _pattern(self, rx, bucket=None):
        blob, starts, ids = (self.blob, self.starts, None) if bucket is None else bucket
        for m in rx.finditer(blob):
            j = bisect.bisect_right(starts, m.start()) - 1
            yield j if ids is None else ids[j]

    def search(self, query: str, limit: int = 20, roles=None) -> list[Match]:
        typed = query.strip().replace("::", ".")
        q = typed.lower().replace("_", "")
        if not q:
            return []
        typed = next((p for p in reversed(re.split(r"[./]", typed)) if p), "")  # the leaf as written
        parts = re.split(r"[./]", q)
        leaf_q, qual_parts = parts[-1], [p for p in parts[:-1] if p]
        if not leaf_q:
            if not qual_parts:
                return []
            leaf_q, qual_parts = qual_parts[-1], qual_parts[:-1]
        qual_rx = (re.compile(".*?".join(re.escape(p) for p in qual_parts), re.I)
                   if qual_parts else None)
        # a subsequence: possessive runs up to the next wanted character, no backtracking
        sub = re.escape(leaf_q[0]) + "".join(f"[^\n{re.escape(c)}]*+{re.escape(c)}" for c in leaf_q[1:])
        bucket = self.buckets.get(leaf_q[0])
        tiers = (
            lambda: self._literal("\n" + leaf_q),                   # leaf starts with the query
            lambda: self._literal(leaf_q),                          # leaf contains it
            lambda: self._pattern(re.compile("\n" + sub), bucket) if bucket else (),  # from its start
            lambda: self._pattern(re.compile(sub)),                 # anywhere (only when nothing else)
        )
        seen: set[int] = set()
        found: list[Match] = []
        spelled: dict[str, tuple] = {}  # a match's name -> its leaf and score but for the name's length
        for k, tier in enumerate(tiers):
            if k == 3 and found:
                break
            n = 0
            for j in tier():
                if j in seen:
                    continue
                seen.add(j)
                base = score(leaf_q, self.leaf_orig[j]) + (5 if qual_parts else 0)
                exact = self.leaf_text[j] == leaf_q  # names whose leaves differ in spelling only
                for i in self.leaf_names[j][:TIER_CAP]:
                    name = self.names[i]
                    leaf = _leaf(name)
                    if qual_rx is not None and not qual_rx.search(name[: len(name) - len(leaf)]):
                        continue
                    alike = base + (spelling(typed, leaf) if exact else 0)
                    found.append(Match(name, alike - min(len(name), 200) / 100))
                    spelled[name] = (leaf, alike)
                    n += 1
                if n >= TIER_CAP:
                    break
            if len(found) >= limit:
                break
        found.sort(key=lambda m: (-m.score, len(m.name), m.name))
        if roles is not None:
            found = definitions_first(found, limit, roles, spelled.__getitem__)
        return found[:limit]


def definitions_first(found: list[Match], limit: int, roles, spelled) -> list[Match]:
    """``found`` (best first) with the names of each spelling shown in the first
    ``limit`` reordered by their role (``roles(leaf)``: name → rank, lower first: a
    definition before the imports and re-exports of its name, code before tests), the
    order before kept among equals. The names of one spelling (``spelled``: its leaf and
    score but for the name's length) differ only by that length tie-break, so they take
    the same slots among the other names as before, each slot keeping its score: no
    other spelling moves. pydantic's ``GenerateSchema`` was imported by twelve modules,
    eight in tests, whose shorter names all came before the class itself."""
    slots: dict[tuple, list[int]] = {}
    shown = {spelled(m.name) for m in found[:limit]}
    for k, m in enumerate(found):
        key = spelled(m.name)
        if key in shown:
            slots.setdefault(key, []).append(k)
    out = list(found)
    for (leaf, _score), positions in slots.items():
        if len(positions) < 2:
            continue
        rank = roles(leaf)
        ranked = sorted(positions, key=lambda k: rank.get(found[k].name, 4))  # stable: ties keep their order
        for slot, k in zip(positions, ranked):
            out[slot] = Match(found[k].name, found[slot].score)
    return out
