"""The store's write path alone: replay a full index's worker results into fresh stores.

    python bench/store_writes.py CORPUS [--records FILE] [--runs 3] [--sql] [--profile OUT]

A full index spends its CPU in two places: the workers (reading, parsing, chunking,
symbols) and the one process writing SQLite. This times the second without the first:
the workers' results for CORPUS are made once, in this process, exactly as a pooled
run pickles them (kept in FILE, default a temporary one; pass --records to keep them
between runs of different code), then unpickled and written into a new store, as
``lode index`` does, ``--runs`` times. Prints the writing process's CPU seconds (the
median; the unpickling part apart), wall seconds and the store's size (WAL folded in).
``--sql`` adds the CPU seconds per statement; ``--profile`` writes a cProfile of the
last run. Same records each run, so two versions of the store code compare on the
same input (run each with its own PYTHONPATH; the records pickle the pipeline's record
classes by their fields, so both versions must share those).
"""

from __future__ import annotations

import argparse
import collections
import os
import pickle
import statistics
import tempfile
import time


def make_records(corpus: str, path: str) -> None:
    """Index CORPUS into a scratch store, keeping each worker task's pickled result."""
    from lode.store.sqlite import Store
    from lode.workspace import indexer
    from lode.workspace.config import WorkspaceConfig

    results: list[bytes] = []

    def run(jobs, workers, config, cpu, pack=None):
        from lode.workspace.pipeline import process_many

        for task in indexer._tasks(jobs):
            blob = pickle.dumps(process_many(task, config, pack), protocol=pickle.HIGHEST_PROTOCOL)
            results.append(blob)
            records, seconds = pickle.loads(blob)
            cpu[0] += seconds
            yield from records

    with tempfile.TemporaryDirectory() as scratch:
        store = Store(os.path.join(scratch, "scratch.db"))
        ws = store.add_workspace("corpus", os.path.realpath(corpus), WorkspaceConfig().to_dict())
        saved, indexer._run = indexer._run, run
        try:
            indexer.index_workspace(store, ws, workers=2)
        finally:
            indexer._run = saved
            store.close()
    with open(path, "wb") as f:
        pickle.dump(results, f, protocol=pickle.HIGHEST_PROTOCOL)


class _Timed:
    """A connection whose statements add their CPU seconds to a tally."""

    def __init__(self, db, tally):
        self._db, self._tally = db, tally

    def __getattr__(self, name):
        return getattr(self._db, name)

    def _timed(self, fn, sql, *args):
        start = time.process_time()
        try:
            return fn(sql, *args)
        finally:
            self._tally[" ".join(sql.split())[:72]] += time.process_time() - start

    def execute(self, sql, *args):
        return self._timed(self._db.execute, sql, *args)

    def executemany(self, sql, *args):
        return self._timed(self._db.executemany, sql, *args)


def replay(corpus: str, blobs: list[bytes], db_path: str, tally=None, profile: str | None = None) -> dict:
    from lode.store.sqlite import Store
    from lode.workspace import indexer
    from lode.workspace.config import WorkspaceConfig

    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db_path + suffix):
            os.remove(db_path + suffix)
    unpickling = [0.0]

    def run(jobs, workers, config, cpu, pack=None):
        for blob in blobs:
            start = time.process_time()
            records, seconds = pickle.loads(blob)
            unpickling[0] += time.process_time() - start
            cpu[0] += seconds
            yield from records

    store = Store(db_path)
    if tally is not None:
        store.db = _Timed(store.db, tally)
    ws = store.add_workspace("corpus", os.path.realpath(corpus), WorkspaceConfig().to_dict())
    saved, indexer._run = indexer._run, run
    profiler = None
    if profile:
        import cProfile

        profiler = cProfile.Profile()
        profiler.enable()
    cpu, wall = time.process_time(), time.perf_counter()
    try:
        stats = indexer.index_workspace(store, ws, workers=2)
    finally:
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        if profiler:
            profiler.disable()
            profiler.dump_stats(profile)
        indexer._run = saved
    store.close()  # the last connection folds the WAL into the file
    size = sum(os.path.getsize(db_path + s) for s in ("", "-wal", "-shm") if os.path.exists(db_path + s))
    return {"files": stats.indexed, "chunks": stats.chunks, "cpu": cpu, "wall": wall,
            "unpickle": unpickling[0], "bytes": size}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus")
    ap.add_argument("--records", help="file of the workers' results (made when missing)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--sql", action="store_true", help="CPU seconds per statement (last run)")
    ap.add_argument("--profile", help="write a cProfile of the last run here")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        records = args.records or os.path.join(scratch, "records.pickle")
        if not os.path.exists(records):
            start = time.process_time()
            make_records(args.corpus, records)
            print(f"worker results made in {time.process_time() - start:.1f} CPU s: {records}")
        with open(records, "rb") as f:
            blobs = pickle.load(f)
        runs, tally = [], collections.Counter()
        for i in range(args.runs):
            last = i == args.runs - 1
            runs.append(replay(args.corpus, blobs, os.path.join(scratch, "store.db"),
                               tally if last and args.sql else None, args.profile if last else None))
            r = runs[-1]
            print(f"run {i + 1}: {r['files']} files, {r['chunks']} chunks: {r['cpu']:.2f} CPU s "
                  f"({r['unpickle']:.2f} unpickling), {r['wall']:.2f} s wall, store {r['bytes'] / 1e6:.1f} MB")
    print(f"median: {statistics.median(r['cpu'] for r in runs):.2f} CPU s, "
          f"{statistics.median(r['wall'] for r in runs):.2f} s wall (load {os.getloadavg()[0]:.1f})")
    for sql, seconds in tally.most_common(12):
        print(f"  {seconds:6.2f} s  {sql}")


if __name__ == "__main__":
    main()
