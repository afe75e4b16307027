"""A Service on a temporary store with the ranking fixture project indexed lexically."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lode.service import Service

PROJECTS = Path(__file__).parent / "projects"


@pytest.fixture(scope="module")
def webapp(tmp_path_factory):
    """(service, workspace name) over a copy of projects/webapp, indexed without vectors."""
    tmp = tmp_path_factory.mktemp("ranking")
    root = tmp / "webapp"
    shutil.copytree(PROJECTS / "webapp", root)
    svc = Service(tmp / "lode.db")
    run = svc.index(str(root), embed=False)
    assert run["refused"] == 0
    yield svc, "webapp"
    svc.close()


def indexed_project(tmp_path_factory, project: str):
    """Yield a Service over a copy of projects/PROJECT (the workspace's name), indexed
    without vectors, every file read; closed after. Fixtures ``yield from`` it."""
    tmp = tmp_path_factory.mktemp(project)
    shutil.copytree(PROJECTS / project, tmp / project)
    svc = Service(tmp / "lode.db")
    try:
        assert svc.index(str(tmp / project), embed=False)["refused"] == 0
        yield svc
    finally:
        svc.close()
