"""A database URL given as the store is refused with a clear message, never taken for
a folder name (it once created `postgresql:/` in the current directory)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from lode.config import resolve_db_path
from lode.errors import StoreError


@pytest.mark.parametrize("url", ["postgresql://user@localhost/lode", "postgres://h/db", "sqlite+x://a"])
def test_url_is_refused(url, monkeypatch):
    with pytest.raises(StoreError, match="URL"):
        resolve_db_path(url)
    monkeypatch.setenv("LODE_DB", url)
    with pytest.raises(StoreError, match="URL"):
        resolve_db_path(None)


def test_paths_still_work(tmp_path, monkeypatch):
    monkeypatch.delenv("LODE_DB", raising=False)
    assert resolve_db_path(tmp_path / "a.db") == tmp_path / "a.db"
    assert resolve_db_path("weird:name.db").name == "weird:name.db"


def test_cli_refuses_and_creates_nothing(tmp_path):
    out = subprocess.run([sys.executable, "-m", "lode", "status", "--db", "postgresql://u@localhost/lode"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode != 0 and "URL" in out.stderr
    assert list(tmp_path.iterdir()) == []
