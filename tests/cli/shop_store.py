"""The example project (``examples/shop``) indexed without vectors into a fresh store,
the set-up of the CLI output tests: each runs the program as a subprocess against it,
alone (``LODE_NO_DAEMON``) or through a real daemon serving that store."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LODE = [sys.executable, "-c", "from lode.cli import main; main()"]

sys.path.insert(0, str(ROOT / "tests" / "rpc"))
from daemon_process import DaemonProcess  # noqa: E402


def indexed_shop(base: Path, env: dict) -> Path:
    """``examples/shop`` copied into ``base`` and indexed with ``env``; its path."""
    shop = base / "shop"
    shutil.copytree(ROOT / "examples" / "shop", shop)
    r = subprocess.run([*LODE, "index", str(shop), "--no-embed"], env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    return shop


def alone(base: Path, **extra: str) -> dict:
    """The environment of a command that opens the store in ``base`` itself."""
    return {**os.environ, "LODE_DB": str(base / "lode.db"), "LODE_NO_DAEMON": "1", **extra}


def with_daemon(base: Path) -> tuple[DaemonProcess, dict]:
    """A daemon serving a store in ``base``, and the environment of commands that ask it."""
    daemon = DaemonProcess(base, watch=False)
    env = {**os.environ, "LODE_SOCKET": daemon.socket, "LODE_DB": daemon.db}
    env.pop("LODE_NO_DAEMON", None)
    return daemon, env
