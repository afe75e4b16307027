"""Score lode on the semble code-search benchmark (the dev split in the eval folder).

    python bench/semble.py EVAL_DIR CHECKOUTS [--repos a,b] [--mode auto] [--no-embed]

EVAL_DIR holds ``repos.json`` and ``annotations/<repo>.json``; CHECKOUTS holds one folder
per repository, checked out at its pinned ``revision`` (``git archive REV | tar -x``).
Each repository's ``benchmark_root`` is indexed into its own store (cached under
``--cache``; re-runs are incremental, so a chunker change re-chunks only what changed).

Scoring follows the benchmark's README exactly: 10 results per query; a target's rank is
the first result whose path matches it (equal, or one ends with ``/`` + the other) and
whose line span overlaps the target's span (any span when the target has none); results
are chunks, never de-duplicated by file; NDCG@10 with binary gains and the ideal DCG over
min(10, number of targets); a repository's score is the mean over its queries, a set's
the mean over repositories, also per category. Printed beside semble's published scores.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

# semble's published NDCG@10 per repository (its README's table for this split).
SEMBLE = {
    "aiohttp": 0.852, "fastapi": 0.787, "pydantic": 0.792, "click": 1.000, "redux": 0.914,
    "chi": 0.867, "gson": 0.917, "monolog": 0.901, "sinatra": 0.953, "trpc": 0.811,
    "axum": 0.801, "fmtlib": 0.935, "libuv": 0.615, "zig-clap": 0.910, "dapper": 0.881,
    "ktor": 0.843, "cats": 0.911, "alamofire": 0.964, "plug": 0.901, "bats-core": 0.841,
    "aeson": 0.762, "lazy.nvim": 0.682,
}
CATEGORIES = ("architecture", "semantic", "symbol")


def _target(t) -> tuple[str, int | None, int | None]:
    if isinstance(t, str):
        return t, None, None
    return t["path"], t.get("start_line"), t.get("end_line")


def _path_match(a: str, b: str) -> bool:
    return a == b or a.endswith("/" + b) or b.endswith("/" + a)


def target_rank(hits: list[dict], target) -> int | None:
    path, start, end = _target(target)
    for i, h in enumerate(hits, 1):
        if not _path_match(h["path"], path):
            continue
        if start is None or (h["line_start"] <= (end or start) and h["line_end"] >= start):
            return i
    return None


def ndcg(hits: list[dict], targets: list) -> float:
    if not targets:
        return 0.0
    dcg = sum(1 / math.log2(r + 1) for r in (target_rank(hits, t) for t in targets) if r and r <= 10)
    ideal = sum(1 / math.log2(i + 2) for i in range(min(10, len(targets))))
    return min(1.0, dcg / ideal)


def index_repo(svc, name: str, root: Path, embed: bool, log) -> dict:
    have = {w["name"] for w in svc.list_workspaces()}
    if name not in have:
        svc.add_workspace(str(root), name=name)
    t = time.monotonic()
    r = svc.index(name, embed=embed)
    log(f"  {name}: {r['files']} files, {r['indexed']} (re)indexed in {time.monotonic() - t:.1f}s")
    return r


def score_repo(svc, name: str, queries: list[dict], mode: str, show: int, log) -> dict:
    per_cat: dict[str, list[float]] = {c: [] for c in CATEGORIES}
    scores, times = [], []
    for q in queries:
        t = time.perf_counter()
        res = svc.search(q["query"], name, mode=mode, limit=10)
        times.append((time.perf_counter() - t) * 1000)
        targets = list(q.get("relevant", [])) + list(q.get("secondary", []))
        s = ndcg(res["hits"], targets)
        scores.append(s)
        per_cat.setdefault(q["category"], []).append(s)
        if show and s < 1.0:
            log(f"    [{s:.2f}] {q['category'][:4]} {q['query']!r} want {[_target(x)[0] for x in targets]}")
            for h in res["hits"][:show]:
                log(f"         {h['path']}:{h['line_start']}-{h['line_end']} {h['kind']} {h.get('name') or ''}")
    return {"ndcg": statistics.mean(scores), "n": len(scores), "ms": times,
            "categories": {c: (statistics.mean(v) if v else None) for c, v in per_cat.items()}}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("eval_dir", type=Path)
    ap.add_argument("checkouts", type=Path)
    ap.add_argument("--repos", help="comma-separated subset")
    ap.add_argument("--mode", default="auto", choices=("auto", "lexical", "semantic", "hybrid"))
    ap.add_argument("--no-embed", action="store_true", help="index without vectors (lexical only)")
    ap.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "lode-bench" / "semble-stores")
    ap.add_argument("--show", type=int, default=0, help="print the top N hits of every imperfect query")
    ap.add_argument("--json", type=Path, help="write per-repo results here")
    args = ap.parse_args(argv)

    from lode.service import Service

    repos = json.loads((args.eval_dir / "repos.json").read_text())
    if args.repos:
        want = set(args.repos.split(","))
        repos = [r for r in repos if r["name"] in want]
    args.cache.mkdir(parents=True, exist_ok=True)

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    results = {}
    for r in repos:
        name = r["name"]
        root = args.checkouts / name / (r.get("benchmark_root") or "")
        if not root.is_dir():
            log(f"  {name}: no checkout at {root}, skipped")
            continue
        queries = json.loads((args.eval_dir / "annotations" / f"{name}.json").read_text())
        suffix = "-lex" if args.no_embed else ""
        with Service(args.cache / f"{name}{suffix}.db") as svc:
            index_repo(svc, name, root, not args.no_embed, log)
            results[name] = {"language": r["language"], **score_repo(svc, name, queries, args.mode, args.show, log)}

    print(f"{'repo':<11} {'language':<11} {'lode':>6} {'semble':>6} {'ratio':>6}  arch   sem    sym   p50 ms")
    for name, res in results.items():
        c = res["categories"]
        cat = " ".join(f"{c[k]:.3f}" if c.get(k) is not None else "  -  " for k in CATEGORIES)
        p50 = statistics.median(res["ms"])
        print(f"{name:<11} {res['language']:<11} {res['ndcg']:6.3f} {SEMBLE[name]:6.3f} "
              f"{res['ndcg'] / SEMBLE[name]:6.2f}  {cat} {p50:7.1f}")
    if results:
        mean = statistics.mean(r["ndcg"] for r in results.values())
        peer = statistics.mean(SEMBLE[n] for n in results)
        cats = []
        for k in CATEGORIES:
            vals = [r["categories"][k] for r in results.values() if r["categories"].get(k) is not None]
            cats.append(f"{statistics.mean(vals):.3f}" if vals else "  -  ")
        all_ms = [m for r in results.values() for m in r["ms"]]
        print(f"{'MEAN':<11} {len(results):<11} {mean:6.3f} {peer:6.3f} {mean / peer:6.2f}  {' '.join(cats)} "
              f"{statistics.median(all_ms):7.1f}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
