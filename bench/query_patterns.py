"""What each pattern of a language's symbol query costs, and whether a rewritten query
matches exactly what the old one did.

    python bench/query_patterns.py cost LANG ROOT... [--files N]
    python bench/query_patterns.py same LANG OLD.scm NEW.scm ROOT... [--files N]

``cost`` runs the query (as symbol extraction compiles it) over N files of LANG found
under the ROOTs, once whole, once as a single near-empty pattern (the walk over every
node that any query pays), and once per pattern with only that pattern enabled; it
prints CPU seconds and match counts, dearest first. A pattern's cost above the walk is
mostly its matches; a pattern rooted at the file's root node also carries a query state
over every node. Interactions between patterns are not seen here: confirm a rewrite
under callgrind on the whole stage.

``same`` compares OLD and NEW query files (a language's symbols.scm before and after a
rewrite) file by file: each match as its captures' names and spans, in order (pattern
numbers may differ). Exit code 1 when any file differs.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import os
import sys
import time


def _trees(lang: str, roots: list[str], files: int | None):
    from lode.languages import language_for_path, language_named
    from lode.languages.treesitter import grammar_for

    spec = language_named(lang)
    if spec is None:
        sys.exit(f"no language named {lang!r}")
    grammar = grammar_for(spec)
    paths = []
    for root in roots:
        for d, _dirs, names in os.walk(root):
            for name in names:
                p = os.path.join(d, name)
                found = language_for_path(p)
                if found is not None and found.name == spec.name:
                    paths.append(p)
    paths.sort(key=lambda p: hashlib.md5(p.encode("utf-8", "surrogateescape")).hexdigest())
    if files is not None:
        paths = paths[:files]
    trees = []
    for p in paths:
        with open(p, "rb") as f:
            tree = grammar.parse(f.read())
        if tree is not None:
            trees.append((p, tree))
    return spec, grammar, trees


def _run(query, trees) -> tuple[float, int]:
    import tree_sitter

    started, n = time.process_time(), 0
    for _p, tree in trees:
        n += len(tree_sitter.QueryCursor(query).matches(tree.root_node))
    return time.process_time() - started, n


def cost(lang: str, roots: list[str], files: int | None) -> int:
    import tree_sitter

    from lode.symbols.extraction import _query
    from lode.symbols.rules import rules_for

    spec, grammar, trees = _trees(lang, roots, files)
    rules = rules_for(spec)
    if rules is None:
        sys.exit(f"{lang} has no symbol rules")
    whole = _query(spec, rules)
    # the source as extraction compiles it: the rules' query plus the scope nodes
    source = rules.query()
    kinds = sorted(k for k in rules.scope_nodes if grammar.language.id_for_node_kind(k, True))
    if kinds:
        source += "\n[" + " ".join(f"({k})" for k in kinds) + "] @scope\n"
    data = source.encode()
    gc.disable()
    best = lambda q: min(_run(q, trees), _run(q, trees))  # noqa: E731 - two runs, the faster
    total, matches = best(whole)
    walk, _ = best(tree_sitter.Query(grammar.language, "(ERROR) @e"))
    print(f"{lang}: {len(trees)} files; whole query {total:.3f} CPU s, {matches} matches; "
          f"near-empty query (the walk) {walk:.3f} s")
    rows = []
    for i in range(whole.pattern_count):
        q = tree_sitter.Query(grammar.language, source)
        for j in range(q.pattern_count):
            if j != i:
                q.disable_pattern(j)
        seconds, n = best(q)
        text = data[whole.start_byte_for_pattern(i):whole.end_byte_for_pattern(i)].decode()
        rows.append((seconds - walk, i, n, " ".join(text.split())[:100]))
    for extra, i, n, text in sorted(rows, reverse=True):
        print(f"{extra:8.3f} s  #{i:<3d} {n:8d} matches  {text}")
    return 0


def _signature(query, tree) -> list[tuple]:
    import tree_sitter

    return [tuple(sorted((cap, n.start_byte, n.end_byte) for cap, nodes in caps.items() for n in nodes))
            for _pattern, caps in tree_sitter.QueryCursor(query).matches(tree.root_node)]


def same(lang: str, old: str, new: str, roots: list[str], files: int | None) -> int:
    spec, grammar, trees = _trees(lang, roots, files)
    with open(old) as f:
        q_old = grammar.query(f.read())
    with open(new) as f:
        q_new = grammar.query(f.read())
    differ = 0
    for path, tree in trees:
        a, b = _signature(q_old, tree), _signature(q_new, tree)
        if a != b:
            differ += 1
            if differ <= 5:
                only_old, only_new = sorted(set(a) - set(b)), sorted(set(b) - set(a))
                print(f"{path}: {len(only_old)} matches only in {old}, {len(only_new)} only in {new}"
                      + (" (same matches, another order)" if not only_old and not only_new else ""))
                for m in only_old[:2]:
                    print(f"  old: {m}")
                for m in only_new[:2]:
                    print(f"  new: {m}")
    print(f"{len(trees)} files compared; {differ} differ")
    return 1 if differ else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("cost")
    c.add_argument("lang")
    c.add_argument("roots", nargs="+")
    c.add_argument("--files", type=int, default=1000)
    s = sub.add_parser("same")
    s.add_argument("lang")
    s.add_argument("old")
    s.add_argument("new")
    s.add_argument("roots", nargs="+")
    s.add_argument("--files", type=int, default=None)
    args = ap.parse_args()
    if args.cmd == "cost":
        sys.exit(cost(args.lang, args.roots, args.files))
    sys.exit(same(args.lang, args.old, args.new, args.roots, args.files))


if __name__ == "__main__":
    main()
