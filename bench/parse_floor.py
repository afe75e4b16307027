"""The tree-sitter floor of a full index: read and parse every code file lode parses, nothing else.

    python bench/parse_floor.py ROOT...

One process walks each ROOT as `lode index` does (the workspace's walk and ignore
rules), reads each admitted code file of a language lode parses (minified files are
read as text, not parsed, so they are skipped here as there), and parses it with the
language's grammar, keeping no tree. Prints the files, source bytes and the process CPU
seconds of reading and of parsing. ``bench/cli.py`` runs it beside ``ctags -R`` so the
index's cost reads against what any tree-sitter indexer pays before chunking, symbols
or the store (a file too large to parse whole is parsed in pieces by lode, whole here).
"""

from __future__ import annotations

import argparse
import json
import os
import time


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("roots", nargs="+")
    args = ap.parse_args()

    from lode.chunking import minified
    from lode.chunking.reader import read_text
    from lode.languages import language_for_path
    from lode.languages.treesitter import grammar_for
    from lode.workspace.config import WorkspaceConfig
    from lode.workspace.walk import walk

    clock = time.process_time
    read_s = parse_s = 0.0
    files = size = 0
    for root in args.roots:
        root = os.path.abspath(root)
        for e in walk(root, WorkspaceConfig(), lambda *a: None, lambda *a: None):
            spec = language_for_path(e.path) if e.how == "code" else None
            if spec is None:
                continue
            t = clock()
            text = read_text(e.abspath)
            data = text.encode("utf-8", "surrogatepass")
            read_s += clock() - t
            if minified(text):
                continue
            grammar = grammar_for(spec)  # loaded on first use, outside the parse timer
            t = clock()
            grammar.parse(data)
            parse_s += clock() - t
            files += 1
            size += len(data)
    print(json.dumps({"files": files, "bytes": size, "read_cpu": round(read_s, 3), "parse_cpu": round(parse_s, 3)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
