"""numpy's BLAS threads sleep as soon as they are idle in a process that searches
(lode.embed sets OPENBLAS_THREAD_TIMEOUT before numpy loads), unless the user set it."""

from __future__ import annotations

import os
import subprocess
import sys

SHOW = "import os, lode.embed; print(os.environ.get('OPENBLAS_THREAD_TIMEOUT'))"


def _run(env: dict) -> str:
    return subprocess.run([sys.executable, "-c", SHOW], env=env, capture_output=True, text=True,
                          check=True, timeout=60).stdout.strip()


def test_set_before_numpy_loads_unless_already_set():
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_THREAD_TIMEOUT"}
    assert _run(env) == "4"
    assert _run({**env, "OPENBLAS_THREAD_TIMEOUT": "20"}) == "20"
    # lode imports numpy only below lode.embed: a search has set it by then
    probe = "import sys, lode.search.engine; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, check=True,
                         timeout=60).stdout.strip()
    assert out == "False"
