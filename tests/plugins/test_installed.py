"""The look at installed packages that spares commands importlib.metadata: a plug-in
installed or removed a moment ago is noticed by the next command, and a broken one
still stops lode before anything runs.

Packages are installed by pip into the session's real venv (tests/plugins/environment.py),
into its own site-packages, and uninstalled again.
"""

from __future__ import annotations

import json

from .environment import make_package
from .test_plugins import CHUNKER, _one_line, plugin, venv  # noqa: F401 (fixtures)

PROBE = ("import json, sys; from lode.plugins.installed import may_declare_plugins; "
         "from lode.service import Service; Service.check_plugins(); "
         "print(json.dumps({'declared': may_declare_plugins(), "
         "'metadata_imported': 'importlib.metadata' in sys.modules}))")


def _probe(venv, path=()):
    return venv.python_json(PROBE, path=list(path))


def _probe_declared(venv) -> bool:
    """Without checking (a broken plug-in would stop the probe)."""
    code = "import json; from lode.plugins.installed import may_declare_plugins; print(json.dumps(may_declare_plugins()))"
    return venv.python_json(code)


def test_no_plugin_installed_costs_no_metadata_scan(venv):
    assert _probe(venv) == {"declared": False, "metadata_imported": False}


def test_a_plugin_installed_then_removed_is_noticed_by_the_next_command(venv, tmp_path):
    root, db = tmp_path / "ws", tmp_path / "store.db"
    root.mkdir()
    (root / "a.md").write_text("# a\n")
    assert venv.lode("index", str(root), "--no-embed", "--json", db=db).code == 0

    # A plug-in that claims a built-in extension: lode must refuse to run with it.
    package = make_package(tmp_path / "packages", "lode-bad-fresh", "lode_bad_fresh",
                           CHUNKER.format(exts=(".md",), version="1"),
                           {"lode.chunkers": {"fresh": "lode_bad_fresh:C"}})
    venv.pip(str(package))
    try:
        assert _probe_declared(venv)
        for args in (["status", "--json"], ["search", "a", "--json"], ["def", "a.b", "--json"]):
            run = venv.lode(*args, db=db)
            assert run.code == 4, (args, run.out, run.err)
            assert "chunker plug-in 'fresh' (package lode-bad-fresh) claims .md" in _one_line(run.out + run.err)
    finally:
        venv.uninstall("lode-bad-fresh")

    assert _probe(venv) == {"declared": False, "metadata_imported": False}
    run = venv.lode("status", "--json", db=db)
    assert run.code == 0, run.err
    assert json.loads(run.out)["workspaces"][0]["files"] == 1


def test_a_plugin_on_pythonpath_is_seen_and_a_mention_alone_is_harmless(venv, plugin, tmp_path):
    site = plugin("lode-ok", CHUNKER.format(exts=(".lodeok",), version="1"),
                  {"lode.chunkers": {"ok": "lode_ok:C"}})
    got = _probe(venv, [site])
    assert got["declared"] is True and got["metadata_imported"] is True

    # Another group whose name merely contains a lode group's: a false "maybe", which
    # only costs the full scan; the table holds no plug-in.
    other = plugin("not-lode", "def main():\n    pass\n", {"notlode.chunkers": {"x": "not_lode:main"}})
    got = _probe(venv, [other])
    assert got["declared"] is True
    code = ("import json; from lode.plugins import registry; "
            "print(json.dumps([r.name for r in registry().plugins()]))")
    assert venv.python_json(code, path=[other]) == []
