"""Index and lexical-search benchmark on a real tree, beside ripgrep and universal-ctags.

    python bench/index.py CORPUS [--queries 100] [--workers N] [--keep DIR]

CORPUS is a folder of real code, e.g. the Go standard library from Debian's
golang-1.19-src package (/usr/share/go-1.19/src, ~2M lines). Prints: full index time
(`--no-embed`; `bench/cli.py` adds embeddings, the CLI's look-ups and a daemon), no-op
re-index time, store size, peak RSS, and p50/p95 latency of identifier queries
(the names of random functions and methods in the corpus, fixed seed) for lode
(in-process, warm, as the daemon serves them) and for `rg -w -F IDENT CORPUS`, plus the
time of `ctags -R` over the same tree, as ratios. Wall times depend on what else the
machine runs (the load average is printed); the CPU seconds lode spent, summed over
its processes, do not, and give the wall time the same run would take on idle cores. Aims (issue 3): full index of 1M
lines ≤ 60 s on 2 cores; no-op re-index ≤ 1 s per 10k files; lexical p50 ≤ 20 ms and
≥ 10× faster than rg.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LODE = [sys.executable, "-c", "from lode.cli import main; main()"]


def timed(cmd: list[str], **kw) -> tuple[float, subprocess.CompletedProcess]:
    t = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, **kw)
    return time.perf_counter() - t, proc


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    k = max(0, min(len(values) - 1, round(p / 100 * (len(values) - 1))))
    return values[k]


def identifiers(db_path: Path, n: int, seed: int = 7) -> list[str]:
    import sqlite3

    db = sqlite3.connect(db_path)
    names = [r[0] for r in db.execute(
        "SELECT DISTINCT name FROM chunks WHERE kind IN ('function', 'method') AND name IS NOT NULL "
        "ORDER BY name")]
    db.close()
    idents = sorted({nm.replace("::", ".").rsplit(".", 1)[-1] for nm in names if nm})
    idents = [i for i in idents if len(i) >= 4 and i.isidentifier()]
    random.Random(seed).shuffle(idents)
    return idents[:n]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--queries", type=int, default=100)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--keep", type=Path, default=None, help="Keep the store in this folder.")
    args = ap.parse_args()
    corpus = args.corpus.resolve()
    if not corpus.is_dir():
        sys.exit(f"bench: {corpus} is not a folder")
    work = Path(tempfile.mkdtemp(prefix="lode-bench-"))
    db_dir = args.keep or work
    db_dir.mkdir(parents=True, exist_ok=True)
    db = db_dir / "bench.db"
    for suffix in ("", "-wal", "-shm"):
        Path(str(db) + suffix).unlink(missing_ok=True)
    env = {**os.environ, "LODE_DB": str(db)}
    extra = ["--workers", str(args.workers)] if args.workers else []

    # --no-embed: this row is indexing beside ctags; embedding is bench/cli.py's row.
    full_s, proc = timed([*LODE, "index", str(corpus), "--json", "--no-embed", *extra], env=env)
    if proc.returncode != 0:
        sys.exit(f"bench: lode index failed:\n{proc.stderr}")
    full = json.loads(proc.stdout)
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    noop_s, proc = timed([*LODE, "index", str(corpus), "--json", "--no-embed", *extra], env=env)
    noop = json.loads(proc.stdout)
    status = json.loads(subprocess.run([*LODE, "status", "--json"], env=env, capture_output=True,
                                       text=True).stdout)
    ws = status["workspaces"][0]
    size = status["size_bytes"]

    ctags = shutil.which("ctags")
    ctags_s = None
    ctags_cpu = None
    if ctags:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        ctags_s, _ = timed([ctags, "-R", "-f", str(work / "tags"), str(corpus)])
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        ctags_cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)

    queries = identifiers(db, args.queries)
    from lode.service import Service

    svc = Service(db)
    t = time.perf_counter()
    svc.index(ws["name"], embed=False)
    noop_warm_s = time.perf_counter() - t
    svc.search(queries[0], ws["name"])  # warm the page cache and the connection
    lode_ms, top_ok = [], 0
    for q in queries:
        t = time.perf_counter()
        res = svc.search(q, ws["name"], limit=10)
        lode_ms.append((time.perf_counter() - t) * 1000)
        top_ok += bool(res["hits"]) and (res["hits"][0]["name"] or "").replace("::", ".").rsplit(".", 1)[-1] == q
    svc.close()
    rg = shutil.which("rg")
    rg_ms = []
    if rg:
        for q in queries:
            t, _ = timed([rg, "-n", "-w", "-F", q, str(corpus)])
            rg_ms.append(t * 1000)

    def row(label, value, ratio=""):
        print(f"| {label:<44} | {value:>16} | {ratio:>22} |")

    print(f"\ncorpus: {corpus}  ({ws['files']} files, {ws['lines']:,} lines, {ws['chunks']:,} chunks; "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f})\n")
    print(f"| {'measure':<44} | {'value':>16} | {'ratio':>22} |")
    print(f"|{'-' * 46}|{'-' * 18}|{'-' * 24}|")
    row("lode full index (chunks + symbols + FTS)", f"{full_s:.1f} s",
        f"{full_s / ctags_s:.1f}x ctags -R" if ctags_s else "")
    row("  per 1M lines", f"{full_s / max(ws['lines'], 1) * 1e6:.1f} s", "aim <= 60 s")
    cpus = args.workers or os.cpu_count() or 1
    row("  CPU seconds spent (all processes)", f"{full['cpu_seconds']:.1f} s",
        f"{full['cpu_seconds'] / max(ws['lines'], 1) * 1e6:.1f} CPU-s per 1M lines")
    row(f"  wall if CPU-bound on {cpus} idle cores", f"{full['cpu_seconds'] / cpus:.1f} s",
        f"{full['cpu_seconds'] / cpus / max(ws['lines'], 1) * 1e6:.1f} s per 1M lines")
    if ctags_s:
        row("ctags -R (universal-ctags)", f"{ctags_s:.1f} s", "1.0x")
        row("ctags -R CPU seconds", f"{ctags_cpu:.1f} s",
            f"lode {full['cpu_seconds'] / max(ctags_cpu, 1e-3):.1f}x ctags CPU")
    row("lode no-op re-index (CLI, incl. start-up)", f"{noop_s:.2f} s",
        f"{noop_s / max(ws['files'], 1) * 1e4:.2f} s per 10k files")
    row("lode no-op re-index (in-process, as daemon)", f"{noop_warm_s:.2f} s",
        f"{noop_warm_s / max(ws['files'], 1) * 1e4:.2f} s per 10k files")
    row("store size", f"{size / 1e6:.0f} MB", f"{size / max(sum(1 for _ in corpus.rglob('*') if _.is_file()), 1) / 1e3:.1f} kB/file")
    row("peak RSS (largest process)", f"{peak_kb / 1024:.0f} MB", "")
    row(f"lode search p50 ({len(queries)} identifiers)", f"{statistics.median(lode_ms):.1f} ms",
        f"{pct(rg_ms, 50) / statistics.median(lode_ms):.0f}x faster than rg" if rg_ms else "")
    row("lode search p95", f"{pct(lode_ms, 95):.1f} ms",
        f"{pct(rg_ms, 95) / pct(lode_ms, 95):.0f}x faster than rg" if rg_ms else "")
    if rg_ms:
        row("rg -w -F p50 / p95", f"{pct(rg_ms, 50):.0f} / {pct(rg_ms, 95):.0f} ms", "1.0x")
    row("identifier's definition ranked first", f"{top_ok}/{len(queries)}", "")
    print(f"\nfull run: {full['indexed']} indexed, {full['refused']} refused; "
          f"no-op run: {noop['unchanged']} unchanged, {noop['indexed']} indexed")
    if not args.keep:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
