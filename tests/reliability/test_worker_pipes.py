"""An index worker caught halfway through sending an answer. The pool's workers used to
share concurrent.futures' result queue: one killed mid-send (the memory killer) left
half a message that the pool's reader waited on for ever, the other worker stuck on the
queue's lock, and ``lode index`` hung (CI met it once in a test run; about one kill in
thirty). Each worker now has a pipe of its own, whose end reads as closed when it dies.

Each test runs the pool in a fresh interpreter, reads its first record, then reads no
more: the workers' answers (over a megabyte each here) fill their pipes, so a worker is
sure to be caught inside its write (its thread's kernel wait channel) before it is
killed or interrupted."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

FILES = 96
TESTS = Path(__file__).resolve().parents[1]  # (processes.py, for the script)

PRELUDE = f"""
import os, signal, sys, time
sys.path.insert(0, sys.argv[2])
from processes import children as children_of, sending
from lode.config import DEFAULT_CHUNK_CONFIG
from lode.workspace.chunkers import chunker_for
from lode.workspace.indexer import _run
from lode.workspace.pipeline import Job

root = sys.argv[1]
def children():
    return children_of(os.getpid())
jobs = []
for name in sorted(os.listdir(root)):
    st = os.stat(os.path.join(root, name))
    jobs.append(Job(os.path.join(root, name), name, "code", st.st_mtime_ns, st.st_size, chunker_for(name, "code")))
assert len(jobs) == {FILES}
records = _run(jobs, 2, DEFAULT_CHUNK_CONFIG, [0.0])
got = [next(records)]
deadline = time.monotonic() + 60
victim = None
while victim is None and time.monotonic() < deadline:
    victim = next((pid for pid in children() if sending(pid)), None)
    time.sleep(0.01)
print(victim is not None, flush=True)
if victim is None:
    print("no worker was caught writing an answer")
    sys.exit(0)
"""


def _project(root) -> None:
    """Python modules of 60 documented classes each (~110 kB a file)."""
    root.mkdir()
    for i in range(FILES):
        note = " ".join(f"Line {i}.{k}: the price is the quantity times the unit price, less the discount."
                        for k in range(20))
        (root / f"order{i}.py").write_text("".join(
            f'class Line{i}_{j}:\n    """{note}"""\n\n    def price(self, qty):\n        return qty * {j + 1}\n\n'
            for j in range(60)))


def _script(body: str, root, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", PRELUDE + body, str(root), str(TESTS)], capture_output=True, text=True,
                          timeout=180, **kw)


def test_a_worker_killed_while_sending_an_answer_costs_no_file(tmp_path):
    _project(tmp_path / "orders")
    run = _script(
        "os.kill(victim, signal.SIGKILL)  # as the memory killer would\n"
        "got += list(records)\n"
        "print(sorted(r.path for r in got) == sorted(j.path for j in jobs), sum(r.refused is not None for r in got))\n",
        tmp_path / "orders")
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.split() == ["True", "True", "0"], (run.stdout, run.stderr[-3000:])


def test_ctrl_c_while_a_worker_sends_its_answer_neither_hangs_nor_spills_tracebacks(tmp_path):
    # Ctrl-C reaches the whole process group: the workers ignore it, the indexing process
    # stops the run and ends them, whatever they were writing.
    _project(tmp_path / "orders")
    run = _script(
        "try:\n"
        "    os.killpg(os.getpgrp(), signal.SIGINT)\n"
        "    time.sleep(5)\n"
        "    print('not interrupted')\n"
        "except KeyboardInterrupt:\n"
        "    workers = children()\n"
        "    records.close()  # as lode index's way out does\n"
        "    print(len(workers) == 2, not any(os.path.exists(f'/proc/{pid}') for pid in workers))\n",
        tmp_path / "orders", start_new_session=True)
    assert run.returncode == 0, run.stderr[-3000:]
    assert run.stdout.split() == ["True", "True", "True"], (run.stdout, run.stderr[-3000:])
    assert "Traceback" not in run.stderr and "KeyboardInterrupt" not in run.stderr, run.stderr[-3000:]
