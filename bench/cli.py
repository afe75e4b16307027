"""What a user waits for at the command line, side by side with the usual tools, in one run.

    python bench/cli.py CORPUS [--queries 30] [--workers N] [--keep DIR]

CORPUS is a folder of real code, e.g. the Go standard library (`python bench/corpora.py
--only go`). It is copied to a scratch folder first (the "100 changed files" step edits
files), then, every figure a whole process timed from outside (wall seconds, the CPU
seconds of the process and the children it waited for, the peak RSS of the largest):

- `lode index --no-embed` of the whole tree beside `ctags -R` and beside the tree-sitter
  floor (`parse_floor.py`: reading and parsing the same code files, nothing else); `lode index` with
  embeddings into a second store; store size against the source bytes;
- a no-op re-index beside `git status` (on a scratch git repository of the copy), and a
  re-index after 100 files changed;
- `lode def` (qualified names of random methods) beside `readtags`, `lode search`
  lexical beside `rg -w`, and the default (hybrid) search — without a daemon, then
  with one running (the command asks it), next to the daemon's own latency;
- the first query of a freshly started daemon, from its start and from the moment
  its socket answers.

Wall times depend on what else the machine runs (the load average is printed); CPU
seconds much less so.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

LODE = [sys.executable, "-c", "from lode.cli import main; main()"]


TIME = shutil.which("time") or "/usr/bin/time"  # GNU time: the peak RSS of this one command


def run(cmd: list[str], env=None, cwd=None, check: bool = True, rss: bool = False) -> dict:
    """Run ``cmd``; its wall seconds, CPU seconds (with waited-for children) and, with
    ``rss``, its peak RSS in MB (the largest process, through GNU time)."""
    peak = None
    if rss and os.path.exists(TIME):
        fd, peak = tempfile.mkstemp(suffix=".rss")
        os.close(fd)
        cmd = [TIME, "-f", "%M", "-o", peak, *cmd]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if check and proc.returncode != 0:
        sys.exit(f"bench: {' '.join(cmd[:6])} … failed ({proc.returncode}):\n{proc.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    mb = float("nan")
    if peak:
        try:
            mb = int(Path(peak).read_text().split()[-1]) / 1024
        finally:
            os.unlink(peak)
    return {"wall": wall, "cpu": cpu, "rss": mb, "out": proc.stdout, "rc": proc.returncode}


def p50(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def tree_bytes(root: Path) -> int:
    return sum(p.stat().st_size for p in root.rglob("*") if p.is_file() and not p.is_symlink())


def qualified_methods(db: Path, n: int, seed: int = 11) -> list[str]:
    """Qualified names of random methods defined once in the store (a fixed sample)."""
    con = sqlite3.connect(db)
    try:  # the symbol index keeps names reversed (for trailing-form look-ups)
        names = [r[0][::-1] for r in con.execute(
            "SELECT rname FROM symbols WHERE kind = 'method' GROUP BY rname HAVING count(*) = 1 ORDER BY rname")]
    except sqlite3.Error:
        names = []
    con.close()
    names = [nm for nm in names if nm.count(".") >= 2]
    random.Random(seed).shuffle(names)
    return names[:n]


def identifiers(db: Path, n: int, seed: int = 7) -> list[str]:
    con = sqlite3.connect(db)
    names = [r[0] for r in con.execute(
        "SELECT DISTINCT name FROM chunks WHERE kind IN ('function', 'method') AND name IS NOT NULL ORDER BY name")]
    con.close()
    idents = sorted({nm.replace("::", ".").rsplit(".", 1)[-1] for nm in names})
    idents = [i for i in idents if len(i) >= 4 and i.isidentifier()]
    random.Random(seed).shuffle(idents)
    return idents[:n]


def start_daemon(sock: str, db: Path, env: dict, pause: float = 0.0) -> tuple[subprocess.Popen, float, float]:
    """Start ``lode serve``; returns (process, seconds until the socket answers,
    seconds the first search took, sent ``pause`` seconds after that)."""
    t0 = time.perf_counter()
    proc = subprocess.Popen([*LODE, "serve", "--socket", sock, "--db", str(db), "--no-watch"],
                            env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    while True:
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(sock)
            break
        except OSError:
            s.close()
            if proc.poll() is not None or time.perf_counter() - t0 > 60:
                sys.exit("bench: the daemon did not start")
            time.sleep(0.01)
    ready = time.perf_counter() - t0
    time.sleep(pause)
    t1 = time.perf_counter()
    f = s.makefile("rb")
    s.sendall(json.dumps({"jsonrpc": "2.0", "id": 1, "method": "search.query",
                          "params": {"query": "read a file into memory"}}).encode() + b"\n")
    f.readline()
    first = time.perf_counter() - t1
    f.close()
    s.close()
    return proc, ready, first


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", type=Path)
    ap.add_argument("--queries", type=int, default=30)
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--keep", type=Path, default=None, help="Keep the scratch folder (stores, copy) here.")
    args = ap.parse_args()
    corpus = args.corpus.resolve()
    if not corpus.is_dir():
        sys.exit(f"bench: {corpus} is not a folder")
    # Bytecode for lode's modules, as an install writes it: an editable checkout run with
    # PYTHONDONTWRITEBYTECODE would otherwise compile every module on every command.
    import lode
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(Path(lode.__file__).parent)],
                   check=True, stdout=subprocess.DEVNULL)
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="lode-cli-bench-", dir=args.keep))
    tree = work / corpus.name
    shutil.copytree(corpus, tree, symlinks=True)
    db, db_embed = work / "lexical.db", work / "embedded.db"
    sock_dir = work / "sock"
    sock_dir.mkdir(mode=0o700)
    sock = str(sock_dir / "d.sock")
    env = {**os.environ, "LODE_DB": str(db), "LODE_SOCKET": sock, "LODE_LSP": "off"}
    env.pop("LODE_NO_DAEMON", None)
    workers = ["--workers", str(args.workers)] if args.workers else []
    rows: list[tuple[str, str, str]] = []

    def row(what: str, value: str, peer: str = "") -> None:
        rows.append((what, value, peer))
        print(f"  {what}: {value}   {peer}", file=sys.stderr, flush=True)

    # -- indexing -----------------------------------------------------------------
    ctags = shutil.which("ctags")
    ct = run([ctags, "-R", "-f", str(work / "tags"), str(tree)]) if ctags else None
    full = run([*LODE, "index", str(tree), "--no-embed", "--json", *workers], env=env, rss=True)
    stats = json.loads(full["out"])
    lode_cpu = stats.get("cpu_seconds") or full["cpu"]
    vs = (f"ctags -R {ct['wall']:.2f} s wall, {ct['cpu']:.2f} s CPU: {full['wall'] / ct['wall']:.1f}x wall, "
          f"{lode_cpu / max(ct['cpu'], 1e-3):.1f}x CPU" if ct else "")
    row("full index --no-embed", f"{full['wall']:.2f} s wall, {lode_cpu:.1f} s CPU, {full['rss']:.0f} MB peak", vs)
    # what any tree-sitter indexer pays before chunks, symbols and the store
    floor = run([sys.executable, str(Path(__file__).with_name("parse_floor.py")), str(tree)])
    fl = json.loads(floor["out"])
    fl_cpu = fl["read_cpu"] + fl["parse_cpu"]
    row("tree-sitter floor: read + parse (one process)", f"{fl_cpu:.1f} s CPU ({fl['files']} files)",
        (f"{fl_cpu / max(ct['cpu'], 1e-3):.1f}x ctags CPU; " if ct else "")
        + f"lode's index is {lode_cpu / max(fl_cpu, 1e-3):.1f}x it")
    env_e = {**env, "LODE_DB": str(db_embed)}
    emb = run([*LODE, "index", str(tree), "--json", *workers], env=env_e, rss=True)
    emb_cpu = (json.loads(emb["out"]).get("embedding") or {}).get("cpu_seconds") or 0.0
    row("full index with embeddings", f"{emb['wall']:.2f} s wall, {emb['rss']:.0f} MB peak, "
        f"embedding {emb_cpu:.1f} s CPU",
        f"{emb['wall'] / full['wall']:.2f}x the --no-embed run")
    src = tree_bytes(tree)
    size = sum(Path(str(db) + s).stat().st_size for s in ("", "-wal") if Path(str(db) + s).exists())
    row("store size (no vectors)", f"{size / 1e6:.0f} MB", f"{size / src:.2f}x the {src / 1e6:.0f} MB of source")

    # -- re-indexing --------------------------------------------------------------
    noop = [run([*LODE, "index", str(tree), "--json"], env=env_e, rss=True) for _ in range(5)]
    git = shutil.which("git")
    gs = None
    if git:
        gd = ["git", f"--git-dir={work / 'scratch.git'}", f"--work-tree={tree}"]
        run([*gd, "init", "-q"])
        run([*gd, "add", "-A"])
        gs = [run([*gd, "status", "--porcelain"]) for _ in range(5)]
    row("no-op re-index (with embeddings on)", f"{p50([r['wall'] for r in noop]):.3f} s, "
        f"{p50([r['cpu'] for r in noop]):.2f} s CPU, {max(r['rss'] for r in noop):.0f} MB peak",
        f"git status {p50([r['wall'] for r in gs]):.3f} s" if gs else "")
    changed = sorted(p for p in tree.rglob("*.go") if p.is_file())
    random.Random(3).shuffle(changed)
    for p in changed[:100]:
        with open(p, "a", encoding="utf-8") as f:
            f.write("\n// edited by bench/cli.py\n")
    hundred = run([*LODE, "index", str(tree), "--json"], env=env_e, rss=True)
    got = json.loads(hundred["out"])
    row("re-index after 100 changed files (embeds too)", f"{hundred['wall']:.2f} s, "
        f"{got.get('cpu_seconds', 0):.1f} s CPU indexing, {hundred['rss']:.0f} MB peak",
        f"{got['indexed']} re-chunked")

    # -- look-ups, without a daemon ------------------------------------------------
    names = qualified_methods(db_embed, args.queries)
    idents = identifiers(db_embed, args.queries)
    envq = {**env_e, "LODE_NO_DAEMON": "1"}
    cwd = str(tree)
    d_cli = [run([*LODE, "def", n, "--json"], env=envq, cwd=cwd, check=False)["wall"] for n in names]
    rt = shutil.which("readtags")
    rt_ms = [run([rt, "-t", str(work / "tags"), n.rsplit(".", 1)[-1]], check=False)["wall"]
             for n in names] if rt and ct else []
    row(f"lode def, no daemon, p50 ({len(names)} names)", f"{p50(d_cli) * 1000:.0f} ms",
        f"readtags {p50(rt_ms) * 1000:.1f} ms" if rt_ms else "")
    lex = [run([*LODE, "search", q, "--mode", "lexical", "--json"], env=envq, cwd=cwd)["wall"] for q in idents]
    rg = shutil.which("rg")
    rg_s = [run([rg, "-n", "-w", "-F", q, str(tree)], check=False)["wall"] for q in idents] if rg else []
    row(f"lode search lexical, no daemon, p50 ({len(idents)} identifiers)", f"{p50(lex) * 1000:.0f} ms",
        f"rg -w {p50(rg_s) * 1000:.0f} ms" if rg_s else "")
    hyb = [run([*LODE, "search", q, "--json"], env=envq, cwd=cwd)["wall"] for q in idents[:10]]
    row("lode search default (hybrid), no daemon, p50", f"{p50(hyb) * 1000:.0f} ms")

    # -- with a daemon ---------------------------------------------------------------
    proc, ready, first = start_daemon(sock, db_embed, env_e, pause=5.0)
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(10)
    row("fresh daemon: first search, sent 5 s after its start", f"{first * 1000:.0f} ms",
        f"socket answered {ready * 1000:.0f} ms after the start")
    proc, ready, first = start_daemon(sock, db_embed, env_e)
    try:
        row("fresh daemon: first search, sent as its socket answers", f"{first * 1000:.0f} ms",
            f"{(ready + first) * 1000:.0f} ms from the start")
        d_d = [run([*LODE, "def", n, "--json"], env=env_e, cwd=cwd, check=False)["wall"] for n in names]
        row("lode def, daemon up, p50", f"{p50(d_d) * 1000:.0f} ms",
            f"readtags {p50(rt_ms) * 1000:.1f} ms" if rt_ms else "")
        lex_d, inside_lex = [], []
        for q in idents:
            r = run([*LODE, "search", q, "--mode", "lexical", "--json"], env=env_e, cwd=cwd)
            lex_d.append(r["wall"])
            inside_lex.append(json.loads(r["out"])["timings_ms"]["total"] / 1000)
        row("lode search lexical, daemon up, p50", f"{p50(lex_d) * 1000:.0f} ms",
            f"daemon's own {p50(inside_lex) * 1000:.1f} ms; rg -w {p50(rg_s) * 1000:.0f} ms" if rg_s else "")
        hyb_d, inside = [], []
        for q in idents:
            r = run([*LODE, "search", q, "--json"], env=env_e, cwd=cwd)
            hyb_d.append(r["wall"])
            inside.append(json.loads(r["out"])["timings_ms"]["total"] / 1000)
        row("lode search default (hybrid), daemon up, p50", f"{p50(hyb_d) * 1000:.0f} ms",
            f"daemon's own {p50(inside) * 1000:.1f} ms: +{(p50(hyb_d) - p50(inside)) * 1000:.0f} ms")
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)

    print(f"\ncorpus: {corpus} ({stats['files']} files, {src / 1e6:.0f} MB); {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f}\n")
    print(f"| {'measure':<48} | {'lode':<40} | {'peer / ratio':<60} |")
    print(f"|{'-' * 50}|{'-' * 42}|{'-' * 62}|")
    for what, value, peer in rows:
        print(f"| {what:<48} | {value:<40} | {peer:<60} |")
    if args.keep is None:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
