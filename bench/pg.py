"""The SQLite store beside the PostgreSQL store on the same workspaces: do they answer
alike, and what does each cost?

    python bench/pg.py CORPUS [CORPUS ...] [--semble EVAL_DIR] [--swebench FILE]
                       [--defs 40] [--clients 1,10,50] [--mode auto] [--no-embed] [--keep DIR]

A CORPUS is a folder (its workspace is named after it) or NAME=FOLDER. Both stores
are made fresh in a scratch folder: a SQLite file, and a PostgreSQL server started
there (``lode pg start``). Each corpus is indexed into both (wall and this process's
CPU seconds). Queries: the semble dev annotations of each workspace
(``EVAL_DIR/annotations/NAME.json``) and, with ``--swebench``, the problem statements
of that file's issues (``query`` or ``problem_statement``) whose ``instance_id`` or
repository name is a workspace, and ``--queries FILE`` (one per line, searched in every
workspace).

Prints, per backend: store size, index time, query p50/p99 at each client count
(clients are threads of this process, each with its own store handle, as a daemon
serves them); and between backends: the share of queries whose top-5 files are the
same (in order, and as a set), and of ``def`` answers (for ``--defs`` names defined in
each workspace) that are identical.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

TOP = 5


def _cpu() -> float:
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def _server_cpu(pg_dir: Path) -> float:
    """CPU seconds of the PostgreSQL server's processes (postmaster and its backends;
    the server's work is not this process's)."""
    import psutil

    try:
        root = psutil.Process(int((pg_dir / "postmaster.pid").read_text().split()[0]))
        total = 0.0
        for p in [root, *root.children(recursive=True)]:
            try:
                t = p.cpu_times()
                total += t.user + t.system
            except psutil.Error:
                pass
        return total
    except (OSError, psutil.Error, ValueError):
        return float("nan")


def _corpora(args) -> list[tuple[str, Path]]:
    out = []
    for spec in args.corpora:
        name, _, folder = spec.rpartition("=") if "=" in spec else ("", "", spec)
        path = Path(folder).resolve()
        if not path.is_dir():
            sys.exit(f"not a folder: {folder}")
        out.append((name or path.name, path))
    return out


def _queries(args, names: list[str]) -> list[tuple[str, str]]:
    """(workspace, query) pairs."""
    out = []
    if args.semble:
        for name in names:
            f = args.semble / "annotations" / f"{name}.json"
            if f.exists():
                out += [(name, q["query"]) for q in json.loads(f.read_text())]
    if args.swebench:
        for line in args.swebench.read_text().splitlines():
            if line.strip():
                issue = json.loads(line)
                text = issue.get("query") or issue.get("problem_statement")
                repo = issue.get("repo", "").split("/")[-1]
                for ws in (issue.get("instance_id"), repo):  # a tree per issue, or one per repository
                    if ws in names:
                        out.append((ws, text))
                        break
    if args.queries:
        out += [(n, q) for q in args.queries.read_text().splitlines() if q.strip() for n in names]
    return out


def _files(res: dict) -> list[str]:
    seen: list[str] = []
    for h in res["hits"]:
        if h["path"] not in seen:
            seen.append(h["path"])
        if len(seen) == TOP:
            break
    return seen


def _def_names(svc, workspace: str, n: int) -> list[str]:
    """Up to ``n`` qualified names defined in the workspace, spread over its symbols."""
    names = sorted({s["name"] for s in svc.list_symbols(workspace, limit=100_000)["symbols"] if "." in s["name"]})
    step = max(1, len(names) // max(1, n))
    return names[::step][:n]


def _answer(call, *args):
    """A call's answer, or its error's message (the same refusal is the same answer)."""
    try:
        return call(*args)
    except Exception as exc:  # noqa: BLE001 (compared, not handled)
        return f"{type(exc).__name__}: {exc}"


def _latency(db: str, work: list[tuple[str, str]], clients: int, mode: str, slow: float = 0.0,
             log=None) -> list[float]:
    from lode.service import Service

    times: list[float] = []
    lock = threading.Lock()
    at = [0]

    def client():
        with Service(db) as svc:
            while True:
                with lock:
                    if at[0] >= len(work):
                        return
                    ws, q = work[at[0]]
                    at[0] += 1
                t = time.perf_counter()
                res = svc.search(q, ws, mode=mode, limit=10)
                ms = (time.perf_counter() - t) * 1000
                with lock:
                    times.append(ms)
                if slow and ms > slow and log:
                    stages = {k: v for k, v in res.get("timings_ms", {}).items() if v > slow / 10}
                    log(f"  slow {ms:.0f} ms [{ws}] {q[:60]!r} {stages}")

    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return times


def _pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else float("nan")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("corpora", nargs="+", help="FOLDER or NAME=FOLDER")
    ap.add_argument("--semble", type=Path, help="semble eval folder (annotations/NAME.json)")
    ap.add_argument("--swebench", type=Path, help="SWE-bench JSONL (problem statements as queries)")
    ap.add_argument("--queries", type=Path, help="a file of queries, one per line")
    ap.add_argument("--defs", type=int, default=40, help="def lookups compared per workspace")
    ap.add_argument("--clients", default="1,10,50")
    ap.add_argument("--mode", default="auto", choices=("auto", "lexical", "semantic", "hybrid"))
    ap.add_argument("--no-embed", action="store_true")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--keep", type=Path, help="scratch folder to use and keep (default: a temporary one)")
    ap.add_argument("--show", action="store_true", help="print each query whose top-5 files differ")
    ap.add_argument("--slow", type=float, default=0.0, help="print searches slower than this many ms, by stage")
    args = ap.parse_args(argv)

    from lode.service import Service

    corpora = _corpora(args)
    scratch = args.keep or Path(tempfile.mkdtemp(prefix="lode-pg-bench-"))
    scratch.mkdir(parents=True, exist_ok=True)
    pg_dir = scratch / "pg"
    url = Service.start_local_server(str(pg_dir))
    stores = {"sqlite": str(scratch / "lode.db"), "postgresql": url}

    def log(msg):
        print(msg, file=sys.stderr, flush=True)

    report: dict = {b: {"index_s": 0.0, "index_cpu_s": 0.0, "index_server_cpu_s": 0.0} for b in stores}
    server_cpu = (lambda b: _server_cpu(pg_dir) if b == "postgresql" else 0.0)
    try:
        for backend, db in stores.items():
            with Service(db) as svc:
                for name, root in corpora:
                    if name not in {w["name"] for w in svc.list_workspaces()}:
                        svc.add_workspace(str(root), name=name)
                    t, c, sc = time.perf_counter(), _cpu(), server_cpu(backend)
                    r = svc.index(name, embed=not args.no_embed, workers=args.workers)
                    dt, dc, ds = time.perf_counter() - t, _cpu() - c, server_cpu(backend) - sc
                    report[backend]["index_s"] += dt
                    report[backend]["index_cpu_s"] += dc
                    report[backend]["index_server_cpu_s"] += ds
                    log(f"  {backend:<10} {name}: {r.get('files')} files, {r.get('chunks', '?')} chunks "
                        f"in {dt:.1f}s wall, {dc:.1f}s CPU lode, {ds:.1f}s CPU server")
                report[backend]["size_mb"] = svc.store.size_bytes() / 1e6

        names = [n for n, _ in corpora]
        work = _queries(args, names)
        if not work:
            sys.exit("no queries: give --semble, --swebench or --queries")

        # -- agreement -------------------------------------------------------------------
        same_order = same_set = 0
        with Service(stores["sqlite"]) as sq, Service(stores["postgresql"]) as pg:
            for ws, q in work:
                a, b = _files(sq.search(q, ws, mode=args.mode, limit=10)), _files(pg.search(q, ws, mode=args.mode,
                                                                                            limit=10))
                same_order += a == b
                same_set += set(a) == set(b)
                if args.show and a != b:
                    log(f"  differs [{ws}] {q[:80]!r}\n    sqlite {a}\n    pg     {b}")
            defs_same = defs = 0
            for ws in names:
                for name in _def_names(sq, ws, args.defs):
                    x, y = _answer(sq.definition, name, ws), _answer(pg.definition, name, ws)
                    defs += 1
                    defs_same += x == y
                    if args.show and x != y:
                        log(f"  def differs [{ws}] {name}")

        # -- latency ---------------------------------------------------------------------
        for backend, db in stores.items():
            _latency(db, work[:min(len(work), 20)], 1, args.mode)  # warm: models, caches
            for n in [int(x) for x in args.clients.split(",")]:
                reps = max(1, (n * 4 + len(work) - 1) // len(work))  # every client gets a few queries
                t, c = time.perf_counter(), _cpu() + server_cpu(backend)
                times = _latency(db, work * reps, n, args.mode, args.slow, log)
                report[backend][f"c{n}"] = (_pct(times, 50), _pct(times, 99), len(times) / (time.perf_counter() - t),
                                            _cpu() + server_cpu(backend) - c)
    finally:
        if not args.keep:
            Service.stop_local_server(str(pg_dir))
            shutil.rmtree(scratch, ignore_errors=True)

    print(f"workspaces: {', '.join(names)}; queries: {len(work)}; mode {args.mode}"
          f"{'; no vectors' if args.no_embed else ''}")
    print(f"top-{TOP} files identical (in order): {same_order}/{len(work)} = {same_order / len(work):.1%}; "
          f"as a set: {same_set}/{len(work)} = {same_set / len(work):.1%}")
    if defs:
        print(f"def answers identical: {defs_same}/{defs} = {defs_same / defs:.1%}")
    clients = [int(x) for x in args.clients.split(",")]
    print("CPU s: lode's process (with its workers) plus, for PostgreSQL, the server's processes")
    head = "".join(f" | {n:>2} clients p50/p99 ms  q/s  CPU s" for n in clients)
    print(f"{'backend':<10} {'size MB':>8} {'index s':>8} {'CPU s':>6}{head}")
    for backend in stores:
        r = report[backend]
        cells = "".join(f" | {r[f'c{n}'][0]:8.1f}/{r[f'c{n}'][1]:7.1f} {r[f'c{n}'][2]:5.1f} {r[f'c{n}'][3]:5.1f}"
                        for n in clients)
        cpu = r["index_cpu_s"] + r["index_server_cpu_s"]
        print(f"{backend:<10} {r['size_mb']:8.1f} {r['index_s']:8.1f} {cpu:6.1f}{cells}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
