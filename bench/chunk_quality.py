"""Survey chunk quality per language: the defects a reader of the chunks would see.

    python bench/chunk_quality.py [-j N] [--files N] [--samples K] [--lang L] CORPUS_DIR...

For every file of a registered code language (at most N files per language and corpus,
sampled evenly by path), chunked as the indexer does, counts per language:

  chunks      all chunks, and per kind (the `kinds` line)
  reparse     top-level definition chunks (one unit, not split: no fragment of it, no
              member chunk after it) whose own text parses with an error when given to
              the grammar alone: a unit cut short or grown over a neighbour (some
              grammars cannot parse a member alone: compare between versions, not
              across languages)
  tiny        chunks of one line under the short-content threshold (`}` or `end` alone,
              a lone import), and of those the definition chunks
  gaps        gap chunks after the header; `code gaps`: those holding a line that is
              neither comment nor blank (leftover declarations and statements)
  oversized   chunks over the body budget (split_long should leave none)
  split       units cut into fragments (several consecutive chunks of one kind and name)
  doc sep     a gap or header ending with a comment line, directly followed (no blank
              line) by a definition chunk: its doc left outside it
  attr sep    likewise ending with a decorator / attribute / annotation line (`@x`,
              `#[x]`, `[X]`)
  no name     definition chunks with no name, or whose name's last part does not occur
              in their text (a wrong name)

With --samples K, prints K examples of each defect class per language (path:line and the
first line), which is where fixes start.
"""
from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import re
import sys
from collections import Counter, defaultdict

from lode.chunking import chunk_file
from lode.config import DEFAULT_CHUNK_CONFIG
from lode.languages import language_for_path
from lode.languages.treesitter import grammar_for

MAX_BYTES = 1024 * 1024
NON_DEFS = {"header", "gap"}
CLASSES = ("reparse", "tiny", "tiny def", "code gap", "oversized", "split", "doc sep", "attr sep", "no name")
# a comment line in any of the surveyed languages
_COMMENT = re.compile(r"^\s*(//|/\*|\*|\*/|#(?!\[)|--|;;|%|\"\"\"|''')")
# an attribute, decorator or annotation line
_ATTR = re.compile(r"^\s*(@[A-Za-z_][\w.]*|#\[|#!\[|\[[A-Z][\w.]*(\(.*\))?\]\s*$)")


def walk(root: str):
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith(".") and d != "node_modules")
        for f in sorted(filenames):
            path = os.path.join(dirpath, f)
            spec = language_for_path(path)
            if spec is not None:
                yield spec.name, path


def survey_file(path: str) -> tuple[str, Counter, Counter, dict[str, list[str]]]:
    spec = language_for_path(path)
    counts, kinds = Counter(), Counter()
    samples: dict[str, list[str]] = defaultdict(list)
    try:
        if os.path.getsize(path) > MAX_BYTES:
            return spec.name, counts, kinds, samples
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError):
        return spec.name, counts, kinds, samples
    data = text.encode("utf-8")
    chunks = chunk_file(path, text)
    config = DEFAULT_CHUNK_CONFIG
    grammar = None

    def note(cls: str, c) -> None:
        counts[cls] += 1
        first = data[c.byte_start:c.byte_end].split(b"\n", 1)[0].decode("utf-8", "replace").strip()
        samples[cls].append(f"{path}:{c.line_start} [{c.kind} {c.name}] {first[:100]}")

    runs = Counter((c.kind, c.name) for c in chunks if c.kind not in NON_DEFS)
    prev, named = None, set()
    for i, c in enumerate(chunks):
        counts["chunks"] += 1
        kinds[c.kind] += 1
        body = data[c.byte_start:c.byte_end]
        size = len(re.sub(rb"\s", b"", body))
        if size > config.body_budget:
            note("oversized", c)
        if c.line_start == c.line_end and size < config.short_content:
            note("tiny", c)
            if c.kind not in NON_DEFS:
                note("tiny def", c)
        if c.kind == "gap":
            lines = body.decode("utf-8", "replace").splitlines()
            if any(ln.strip() and not _COMMENT.match(ln) for ln in lines):
                note("code gap", c)
        if c.kind in NON_DEFS and i + 1 < len(chunks):
            nxt = chunks[i + 1]
            if nxt.kind not in NON_DEFS and nxt.line_start == c.line_end + 1:
                last = body.decode("utf-8", "replace").splitlines()[-1]
                if _ATTR.match(last):
                    note("attr sep", nxt)
                elif _COMMENT.match(last):
                    note("doc sep", nxt)
        if c.kind not in NON_DEFS:
            if (c.kind, c.name) not in named:
                named.add((c.kind, c.name))
                own = (c.name or "").split(".")[-1].split("::")[-1].split(" ")[0]
                if not own or not any(own.encode() in data[o.byte_start:o.byte_end] for o in chunks
                                      if (o.kind, o.name) == (c.kind, c.name)):
                    note("no name", c)
            whole = runs[(c.kind, c.name)] == 1
            if not whole and (prev is None or (prev.kind, prev.name) != (c.kind, c.name)) \
                    and i + 1 < len(chunks) and (chunks[i + 1].kind, chunks[i + 1].name) == (c.kind, c.name):
                note("split", c)
            # a split unit whose members took its closing brace is one head chunk followed
            # by chunks nested under it: not whole either
            nested = i + 1 < len(chunks) and chunks[i + 1].breadcrumb.startswith(c.breadcrumb + " › ")
            if whole and not nested and c.breadcrumb.count(" › ") == 1:
                counts["top defs"] += 1
                if grammar is None:
                    grammar = grammar_for(spec)
                tree = grammar.parse(body + b"\n")  # Go ends a declaration at a newline
                if tree is not None and tree.root_node.has_error:
                    note("reparse", c)
        prev = c
    counts["files"] += 1
    return spec.name, counts, kinds, samples


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpora", nargs="+")
    ap.add_argument("-j", type=int, default=1)
    ap.add_argument("--files", type=int, default=400, help="files per language and corpus at most")
    ap.add_argument("--samples", type=int, default=0)
    ap.add_argument("--lang", action="append", help="only these languages")
    args = ap.parse_args()
    paths = []
    for root in args.corpora:
        by_lang = defaultdict(list)
        for lang, path in walk(root):
            if not args.lang or lang in args.lang:
                by_lang[lang].append(path)
        for files in by_lang.values():
            step = max(1, len(files) / args.files)
            paths += [files[int(k * step)] for k in range(min(len(files), args.files))]
    with mp.Pool(args.j) as pool:
        results = pool.map(survey_file, paths, chunksize=8)
    totals: dict[str, Counter] = defaultdict(Counter)
    kinds: dict[str, Counter] = defaultdict(Counter)
    samples: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for lang, c, k, s in results:
        totals[lang].update(c)
        kinds[lang].update(k)
        for cls, lines in s.items():
            samples[lang][cls] += lines
    head = f"{'language':<12}{'files':>6}{'chunks':>7}{'topdefs':>8}" + "".join(f"{c:>10}" for c in CLASSES)
    print(head)
    for lang in sorted(totals):
        t = totals[lang]
        print(f"{lang:<12}{t['files']:>6}{t['chunks']:>7}{t['top defs']:>8}" + "".join(f"{t[c]:>10}" for c in CLASSES))
    print()
    for lang in sorted(kinds):
        print(f"{lang:<12} kinds: " + ", ".join(f"{k} {n}" for k, n in kinds[lang].most_common()))
    if args.samples:
        for lang in sorted(samples):
            for cls in CLASSES:
                lines = samples[lang].get(cls, [])
                if lines:
                    print(f"\n== {lang} {cls} ({len(lines)})")
                    step = max(1, len(lines) // args.samples)
                    for line in lines[::step][: args.samples]:
                        print("  " + line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
