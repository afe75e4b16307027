"""Ranking candidates: features a code searcher trusts, one score, then diversity.

Every weight here was chosen on the dev split of the semble benchmark and the SWE-bench
dev issues (bench/semble.py, bench/retrieval.py) and is a rule a code searcher would
defend, not a fit to single queries:

- **bm25** of the chunk, relative to the best candidate (the evidence of the words);
- **path**: the share of the query's content words that name the file's folders or
  stem (prefix-tolerant, so ``authentication`` meets ``basic_auth.go`` and ``routing``
  meets ``router.go``; two adjacent words may spell one path part: ``url dispatcher``
  → ``urldispatcher.py``; a folder's index file, ``extract/mod.rs``, is named by its
  folder); a file path quoted in the query names the file outright;
- **name**: the share of content words the chunk's own name spells;
- **definition tiers** for a query that names an identifier (:func:`tier`): its
  definition first, case as typed first, and the head of a split definition, not a
  fragment that only carries its name;
- **file named as typed**: a description's capitalised word that is a file's name
  without its extension (``… invoked by Logger`` → ``Logger.php``) names that file;
- **file evidence**: a file with several matching chunks is more likely the answer;
- **mentions** in pasted texts: a definition the text names by a compound identifier or a
  dotted name, more when its title names it;
- **traceback frames** for pasted texts: a definition a frame ran, in the file the frame
  names, and more for the innermost frame in the project's own code (:func:`_frame_definitions`);
- **code-embedding evidence** for descriptions: how well the file reads like the query
  (:mod:`lode.embed.evidence`), when the workspace has that index;
- **declarations**: a definition named the same in a sibling file with the same stem
  and another extension (``idna.h`` / ``idna.c``, ``foo.mli`` / ``foo.ml``,
  ``x.d.ts`` / ``x.ts``) is its declaration when it is the shorter: the body comes first;
- **demotions**: prose (docs sections) and test code count less, unless the query asks
  for docs or tests (then the rest counts less); so does code in vendored, example,
  docs and benchmark folders; tiny chunks (an include guard, a
  ``#define``, a one-line constant) count less; for a description, so does a module
  its project marks private (``_internal/``, ``_compat.py``, ``internal/``), a short
  definition that only holds a value (a constant, a field, a property), and a type named
  as an error (``…Error``, ``…Exception``) unless the query asks about failures;
- **module tree** for descriptions: of a page of best files, the shallower modules are
  the more general (:func:`shallow_first`), and the parent module of a page file — the
  file a partial class's other files extend, a folder's index file, the file named as
  the folder — is where the mechanism it specialises lives (:func:`parents_first`);
- **diversity**: the second chunk of a file already listed counts less, the third
  less again, so ten hits show several files — most questions are answered by files;
- **depth for pasted texts** (:func:`deepen`): an issue or a traceback is answered by a
  function in one of its few likely files, so after the four best hits come further
  chunks of those files rather than a fifth to tenth file, and diversity is milder.
"""

from __future__ import annotations

import re

from ..pathroles import is_auxiliary  # the one rule, shared with symbol look-ups
from .query import Query, framed_path, normal_line, path_tail
from .tokens import identifier_parts

NOT_DEFINITIONS = frozenset({"gap", "header", "section", "text"})

# Feature weights (added to bm25/max, which is ≤ 1).
PATH_WEIGHT = 1.5
PATH_NAMED_WEIGHT = 2.0       # a path written in the query (`src/app/models.py`)
NAME_WEIGHT = 0.6
FILE_WEIGHT = 0.15            # per other matching chunk of the same file, capped below
FILE_CAP = 3
FILE_MASS_WEIGHT = 0.6        # pasted texts: the file's three best chunks
# Descriptions: the file reads like the query by code embeddings (min-max over the
# candidates' files). semble dev, 22 repos: 0 -> 0.870, 0.3 -> 0.878, 0.6 -> 0.881,
# 1.5 -> 0.881; above 0.3 a header full of the query's words outranks the definition
# an acronym query names (symbol category 0.987 -> 0.959), so 0.3.
EVIDENCE_WEIGHT = 0.3
MENTION_WEIGHT = 0.5          # a definition whose name a pasted text mentions
# More for a definition a pasted text's title names by an identifier: the report's own
# summary. SWE-bench dev: 0.25 moved nothing, 0.5 one issue up, 1.0-2.5 two (xarray-4094
# file 3 -> 1, seaborn-3010 2 -> 1; pytest-5692 fn 6 -> 7).
TITLE_MENTION_WEIGHT = 1.0
FRAME_WEIGHT = 0.5            # a definition a traceback frame ran, in the file the frame names
FRAME_INNER_WEIGHT = 1.0      # the same, for the innermost frame in the project's own code
# A definition whose body holds a line of code a pasted text quotes (its title's
# `method = builtin_str(method)`, a traceback's source line): shared among the candidates
# that hold the line.
CODE_LINE_WEIGHT = 1.0
# A description that writes a file's name as typed, capital included (`… invoked by
# Logger` → Logger.php, `how the Session manages …` → Session.swift): the file it names.
# semble dev, 22 repos: 0 -> 0.8785, 0.75 -> 0.8821, 1.0 -> 0.8835, 1.5 -> 0.8833
# (4 repos up, none down at each); like a definition named by its last part (tier 1).
STEM_NAMED_WEIGHT = 1.0
PACKAGE_BONUS = 0.5           # the query's qualifier is the definition's own folder
# Descriptions: of the SHALLOW_FILES best files (a page of hits), the one higher in the
# module tree is the more general — the core a mechanism lives in, not a specialisation
# of it (:func:`shallow_first`). semble dev, 22 repos: 0 -> 0.8835, 0.1 -> 0.8843,
# 0.2 -> 0.8867 (7 repos up, 3 down by under 0.002 each; 16 queries up, 6 down),
# 0.3 -> 0.8871, 0.5 -> 0.8863 (ktor -0.035, trpc -0.030, monolog -0.017): 0.2.
# Leave-one-repo-out: weights 0.1-0.4 -> 0.8865 (7 up, 4 down); 0.1-0.5 -> 0.8834.
SHALLOW_WEIGHT = 0.2
SHALLOW_FILES = 10
DEPTH_BONUS = 0.5             # for definitions named by the query: shallow paths first
# How path and name scores are made of (share of query words met, share of parts met).
STEM_SHARE, STEM_COVER, FOLDER_SHARE = 0.5, 0.25, 0.1
NAME_SHARE, NAME_COVER = 0.5, 0.5
# Multipliers.
PROSE = 0.5
TEST = 0.5
AUX = 0.6                     # vendored, example, docs and benchmark code
TINY = 0.6                    # a chunk of at most TINY_LINES lines that is not a definition
TINY_LINES = 3
TINY_ALL = True
# Descriptions: a short definition that only holds a value (a constant, a variable, a
# field or a property of at most VALUE_LINES lines: `CACHE_CONTROL = "Cache-Control"`, a
# type alias, a config property) says what something is set to, not how the mechanism
# the words describe works; a longer initialiser (a Kotlin plugin `val X =
# createClientPlugin(…) { … }`) is code and keeps its weight. semble dev, 22 repos: 1.0 ->
# 0.8970, 0.85 -> 0.8980, 0.8 -> 0.8980, 0.7 -> 0.8976, 0.5 -> 0.8976 (at 0.8: aiohttp,
# pydantic, monolog, ktor up, 5 queries; 1 down, aiohttp's streams.py whose best chunk is
# its `__all__`); without the line bound the same queries move. A pasted report is about
# behaviour to change: any value definition counts VALUE there, however long (pylint's
# 65-line MSGS table, a setup.py's INSTALL_REQUIRES list ranked above the function to fix).
VALUE = 0.8
VALUE_LINES = 10
VALUE_KINDS = frozenset({"constant", "const", "var", "variable", "static", "field", "property"})
# Descriptions: a type named as an error (`ClientConnectorDNSError`, `WebSocketException`,
# `FastAPIDeprecationWarning`) is what goes wrong in a mechanism, not how it works; its
# docstring repeats the mechanism's words in a few lines ("raised when DNS resolution
# fails"), so it outranks the code that does the work. Unless the query asks about
# errors (:data:`_ASKS_ERRORS`). semble dev, 22 repos: 1.0 -> 0.8986, 0.9 -> 0.8986,
# 0.7 -> 0.8989, 0.6 -> 0.8990, 0.5 -> 0.8990 (3 queries up, none down at 0.5-0.7);
# without the asks-for-errors exception 0.8970 (click's and fastapi's error queries down).
ERROR_TYPE = 0.6
TAIL = 0.7                    # a continuation fragment of a split definition
DECLARATION = 0.7             # a shorter twin in a sibling file: a header's prototype
# Descriptions: a module its project marks private (`_internal/`, `_termui_impl.py`,
# `gson/internal/`) is the implementation behind a public face, which is what a
# description asks for first (:func:`private_paths`). semble dev, 22 repos: 1.0 -> 0.8873,
# 0.9 -> 0.8896, 0.8 -> 0.8911 (5 repos up, none down; 9 queries up, none down), 0.7 and
# 0.6 -> 0.8903; leave-one-repo-out over 0.6-1.0: 0.8898 (5 up, none down).
PRIVATE = 0.8
# When more than this share of the candidates' own code files is marked private, the
# project keeps its code private by convention and the mark tells nothing apart
# (pytest's src/_pytest: 0.91-1.0 on the SWE-bench dev words-shaped issues; the most on
# semble dev is gson's, 0.69).
PRIVATE_SHARE = 0.8
# Diversity: the k-th further chunk of a file already ranked is multiplied by DIVERSITY**k.
DIVERSITY = 0.2
# Pasted texts (issues, tracebacks): after the DEPTH_AFTER best hits (mostly distinct
# files), the next DEPTH_SLOTS hits are the best further chunks of those files, at most
# DEPTH_PER_FILE per file — the bug is in one function of the likely files — and a
# further chunk of a file counts TEXT_DIVERSITY**k, not DIVERSITY**k: a report's file
# holds several of the functions it is about. SWE-bench dev, DEPTH_AFTER 5 -> 4 with
# TEXT_DIVERSITY 0.3: fn@5 46.3 -> 53.7, nine issues' function one to nine places up,
# none down, file@k unchanged (0.4, 0.5: the same fn@5, one or two missed files a place
# down; DEPTH_AFTER 3: fn@5 56.1 but file@5 -2.4, pytest-8906 4 -> 9).
DEPTH_AFTER = 4
TEXT_DIVERSITY = 0.3
DEPTH_SLOTS = 5
DEPTH_PER_FILE = 3

_TEST_PATH = re.compile(
    r"(^|/)(tests?|testing|spec|specs|__tests__|__mocks__|testdata|fixtures?)(/|$)"
    r"|(^|/)test_[^/]*$|_test\.[a-z]+$|[._-](test|spec)\.[a-z]+$|Tests?\.[a-z]+$")
_ASKS_TESTS = frozenset({"test", "tests", "testing", "spec", "specs", "fixture", "fixtures", "mock"})
# A description that asks about failures: an error type may be what it wants.
_ASKS_ERRORS = ("error", "exception", "fail", "failure", "raise", "throw", "warning", "panic", "reject")
# Type kinds and the name endings that mark a type as an error (the convention of Python,
# Java, Kotlin, C#, JavaScript, Swift, Rust, PHP alike).
_TYPE_KINDS = frozenset({"class", "struct", "type", "object", "enum"})
_ERROR_NAME = re.compile(r"(Error|Exception|Warning)$")
_ASKS_PROSE = frozenset({"doc", "docs", "documentation", "readme", "guide", "tutorial", "changelog",
                         "example", "examples", "howto"})
_MIN_PREFIX = 4
_WORDS = re.compile(r"\w+")


# Folder names that mark the code below them as a project's private implementation
# (Go's internal/ packages, Java's and Kotlin's ...internal packages). C++'s detail/ is
# left out: header-only libraries keep their whole implementation there.
_PRIVATE_DIRS = frozenset({"internal", "internals"})


def private_marks(path: str) -> tuple[str, ...]:
    """The folders (as path prefixes) and the file of ``path`` that its project marks as
    private: a name with one leading underscore (Python's `_internal/`, `_compat.py`;
    not `__init__.py`), or a folder named internal."""
    segs = path.split("/")
    out = []
    for i, seg in enumerate(segs):
        folder = i < len(segs) - 1
        if (seg[:1] == "_" and seg[1:2] not in ("_", "")) or (folder and seg.lower() in _PRIVATE_DIRS):
            out.append("/".join(segs[:i + 1]))
    return tuple(out)


def private_paths(rows) -> dict[str, bool]:
    """Which of a search's candidate files (``rows``) are private implementation. When
    nearly all of the candidates' own code (not tests, docs or vendored code) is marked
    private, the mark tells nothing apart: the project keeps its code private by
    convention (pytest's package is `src/_pytest`, scikit-learn's estimators live in
    modules like `ensemble/_forest.py`), and no file is."""
    code: dict[str, bool] = {}
    for r in rows:
        code[r["path"]] = code.get(r["path"], False) or r["tag"] != "prose"
    marked = {p for p in code if private_marks(p)}
    if marked:
        own = [p for p, is_code in code.items() if is_code and not is_test_path(p) and not is_auxiliary(p)]
        if sum(p in marked for p in own) > PRIVATE_SHARE * len(own):
            marked = set()
    return {p: p in marked for p in code}


def is_test_path(path: str) -> bool:
    return bool(_TEST_PATH.search(path))


def is_test_code(path: str, name: str | None) -> bool:
    """A test file, or a test module inside a source file (Rust's `mod tests`)."""
    return is_test_path(path) or bool(name) and (name.startswith("tests.") or ".tests." in name)


def words_meet(word: str, part: str) -> bool:
    """Prefix-tolerant equality of a query word and a path/name part: one is a prefix
    of the other (at least 4 letters), or they share a prefix all but 2 letters long
    (``routing``/``router``, ``logging``/``logger``)."""
    if word == part:
        return True
    short = min(len(word), len(part))
    if short < _MIN_PREFIX - 1:
        return False
    if word.startswith(part) or part.startswith(word):
        return short >= _MIN_PREFIX or len(part) == short  # 'url' ⊂ 'urls', not 'use' ⊂ 'user…'
    n = 0
    for a, b in zip(word, part):
        if a != b:
            break
        n += 1
    return n >= _MIN_PREFIX and n >= short - 2


def path_parts(path: str, language: str | None = None) -> tuple[list[str], set[str]]:
    """(identifier parts of the file's stem, parts and names of its folders), lower-cased.
    A file that stands for its folder in ``language`` (`extract/mod.rs`,
    `handler/__init__.py`, `view/init.lua`, `ui/index.ts`) is named by its folder: its
    own stem names no module."""
    segs = path.split("/")
    stem = segs[-1].split(".", 1)[0]
    if len(segs) > 1 and language and stem in index_stems(language):
        stem = segs[-2]
    folders: set[str] = set()
    for seg in segs[:-1]:
        folders.add(seg.lower())
        folders.update(identifier_parts(seg))
    return identifier_parts(stem) if stem else [], {p for p in folders if p}


class Matcher:
    """Query words against name parts, memoised for one query (a search meets the same
    parts in many candidates)."""

    def __init__(self, words: list[str]):
        self.words = words
        self._by_word: dict[tuple[str, str], bool] = {}
        self._names: dict[tuple, tuple[float, float]] = {}

    def _meets(self, w: str, p: str) -> bool:
        key = (w, p)
        got = self._by_word.get(key)
        if got is None:
            got = self._by_word[key] = words_meet(w, p)
        return got

    def match(self, parts: list[str] | set[str]) -> tuple[float, float]:
        """How far the query words and a name's parts describe each other: (share of
        the words that meet a part, share of the parts met by a word). Adjacent words
        may spell one part: ``url dispatcher`` → ``urldispatcher``, ``file system`` → ``fs``."""
        key = tuple(parts)
        got = self._names.get(key)
        if got is not None:
            return got
        words = self.words
        if not words or not parts:
            return 0.0, 0.0
        pset = set(parts)
        used_words, met = 0, set()
        skip = False
        for i, w in enumerate(words):
            if skip:
                skip = False
                continue
            hit = [p for p in pset if p[:2] == w[:2] and self._meets(w, p)]
            if hit:
                used_words += 1
                met.update(hit)
                continue
            if i + 1 < len(words):
                nxt = words[i + 1]
                for p in (w + nxt, w[0] + nxt[0]):
                    if p in pset:
                        used_words += 2
                        met.add(p)
                        skip = True
                        break
        got = (min(1.0, used_words / len(words)), len(met) / len(pset)) if used_words else (0.0, 0.0)
        self._names[key] = got
        return got


class Scored:
    """A candidate with its score (a plain class, as a dataclass made it: importing
    dataclasses, inspect behind it, was ~43 M instructions of a command-line search)."""

    __slots__ = ("id", "score", "tier", "lexical", "row", "via")
    __hash__ = None  # compared by value, mutable

    def __init__(self, id: int, score: float, tier: int, lexical: float, row: dict, via: list[str] | None = None):
        self.id = id
        self.score = score
        self.tier = tier
        self.lexical = lexical  # bm25 / best bm25
        self.row = row
        self.via = ["lexical"] if via is None else via

    def _fields(self) -> tuple:
        return self.id, self.score, self.tier, self.lexical, self.row, self.via

    def __eq__(self, other):
        return self._fields() == other._fields() if other.__class__ is self.__class__ else NotImplemented

    def __repr__(self) -> str:
        return (f"Scored(id={self.id!r}, score={self.score!r}, tier={self.tier!r}, lexical={self.lexical!r}, "
                f"row={self.row!r}, via={self.via!r})")


def _last(name: str) -> str:
    return name.replace("::", ".").rsplit(".", 1)[-1]


_NAME_PARTS: dict[str, list[str]] = {}


def name_parts(name: str) -> list[str]:
    """Identifier parts of a qualified name's last component (memoised: names repeat)."""
    got = _NAME_PARTS.get(name)
    if got is None:
        if len(_NAME_PARTS) > 100_000:
            _NAME_PARTS.clear()
        got = _NAME_PARTS[name] = identifier_parts(_last(name))
    return got


def _qualifier_rest(dotted: str, full: str) -> list[str] | None:
    """The qualifiers of ``dotted`` a name ``full`` does not carry (`http.handler` over
    `handler` → ['http']), or None when the name does not end the query."""
    if not dotted.endswith("." + full):
        return None
    return dotted[: -len(full) - 1].split(".")


def _folders_and_stem(path: str) -> tuple[list[str], str]:
    segs = path.lower().split("/")
    return segs[:-1], segs[-1].split(".", 1)[0]


def qualifier_holds(dotted: str, full: str, path: str) -> bool:
    """Whether a chunk named ``full`` in ``path`` is what the qualified query ``dotted``
    names: the name ends the query (or the query ends the name), and the qualifiers the
    name does not carry are the file's folders or stem (`http.Handler` is the Handler of
    net/http/server.go, not expvar's; `server.Handler.ServeHTTP` lives under server/)."""
    if full == dotted or full.endswith("." + dotted):
        return True
    rest = _qualifier_rest(dotted, full)
    if rest is None:
        return False
    folders, stem = _folders_and_stem(path)
    return set(rest) <= set(folders) | {stem}


def qualifier_is_package(dotted: str, name: str, path: str) -> bool:
    """The qualifiers a name does not carry are the file's innermost folders (or its
    stem): Go packages, Python modules, Rust module files."""
    rest = _qualifier_rest(dotted, name.replace("::", ".").lower())
    if rest is None:
        return False
    folders, stem = _folders_and_stem(path)
    return rest == folders[-len(rest):] or rest == (folders + [stem])[-len(rest):]


def names_as_typed(word: str, name: str) -> bool:
    """Whether a compound word of a description names a definition: a capitalised word
    (`WebSocket`, `OpenAPI`, `FromJSON`) is a type's name or a proper noun, and names a
    definition only as the definition spells it (`WebSocket` is no function `webSocket`,
    `OpenAPI` no method `openapi`); a word written as code (`flatMap`, `from_fn`) names
    the definition however its first letter is cased."""
    return not word[:1].isupper() or word == _last(name)


def tier(row: dict, q: Query, literals: list[str], body: str | None) -> int:
    """How exactly the chunk defines what an identifier query names (0–3)."""
    kind, name, name_key = row["kind"], row["name"], row["name_key"]
    ident = q.identifier
    t = 0
    if name and kind not in NOT_DEFINITIONS:
        full = name.replace("::", ".").lower()
        if ident and name_key == ident:
            t = 2
            if q.dotted and not qualifier_holds(q.dotted[0], full, row["path"]):
                t = 1  # the last part matches but the qualifier does not
        elif name_key and q.identifier is None and any(t_.key == name_key and names_as_typed(t_.word, name)
                                                         for t_ in q.terms if t_.parts):
            t = 1
        if t < 2 and name_key and q.identifier and q.terms:
            # Words that spell the name's parts: `serve http` → ServeHTTP.
            parts = set(name_parts(name))
            words = {p for tm in q.terms for p in (tm.parts or (tm.key,))}
            if words <= parts:
                t = max(t, 2 if words == parts else 1)
        if t == 2 and any(_last(name) == tm.word for tm in q.terms) and (
                not q.dotted or name.replace("::", ".") in q.raw.replace("::", ".")
                or q.raw.replace("::", ".").strip() in name.replace("::", ".")):
            t = 3  # the identifier as typed, case included (its qualifier too), beats other casings
    if body is not None:
        for lit in literals:
            if lit in body:
                t = max(t, 1 if kind in NOT_DEFINITIONS else 2)
    return t


def spelled_tier(row: dict, q: Query) -> int:
    """Tier for a multi-word description that spells a definition's name exactly
    (`serve http` → ServeHTTP, `shopping cart` → ShoppingCart)."""
    name = row["name"]
    if not name or row["kind"] in NOT_DEFINITIONS or len(q.terms) < 2 or len(q.terms) > 4:
        return 0
    parts = name_parts(name)
    words = [p for tm in q.terms for p in (tm.parts or (tm.key,))]
    return 2 if words == parts else 0


def reexported(scored: list[Scored], exports: list[int]) -> None:
    """When nothing in the workspace defines the identifier a query names, the chunks
    that re-export it take the definition tier (2)."""
    if not exports or any(s.tier >= 2 for s in scored):
        return
    wanted = set(exports)
    for s in scored:
        if s.id in wanted:
            s.tier = 2
            s.score += 2


def score(rows: dict[int, dict], lexical: dict[int, float], q: Query, literals: list[str],
          bodies: dict[int, str], tails: set[int], evidence: dict[int, float] | None = None) -> list[Scored]:
    """One score per candidate (not yet diversified). ``evidence``: file id → how well
    the file reads like the query by code embeddings (lode.embed.evidence), if any."""
    best = max(lexical.values(), default=0.0)
    if evidence and rows:
        # min-max over the candidates' files, so the feature spans 0..1 like the others
        vals = [evidence.get(r["file_id"], 0.0) for r in rows.values()]
        lo, span = min(vals), max(vals) - min(vals)
        evidence = {r["file_id"]: (evidence.get(r["file_id"], 0.0) - lo) / span if span > 0 else 0.0
                    for r in rows.values()}
    words = [t.key for t in q.content]
    matcher = Matcher(words)
    # A short description may ask for tests or docs; a pasted issue that mentions a
    # test is still about the code.
    asks_tests = q.shape == "words" and any(w in _ASKS_TESTS for w in words)
    asks_prose = q.shape == "words" and any(w in _ASKS_PROSE for w in words)
    errors_lower = q.shape == "words" and ERROR_TYPE < 1 and not any(
        words_meet(w, e) for w in words for e in _ASKS_ERRORS)
    # Paths the text names, by their last two segments (`…/site-packages/pkg/mod.py`
    # names `pkg/mod.py` in the workspace); a traceback naming ten files spreads the weight.
    named_paths = {tuple(p.lower().split("/")[-2:]) for p in q.paths}
    named_weight = PATH_NAMED_WEIGHT / max(1, len(named_paths))
    # Identifiers a pasted text mentions: a compound or snake_case word names a
    # definition on its own; a dotted `Dataset.update` names the definition whose
    # qualified name ends so (a bare `update` names hundreds).
    text = q.shape == "text"
    mentioned = {t.key for t in q.terms if t.parts or "_" in t.word.strip("_")} if text else set()
    mentioned_tails = {".".join(d.split(".")[-2:]) for d in q.dotted} if text else set()
    # The title is the report's own summary: an identifier it names is what it is about.
    titled = mentioned & set(q.title)
    frames = _frame_definitions(rows, q)
    quoted = _quoted_code(rows, q, bodies)
    path_cache: dict[str, float] = {}
    # Words written with a capital may name a file (`Logger`, `URLSession`); a lower-case
    # word is an ordinary word, left to the path feature's prefix-tolerant match. Every
    # spelling counts: the terms keep a word's first one ('how JSON encoding produces
    # Encoding …' names Encoding.hs), so the capitals are read from the text itself.
    typed: set[str] = set()
    if q.shape == "words":
        keys = {t.key for t in q.content}
        typed = {w for w in _WORDS.findall(q.raw) if w != w.lower() and w.lower() in keys}
    heads: set[tuple] = set()
    per_file: dict[int, int] = {}
    # A pasted text matches its file through several chunks: the file's best three
    # chunks' bm25 (relative to the best chunk) is evidence for each of them.
    file_mass: dict[int, list[float]] = {}
    if q.shape == "text" and best > 0:
        for cid, v in lexical.items():
            if cid in rows:
                file_mass.setdefault(rows[cid]["file_id"], []).append(v / best)
        file_mass = {f: sum(sorted(v, reverse=True)[:3]) for f, v in file_mass.items()}
    for cid, v in lexical.items():
        if best > 0 and v >= 0.3 * best and cid in rows:
            per_file[rows[cid]["file_id"]] = per_file.get(rows[cid]["file_id"], 0) + 1
    declarations = _declarations(rows)
    # A description asks for the public face of a mechanism before its private helpers.
    private = private_paths(rows.values()) if q.shape == "words" and PRIVATE < 1 else {}
    out = []
    for cid in sorted(rows, key=lambda i: (rows[i]["file_id"], rows[i]["byte_start"])):
        row = rows[cid]
        lex = lexical.get(cid, 0.0) / best if best > 0 else 0.0
        t = tier(row, q, literals, bodies.get(cid))
        if t == 0 and q.identifier is None:
            t = spelled_tier(row, q)
        if t >= 2:
            # Only the head of a split definition keeps the definition's tier.
            key = (row["file_id"], row["name"], row["kind"])
            if cid in tails or key in heads:
                t = 1
            heads.add(key)
        path = row["path"]
        ps = path_cache.get(path)
        if ps is None:
            ps = 0.0
            if q.shape != "text":
                stem, folders = path_parts(path, row.get("language"))
                ws, cover = matcher.match(stem)
                ps = STEM_SHARE * ws + STEM_COVER * cover + FOLDER_SHARE * matcher.match(sorted(folders))[0]
            low = path.lower()
            if named_paths and (tuple(low.split("/")[-2:]) in named_paths
                                or (low.rsplit("/", 1)[-1],) in named_paths):
                ps += named_weight / PATH_WEIGHT
            if typed and path.rsplit("/", 1)[-1].rsplit(".", 1)[0] in typed:
                ps += STEM_NAMED_WEIGHT / PATH_WEIGHT
            path_cache[path] = ps
        ns = 0.0
        tail = cid in tails
        if row["name"] and q.shape != "text" and not tail:  # a fragment's name is its head's
            ws, cover = matcher.match(name_parts(row["name"]))
            ns = NAME_SHARE * ws + NAME_COVER * cover
        s = lex + PATH_WEIGHT * ps + NAME_WEIGHT * ns
        if evidence:
            s += EVIDENCE_WEIGHT * evidence[row["file_id"]]
        if text and row["name"] and row["kind"] not in NOT_DEFINITIONS and not tail and (
                row["name_key"] in mentioned
                or any(row["name"].lower().replace("::", ".").endswith(m) for m in mentioned_tails)):
            s += MENTION_WEIGHT
            if row["name_key"] in titled:
                s += TITLE_MENTION_WEIGHT
        if quoted:
            s += quoted.get(cid, 0.0)
        if frames and not tail:
            s += frames.get(cid, 0.0)
        s += FILE_WEIGHT * min(FILE_CAP, per_file.get(row["file_id"], 1) - 1)
        if file_mass:
            s += FILE_MASS_WEIGHT * file_mass.get(row["file_id"], 0.0)
        # Prose and tests count less, unless the query asks for them: then the rest does.
        if (row["tag"] == "prose") != asks_prose:
            s *= PROSE
        if is_test_code(path, row["name"]) != asks_tests:
            s *= TEST
        if not asks_prose and is_auxiliary(path):
            s *= AUX
        if private.get(path):
            s *= PRIVATE
        if row["line_end"] - row["line_start"] < TINY_LINES and (TINY_ALL or row["kind"] in NOT_DEFINITIONS or tail):
            s *= TINY
        if row["kind"] in VALUE_KINDS and (text or (
                q.shape == "words" and row["line_end"] - row["line_start"] < VALUE_LINES)):
            s *= VALUE
        if errors_lower and row["kind"] in _TYPE_KINDS and row["name"] and _ERROR_NAME.search(_last(row["name"])):
            s *= ERROR_TYPE
        if tail and t < 2:
            s *= TAIL
        if cid in declarations:
            s *= DECLARATION
        if t >= 2:
            # Of several definitions with the name, the shallowest is the canonical one
            # (`main.py` before `v1/main.py`, a package before its examples); a query's
            # qualifier naming the file's own folder (its package) beats one naming an
            # ancestor (`http.Handler`: net/http/server.go before net/http/pprof/).
            s += DEPTH_BONUS / (1 + path.count("/"))
            if q.dotted and qualifier_is_package(q.dotted[0], row["name"], path):
                s += PACKAGE_BONUS
        out.append(Scored(cid, s + t, t, lex, row))
    if q.shape == "words" and SHALLOW_WEIGHT:
        shallow_first(out)
        parents_first(out)
    return out


def _quoted_code(rows: dict[int, dict], q: Query, bodies: dict[int, str]) -> dict[int, float]:
    """Definitions whose bodies hold a line of code the pasted text quotes
    (:attr:`Query.code_lines`, compared as whole lines, indentation aside): each line's
    CODE_LINE_WEIGHT is shared among the definitions that hold it (a line written in
    many places says little), a definition's total capped at CODE_LINE_WEIGHT. A split
    definition is one definition: its head gains what a later part holds."""
    if not q.code_lines or not CODE_LINE_WEIGHT:
        return {}
    holders: dict[str, set[tuple]] = {}
    for cid, body in bodies.items():
        row = rows.get(cid)
        if row is None or not row["name"] or row["kind"] in NOT_DEFINITIONS:
            continue
        for line in {normal_line(ln) for ln in body.splitlines()} & q.code_lines:
            holders.setdefault(line, set()).add((row["file_id"], row["name"], row["kind"]))
    gained: dict[tuple, float] = {}
    for keys in holders.values():
        for key in keys:
            gained[key] = min(CODE_LINE_WEIGHT, gained.get(key, 0.0) + CODE_LINE_WEIGHT / len(keys))
    out: dict[int, float] = {}
    for cid, row in rows.items():
        key = (row["file_id"], row["name"], row["kind"])
        if key in gained:
            out[cid] = gained[key]
    return out


def _frame_definitions(rows: dict[int, dict], q: Query) -> dict[int, float]:
    """Candidates a traceback's frames ran (:attr:`Query.frames`): a definition named as
    the frame's function (its qualifier too, when written: ``Plot._plot``) in a file the
    frame's path names gains FRAME_WEIGHT; those of the innermost such frame in the
    project's own code (not a test, not vendored) — where the error surfaced, or the
    last of the project's code before a library raised it — gain FRAME_INNER_WEIGHT more."""
    if not q.frames:
        return {}
    wanted = [(path_tail(p), name.rsplit(".", 1)[-1].lower(), name.lower()) for p, name in q.frames]
    hits: dict[int, list[int]] = {}
    for cid, r in rows.items():
        if not r["name"] or r["kind"] in NOT_DEFINITIONS:
            continue
        full = r["name"].replace("::", ".").lower()
        for j, (ft, key, dotted) in enumerate(wanted):
            ran = r["name_key"] == key and (full == dotted or full.endswith("." + dotted) or "." not in dotted)
            # a class chunked whole holds the method a frame names (`PolyFit._fit_predict`)
            holds = dotted.startswith(full + ".")
            if (ran or holds) and framed_path(r["path"], {ft}):
                hits.setdefault(cid, []).append(j)
    own = [j for cid, js in hits.items() for j in js
           if not is_test_code(rows[cid]["path"], rows[cid]["name"]) and not is_auxiliary(rows[cid]["path"])]
    inner = max(own, default=None)
    return {cid: FRAME_WEIGHT + (FRAME_INNER_WEIGHT if inner in js else 0.0) for cid, js in hits.items()}


_INDEX_STEMS: dict[str | None, tuple[str, ...]] = {}


def index_stems(language: str | None) -> tuple[str, ...]:
    """The stems of the files that stand for their folder in ``language`` (`mod`,
    `__init__`, `index`, `init`), memoised."""
    got = _INDEX_STEMS.get(language)
    if got is None:
        got = ()
        if language:
            from ..languages import language_named  # only descriptions need the registry (~5 ms)
            from ..symbols.rules import rules_for

            spec = language_named(language)
            rules = rules_for(spec) if spec is not None else None
            got = tuple(rules.index_stems) if rules is not None else ()
        _INDEX_STEMS[language] = got
    return got


def module_depth(path: str, language: str | None) -> int:
    """How many folders deep a file's module is: a file that stands for its folder
    (the language's index stems: `routing/mod.rs`, `pkg/__init__.py`, `ui/index.ts`,
    `lazy/init.lua`) is at its folder's level."""
    d = path.count("/")
    if d and path.rsplit("/", 1)[-1].split(".", 1)[0] in index_stems(language):
        d -= 1
    return d


def parent_modules(path: str, language: str | None) -> list[tuple[str, str]]:
    """Where the module a file belongs to may be, as (folder, stem), nearest first:
    the file its name extends (C#'s partial `SqlMapper.Async.cs` → `SqlMapper.cs`,
    `x.d.ts` → `x.ts`), then the index file of its folder (`routing/path_router.rs` →
    `routing/mod.rs`) and the file named as its folder beside it
    (`Encoding/Internal.hs` → `Encoding.hs`, `routing/x.rs` → `routing.rs`). An index
    file stands for its folder, so its parent is one level up."""
    folder, _, base = path.rpartition("/")
    stem = base.split(".", 1)[0]
    stems = index_stems(language)
    out = [(folder, stem)] if base.count(".") >= 2 else []
    if stem in stems:
        if not folder:
            return out
        home = folder.rpartition("/")[0]
    else:
        home = folder
    out.extend((home, st) for st in stems)
    if home:
        up, _, name = home.rpartition("/")
        out.append((up, name))
    return out


def _best_files(scored: list[Scored]) -> tuple[dict[int, Scored], list[Scored]]:
    """Each file's best chunk, and the SHALLOW_FILES best of those (the page's files)."""
    best: dict[int, Scored] = {}
    for s in scored:
        b = best.get(s.row["file_id"])
        if b is None or s.score > b.score:
            best[s.row["file_id"]] = s
    return best, sorted(best.values(), key=lambda s: (-s.score, s.row["path"]))[:SHALLOW_FILES]


def shallow_first(scored: list[Scored]) -> None:
    """A description: among the SHALLOW_FILES best files, the files higher in the module
    tree are the more general (gson's GsonBuilder.java over internal/GsonTypes.java,
    pydantic's functional_validators.py over v1/validators.py, axum's routing/mod.rs
    over extract/nested_path.rs). Each chunk gains SHALLOW_WEIGHT × (1 / (1 + its
    module's levels below the page's shallowest) − the same for the page's deepest):
    a page whose files sit at one level is left as it is, and a file is not lifted for
    being shallower than files nobody would see."""
    best, page = _best_files(scored)
    if not page:
        return
    depth = {f: module_depth(s.row["path"], s.row.get("language")) for f, s in best.items()}
    # The prior is about the project's own code: a test, docs or vendored file keeps its
    # demotion whatever the query asks (a top-level tests/ folder is not the core), and
    # the page's own code sets the scale (not a README at the root).
    weight = {f: SHALLOW_WEIGHT * (TEST if is_test_code(s.row["path"], s.row["name"]) else 1.0)
              * (PROSE if s.row["tag"] == "prose" else 1.0) * (AUX if is_auxiliary(s.row["path"]) else 1.0)
              for f, s in best.items()}
    own = [depth[s.row["file_id"]] for s in page if weight[s.row["file_id"]] == SHALLOW_WEIGHT] \
        or [depth[s.row["file_id"]] for s in page]
    top, floor = min(own), 1 / (1 + max(own) - min(own))
    for s in scored:
        f = s.row["file_id"]
        s.score += weight[f] * max(0.0, 1 / (1 + max(0, depth[f] - top)) - floor)


def parents_first(scored: list[Scored]) -> None:
    """A description: a file that is the parent module of one of the SHALLOW_FILES best
    files (:func:`parent_modules`) is where the mechanism they specialise lives — axum's
    routing/mod.rs for routing/path_router.rs, Dapper's SqlMapper.cs for its partial
    SqlMapper.Async.cs, aeson's Encoding.hs for Encoding/Internal.hs — and gains
    SHALLOW_WEIGHT, the module tree's other prior (:func:`shallow_first`). A test, docs or
    vendored page file names no parent; the parent must be a candidate itself."""
    best, page = _best_files(scored)
    at: dict[tuple[str, str], int] = {}
    for f, s in best.items():
        folder, _, base = s.row["path"].rpartition("/")
        at[(folder, base.rsplit(".", 1)[0])] = f  # SqlMapper.cs is `SqlMapper`, not SqlMapper.Async.cs
    parents: set[int] = set()
    for s in page:
        path = s.row["path"]
        if is_test_code(path, s.row["name"]) or is_auxiliary(path) or s.row["tag"] == "prose":
            continue
        for key in parent_modules(path, s.row.get("language")):
            f = at.get(key)
            if f is not None and f != s.row["file_id"]:
                parents.add(f)
                break
    for s in scored:
        if s.row["file_id"] in parents:
            s.score += SHALLOW_WEIGHT


def _declarations(rows: dict[int, dict]) -> set[int]:
    """Candidates that declare what a longer candidate defines: the same name and kind in
    a file of the same folder and stem but another extension (a C header's prototype
    beside its source's definition)."""
    twins: dict[tuple, list[int]] = {}
    for cid, r in rows.items():
        if r["name"] and r["kind"] not in NOT_DEFINITIONS:
            folder, _, base = r["path"].rpartition("/")
            twins.setdefault((folder, base.split(".", 1)[0], r["name"], r["kind"]), []).append(cid)
    out: set[int] = set()
    for ids in twins.values():
        if len(ids) < 2 or len({rows[i]["path"] for i in ids}) < 2:
            continue
        longest = max(ids, key=lambda i: rows[i]["byte_end"] - rows[i]["byte_start"])
        out.update(i for i in ids if rows[i]["path"] != rows[longest]["path"])
    return out


def diversify(scored: list[Scored], factor: float | None = None) -> list[Scored]:
    """Order by score, the k-th further chunk of one file multiplied by factor**k
    (definition tiers are kept whole: an exact definition stays where it is)."""
    factor = DIVERSITY if factor is None else factor
    scored = sorted(scored, key=lambda s: (-s.score, s.row["path"], s.row["byte_start"]))
    seen: dict[int, int] = {}
    adjusted = []
    for s in scored:
        k = seen.get(s.row["file_id"], 0)
        seen[s.row["file_id"]] = k + 1
        base = s.score - s.tier
        adjusted.append((base * (factor ** k) + s.tier, s))
    adjusted.sort(key=lambda a: (-a[0], a[1].row["path"], a[1].row["byte_start"]))
    return [s for _, s in adjusted]


def deepen(ordered: list[Scored]) -> list[Scored]:
    """After the DEPTH_AFTER first hits, the best further chunks of their files (at most
    DEPTH_PER_FILE per file, DEPTH_SLOTS in all, best score first), then the rest in
    order. The first hits and their order do not change."""
    head = ordered[:DEPTH_AFTER]
    files: dict[int, int] = {}
    for s in head:
        files[s.row["file_id"]] = files.get(s.row["file_id"], 0) + 1
    rest = ordered[DEPTH_AFTER:]
    deeper: list[Scored] = []
    for s in sorted(rest, key=lambda s: (-s.score, s.row["path"], s.row["byte_start"])):
        if len(deeper) >= DEPTH_SLOTS:
            break
        n = files.get(s.row["file_id"])
        if n is None or n >= DEPTH_PER_FILE:
            continue
        files[s.row["file_id"]] = n + 1
        deeper.append(s)
    taken = {id(s) for s in deeper}
    return head + deeper + [s for s in rest if id(s) not in taken]


def load_rows(store, ids: list[int]) -> dict[int, dict]:
    """What ranking needs of each candidate (no bodies)."""
    return store.chunks.rows(ids)


def load_bodies(store, ids: list[int]) -> dict[int, str]:
    return store.fts.bodies(ids)


def continuation_ids(store, rows: dict[int, dict]) -> set[int]:
    """Candidates that continue a split definition (the chunk before them in the file
    is the same definition: same name and kind)."""
    named = [cid for cid, r in rows.items() if r["name"] and r["kind"] not in NOT_DEFINITIONS]
    return store.chunks.continuations(named)
