"""Check that a change to the indexing pipeline leaves its results byte-identical.

    python bench/record_diff.py dump OUT ROOT... [--per-root N]
    python bench/record_diff.py compare A B

``dump`` runs every admitted file of each ROOT (or N of them per root, picked by a hash
of the path, the same N every run) through the pipeline as an index worker does and
writes each file's chunk rows and symbols to OUT. Run it once with the old code (e.g.
``PYTHONPATH=<an export of the old src> python bench/record_diff.py dump …``) and once
with the new, then ``compare``: the exit code is 1 when any file differs, and the first
differences are printed. Symbols are compared by content, whether a worker sends them
as FileSymbols or PackedSymbols.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import os
import pickle
import sys
import time


def _files(roots: list[str], per_root: int | None):
    from lode.workspace.chunkers import chunkers_by_extension
    from lode.workspace.config import WorkspaceConfig
    from lode.workspace.walk import walk

    chunker = chunkers_by_extension()
    for root in roots:
        root = os.path.abspath(root)
        entries = list(walk(root, WorkspaceConfig(), lambda *a: None, lambda *a: None))
        if per_root is not None:
            entries.sort(key=lambda e: hashlib.md5(e.path.encode("utf-8", "surrogateescape")).hexdigest())
            entries = entries[:per_root]
        for e in entries:
            yield root, e, chunker(e.path, e.how)


def _symbols(symbols) -> list[str]:
    out = []
    for fs in symbols:
        rows = fs.rows if hasattr(fs, "rows") else [(s.name, s.kind, s.line, s.column, s.detail) for s in fs.symbols]
        out.append(repr((fs.path, fs.language, fs.module, list(fs.names), rows, fs.links, fs.relations, fs.aliases)))
    return out


# A chunk row's fields but the text's stored form, which dump's records do not have.
_CHUNK_FIELDS = ("ord", "byte_start", "byte_end", "line_start", "line_end", "kind", "name", "name_key",
                 "breadcrumb", "embed", "embed_hash", "body", "idents", "labels")


def _chunk(c) -> str:
    """A chunk row as one text, whichever form the code dumped made it in (an object
    with these fields, before rows were tuples; a tuple of them, in this order, after)."""
    values = c[:len(_CHUNK_FIELDS)] if isinstance(c, tuple) else tuple(getattr(c, f) for f in _CHUNK_FIELDS)
    return "ChunkRow(" + ", ".join(f"{f}={v!r}" for f, v in zip(_CHUNK_FIELDS, values)) + ")"


def dump(out: str, roots: list[str], per_root: int | None) -> None:
    from lode.workspace.pipeline import Job, process

    found = {}
    started = time.process_time()
    for root, e, chunker in _files(roots, per_root):
        rec = process(Job(e.abspath, e.path, e.how, e.mtime_ns, e.size, chunker, None))
        chunks = "[" + ", ".join(_chunk(c) for c in rec.chunks) + "]"
        found[(root, e.path)] = (chunks, _symbols(rec.symbols), rec.refused, rec.note,
                                 rec.language, rec.tag, rec.lines, rec.hash)
    with open(out, "wb") as f:
        pickle.dump(found, f)
    chunks = sum(v[0].count("ChunkRow(") for v in found.values())  # (_chunk's form)
    print(f"{len(found)} files, {chunks} chunks, {time.process_time() - started:.1f} CPU s", file=sys.stderr)


def compare(a: str, b: str) -> int:
    with open(a, "rb") as f:
        old = pickle.load(f)
    with open(b, "rb") as f:
        new = pickle.load(f)
    if old.keys() != new.keys():
        print(f"different files: {len(old.keys() - new.keys())} only in {a}, {len(new.keys() - old.keys())} only in {b}")
        return 1
    differ = [k for k in old if old[k] != new[k]]
    print(f"{len(old)} files compared; {len(differ)} differ")
    fields = ("chunks", "symbols", "refused", "note", "language", "tag", "lines", "hash")
    for k in differ[:5]:
        for name, x, y in zip(fields, old[k], new[k]):
            if x != y:
                print(f"{k[1]} ({k[0]}): {name}")
                lines = difflib.unified_diff(str(x).split("), "), str(y).split("), "), lineterm="")
                print("\n".join(list(lines)[:20]))
    return 1 if differ else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("out")
    d.add_argument("roots", nargs="+")
    d.add_argument("--per-root", type=int, default=None)
    c = sub.add_parser("compare")
    c.add_argument("a")
    c.add_argument("b")
    args = ap.parse_args()
    sys.setrecursionlimit(10_000)
    if args.cmd == "dump":
        dump(args.out, args.roots, args.per_root)
    else:
        sys.exit(compare(args.a, args.b))


if __name__ == "__main__":
    main()
