"""Where an index worker's CPU goes, stage by stage, over the code files of folders.

    python bench/stages.py ROOT... [--lang L] [--limit N] [--profile STAGE] [--top N]

Each admitted code file of each ROOT is run through the worker's steps one at a time,
in one process with the cyclic garbage collector off (as in the workers), and the
process CPU seconds of each step are summed:

- ``read``: read, decode and hash the file;
- ``parse``: tree-sitter's parse;
- ``chunk``: the chunker over that tree (``chunk_file``);
- ``rows``: the chunk rows the worker sends (``pipeline.chunk_rows``: bodies, name keys,
  identifiers, labels);
- ``symbols``: symbol extraction over the same tree.

``--profile STAGE`` runs that stage under cProfile and prints its top functions by own
time (``--top``, default 30). ``--lang`` keeps one language's files, ``--limit`` the
first N files in walk order.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import os
import pstats
import sys
import time

STAGES = ("read", "parse", "chunk", "rows", "symbols")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("roots", nargs="+")
    ap.add_argument("--lang")
    ap.add_argument("--limit", type=int)
    ap.add_argument("--profile", choices=STAGES)
    ap.add_argument("--top", type=int, default=30)
    args = ap.parse_args()

    from lode.chunking import chunk_file, minified
    from lode.config import DEFAULT_CHUNK_CONFIG
    from lode.languages import language_for_path
    from lode.languages.treesitter import grammar_for
    from lode.workspace.config import WorkspaceConfig
    from lode.workspace.pipeline import digest, extract_symbols
    from lode.workspace.walk import walk
    from lode.chunking.reader import read_text

    jobs = []
    for root in args.roots:
        root = os.path.abspath(root)
        for e in walk(root, WorkspaceConfig(), lambda *a: None, lambda *a: None):
            spec = language_for_path(e.path) if e.how == "code" else None
            if spec is None or (args.lang and spec.name != args.lang):
                continue
            jobs.append((root, e, spec))
    if args.limit:
        jobs = jobs[: args.limit]

    spent = dict.fromkeys(STAGES, 0.0)
    profile = cProfile.Profile() if args.profile else None
    clock = time.process_time
    config = DEFAULT_CHUNK_CONFIG
    files = chunks = 0
    gc.disable()

    def run(stage, fn, *a):
        if stage == args.profile:
            profile.enable()
        t = clock()
        out = fn(*a)
        spent[stage] += clock() - t
        if stage == args.profile:
            profile.disable()
        return out

    def read(path):
        text = read_text(path)
        data = text.encode("utf-8", "surrogatepass")
        digest(data)
        return text, data

    for root, e, spec in jobs:
        text, data = run("read", read, e.abspath)
        if minified(text):
            continue
        tree = run("parse", grammar_for(spec).parse, data)
        found = run("chunk", chunk_file, e.path, text, config, tree)
        run("rows", _rows, data, found)
        run("symbols", extract_symbols, e.path, text, tree, spec, root)
        files += 1
        chunks += len(found)
        del tree
        if files % 200 == 0:
            gc.collect()
    total = sum(spent.values())
    print(f"{files} files, {chunks} chunks; process CPU s per stage:")
    for stage in STAGES:
        print(f"  {stage:8} {spent[stage]:7.2f}")
    print(f"  {'total':8} {total:7.2f}")
    if profile is not None:
        print(f"\ncProfile of {args.profile} (its CPU inflated by the profiler):")
        pstats.Stats(profile, stream=sys.stdout).sort_stats("tottime").print_stats(args.top)
    return 0


def _rows(data: bytes, found) -> list:
    """The per-chunk work the worker does after chunking (pipeline.chunk_rows)."""
    from lode.workspace import pipeline

    if hasattr(pipeline, "chunk_rows"):
        return pipeline.chunk_rows(data, found)
    # an export from before chunk_rows: the loop _process ran then
    from lode.search.tokens import breadcrumb_labels, idents_for, name_key
    from lode.store.records import ChunkRow

    rows = []
    for i, c in enumerate(found):
        body = data[c.byte_start:c.byte_end].decode("utf-8", "replace")
        rows.append(ChunkRow(
            i, c.byte_start, c.byte_end, c.line_start, c.line_end, c.kind, c.name, name_key(c.name),
            c.breadcrumb, c.embed, pipeline.digest(c.embed.encode("utf-8", "surrogatepass")) if c.embed else None,
            body, idents_for(body, c.name or ""), breadcrumb_labels(c.breadcrumb)))
    return rows


if __name__ == "__main__":
    sys.exit(main())
