"""A database URL given as the store is never taken for a folder name (it once created
`postgresql:/` in the current directory): a postgresql:// URL names a shared
PostgreSQL store, any other URL is refused with a clear message."""

from __future__ import annotations

import subprocess
import sys

import pytest

from lode.config import resolve_db_path, store_label
from lode.errors import StoreError


@pytest.mark.parametrize("url", ["mysql://user@localhost/lode", "sqlite+x://a", "http://h/db"])
def test_other_urls_are_refused(url, monkeypatch):
    with pytest.raises(StoreError, match="URL"):
        resolve_db_path(url)
    monkeypatch.setenv("LODE_DB", url)
    with pytest.raises(StoreError, match="URL"):
        resolve_db_path(None)


@pytest.mark.parametrize("url", ["postgresql://user@localhost/lode", "postgres://h/db",
                                 "postgresql://postgres:@/postgres?host=/tmp/pg"])
def test_postgres_urls_are_kept_as_urls(url, monkeypatch):
    assert resolve_db_path(url) == url
    monkeypatch.setenv("LODE_DB", url)
    assert resolve_db_path(None) == url


def test_paths_still_work(tmp_path, monkeypatch):
    monkeypatch.delenv("LODE_DB", raising=False)
    assert resolve_db_path(tmp_path / "a.db") == tmp_path / "a.db"
    assert resolve_db_path("weird:name.db").name == "weird:name.db"


def test_a_password_is_never_shown():
    assert store_label("postgresql://lode:s3cret@db.example/lode") == "postgresql://lode:***@db.example/lode"
    assert store_label("postgresql://lode@db.example/lode") == "postgresql://lode@db.example/lode"


def _lode(args, cwd):
    return subprocess.run([sys.executable, "-m", "lode", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=60)


def test_cli_refuses_other_urls_and_creates_nothing(tmp_path):
    out = _lode(["status", "--db", "mysql://u@localhost/lode"], tmp_path)
    assert out.returncode != 0 and "URL" in out.stderr
    assert list(tmp_path.iterdir()) == []


def test_cli_names_an_unreachable_server_and_creates_nothing(tmp_path):
    # port 1 on the loopback: nothing listens there
    out = _lode(["status", "--db", "postgresql://u:pw@127.0.0.1:1/lode"], tmp_path)
    assert out.returncode != 0
    assert "cannot connect to the PostgreSQL store postgresql://u:***@127.0.0.1:1/lode" in out.stderr
    assert "pw" not in out.stderr
    assert list(tmp_path.iterdir()) == []
