"""Many clients at once against one daemon, while it indexes.

    python bench/load.py CORPUS_DIR [--clients 50 200] [--seconds 10] [--edit-every S] [--no-indexing]

Copies CORPUS_DIR to a temporary folder, starts ``lode serve`` on a temporary store and
socket, indexes the copy, then for each client count runs that many concurrent
connections for ``--seconds``: each sends a mix of ``search.query`` (60%),
``symbol.definition`` (25%) and ``symbol.references`` (15%) built from the corpus's own
symbol names, one request at a time, as fast as answers come. Meanwhile (unless
``--no-indexing``) a second workspace (another copy) is indexed by ``index.run`` from
scratch at the start of each level, and a writer edits a file of the queried copy every
``--edit-every`` seconds (default 1; 0: no edits), so the daemon's watcher re-indexes it
during the run — each edit makes the answers about that workspace stale.

Prints per level: requests/s, p50/p99/max latency, errors, and the CPU seconds the
daemon and this client process used (the machine may be shared: CPU seconds next to
wall time say how much of it the run had).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from lode.rpc.client import Client, NoDaemon

MIX = (("search.query", 0.60), ("symbol.definition", 0.25), ("symbol.references", 0.15))


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (and its reaped children) from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return sum(int(fields[i]) for i in (11, 12, 13, 14)) / ticks


def pct(samples: list[float], p: float) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))] if s else float("nan")


def start_daemon(sock: str, db: str, log: str | None = None) -> subprocess.Popen:
    out = open(log, "ab") if log else subprocess.DEVNULL
    proc = subprocess.Popen([sys.executable, "-c", "from lode.cli import main; main()", "serve",
                             "--socket", sock, "--db", db, *(["-v"] if log else [])],
                            stdout=out, stderr=out)
    deadline = time.monotonic() + 60
    while True:
        try:
            Client(sock, timeout=5).close()
            return proc
        except NoDaemon:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise SystemExit(f"lode serve did not start on {sock}")
            time.sleep(0.05)


def workload(client: Client, workspace: str, rng: random.Random, n: int = 400) -> list[tuple[str, dict]]:
    """Requests built from the corpus's own names: qualified names for lookups, their
    parts as search words."""
    names = [s["name"] for s in client.call("symbol.list", {"workspace": workspace, "limit": 5000})["symbols"]
             if "." in s["name"]]
    if not names:
        raise SystemExit("the corpus has no qualified symbols to look up")
    out = []
    for _ in range(n):
        name = rng.choice(names)
        r = rng.random()
        if r < MIX[0][1]:
            leaf = name.rsplit(".", 1)[-1]
            words = leaf if rng.random() < 0.5 else f"{leaf} {rng.choice(names).rsplit('.', 1)[-1]}"
            out.append(("search.query", {"query": words, "workspace": workspace, "limit": 10}))
        elif r < MIX[0][1] + MIX[1][1]:
            out.append(("symbol.definition", {"name": ".".join(name.split(".")[-2:]), "workspace": workspace}))
        else:
            out.append(("symbol.references", {"name": ".".join(name.split(".")[-2:]), "workspace": workspace,
                                              "limit": 20}))
    return out


async def one_client(sock: str, requests: list, stop_at: float, latencies: list, errors: list,
                     seed: int) -> None:
    rng = random.Random(seed)
    reader, writer = await asyncio.open_unix_connection(sock, limit=64 << 20)
    rid = 0
    try:
        while time.monotonic() < stop_at:
            method, params = rng.choice(requests)
            rid += 1
            line = json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params}).encode() + b"\n"
            t = time.perf_counter()
            writer.write(line)
            await writer.drain()
            reply = await reader.readline()
            latencies.append(time.perf_counter() - t)
            if not reply:
                errors.append("connection closed")
                return
            msg = json.loads(reply)
            if "error" in msg:
                errors.append(f"{msg['error'].get('code')}: {msg['error'].get('message', '')[:80]}")
    finally:
        writer.close()


async def level(sock: str, requests: list, clients: int, seconds: float) -> tuple[list, list, float]:
    latencies: list[float] = []
    errors: list[str] = []
    started = time.monotonic()
    stop_at = started + seconds
    await asyncio.gather(*(one_client(sock, requests, stop_at, latencies, errors, i) for i in range(clients)))
    return latencies, errors, time.monotonic() - started


def editor(root: Path, stop: threading.Event, rng: random.Random, every: float) -> None:
    """Edit one source file of the corpus copy every ``every`` seconds (the watcher
    re-indexes)."""
    files = [p for p in root.rglob("*") if p.is_file() and p.suffix in (".py", ".go", ".rs", ".ts", ".js", ".md")]
    n = 0
    while not stop.wait(every) and files:
        p = rng.choice(files)
        try:
            with open(p, "a", encoding="utf-8") as f:
                f.write(f"\n// load bench edit {n}\n" if p.suffix != ".py" and p.suffix != ".md"
                        else f"\n# load bench edit {n}\n")
        except OSError:
            pass
        n += 1


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", help="a source tree to index and query (copied first)")
    ap.add_argument("--clients", type=int, nargs="+", default=[50, 200])
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--edit-every", type=float, default=1.0, metavar="S",
                    help="seconds between edits of the queried workspace (0: none)")
    ap.add_argument("--no-indexing", action="store_true", help="no edits or index runs during the load")
    ap.add_argument("--daemon-log", metavar="FILE", help="the daemon's log (-v) goes here")
    ap.add_argument("--db", metavar="URL", help="the store: an empty PostgreSQL database's URL (default: a new "
                                                 "SQLite file)")
    args = ap.parse_args()

    rng = random.Random(7)
    with tempfile.TemporaryDirectory(prefix="lode-load-") as tmp_name:
        tmp = Path(tmp_name)
        work = tmp / "corpus"
        shutil.copytree(args.corpus, work, symlinks=True, ignore=shutil.ignore_patterns(".git"))
        second = tmp / "second"
        sock, db = str(tmp / "d.sock"), args.db or str(tmp / "store.db")
        proc = start_daemon(sock, db, args.daemon_log)
        try:
            with Client(sock, timeout=600) as c:
                ws = c.call("workspace.add", {"root": str(work), "name": "load"})["name"]
                t = time.perf_counter()
                c.call("index.run", {"workspace": ws})
                print(f"indexed {args.corpus} in {time.perf_counter() - t:.1f} s")
                requests = workload(c, ws, rng)
                # warm: every distinct request once
                for method, params in requests:
                    try:
                        c.call(method, params)
                    except Exception:  # noqa: BLE001 - an error answer is an answer
                        pass
            print(f"{'clients':>7} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'errors':>7} "
                  f"{'wall s':>7} {'daemon cpu s':>13} {'bench cpu s':>12}")
            for n in args.clients:
                stop = threading.Event()
                threads = []
                if not args.no_indexing and args.edit_every > 0:
                    threads.append(threading.Thread(target=editor, args=(work, stop, random.Random(n), args.edit_every),
                                                    daemon=True))
                if not args.no_indexing:
                    if second.exists():
                        shutil.rmtree(second)
                    shutil.copytree(work, second, symlinks=True)

                    def index_second(n: int = n) -> None:
                        with Client(sock, timeout=600) as c2:
                            c2.call("workspace.add", {"root": str(second), "name": f"second-{n}"})
                            c2.call("index.run", {"workspace": f"second-{n}"})
                            c2.call("workspace.remove", {"workspace": f"second-{n}"})

                    threads.append(threading.Thread(target=index_second, daemon=True))
                for th in threads:
                    th.start()
                with Client(sock, timeout=60) as c3:
                    cache0 = c3.call("sys.stats").get("cache") or {}
                d0, b0 = cpu_seconds(proc.pid), time.process_time()
                latencies, errors, wall = asyncio.run(level(sock, requests, n, args.seconds))
                d1, b1 = cpu_seconds(proc.pid), time.process_time()
                with Client(sock, timeout=60) as c3:
                    cache1 = c3.call("sys.stats").get("cache") or {}
                stop.set()
                for th in threads:
                    th.join(120)
                ms = [x * 1000 for x in latencies]
                print(f"{n:>7} {len(latencies) / wall:>8.0f} {pct(ms, 50):>8.1f} {pct(ms, 99):>8.1f} "
                      f"{max(ms) if ms else float('nan'):>8.1f} {len(errors):>7} {wall:>7.1f} "
                      f"{d1 - d0:>13.1f} {b1 - b0:>12.1f}")
                hits = cache1.get("hits", 0) - cache0.get("hits", 0)
                misses = cache1.get("misses", 0) - cache0.get("misses", 0)
                if hits + misses:
                    print(f"        reply cache: {hits / (hits + misses):.0%} of cacheable requests answered from it")
                if errors:
                    print("   first errors:", sorted(set(errors))[:3])
        finally:
            if proc.poll() is not None:
                print(f"the daemon exited during the run (status {proc.returncode})")
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    main()
