"""``search.query`` round trip through the daemon's socket vs the same call in-process.

    python bench/rpc.py [CORPUS_DIR] [--queries N]

Indexes CORPUS_DIR (default: the Go standard library's net/ from Debian's golang-1.19-src,
else this repository's src/) into a temporary store, starts ``lode serve`` on a
temporary socket, then times the same identifier queries through ``Service.search``
in-process and through ``search.query`` over the socket (one connection, sequential
calls; then 4 concurrent connections), and prints p50/p95 and their ratio.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from lode.rpc.client import Client, NoDaemon
from lode.service import Service

QUERIES = ["ServeHTTP", "Handler", "ReadResponse", "dial timeout", "cookie jar", "parse url",
           "Transport.RoundTrip", "keep alive", "chunked encoding", "header canonical",
           "TLS handshake", "multipart form", "redirect policy", "proxy from environment",
           "context cancel", "listen and serve", "unix socket", "lookup host", "mime type",
           "status code"]


def pct(samples: list[float], p: float) -> float:
    s = sorted(samples)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def default_corpus() -> str:
    go_net = "/usr/share/go-1.19/src/net"
    return go_net if os.path.isdir(go_net) else str(Path(__file__).resolve().parent.parent / "src")


def start_daemon(sock: str, db: str, *flags: str, wait: float = 60.0):
    """A `lode serve` process and a client connected to it (once its socket answers)."""
    proc = subprocess.Popen([sys.executable, "-c", "from lode.cli import main; main()", "serve",
                             "--socket", sock, "--db", db, *flags],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + wait
    while True:
        try:
            return proc, Client(sock)
        except NoDaemon:
            if proc.poll() is not None or time.monotonic() > deadline:
                proc.kill()
                raise SystemExit(f"lode serve did not start on {sock}")
            time.sleep(0.05)


def watch_latency(tmp: Path, edits: int = 20) -> list[float]:
    """Time from writing a file to ``search.query`` finding its new word, with the
    daemon watching."""
    ws = tmp / "watched"
    ws.mkdir()
    for i in range(300):
        (ws / f"m{i}.py").write_text(f"def handler_{i}(request):\n    return request.body\n")
    db, sock = str(tmp / "watch.db"), str(tmp / "w.sock")
    proc, client = start_daemon(sock, db)
    out = []
    try:
        client.call("workspace.add", {"root": str(ws)})
        client.call("index.run", {})
        time.sleep(0.5)
        for n in range(edits):
            word = f"quasar{n}zeta"
            t = time.perf_counter()
            (ws / f"m{n}.py").write_text(f"def handler_{n}(request):\n    return '{word}'\n")
            while not client.call("search.query", {"query": word, "limit": 1})["hits"]:
                if time.perf_counter() - t > 10:
                    break
                time.sleep(0.005)
            out.append((time.perf_counter() - t) * 1000)
            time.sleep(0.3)
        client.close()
    finally:
        proc.terminate()
        proc.wait()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", default=default_corpus())
    ap.add_argument("--queries", type=int, default=400)
    args = ap.parse_args()

    tmp = Path(tempfile.mkdtemp(prefix="lode-bench-rpc-"))
    db, sock = str(tmp / "store.db"), str(tmp / "s.sock")
    svc = Service(db_path=db)
    svc.add_workspace(args.corpus)
    t0 = time.perf_counter()
    svc.index(None)
    print(f"corpus {args.corpus}: indexed in {time.perf_counter() - t0:.1f} s", file=sys.stderr)
    queries = [QUERIES[i % len(QUERIES)] for i in range(args.queries)]

    for q in QUERIES:  # warm caches on both sides alike
        svc.search(q, limit=10)
    inproc = []
    for q in queries:
        t = time.perf_counter()
        svc.search(q, limit=10)
        inproc.append((time.perf_counter() - t) * 1000)

    proc, client = start_daemon(sock, db, "--no-watch")
    try:
        for q in QUERIES:
            client.call("search.query", {"query": q, "limit": 10})
        socket_ms = []
        for q in queries:
            t = time.perf_counter()
            client.call("search.query", {"query": q, "limit": 10})
            socket_ms.append((time.perf_counter() - t) * 1000)
        client.call("sys.capabilities")
        ping = []
        for _ in range(200):
            t = time.perf_counter()
            client.call("workspace.list")
            ping.append((time.perf_counter() - t) * 1000)
        client.close()

        concurrent: list[float] = []
        lock = threading.Lock()

        def worker(part: list[str]) -> None:
            with Client(sock) as c:
                for q in part:
                    t = time.perf_counter()
                    c.call("search.query", {"query": q, "limit": 10})
                    with lock:
                        concurrent.append((time.perf_counter() - t) * 1000)

        threads = [threading.Thread(target=worker, args=(queries[i::4],)) for i in range(4)]
        t_all = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wall = time.perf_counter() - t_all
        save_ms = watch_latency(tmp)
    finally:
        proc.terminate()
        proc.wait()
        svc.close()
        shutil.rmtree(tmp, ignore_errors=True)

    rows = [("in-process Service.search", inproc),
            ("socket search.query, 1 client", socket_ms),
            ("socket search.query, 4 clients", concurrent),
            ("socket workspace.list (overhead floor)", ping)]
    base = statistics.median(inproc)
    print("| path | calls | p50 ms | p95 ms | p50 vs in-process |")
    print("|---|---|---|---|---|")
    for name, samples in rows:
        ratio = "–" if samples is ping else f"{statistics.median(samples) / base:.2f}×"
        print(f"| {name} | {len(samples)} | {pct(samples, 50):.2f} | {pct(samples, 95):.2f} | {ratio} |")
    print(f"\nsaved edit → visible to search.query (watching daemon, 300-file workspace, "
          f"{len(save_ms)} edits): p50 {pct(save_ms, 50):.0f} ms, p95 {pct(save_ms, 95):.0f} ms, "
          f"max {max(save_ms):.0f} ms")
    print(f"\n4 clients: {len(concurrent) / wall:.0f} queries/s; "
          f"socket overhead at p50: {statistics.median(socket_ms) - base:.2f} ms", file=sys.stderr)


if __name__ == "__main__":
    main()
