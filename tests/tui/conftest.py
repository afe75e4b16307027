"""A real daemon on a fixture workspace (the example shop project plus a caller of its
cart and a binary file the indexer refuses), and helpers to drive the TUI headless."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rpc"))

from daemon_process import DaemonProcess  # noqa: E402
from tui_helpers import make_shop  # noqa: E402


@pytest.fixture(scope="module")
def shop_daemon(tmp_path_factory):
    base = tmp_path_factory.mktemp("tui")
    shop = make_shop(base)
    d = DaemonProcess(base)
    d.shop = shop
    d.base = base
    d.call("workspace.add", {"root": str(shop)})
    d.call("index.run", {"workspace": "shop"})
    yield d
    d.stop()
