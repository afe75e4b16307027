"""Parsing a user's search text — no index needed, so it is tested alone.

Whatever the user types is safe: the text is reduced to words and quoted phrases, and
only those, double-quoted, ever reach FTS5. Parsing is one linear pass (no regular
expression that can backtrack over user input), bounded by :data:`MAX_QUERY_CHARS`.

- a word ``ServeHTTP`` → :class:`Term` with its identifier parts ``serve``, ``http``;
- ``"-32602"`` or ``"free list"`` → a phrase (its words must appear in that order); in a
  pasted text only a quoted message of several words on one line is, the other quoted
  words being words;
- a dotted name ``server.Handler.ServeHTTP`` (or ``Sinatra::Base``) is remembered whole
  (``dotted``) so a definition with that qualified name ranks first;
- English function words (``how``, ``the``, ``are`` …) are stopwords: kept for phrases
  and highlighting, left out of ranking unless the query has nothing else;
- path-like tokens (``src/_pytest/python.py``, ``File "x.py", line 3``) are ``paths``;
- a traceback's frames (``File "pkg/mod.py", line 3, in load``, pytest's
  ``pkg/mod.py:3: in load``, IPython's ``pkg/mod.py:3, in Loader.load(self)``) are
  ``frames``: (path, function) in the order written, the innermost last;
- :attr:`Query.shape` says what the text looks like: ``symbol`` (an identifier or a
  qualified name), ``words`` (a description), ``text`` (a pasted issue or stack trace:
  over 30 content words, or several lines with over 12 — a title and a body).
"""

from __future__ import annotations

import re
from functools import cached_property

from ..errors import InvalidParams
from ..tuples import record  # not dataclasses: a search would import inspect for it
from .tokens import identifier_parts

MAX_QUERY_CHARS = 65_536   # a long issue report fits; anything larger is refused
MAX_WORD_CHARS = 128       # longer "words" (base64, minified code) are not searched as words
LONG_QUERY_WORDS = 30      # more content words than this: a pasted text, not a description
# A text of several lines with more content words than this is a pasted report too (a
# title and a body, however short): one typed description is one line.
REPORT_WORDS = 12

# Plain \w runs and single path/name separators: every pattern is a single character
# class or a literal, so matching is linear in the text.
_WORD = re.compile(r"\w+")
_TOKEN = re.compile(r'\w+|::|[./\\"]|[^\w\s]')

STOPWORDS = frozenset("""
a an and are as at be been being but by can could did do does doing done for from had has
have having how i if in into is it its itself let me my no nor not of off on once only or
other our out over own same she should so some such than that the their them then there
these they this those through to too under until up very was we were what when where which
while who whom why will with would you your about above after again against all am any
because before below between both during each few further here just more most s t use used
uses using via want get gets
""".split())


@record
class Term:
    word: str                      # as typed
    parts: tuple[str, ...] = ()    # lower-cased identifier parts, when it splits
    stop: bool = False             # an English function word

    @property
    def key(self) -> str:
        return self.word.lower()


@record
class Phrase:
    text: str
    words: tuple[str, ...]


@record
class Query:
    raw: str
    terms: tuple[Term, ...] = ()
    phrases: tuple[Phrase, ...] = ()
    dotted: tuple[str, ...] = ()   # lower-cased, '::' normalised to '.'
    highlights: tuple[str, ...] = ()
    paths: tuple[str, ...] = ()    # path-like tokens: 'src/app/models.py', 'models.py'
    title: tuple[str, ...] = ()    # lower-cased words of the first line (a pasted issue's title)
    frames: tuple[tuple[str, str], ...] = ()  # traceback frames: (path, function as written)

    @property
    def empty(self) -> bool:
        return not self.terms and not self.phrases

    @cached_property
    def content(self) -> tuple[Term, ...]:
        """The terms that rank: every non-stopword, or all terms when all are stopwords.
        In a pasted text, bare numbers and single letters (versions, line numbers,
        loop variables in a snippet) are noise too."""
        kept = tuple(t for t in self.terms if not t.stop)
        if len(kept) > LONG_QUERY_WORDS:
            kept = tuple(t for t in kept if len(t.word) > 1 and not t.word.isdigit()) or kept
        return kept or self.terms

    @cached_property
    def identifier(self) -> str | None:
        """The single identifier this query names, if that is all it is."""
        if len(self.terms) == 1 and not self.phrases:
            return self.terms[0].key
        if len(self.dotted) == 1 and not self.phrases and len(self.terms) == self.dotted[0].count(".") + 1:
            return self.dotted[0].rsplit(".", 1)[-1]
        return None

    @cached_property
    def shape(self) -> str:
        if self.identifier is not None:
            return "symbol"
        if len(self.content) > LONG_QUERY_WORDS:
            return "text"
        if len(self.content) > REPORT_WORDS and len([ln for ln in self.raw.splitlines() if ln.strip()]) > 1:
            return "text"
        return "words"

    @cached_property
    def code_lines(self) -> frozenset[str]:
        """A pasted text's lines of code (see :func:`code_lines`); none for other shapes."""
        return frozenset(code_lines(self.raw)) if self.shape == "text" else frozenset()


# A line of code a report quotes: long enough to be specific, with a call, an
# assignment or an index in it; at most this many are kept.
CODE_LINE_MIN_CHARS = 12
MAX_CODE_LINES = 64


def normal_line(line: str) -> str:
    """A line with its indentation dropped and its inner runs of blanks made one space."""
    return " ".join(line.split())


def code_lines(text: str) -> list[str]:
    """Lines of a pasted text that read as code (normalised by :func:`normal_line`): a
    call, an assignment or an index of at least CODE_LINE_MIN_CHARS characters, like the
    report's ``method = builtin_str(method)`` or a traceback's source line ``if
    self.is_rewrite_disabled(doc):`` (pytest's ``>`` marker dropped). The reporter's own
    session (``>>>``, ``...`` prompts) and the frame lines themselves are left out."""
    out: list[str] = []
    for raw_line in text.splitlines():
        line = normal_line(raw_line)
        if line.startswith((">>>", "...")):
            continue
        if line.startswith(">"):
            line = line[1:].lstrip()
        if (len(line) < CODE_LINE_MIN_CHARS or not any(c in line for c in "=([")
                or not (line[0].isalpha() or line[0] == "_") or find_frames(line)):
            continue
        out.append(line)
        if len(out) >= MAX_CODE_LINES:
            break
    return list(dict.fromkeys(out))


_PATH_TRIM = "\"'`()[]{}<>,;:!?"


def _drop_position(tok: str) -> str:
    """A file with a line (and column) as warnings, linters and pytest write them:
    ``pkg/mod.py:206`` and ``mod.py:12:5`` are ``pkg/mod.py`` and ``mod.py``."""
    for _ in range(2):
        head, sep, tail = tok.rpartition(":")
        if not sep or not tail.isdigit():
            break
        tok = head.rstrip(_PATH_TRIM)
    return tok


def _path_token(tok: str) -> str | None:
    """The file path one whitespace-separated token writes, if it writes one: trimmed of
    quotes, punctuation and a trailing line number, ending in a known source extension."""
    tok = _drop_position(tok.strip(_PATH_TRIM)).rstrip(".")
    if "." not in tok or len(tok) > 512:
        return None
    ext = tok.rsplit(".", 1)[1].lower()
    if ext in _FILE_EXTENSIONS and len(tok) > len(ext) + 1:
        return tok.replace("\\", "/")
    return None


def find_paths(text: str) -> list[str]:
    """File paths written in the text (``src/app/models.py``, ``models.py``, a
    traceback's ``File "/usr/lib/…/site-packages/pkg/mod.py"``, a warning's
    ``…/reporters/text.py:206:``)."""
    return [p for tok in text.split() if (p := _path_token(tok)) is not None]


def path_tail(path: str) -> tuple[str, ...]:
    """How a path written in a text is matched to a workspace's files: its last two
    segments, lower-cased (``/usr/lib/…/site-packages/pkg/mod.py`` is ``pkg/mod.py``
    wherever the workspace keeps ``pkg``)."""
    return tuple(path.lower().split("/")[-2:])


def framed_path(path: str, tails: set[tuple[str, ...]]) -> bool:
    """Whether a workspace file's ``path`` is one the ``tails`` (:func:`path_tail`)
    name: its last two segments, or its name alone for a path written without a folder."""
    low = path.lower()
    return path_tail(low) in tails or (low.rsplit("/", 1)[-1],) in tails


_FRAME_NAME = re.compile(r"[\w.]+")


def find_frames(text: str) -> list[tuple[str, str]]:
    """A traceback's frames, (path, function), in the order written: a line that writes a
    file path followed by ``in NAME`` as tracebacks write it — Python's ``File "p.py",
    line 3, in load``, pytest's ``p.py:3: in load``, IPython's ``p.py:3, in
    Loader.load(self)`` and ``p.py in load(self)`` (prose's ``p.py in the docs`` is no
    frame). Frames of no named function (``<module>``, ``<lambda>``) are left out: they
    name no definition."""
    out = []
    for line in text.splitlines():
        if " in " not in line:
            continue
        toks = line.split()
        for i, tok in enumerate(toks):
            path = _path_token(tok)
            if path is None:
                continue
            after = toks[i + 1:i + 5]
            bare = tok.strip(_PATH_TRIM)
            at_line = _drop_position(bare) != bare  # `p.py:3:` (pytest), `p.py:3,` (IPython)
            if after[:1] == ["in"] and len(after) > 1 and (at_line or "(" in after[1]):
                name = after[1]  # … `p.py:3: in load`, IPython's older `p.py in load(self)`
            elif len(after) == 4 and after[0] == "line" and after[2] == "in":
                name = after[3]  # Python's `File "p.py", line 3, in load`
            else:
                break
            m = _FRAME_NAME.match(name)
            if m and m.group().strip("."):
                out.append((path, m.group().strip(".")))
            break
    return out


def _scan_dotted(text: str) -> list[str]:
    """Dotted names (``a.b.C``, ``A::B``) in one pass over the token stream."""
    dotted = []
    run: list[str] = []       # alternating word, separator, word …
    seps: set[str] = set()

    def flush():
        words = run[::2]
        if len(words) >= 2:
            if seps <= {".", "::"}:
                last = words[-1]
                # `models.py` is a file name, not a qualified name
                if not (len(words) == 2 and last.lower() in _FILE_EXTENSIONS):
                    dotted.append(".".join(words).lower())
        run.clear()
        seps.clear()

    prev_end = -1
    for m in _TOKEN.finditer(text):
        tok = m.group()
        adjacent = m.start() == prev_end
        prev_end = m.end()
        is_word = tok[0].isalnum() or tok[0] == "_"
        if is_word:
            if run and len(run) % 2 == 0 and adjacent:
                run.append(tok)
            else:
                flush()
                run.append(tok)
        elif tok in (".", "::", "/", "\\") and run and len(run) % 2 == 1 and adjacent:
            run.append(tok)
            seps.add(tok)
        else:
            if run and len(run) % 2 == 0:
                run.pop()  # a trailing separator ("end of sentence.")
            flush()
            if tok in ("/", "\\"):
                # a path may start with a separator: /usr/lib, ./src
                run.clear()
    if run and len(run) % 2 == 0:
        run.pop()
    flush()
    return dotted


_FILE_EXTENSIONS = frozenset("""
py pyi go rs ts tsx js jsx mjs cjs zig c h cc cpp hpp hh cxx java rb php cs kt kts scala swift
ex exs hs lua sh bash dart ml mli jl pl pm m mm sql tf hcl md rst txt yaml yml json toml cfg ini
""".split())


def parse(text: str) -> Query:
    raw = text or ""
    if len(raw) > MAX_QUERY_CHARS:
        raise InvalidParams(f"invalid params: 'query' is {len(raw)} characters; the limit is {MAX_QUERY_CHARS}",
                            data={"param": "query"})
    phrases, rest_parts, pos = [], [], 0
    while True:
        start = raw.find('"', pos)
        end = raw.find('"', start + 1) if start >= 0 else -1
        if start < 0 or end < 0:
            rest_parts.append(raw[pos:])
            break
        rest_parts.append(raw[pos:start])
        inner = raw[start + 1:end]
        words = tuple(_WORD.findall(inner))
        if words:
            phrases.append(Phrase(inner, words))
        pos = end + 1
    rest = " ".join(rest_parts).replace('"', " ")
    dotted = _scan_dotted(raw.replace('"', " "))
    paths = find_paths(raw)
    terms = _terms(rest)
    if phrases and Query(raw, terms).shape == "text":
        # In a pasted text, double quotes are the reporter's code and output — string
        # literals ("x", "foo"), dict keys, paths — not phrases typed to be matched: every
        # quoted word counts as a word. A quoted message of several words on one line
        # ("Requires Python >= 3.8") is also a phrase: the code may hold it as a string.
        terms = _terms(raw.replace('"', " "))
        phrases = [p for p in phrases if len(p.text.split()) > 1 and "\n" not in p.text
                   and "/" not in p.text and "\\" not in p.text]
    hl: list[str] = []
    for t in terms:
        if t.stop and len(terms) > 1:
            continue
        hl.append(t.word)
        hl.extend(p for p in t.parts if len(p) > 1)
    for p in phrases:
        hl.append(p.text.strip())
    if not terms and not phrases and raw.strip():
        hl.append(raw.strip()[:MAX_WORD_CHARS])
    first_line = next((line for line in raw.splitlines() if line.strip()), "")[:MAX_WORD_CHARS * 4]
    title = tuple(dict.fromkeys(w.lower() for w in _WORD.findall(first_line)))
    return Query(raw, terms, tuple(phrases), tuple(dict.fromkeys(dotted)),
                 tuple(dict.fromkeys(h for h in hl if h)), tuple(dict.fromkeys(paths)), title,
                 tuple(find_frames(raw)))


def _terms(text: str) -> tuple[Term, ...]:
    """The words of ``text`` as terms, each once (its first spelling), none too long."""
    terms: list[Term] = []
    seen = set()
    for w in _WORD.findall(text):
        k = w.lower()
        if k in seen or len(w) > MAX_WORD_CHARS:
            continue
        seen.add(k)
        parts = identifier_parts(w)
        terms.append(Term(w, tuple(parts) if len(parts) > 1 else (), stop=k in STOPWORDS))
    return tuple(terms)


def _q(token: str) -> str:
    return '"' + token.replace('"', '""') + '"'


def term_expr(t: Term) -> str:
    """FTS5 expression for one word: the whole token anywhere, or all of its parts."""
    w = _q(t.key)
    if not t.parts:
        return w
    return "(" + w + " OR (" + " AND ".join(_q(p) for p in dict.fromkeys(t.parts)) + "))"


def phrase_expr(p: Phrase) -> str:
    return "{body breadcrumb} : " + _q(" ".join(w.lower() for w in p.words))


def fts_expression(q: Query, op: str = "AND", terms: tuple[Term, ...] | None = None) -> str | None:
    """The MATCH expression over ``terms`` (default: the content terms) and the phrases:
    every one (``AND``) or any (``OR``). A compound identifier stays one term either way:
    the whole token, or all of its parts together (``dispatch_request`` does not match
    a chunk that only says "request")."""
    use = q.content if terms is None else terms
    parts = [term_expr(t) for t in use]

    parts += [phrase_expr(p) for p in q.phrases]
    if not parts:
        return None
    return f" {op} ".join(parts)
