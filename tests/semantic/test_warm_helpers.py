"""A large index run starts its embedding helpers near the end of its chunking
(Service._warming, lode.embed.helpers.warm): the stage hands its texts to those, the
vectors are the ones one process makes, and a run that stops before its stage leaves
no helper running."""

from __future__ import annotations

import os
import shutil
import threading
import time
from pathlib import Path

import pytest

import lode.service
from lode.embed import helpers, vectors
from lode.embed.models import _static_path
from lode.errors import IndexStopped
from lode.service import Service

pytestmark = [pytest.mark.skipif(_static_path() is None, reason="the static model is not installed"),
              pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="helpers need a second core")]

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def tree(tmp_path):
    dest = tmp_path / "ws" / "lode"
    shutil.copytree(ROOT / "src" / "lode" / "symbols", dest, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


@pytest.fixture
def large(monkeypatch):
    """Every run counts as large (warmed near its end), and any count of texts as many."""
    monkeypatch.setattr(lode.service, "WARM_MAX_FILES", 0)
    monkeypatch.setattr(helpers, "HELPED_TEXTS", 1)
    monkeypatch.setattr(vectors, "EMBED_BATCH", 64)
    monkeypatch.setattr(vectors, "FEW_TEXTS", 0)


def _vectors(svc: Service, tree: Path, run: dict) -> dict:
    ws = svc.store.workspace(tree.name)
    return dict(svc.store.vectors.of_workspaces(run["model"], [ws.id]))


def _alive(pids: list[int]) -> list[int]:
    deadline = time.monotonic() + 10
    while True:
        alive = []
        for pid in pids:
            try:
                os.kill(pid, 0)
                alive.append(pid)
            except ProcessLookupError:
                pass
        if not alive or time.monotonic() > deadline:
            return alive
        time.sleep(0.1)


def _recording_warm(monkeypatch) -> list:
    """Pools started by helpers.warm, with their process ids."""
    started = []
    warm = helpers.warm

    def recording(embedder, name):
        warm(embedder, name)
        pool = helpers._warm.get(name)
        if pool is not None:
            started.append((pool, pool.pids))
    monkeypatch.setattr(helpers, "warm", recording)
    return started


def test_the_stage_embeds_with_the_helpers_started_before_it(tmp_path, tree, large, monkeypatch):
    with Service(tmp_path / "alone.db") as svc:
        monkeypatch.setattr(helpers, "HELPED_TEXTS", 10**9)
        alone = svc.index(str(tree), workers=1)["embedding"]
        expected = _vectors(svc, tree, alone)
    monkeypatch.setattr(helpers, "HELPED_TEXTS", 1)
    started = _recording_warm(monkeypatch)
    used = []
    start = helpers.start

    def recording_start(embedder, name, texts):
        pool = start(embedder, name, texts)
        used.append(pool)
        return pool
    monkeypatch.setattr(helpers, "start", recording_start)
    with Service(tmp_path / "warm.db") as svc:
        run = svc.index(str(tree), workers=1)["embedding"]
        got = _vectors(svc, tree, run)
    assert len(started) == 1 and used == [started[0][0]]  # the stage took the warmed pool
    assert run["helpers"] >= 2 and got == expected and len(got) > 100
    assert helpers._warm == {}
    assert _alive(started[0][1]) == []


def test_a_run_stopped_before_its_stage_ends_the_helpers_it_started(tmp_path, tree, large, monkeypatch):
    started = _recording_warm(monkeypatch)
    with Service(tmp_path / "stopped.db") as svc:
        # Stops at the first file after the warm-up began (the run's last tenth).
        svc.stop_indexing_when(lambda: any(t.name == "lode-embed-warm-up" for t in threading.enumerate())
                               or bool(started))
        with pytest.raises(IndexStopped):
            svc.index(str(tree), workers=1)
    assert len(started) == 1 and started[0][1]
    assert helpers._warm == {}
    assert _alive(started[0][1]) == []
