"""Compare what two SQLite stores hold, table by table, whatever order the rows went in.

    python bench/store_dump.py dump STORE OUT
    python bench/store_dump.py compare A B

``dump`` writes every row of every ordinary table of STORE (the FTS5 shadow tables
left out) sorted, each table with a digest, plus the lexical index's logical content
read through ``fts5vocab`` (every term's documents, columns and offsets) — the same
postings in another segment layout compare equal. Columns that change by themselves
(times, counters) are blanked. Row ids depend on the order worker results arrive (not
fixed even for one version of the code), so a file id is written as the file's path
and a chunk id as (path, ord); that each file's chunks have consecutive ids in order,
which searches rely on, is checked apart. A chunk's stored text (``chunks.body_z``) is
written as the text it holds, so stores that differ only in how texts are compressed
compare equal (compare their sizes apart). ``compare`` exits 1 when any table differs and prints
the first differing rows. Run one index with the old code and one with the new, into
fresh stores, of the same folder (at the same path: paths are stored).
"""

from __future__ import annotations

import argparse
import hashlib
import pickle
import sqlite3
import sys
import zlib

# (table, column) values that differ between two runs of the same input
VOLATILE = {("workspaces", "indexed_at"), ("workspaces", "index_seconds"), ("workspaces", "created_at"),
            ("migrations", "applied_at"), ("files", "ctime_ns"), ("files", "mtime_ns")}


def _tables(con: sqlite3.Connection) -> list[str]:
    shadows = {n for (n,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
               if any(n.startswith(v + "_") for (v,) in con.execute(
                   "SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%'"))}
    return [n for (n,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                      "AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name")
            if n not in shadows and not n.startswith("sqlite_")]


def _id_runs(con: sqlite3.Connection) -> list[list[int]]:
    runs: dict[int, list[int]] = {}
    for i, f in con.execute("SELECT id, file_id FROM chunks ORDER BY file_id, ord"):
        runs.setdefault(f, []).append(i)
    return list(runs.values())


class _Texts:
    """``_Texts()[body_z]``: the text a stored ``chunks.body_z`` holds (zlib-compressed
    UTF-8, or the text itself)."""

    def __getitem__(self, z):
        if z is None or isinstance(z, str):
            return z
        return zlib.decompress(z).decode("utf-8", "surrogatepass")


def dump(store: str, out: str) -> None:
    con = sqlite3.connect(f"file:{store}?mode=ro", uri=True)
    found: dict[str, list] = {}
    path_of = dict(con.execute("SELECT id, path FROM files"))
    chunk_of = {i: (path_of[f], o) for i, f, o in con.execute("SELECT id, file_id, ord FROM chunks")}
    for t in _tables(con):
        cols = [r[1] for r in con.execute(f'PRAGMA table_info("{t}")')]
        keep = [c for c in cols if (t, c) not in VOLATILE]
        ids = {k: path_of for k, c in enumerate(keep) if c == "file_id" or (t == "files" and c == "id")}
        if t == "chunks":
            ids[keep.index("id")] = chunk_of
        if t == "chunks" and "body_z" in keep:
            ids[keep.index("body_z")] = _Texts()
        rows = con.execute(f'SELECT {", ".join(chr(34) + c + chr(34) for c in keep)} FROM "{t}"')
        found[t] = sorted((tuple(ids[k][v] if k in ids else v for k, v in enumerate(r)) for r in rows), key=repr)
    found["files whose chunk ids are not consecutive in ord order"] = [(sum(
        any(b != a + 1 for a, b in zip(group, group[1:])) for group in _id_runs(con)),)]
    if con.execute("SELECT 1 FROM sqlite_master WHERE name = 'chunks_fts'").fetchone():
        con.execute("CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, chunks_fts, 'instance')")
        h = hashlib.sha256()
        n = 0
        for term, doc, col, offset in sorted(
                (term, chunk_of.get(doc, doc), col, offset)
                for term, doc, col, offset in con.execute("SELECT term, doc, col, offset FROM temp.v")):
            h.update(repr((term, doc, col, offset)).encode())
            n += 1
        found["chunks_fts (postings)"] = [(n, h.hexdigest())]
        found["chunks_fts (rows)"] = [con.execute("SELECT count(*) FROM chunks_fts").fetchone()]
    con.close()
    with open(out, "wb") as f:
        pickle.dump(found, f)
    for t, rows in found.items():
        print(f"{t:32} {len(rows):8} rows  {hashlib.sha256(repr(rows).encode()).hexdigest()[:16]}")


def compare(a: str, b: str) -> int:
    with open(a, "rb") as f:
        left = pickle.load(f)
    with open(b, "rb") as f:
        right = pickle.load(f)
    bad = 0
    for t in sorted(set(left) | set(right)):
        x, y = left.get(t), right.get(t)
        if x == y:
            print(f"same     {t} ({len(x)} rows)")
            continue
        bad += 1
        print(f"DIFFERS  {t}: {len(x or [])} vs {len(y or [])} rows")
        xs, ys = set(x or []), set(y or [])
        for r in sorted(xs - ys, key=repr)[:3]:
            print("   only in A:", repr(r)[:200])
        for r in sorted(ys - xs, key=repr)[:3]:
            print("   only in B:", repr(r)[:200])
    return 1 if bad else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("dump")
    d.add_argument("store")
    d.add_argument("out")
    c = sub.add_parser("compare")
    c.add_argument("a")
    c.add_argument("b")
    args = ap.parse_args()
    if args.cmd == "dump":
        dump(args.store, args.out)
    else:
        sys.exit(compare(args.a, args.b))


if __name__ == "__main__":
    main()
