#!/usr/bin/env python3
"""Retrieval quality of lode's search modes on SWE-bench Lite issues, plus embedding
throughput and hybrid query latency on a large tree.

Usage:
    python bench/retrieval.py EVAL_JSONL TREES_DIR [--model static|minilm] [--cache DIR]
        [--peer langchain --peer-python PEERS_VENV/bin/python] [--out results.json]
    python bench/retrieval.py latency GO_SRC_DIR [--model static] [--cache DIR]
    python bench/retrieval.py report RESULTS.json [...]

Quality: each tree (TREES_DIR/<instance_id>/, from bench/swebench_prep.py) is a
workspace of one store per (chunker, model) under --cache, indexed by lode itself (code
on, default patterns) and embedded with the model; identical texts across instances of
one repository share vectors. The issue text is searched (limit 50, Python files only)
in each mode: lexical, semantic, hybrid, hybrid + rerank. File rank = rank of the first
hit in a gold file; function rank = rank of the first hit whose lines lie inside a gold
def/class or contain it whole (gold qualnames resolved with ``ast`` on the tree).

Peer row (--peer langchain): the same trees cut by langchain-text-splitters'
Python-aware RecursiveCharacterTextSplitter (2,000-character chunks, its default-style
settings), run in the peers venv (never a lode dependency), stored as plain chunks in a
separate lode store and embedded by the same model on their *text* (peers have no embed
surface); searched by the same engine. It shows what declaration chunks + the
breadcrumb/doc/signature surface are worth.
"""
from __future__ import annotations

import argparse
import ast
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

BM25_README = {"file@1": 24.4, "file@5": 61.0, "file@10": 73.2, "fn@5": 29.3, "fn@10": 36.6}
MODES = [("auto", "auto", None), ("lexical", "lexical", None), ("semantic", "semantic", None), ("hybrid", "hybrid", None),
         ("hybrid+rerank", "hybrid", "required")]
LIMIT = 50


# ----------------------------------------------------------------------------- gold

def gold_ranges(tree: Path, gold_functions) -> list[tuple[str, int, int]]:
    """(path, first line, last line) of each gold def/class ('<module>' golds skipped).
    ``gold_functions``: {path: [qualname, ...]} or ["path::qualname", ...]."""
    out = []
    if isinstance(gold_functions, dict):
        pairs = [(p, q) for p, qs in gold_functions.items() for q in qs]
    else:
        pairs = [tuple(g.split("::", 1)) if "::" in g else (g, "") for g in gold_functions]
    for path, qual in pairs:
        if not qual or qual == "<module>":
            continue
        try:
            mod = ast.parse((tree / path).read_text(encoding="utf-8", errors="replace"))
        except (OSError, SyntaxError, ValueError):
            continue

        def visit(node, prefix):
            for ch in ast.iter_child_nodes(node):
                if isinstance(ch, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    q = f"{prefix}.{ch.name}" if prefix else ch.name
                    if q == qual:
                        first = min([ch.lineno] + [d.lineno for d in ch.decorator_list])
                        out.append((path, first, ch.end_lineno))
                    visit(ch, q)
                elif not isinstance(ch, (ast.expr,)):
                    visit(ch, prefix)
        visit(mod, "")
    return out


def ranks(hits: list[dict], row: dict, golds: list[tuple[str, int, int]]) -> tuple[int | None, int | None]:
    fr = fn = None
    gold_files = set(row["gold_files"])
    for i, h in enumerate(hits, 1):
        if fr is None and h["path"] in gold_files:
            fr = i
        if fn is None:
            for p, a, b in golds:
                if h["path"] == p and ((a <= h["line_start"] and h["line_end"] <= b)
                                       or (h["line_start"] <= a and b <= h["line_end"])):
                    fn = i
                    break
        if fr is not None and fn is not None:
            break
    return fr, fn


def metrics(rs: list[tuple]) -> dict:
    n = len(rs)
    pct = lambda k, j: round(100.0 * sum(1 for r in rs if r[j] is not None and r[j] <= k) / n, 1)
    return {"file@1": pct(1, 0), "file@5": pct(5, 0), "file@10": pct(10, 0), "fn@5": pct(5, 1), "fn@10": pct(10, 1),
            "file_mrr": round(sum(1 / r[0] for r in rs if r[0]) / n, 3)}


# ----------------------------------------------------------------------------- stores

def lode_store(db: Path, rows: list[dict], trees: Path, model: str, log) -> dict:
    from lode.service import Service

    svc = Service(db)
    stats = {"embedded": 0, "embed_seconds": 0.0, "index_seconds": 0.0}
    have = {w["name"] for w in svc.list_workspaces()}
    for row in rows:
        name = row["instance_id"]
        if name not in have:
            svc.add_workspace(str(trees / name), name=name)
        t = time.monotonic()
        r = svc.index(name, model=model)
        e = r.get("embedding", {})
        stats["embedded"] += e.get("embedded", 0)
        stats["embed_seconds"] += e.get("embed_seconds", 0.0)
        stats["index_seconds"] += time.monotonic() - t
        log(f"  {name}: {r['files']} files, {r['indexed']} indexed, embedded {e.get('embedded', 0)} "
            f"({e.get('embed_seconds', 0):.1f}s)")
    return {"svc": svc, **stats}


PEER_SCRIPT = r"""
import json, os, sys
from langchain_text_splitters import Language, RecursiveCharacterTextSplitter
sp = RecursiveCharacterTextSplitter.from_language(Language.PYTHON, chunk_size=2000, chunk_overlap=0,
                                                  add_start_index=True)
root = sys.argv[1]
out = []
for d, dirs, files in os.walk(root):
    dirs[:] = sorted(x for x in dirs if not x.startswith('.') and x not in ('node_modules', 'build', 'dist'))
    for f in sorted(files):
        if not f.endswith('.py'):
            continue
        p = os.path.join(d, f)
        try:
            text = open(p, encoding='utf-8').read()
        except Exception:
            continue
        rel = os.path.relpath(p, root)
        for doc in sp.create_documents([text]):
            s = doc.metadata['start_index']
            out.append([rel, s, s + len(doc.page_content), doc.page_content,
                        text.count('\n', 0, s) + 1, text.count('\n', 0, s + len(doc.page_content)) + 1])
json.dump(out, sys.stdout)
"""


def peer_store(db: Path, rows: list[dict], trees: Path, model: str, peer_python: str, cache: Path, log) -> dict:
    from lode.embed import load_embedder
    from lode.embed.vectors import embed_workspace, set_model
    from lode.search.tokens import idents_for
    from lode.service import Service
    from lode.store.records import ChunkRow, FileRecord
    from lode.workspace.pipeline import digest

    svc = Service(db)
    store = svc.store
    embedder = load_embedder(model)
    set_model(store, model)
    stats = {"embedded": 0, "embed_seconds": 0.0, "chunks": 0}
    have = {w.name for w in store.workspaces()}
    for row in rows:
        name = row["instance_id"]
        if name in have:
            continue
        dump = cache / "peer-langchain" / f"{name}.json"
        if not dump.exists():
            dump.parent.mkdir(parents=True, exist_ok=True)
            res = subprocess.run([peer_python, "-c", PEER_SCRIPT, str(trees / name)], capture_output=True, text=True)
            if res.returncode:
                raise SystemExit(f"peer chunker failed on {name}: {res.stderr[-500:]}")
            dump.write_text(res.stdout)
        chunks = json.loads(dump.read_text())
        ws = store.add_workspace(name, str(trees / name), {"include": ["**/*.py"], "code": True})
        gen = store.begin_generation(ws.id)
        by_file: dict[str, list] = {}
        for rel, s, e, text, l1, l2 in chunks:
            by_file.setdefault(rel, []).append((s, e, text, l1, l2))
        records = []
        for rel, cs in by_file.items():
            rows_ = [ChunkRow(ord=i, byte_start=s, byte_end=e, line_start=l1, line_end=l2, kind="text", name=None,
                              name_key=None, breadcrumb=rel, embed=text,
                              embed_hash=digest(text.encode("utf-8", "surrogatepass")),
                              body=text, idents=idents_for(text, ""))
                     for i, (s, e, text, l1, l2) in enumerate(cs)]
            records.append(FileRecord(rel, 0, 0, hash=None, chunker="peer-langchain", language="python", tag="code",
                                      lines=cs[-1][4], chunks=rows_))
        store.write_batch(ws.id, gen, records)
        r = embed_workspace(store, embedder, ws.id)
        stats["embedded"] += r["embedded"]
        stats["embed_seconds"] += r["embed_seconds"]
        stats["chunks"] += len(chunks)
        log(f"  peer {name}: {len(chunks)} chunks, embedded {r['embedded']} ({r['embed_seconds']:.1f}s)")
    return {"svc": svc, **stats}


def evaluate(svc, rows: list[dict], trees: Path, modes, log) -> dict:
    results = {}
    for label, mode, rerank in modes:
        rs, ms = [], []
        for row in rows:
            golds = gold_ranges(trees / row["instance_id"], row["gold_functions"])
            opts = {"mode": mode, "limit": LIMIT, "languages": ["python"]}
            if rerank:
                opts["rerank"] = rerank
            r = svc.search(row["query"], row["instance_id"], **opts)
            if mode != "auto" and r["mode_used"] != mode:
                raise SystemExit(f"{label}: mode_used {r['mode_used']} ({r['semantic']})")
            rs.append(ranks(r["hits"], row, golds))
            ms.append(r["timings_ms"]["total"])
        results[label] = {**metrics(rs), "ranks": rs, "query_ms_p50": round(statistics.median(ms), 1)}
        log(f"{label:16s} " + " ".join(f"{k} {v}" for k, v in results[label].items() if k != "ranks"))
    return results


# ----------------------------------------------------------------------------- latency

QUERIES = [
    "free unused vectors in batches", "parse an HTTP request header", "http server handler",
    "ServeHTTP", "read a zip archive central directory", "compress data with deflate",
    "json decoder unmarshal into struct", "TLS handshake client hello", "format a floating point number",
    "sort a slice with a less function", "walk a directory tree", "base64 encoding url safe",
    "parse a url query string", "mutex lock unlock", "goroutine scheduler preemption",
    "garbage collector write barrier", "regexp compile syntax tree", "template execute html escaping",
    "time zone location loading", "utf8 decode rune", "os.Open", "bufio Scanner split lines",
    "context with deadline cancel", "sql database connection pool", "x509 certificate verify chain",
    "gzip reader header", "strconv ParseInt base", "net dial tcp timeout", "crypto sha256 hash sum",
    "reflect value call method", "image png decode", "go/ast inspect nodes",
]


def latency(src: Path, model: str, cache: Path, log) -> dict:
    from lode.service import Service

    db = cache / f"latency-go-{model}.db"
    svc = Service(db)
    t = time.monotonic()
    r = svc.index(str(src), model=model)
    log(f"index: {r['files']} files, {r['indexed']} indexed in {time.monotonic() - t:.1f}s; embedding {r.get('embedding')}")
    ws = svc.workspace_for_path(str(src))
    st = svc.status(ws)["workspaces"][0]
    for q in QUERIES[:2]:
        svc.search(q, ws, mode="hybrid", limit=10)  # warm: model load, matrix load
    out = {"lines": st["lines"], "chunks": st["chunks"], "files": st["files"], "embedding": r.get("embedding")}
    for mode in ("lexical", "semantic", "hybrid"):
        ms, eq = [], []
        for _ in range(2):
            for q in QUERIES:
                res = svc.search(q, ws, mode=mode, limit=10)
                ms.append(res["timings_ms"]["total"])
                eq.append(res["timings_ms"].get("embed_query", 0.0))
        ms.sort()
        out[mode] = {"p50_ms": round(statistics.median(ms), 1), "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 1),
                     "embed_query_p50_ms": round(statistics.median(eq), 2), "n": len(ms)}
        log(f"{mode}: {out[mode]}")
    return out


# ----------------------------------------------------------------------------- fusion sweep

def sweep(svc, rows: list[dict], trees: Path, weights: list[float], log, kinds=("wsum", "rrf")) -> dict:
    """Hybrid with each fixed semantic weight, and weighted RRF, over the same candidates
    (lexical retrieval is memoised: it is the slow part on issue-length queries)."""
    from lode.search import engine, fusion, lexical

    memo, real_retrieve = {}, lexical.retrieve

    def cached(db, q, ws, filters, limit):
        key = (q.raw, tuple(ws), limit)
        if key not in memo:
            memo[key] = real_retrieve(db, q, ws, filters, limit)
        return memo[key]

    engine.lexical.retrieve = cached
    real_weighted, real_dw = fusion.weighted, fusion.dense_weight
    out = {}
    try:
        for kind in kinds:
            for w in weights:
                fusion.dense_weight = lambda words, model, override=None, w=w: w if override is None else override
                if kind == "rrf":
                    fusion.weighted = lambda lex, sem, w: fusion.rrf(sorted(lex, key=lex.get, reverse=True),
                                                                     sorted(sem, key=sem.get, reverse=True), w)
                else:
                    fusion.weighted = real_weighted
                label = f"{kind}{w}"
                out[label] = evaluate(svc, rows, trees, [(label, "hybrid", None)], log)[label]
    finally:
        engine.lexical.retrieve = real_retrieve
        fusion.weighted, fusion.dense_weight = real_weighted, real_dw
    return out


# ----------------------------------------------------------------------------- report

def report(paths: list[str]) -> int:
    runs = {}
    for p in paths:
        runs.update(json.loads(Path(p).read_text()).get("runs", {}))
    cols = ["file@1", "file@5", "file@10", "fn@5", "fn@10"]
    print("| run | " + " | ".join(cols) + " | file MRR |")
    print("|---|" + "---|" * (len(cols) + 1))
    print("| BM25 (eval README) | " + " | ".join(str(BM25_README[c]) for c in cols) + " | – |")
    for name, res in runs.items():
        for label, m in res.items():
            if isinstance(m, dict) and "file@1" in m:
                print(f"| {name} {label} | " + " | ".join(str(m[c]) for c in cols) + f" | {m['file_mrr']} |")
    return 0


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == "report":
        return report(argv[1:])
    ap = argparse.ArgumentParser()
    if argv and argv[0] == "latency":
        ap.add_argument("cmd")
        ap.add_argument("src")
        ap.add_argument("--model", default="static")
        ap.add_argument("--cache", default=str(Path.home() / ".cache/lode-bench/retrieval"))
        ap.add_argument("--out")
        a = ap.parse_args(argv)
        cache = Path(a.cache)
        cache.mkdir(parents=True, exist_ok=True)
        res = latency(Path(a.src), a.model, cache, lambda m: print(m, file=sys.stderr, flush=True))
        text = json.dumps({"latency": {a.model: res}}, indent=1)
        Path(a.out).write_text(text) if a.out else print(text)
        return 0
    ap.add_argument("eval")
    ap.add_argument("trees")
    ap.add_argument("--model", default="static")
    ap.add_argument("--cache", default=str(Path.home() / ".cache/lode-bench/retrieval"))
    ap.add_argument("--peer", choices=["langchain"], default=None)
    ap.add_argument("--peer-python", default=str(Path.home() / ".cache/lode-bench/peers-venv/bin/python"))
    ap.add_argument("--only", type=int, default=None, help="first N instances (smoke runs)")
    ap.add_argument("--skip-repos", default="", metavar="NAME,...",
                    help="leave out instances whose repo contains one of these (bounded slow-model runs)")
    ap.add_argument("--no-lode", action="store_true", help="peer row only")
    ap.add_argument("--sweep", default=None, metavar="W,W,...",
                    help="instead: hybrid at each fixed semantic weight (lode chunks)")
    ap.add_argument("--sweep-kinds", default="wsum,rrf", help="fusions to sweep: wsum (weighted sum), rrf")
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    rows = [json.loads(line) for line in Path(a.eval).read_text().splitlines() if line.strip()]
    rows = rows[: a.only] if a.only else rows
    skip = [x for x in a.skip_repos.split(",") if x]
    rows = [r for r in rows if not any(x in r["repo"] for x in skip)]
    trees, cache = Path(a.trees), Path(a.cache)
    cache.mkdir(parents=True, exist_ok=True)
    log = lambda m: print(m, file=sys.stderr, flush=True)
    out = {"model": a.model, "instances": len(rows), "runs": {}, "throughput": {}}
    if not a.no_lode:
        log(f"lode chunks, model {a.model}")
        st = lode_store(cache / f"lode-{a.model}.db", rows, trees, a.model, log)
        if st["embed_seconds"]:
            out["throughput"][f"lode/{a.model}"] = {"texts": st["embedded"], "seconds": round(st["embed_seconds"], 1),
                                                    "texts_per_s": round(st["embedded"] / st["embed_seconds"], 1)}
        if a.sweep:
            out["runs"][f"lode/{a.model}/sweep"] = sweep(st["svc"], rows, trees,
                                                          [float(x) for x in a.sweep.split(",")], log,
                                                          tuple(a.sweep_kinds.split(",")))
        else:
            out["runs"][f"lode/{a.model}"] = evaluate(st["svc"], rows, trees, MODES, log)
    if a.peer:
        log(f"peer chunks ({a.peer}), model {a.model}")
        st = peer_store(cache / f"peer-{a.peer}-{a.model}.db", rows, trees, a.model, a.peer_python, cache, log)
        if st["embed_seconds"]:
            out["throughput"][f"peer/{a.model}"] = {"texts": st["embedded"], "seconds": round(st["embed_seconds"], 1),
                                                    "texts_per_s": round(st["embedded"] / st["embed_seconds"], 1)}
        out["runs"][f"peer-{a.peer}/{a.model}"] = evaluate(st["svc"], rows, trees, MODES, log)
    log(table(out))
    text = json.dumps(out, indent=1)
    if a.out:
        Path(a.out).write_text(text)
    else:
        print(text)
    return 0


# Plain Okapi BM25 over def/class units on these 41 issues (the eval folder's README).
BM25 = {"file@1": 24.4, "file@5": 61.0, "file@10": 73.2, "fn@5": 29.3, "fn@10": 36.6}


def table(out: dict) -> str:
    """lode's rows beside the published BM25 baseline, as ratios."""
    keys = list(BM25)
    lines = [f"{'run':<28}" + "".join(f"{k:>14}" for k in keys),
             f"{'BM25 (published)':<28}" + "".join(f"{BM25[k]:>14.1f}" for k in keys)]
    for run, modes in out["runs"].items():
        for mode, res in modes.items():
            if not isinstance(res, dict) or "file@5" not in res:
                continue
            cells = "".join(f"{res[k]:>7.1f} ({res[k] / BM25[k]:.2f}x)" for k in keys)
            lines.append(f"{run + ' ' + mode:<28}{cells}")
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
