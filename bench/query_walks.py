"""What the query walks over each code file cost, and what one shared walk would cost.

    python bench/query_walks.py ROOT... [--lang L] [--limit N]

Each admitted code file of the ROOTs is parsed once; then, per language, the process
CPU seconds of these walks over its tree are summed (each a tree-sitter query cursor
whose matches are turned into Python objects, as the worker does):

- ``definitions``: the chunker's definitions query, with its start-depth limit
  (``LanguageSpec.max_depth``), as ``Grammar.definitions`` runs it;
- ``defs-unlimited``: the same query without the limit;
- ``symbols``: the symbol query, as symbol extraction compiles it;
- ``combined``: one query holding the symbol patterns and the definition patterns,
  run once without a depth limit (one cursor cannot limit half its patterns): what one
  walk feeding both chunks and symbols costs before its definition matches are cut back
  to the depth limit, which costs more again;
- ``bare``: a near-empty query (``(ERROR) @e``): the walk over every node that any
  query pays.

``saved`` is definitions + symbols - combined: the most a shared walk could save.
Confirm a difference under callgrind (``--toggle-collect=query_cursor_matches``) on a
busy machine.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time

WALKS = ("definitions", "defs-unlimited", "symbols", "combined", "bare")


def _combined(grammar, symbols_query_source: str, symbol_patterns: int):
    """The symbol query's source followed by the tags queries', definition patterns
    only (symbol pattern numbers stay as they are)."""
    import tree_sitter

    source = symbols_query_source + "\n" + grammar.tags_source
    query = tree_sitter.Query(grammar.language, source)
    if query.pattern_count != symbol_patterns + grammar.tags.pattern_count:
        sys.exit(f"{grammar.spec.name}: the symbol query's source differs from symbol extraction's")
    raw = source.encode()
    for i in range(symbol_patterns, query.pattern_count):
        if b"@definition." not in raw[query.start_byte_for_pattern(i):query.end_byte_for_pattern(i)]:
            query.disable_pattern(i)
    return query


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("roots", nargs="+")
    ap.add_argument("--lang")
    ap.add_argument("--limit", type=int)
    args = ap.parse_args()

    import tree_sitter

    from lode.chunking import minified
    from lode.chunking.reader import read_text
    from lode.languages import language_for_path
    from lode.languages.treesitter import QueryRefused, grammar_for
    from lode.symbols.extraction import _compiled
    from lode.symbols.rules import rules_for
    from lode.workspace.config import WorkspaceConfig
    from lode.workspace.walk import walk

    queries: dict[str, tuple | None] = {}  # language → (definitions, symbols, combined, bare) or None

    def queries_for(spec):
        if spec.name not in queries:
            grammar, rules = grammar_for(spec), rules_for(spec)
            try:
                definitions = grammar.definitions_query
            except QueryRefused:
                queries[spec.name] = None
                return None
            symbols = _compiled(spec, rules)[0] if rules is not None else None
            combined = None
            if symbols is not None:
                combined = _combined(grammar, _symbols_source(rules, grammar), symbols.pattern_count)
            bare = tree_sitter.Query(grammar.language, "(ERROR) @e")
            queries[spec.name] = (definitions, symbols, combined, bare)
        return queries[spec.name]

    spent: dict[str, dict[str, float]] = {}
    files: dict[str, int] = {}
    clock = time.process_time
    gc.disable()
    seen = 0
    for root in args.roots:
        for e in walk(os.path.abspath(root), WorkspaceConfig(), lambda *a: None, lambda *a: None):
            spec = language_for_path(e.path) if e.how == "code" else None
            if spec is None or (args.lang and spec.name != args.lang):
                continue
            if args.limit and seen >= args.limit:
                break
            text = read_text(e.abspath)
            if minified(text):
                continue
            found = queries_for(spec)
            tree = grammar_for(spec).parse(text.encode("utf-8", "surrogatepass"))
            if found is None or tree is None:
                continue
            definitions, symbols, combined, bare = found
            node = tree.root_node
            row = spent.setdefault(spec.name, dict.fromkeys(WALKS, 0.0))
            files[spec.name] = files.get(spec.name, 0) + 1
            seen += 1
            for name, query, limit in (("definitions", definitions, spec.max_depth),
                                       ("defs-unlimited", definitions, None), ("symbols", symbols, None),
                                       ("combined", combined, None), ("bare", bare, None)):
                if query is None:
                    continue
                t = clock()
                cursor = tree_sitter.QueryCursor(query)
                if limit is not None:
                    cursor.set_max_start_depth(limit)
                cursor.matches(node)
                row[name] += clock() - t
            del tree, node
            if seen % 200 == 0:
                gc.collect()
    print(f"process CPU s per walk ({sum(files.values())} files)")
    print(f"{'language':12} {'files':>6} " + " ".join(f"{w:>14}" for w in WALKS) + f" {'saved':>8}")
    for lang in sorted(spent, key=lambda k: -files[k]):
        row = spent[lang]
        saved = row["definitions"] + row["symbols"] - row["combined"] if row["combined"] else 0.0
        print(f"{lang:12} {files[lang]:6} " + " ".join(f"{row[w]:14.2f}" for w in WALKS) + f" {saved:8.2f}")
    return 0


def _symbols_source(rules, grammar) -> str:
    """The symbol query's source as symbol extraction builds it (lode.symbols.extraction
    ._compiled: the rules' query, then one pattern for the scope nodes)."""
    source = rules.query()
    kinds = sorted(k for k in rules.scope_nodes if grammar.language.id_for_node_kind(k, True))
    if kinds:
        source += "\n[" + " ".join(f"({k})" for k in kinds) + "] @scope\n"
    return source


if __name__ == "__main__":
    sys.exit(main())
