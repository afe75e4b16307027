"""Where all the CPU of a full ``lode index --no-embed`` goes, every process counted.

    python bench/account.py CORPUS [--workers N] [--keep DIR]

Indexes CORPUS into a fresh store through the command line's own code path (the
service's ``index``, run inside this process with no progress bar, as ``lode index
--json --no-embed`` runs it), with timers around its steps, and prints one table of
CPU seconds that adds up to the whole run:

- the indexing process, its main thread split into: planning (store states, the
  walk, the jobs), writing batches (file and chunk rows, lexical-index rows, the
  symbol store's rows, each apart), the deferred index builds, and the rest of the
  thread (the result loop, which reads and unpickles every result, the end of the
  run); its other threads as one line;
- the worker processes (``RUSAGE_CHILDREN`` once the pool is gone), split into the
  files they process, by extension group (``.go`` apart from the rest when the tree is
  Go's), the packing of chunk texts, and what is left: receiving tasks, pickling and
  sending results, the processes' start.

Worker timings are written by each worker to a scratch file per task (a few hundred
small writes). The totals are process CPU seconds, so a loaded machine changes them
little; the wall time is printed too.

Then whether the writing keeps up (wall seconds, so they move with the machine's load):
how long the main thread waited for worker results, and how long the workers stood
between two tasks (sending a result, waiting for the next task: a writer that does not
keep the pool fed shows here), in all and the longest gap.
"""

from __future__ import annotations

import argparse
import collections
import glob
import json
import os
import resource
import sys
import tempfile
import threading
import time


def _cpu(ru) -> float:
    return ru.ru_utime + ru.ru_stime


class _TimedConnection:
    """The store's connection, its statements timed (main thread) by their first words."""

    def __init__(self, db, timed):
        self._db, self._timed, self._fns = db, timed, {}

    def _fn(self, how: str, sql: str):
        words = " ".join(sql.split()[:3])
        if words.startswith("INSERT INTO chunks_fts"):
            words = "INSERT INTO chunks_fts"
        key = (how, words)
        fn = self._fns.get(key)
        if fn is None:
            fn = self._fns[key] = self._timed(f"  sql: {words}", getattr(self._db, how))
        return fn

    def execute(self, sql, *a):
        return self._fn("execute", sql)(sql, *a)

    def executemany(self, sql, *a):
        return self._fn("executemany", sql)(sql, *a)

    def __getattr__(self, name):
        return getattr(self._db, name)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus")
    ap.add_argument("--workers", type=int)
    ap.add_argument("--keep", help="folder for the store (kept), else a temporary one")
    args = ap.parse_args()

    wall0 = time.perf_counter()
    self0 = _cpu(resource.getrusage(resource.RUSAGE_SELF))
    kids0 = _cpu(resource.getrusage(resource.RUSAGE_CHILDREN))

    from lode.service import Service
    from lode.store import hooks, sqlite as store_sqlite
    from lode.store import deferred
    from lode.workspace import indexer, pipeline

    imported = _cpu(resource.getrusage(resource.RUSAGE_SELF)) - self0
    main_thread: dict[str, float] = collections.Counter()

    def timed(label: str, fn):
        def wrapper(*a, **kw):
            if threading.current_thread() is not threading.main_thread():
                return fn(*a, **kw)
            t = time.thread_time()
            try:
                return fn(*a, **kw)
            finally:
                main_thread[label] += time.thread_time() - t
        return wrapper

    # -- the indexing process ----------------------------------------------------
    planning = {}
    real_run = indexer._run

    def run(*a, **kw):
        planning["until_run"] = time.thread_time()
        return real_run(*a, **kw)

    indexer._run = run
    real_index = indexer.index_workspace

    def index_workspace(*a, **kw):
        planning["start"] = time.thread_time()
        return real_index(*a, **kw)

    indexer.index_workspace = index_workspace
    import lode.workspace as ws_pkg
    ws_pkg.index_workspace = index_workspace

    Store = store_sqlite.Store
    Store.write_batch = timed("write batches (all)", Store.write_batch)
    deferred.build = timed("deferred index builds", deferred.build)

    # -- the workers: each task's timings to a scratch file ----------------------
    scratch = tempfile.mkdtemp(prefix="lode-account-")
    real_process = pipeline.process
    real_many = pipeline.process_many
    per_file: dict = collections.Counter()

    # Per file and per task, the thread's clock: a worker runs one thread, and once its
    # per-file CPU limit is set (RLIMIT_CPU, pipeline.process_many's cpu_guard) the process
    # clock read over a single file came out ~25% short (Go's tree: ~10 CPU s of the files
    # were counted as "packing texts" instead).
    def process(job, config=pipeline.DEFAULT_CHUNK_CONFIG):
        t = time.thread_time()
        try:
            return real_process(job, config)
        finally:
            ext = os.path.splitext(job.path)[1].lower() or "(none)"
            per_file[ext] += time.thread_time() - t

    def process_many(jobs, config=pipeline.DEFAULT_CHUNK_CONFIG, pack=None, cpu_guard=False):
        per_file.clear()
        t, began, cpu_in = time.thread_time(), time.monotonic(), time.process_time()
        records, seconds = real_many(jobs, config, pack, cpu_guard)
        total = time.thread_time() - t
        with open(os.path.join(scratch, f"{os.getpid()}.jsonl"), "a") as f:
            f.write(json.dumps({"many": total, "files": per_file, "pid": os.getpid(),
                                "began": began, "ended": time.monotonic(),
                                "cpu_in": cpu_in, "cpu_out": time.process_time()}) + "\n")
        return records, seconds

    process_many.__module__, process_many.__qualname__ = pipeline.__name__, "process_many"
    pipeline.process = process
    pipeline.process_many = process_many

    # The main thread's waits for worker results (wall): the pool's loop calls
    # multiprocessing.connection.wait() on the workers' pipes.
    import multiprocessing.connection as connection

    waited = [0.0]
    real_wait = connection.wait

    def wait(*a, **kw):
        t = time.perf_counter()
        try:
            return real_wait(*a, **kw)
        finally:
            waited[0] += time.perf_counter() - t

    connection.wait = wait

    folder = args.keep or tempfile.mkdtemp(prefix="lode-account-store-")
    store_path = os.path.join(folder, "lode.db")
    svc = Service(store_path)
    # Statements by their first words (the store's writers registered once it opened).
    svc.store.db = _TimedConnection(svc.store.db, timed)
    hooks.FILE_WRITERS[:] = [timed(f"  writer {w.__module__}.{w.__name__} (its statements too)", w)
                             for w in hooks.FILE_WRITERS]
    t_index = time.thread_time()
    result = svc.index(os.path.realpath(args.corpus), workers=args.workers, embed=False)
    t_index = time.thread_time() - t_index
    svc.close()
    wall = time.perf_counter() - wall0

    self_total = _cpu(resource.getrusage(resource.RUSAGE_SELF)) - self0
    kids_total = _cpu(resource.getrusage(resource.RUSAGE_CHILDREN)) - kids0
    main_total = time.thread_time()  # this thread since the process began
    tasks = [json.loads(line) for p in glob.glob(os.path.join(scratch, "*.jsonl")) for line in open(p)]
    files = collections.Counter()
    for t in tasks:
        files.update(t["files"])
    many = sum(t["many"] for t in tasks)

    ws = result.get("workspaces", [result])[0] if "workspaces" in result else result
    rows: list[tuple[str, float]] = []
    rows.append(("indexing process, all threads", self_total))
    rows.append(("  imports before the run", imported))
    plan = planning.get("until_run", 0) - planning.get("start", 0)
    rows.append(("  main: planning (states, walk, jobs)", plan))
    rest_main = t_index - plan
    for label, s in sorted(main_thread.items(), key=lambda kv: kv[0]):
        rows.append((f"  main: {label}", s))
        if not label.startswith("  "):
            rest_main -= s
    rows.append(("  main: the rest of the run (result loop, end)", rest_main))
    rows.append(("  main: outside the run (setup, close)", main_total - t_index - imported))
    rows.append(("  other threads", self_total - main_total))
    rows.append(("worker processes, all", kids_total))
    go = {k: v for k, v in files.items() if k == ".go"}
    rows.append(("  process(): .go files", sum(go.values())))
    others = sorted(((k, v) for k, v in files.items() if k != ".go"), key=lambda kv: -kv[1])
    rows.append(("  process(): other files", sum(v for _, v in others)))
    for k, v in others[:6]:
        rows.append((f"    {k}", v))
    rows.append(("  packing texts, task's gc", many - sum(files.values())))
    rows.append(("  outside tasks (start, tasks in, pickling results out)", kids_total - many))
    # A worker's CPU clock starts at its fork: before its first task is its start, between
    # two tasks the sending of a result and the receiving of the next task.
    started = between = 0.0
    for pid in {t["pid"] for t in tasks}:
        mine = sorted((t["cpu_in"], t["cpu_out"]) for t in tasks if t["pid"] == pid)
        started += mine[0][0]
        between += sum(b[0] - a[1] for a, b in zip(mine, mine[1:]))
    rows.append(("    before each worker's first task", started))
    rows.append(("    between tasks (results out, tasks in)", between))
    rows.append(("    after the last task (exit)", kids_total - many - started - between))
    rows.append(("whole run", self_total + kids_total))
    width = max(len(r[0]) for r in rows)
    for label, s in rows:
        if abs(s) < 0.005:  # statements that cost nothing worth a line
            continue
        print(f"{label:<{width}}  {s:8.2f}")
    gaps = []
    for pid in {t["pid"] for t in tasks}:
        mine = sorted((t["began"], t["ended"]) for t in tasks if t["pid"] == pid)
        gaps += [b[0] - a[1] for a, b in zip(mine, mine[1:])]
    ends = sorted(max(t["ended"] for t in tasks if t["pid"] == pid) for pid in {t["pid"] for t in tasks})
    print(f"main thread waiting for worker results {waited[0]:.2f} s wall; workers between tasks "
          f"{sum(gaps):.2f} s wall over {len(gaps)} gaps (longest {max(gaps, default=0):.3f} s); "
          f"their last tasks ended {ends[-1] - ends[0]:.2f} s apart")
    print(f"wall {wall:.1f} s; files {ws.get('files')}, chunks {ws.get('chunks')}, "
          f"reported cpu_seconds {ws.get('cpu_seconds')}; load {os.getloadavg()[0]:.1f}")
    import shutil

    if not args.keep:
        shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
