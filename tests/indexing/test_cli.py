"""`lode index`, `lode search`, `lode status` through the real CLI."""

from __future__ import annotations

import json
import os

from click.testing import CliRunner

from lode.cli import main


def _run(args, db, cwd=None):
    runner = CliRunner()
    old = os.getcwd()
    try:
        if cwd:
            os.chdir(cwd)
        return runner.invoke(main, [*args], env={"LODE_DB": str(db)}, catch_exceptions=False)
    finally:
        os.chdir(old)


def test_index_search_status(tmp_path, project):
    root = project("go")
    db = tmp_path / "cli.db"
    r = _run(["index", str(root)], db)
    assert r.exit_code == 0 and "5 files, 5 indexed" in r.output
    r = _run(["index", str(root), "--json"], db)
    assert json.loads(r.output)["unchanged"] == 5

    # From inside the workspace no flags are needed; paths are relative to its root.
    r = _run(["search", "ServeHTTP"], db, cwd=root / "server")
    assert r.exit_code == 0
    assert r.output.splitlines()[0].startswith("server/http.go:")
    r = _run(["search", "serve", "http", "--json", "--limit", "1"], db, cwd=root)
    hits = json.loads(r.output)["hits"]
    assert len(hits) == 1 and hits[0]["name"] == "Handler.ServeHTTP"
    r = _run(["search", "vectors", "--lang", "markdown", "--json"], db, cwd=tmp_path)
    assert {h["path"] for h in json.loads(r.output)["hits"]} == {"README.md", "docs/operations.md"}
    r = _run(["search", "handler", "--glob", "!server/routes.go", "--kind", "function", "--json"], db)
    assert [h["name"] for h in json.loads(r.output)["hits"]] == ["NewHandler"]
    r = _run(["search", "nothing-like-this-anywhere"], db)
    assert r.exit_code == 1

    r = _run(["status"], db)
    assert r.exit_code == 0 and "5 files" in r.output and "go" in r.output
    st = json.loads(_run(["status", "--json"], db).output)
    assert st["workspaces"][0]["languages"]["go"]["files"] == 3


def test_unknown_workspace_is_a_clear_error(tmp_path):
    (tmp_path / "empty").mkdir()
    assert _run(["index", str(tmp_path / "empty")], tmp_path / "e.db").exit_code == 0  # a store, no 'nope'
    r = _run(["search", "x", "--workspace", "nope"], tmp_path / "e.db")
    assert r.exit_code == 1 and "no workspace 'nope'" in r.output


def test_db_option_and_default_location(tmp_path, project, monkeypatch):
    from lode.store import default_db_path, resolve_db_path

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("LODE_DB", raising=False)
    assert default_db_path() == tmp_path / "xdg" / "lode" / "lode.db"
    assert resolve_db_path(None) == default_db_path()
    monkeypatch.setenv("LODE_DB", str(tmp_path / "env.db"))
    assert resolve_db_path(None) == tmp_path / "env.db"
    assert resolve_db_path(tmp_path / "flag.db") == tmp_path / "flag.db"
    root = project("zig")
    r = CliRunner().invoke(main, ["index", str(root), "--db", str(tmp_path / "flag.db")])
    assert r.exit_code == 0 and (tmp_path / "flag.db").exists() and not (tmp_path / "env.db").exists()


def test_readme_documents_the_commands_and_its_quick_start_works(tmp_path):
    from pathlib import Path

    readme = (Path(__file__).parents[2] / "README.md").read_text()
    for command in ("index", "search", "status"):
        assert f"| `lode {command}" in readme, command
    quick = next(line for line in readme.splitlines() if "lode index examples/shop" in line)
    steps = [s.strip() for s in quick.split("&&") if s.strip().startswith("lode ")]
    assert [s.split()[1] for s in steps] == ["index", "search", "search"]
    repo = Path(__file__).parents[2]
    import shlex
    for step in steps:
        r = _run(shlex.split(step)[1:], tmp_path / "readme.db", cwd=repo)
        assert r.exit_code == 0, (step, r.output)
    assert "server/http.go" in _run(["search", "serve", "http"], tmp_path / "readme.db", cwd=repo).output
