"""The reference contract's loose ends, over a real daemon: ``rerank`` values,
``workspace.configure`` in its positional form, and ``sys.capabilities`` listing every
registered chunker, deriver and ranker with its package."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rpc"))
from daemon_process import DaemonProcess  # noqa: E402

from lode.errors import RemoteError  # noqa: E402


@pytest.fixture(scope="module")
def daemon(tmp_path_factory):
    base = tmp_path_factory.mktemp("loose")
    root = base / "ws"
    root.mkdir()
    (root / "stock.md").write_text("# Stock\n\nStock levels are counted per warehouse.\n")
    (root / "notes.rst").write_text("Stock notes\n===========\n")
    (root / "skip.md").write_text("# Skipped\n\nStock that must not be found.\n")
    d = DaemonProcess(base, watch=False)
    d.call("workspace.add", {"root": str(root), "name": "shop", "code": False})
    yield d
    d.stop()


def test_configure_accepts_the_positional_form(daemon):
    daemon.call("workspace.configure", ["shop", {"include": ["**/*.md", "**/*.rst"], "exclude": ["skip.md"],
                                                  "text_extensions": [".rst"]}])
    (ws,) = [w for w in daemon.call("workspace.list") if w["name"] == "shop"]
    assert ws["include"][:2] == ["**/*.md", "**/*.rst"] and "skip.md" in ws["exclude"]
    assert ws["text_extensions"] == [".rst"]
    daemon.call("index.run", {"workspace": "shop", "embed": False})
    paths = {h["path"] for h in daemon.call("search.query", ["shop", "stock", {"mode": "lexical"}])["hits"]}
    assert paths == {"stock.md", "notes.rst"}


@pytest.mark.parametrize("settings, message", [
    ({"includes": ["**/*.md"]}, "unknown setting 'includes'"),
    ({"exclude": "skip.md"}, "'exclude' must be an array"),
    ({"text_extensions": [".py"]}, "registered code extension"),
])
def test_configure_positional_refuses_bad_settings(daemon, settings, message):
    with pytest.raises(RemoteError) as err:
        daemon.call("workspace.configure", ["shop", settings])
    assert err.value.rpc_code == -32602 and message in err.value.message


def test_rerank_values(daemon):
    # This store has no vectors, so the built-in body ranker cannot rank.
    for required in (True, "required"):
        with pytest.raises(RemoteError) as err:
            daemon.call("search.query", ["shop", "stock", {"rerank": required}])
        assert err.value.rpc_code == -32070 and "no ranker can rank" in err.value.message
    auto = daemon.call("search.query", ["shop", "stock", {"rerank": "auto"}])
    assert auto["hits"] and auto["rank"]["used"] is False and auto["rank"]["reason"]
    assert not any("rank_score" in h for h in auto["hits"])
    plain = daemon.call("search.query", ["shop", "stock", {"rerank": False}])
    assert [h["path"] for h in plain["hits"]] == [h["path"] for h in auto["hits"]]
    with pytest.raises(RemoteError) as err:
        daemon.call("search.query", ["shop", "stock", {"rerank": "always"}])
    assert err.value.rpc_code == -32602


def test_capabilities_list_every_registration_with_its_package(daemon):
    caps = daemon.call("sys.capabilities")
    reg = {(r["kind"], r["name"]): r for r in caps["registered"]}
    assert reg[("chunker", "code-go")]["extensions"] == [".go"]
    assert reg[("chunker", "code-go")]["package"] == "lode" and reg[("chunker", "code-go")]["builtin"]
    assert reg[("deriver", "derive-docx.docx")]["version"] == "1"
    assert ("ranker", "body") in reg
    assert all(r["package"] and r["version"] for r in caps["registered"])
