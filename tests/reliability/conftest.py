"""The reliability suite: a hostile repository, hostile clients, a protocol fuzzer
against a real daemon. Every test here carries the ``reliability`` marker (run it alone
with ``python -m pytest -m reliability``); it is part of the default run."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))


def pytest_configure(config):
    config.addinivalue_line("markers", "reliability: hostile inputs and clients (tests/reliability)")


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.reliability)
