"""A pooled index run compiles the grammar queries of each language met by more than one
worker task once, in the process that forks the workers, instead of once in every worker;
a language met by one task alone is left to that task's worker, which compiles it beside
the others instead of before any starts (lode.workspace.pipeline.warm)."""

from __future__ import annotations

import json
import subprocess
import sys

# Run in a fresh interpreter: its queries are compiled by nothing but this run, and it
# runs no other thread, so its workers are forked. Every tree-sitter query compiled is
# logged with the process that compiled it.
_SCRIPT = """
import json, os, sys
import tree_sitter
from lode.service import Service

log, real = [], tree_sitter.Query
parent = os.getpid()


def noting(language, source):
    line = json.dumps([os.getpid() == parent, source]) + "\\n"
    with open(sys.argv[2], "a") as f:
        f.write(line)
    return real(language, source)


tree_sitter.Query = noting
with Service(sys.argv[3]) as svc:
    print(json.dumps(svc.index(sys.argv[1], embed=False, workers=2)["indexed"]))
"""


def _tree(root):
    pkg = root / "pkg"
    pkg.mkdir(parents=True)
    for i in range(60):  # above the in-process threshold: the files go to worker processes
        (pkg / f"f{i:02d}.go").write_text(
            f"package pkg\n\n// Width{i} measures.\nfunc Width{i}(x int) int {{\n\treturn x * {i}\n}}\n")
    (root / "tool.py").write_text("def main():\n    '''Run.'''\n    return 1\n")
    (root / "NOTES.md").write_text("# Notes\n\nPlain prose.\n")
    return root


def test_workers_compile_none_of_the_queries_the_parent_compiled_before_forking(tmp_path):
    """Go's 60 files span several tasks: compiled before the fork. Python's one file is
    in one task: compiled once, by the worker that chunks it."""
    root = _tree(tmp_path / "proj")
    log = tmp_path / "queries.jsonl"
    proc = subprocess.run([sys.executable, "-c", _SCRIPT, str(root), str(log), str(tmp_path / "s.db")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads(proc.stdout) == 62
    compiled = [json.loads(line) for line in log.read_text().splitlines()]
    in_parent = {source for parent, source in compiled if parent}
    in_workers = [source for parent, source in compiled if not parent]
    # Go's definition and symbol queries were compiled before the fork ...
    assert any("package_clause" in s for s in in_parent) and any("@definition." in s for s in in_parent)
    # ... and the workers, which chunk and extract symbols from every file, inherited them.
    assert not [s for s in in_workers if s in in_parent]
    # Python's were compiled by one worker only, once each.
    python = [s for s in in_workers if "function_definition" in s]
    assert python and not [s for s in in_parent if "function_definition" in s]
    assert len(python) == len(set(python))
    assert not [s for s in in_workers if "@definition." in s and "function_definition" not in s]


# Workers that spend CPU outside their tasks (here: 0.6 s each as they start; in a real
# run, pickling and sending their results): a run's reported CPU holds it.
_BUSY_START = """
import json, sys, time
from lode.service import Service
from lode.workspace import indexer

start = indexer._worker_start


def busy_start(parent_pid):
    spent = time.process_time()
    while time.process_time() - spent < 0.6:
        pass
    start(parent_pid)


indexer._worker_start = busy_start
with Service(sys.argv[2]) as svc:
    print(json.dumps(svc.index(sys.argv[1], embed=False, workers=2)))
"""


def test_a_pooled_runs_cpu_seconds_count_the_workers_whole_cpu(tmp_path):
    root = _tree(tmp_path / "proj")
    proc = subprocess.run([sys.executable, "-c", _BUSY_START, str(root), str(tmp_path / "s.db")],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    stats = json.loads(proc.stdout)
    assert stats["indexed"] == 62
    assert stats["cpu_seconds"] >= 1.2, stats  # both workers' start, besides their files
