"""Fixture workspaces for indexing and search tests: real project trees copied to a
temporary folder (so tests may change them), and a Service on a temporary store."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lode.service import Service

PROJECTS = Path(__file__).parent / "projects"


@pytest.fixture(params=["sqlite", "postgresql"])
def service(request, tmp_path):
    """A Service on a new SQLite store, then on a new PostgreSQL database (a real server,
    tests/postgres_server.py): the indexing and search tests run on both stores."""
    location = tmp_path / "store" / "lode.db" if request.param == "sqlite" else request.getfixturevalue("pg_url")
    svc = Service(location)
    yield svc
    svc.close()


@pytest.fixture
def project(tmp_path):
    """project("go") → a fresh copy of tests/indexing/projects/go."""

    def copy(name: str) -> Path:
        dest = tmp_path / "ws" / name
        shutil.copytree(PROJECTS / name, dest)
        return dest

    return copy


def write(root: Path, files: dict[str, str | bytes]) -> None:
    for rel, content in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            p.write_bytes(content)
        else:
            p.write_text(content)


@pytest.fixture
def webapp(tmp_path, project):
    """A web app with nested .gitignore files, a hidden folder, node_modules, vendor and
    build output, built from the Go and TypeScript projects plus generated noise.
    (.gitignore files are written here: committed ones would hide fixture files from git.)"""
    root = tmp_path / "webapp"
    shutil.copytree(PROJECTS / "go", root / "backend")
    shutil.copytree(PROJECTS / "typescript", root / "frontend")
    write(root, {
        ".gitignore": "*.log\n/coverage/\n",
        "frontend/.gitignore": "generated/\n*.min.js\n!keep.min.js\n",
        "backend/.gitignore": "/tmp/\n",
        "debug.log": "reclaimVectors failed\n",
        "coverage/index.md": "# Coverage\nuncoveredFunction\n",
        "frontend/generated/api.ts": "export const generatedClient = 1;\n",
        "frontend/app.min.js": "var minifiedBundle=1;\n",
        "frontend/keep.min.js": "var keptBundle=1;\n",
        "backend/tmp/scratch.go": "package tmp\n\nfunc scratchFunction() {}\n",
        "backend/store/tmp/kept.go": "package tmp\n\n// keptNested is not under the anchored /tmp/.\nfunc keptNested() {}\n",
        ".github/workflows/ci.yml": "name: ci\njobs:\n  hiddenWorkflow: {}\n",
        "frontend/node_modules/left-pad/index.js": "function leftPadModule() {}\n",
        "vendor/lib/dep.go": "package lib\n\nfunc vendoredDependency() {}\n",
        "build/out.ts": "export const buildArtifact = 1;\n",
        "notes/design.txt": "Design notes: the cart merges line items by SKU.\n",
        "notes/diagram.png": b"\x89PNG\r\n\x1a\n\x00\x00binary",
        "notes/data.csv": "sku,qty\nA1,2\n",
    })
    return root
