"""The index follows edits file by file, and the CLI prints what scripts expect."""

from __future__ import annotations

import json
import os
import shutil

from click.testing import CliRunner

from lode.cli import main
from lode.store import Store
from lode.symbols.fuzzy import NameMatcher, humps
from lode.symbols.index import SymbolIndex
from lode.workspace import WorkspaceConfig, index_workspace

from .conftest import CORPORA


def _indexed_copy(tmp_path, lang="python"):
    root = tmp_path / lang
    shutil.copytree(CORPORA / lang, root)
    store = Store(tmp_path / "lode.db")
    ws = store.add_workspace(lang, str(root), WorkspaceConfig().to_dict())
    index_workspace(store, ws, workers=0)
    return store, ws, root


def test_a_changed_file_replaces_only_its_own_contribution(tmp_path):
    store, ws, root = _indexed_copy(tmp_path)
    index = SymbolIndex(store, ws.id)
    before_other = [(c.path, c.line) for c in index.definitions("mypkg.shapes.Circle")]
    impl = root / "src/mypkg/_impl.py"
    impl.write_text("\n\nclass Gadget:\n    pass\n")
    st = os.stat(impl)
    os.utime(impl, ns=(st.st_atime_ns, st.st_mtime_ns + 10_000_000))
    stats = index_workspace(store, ws, workers=0)
    assert stats.indexed == 1
    assert index.definitions("mypkg._impl.Widget") == []
    assert [(c.path, c.line) for c in index.definitions("_impl.Gadget")] == [("src/mypkg/_impl.py", 3)]
    assert [(c.path, c.line) for c in index.definitions("mypkg.shapes.Circle")] == before_other
    # the re-export in __init__.py now leads nowhere: no answer rather than a stale one
    assert index.definitions("mypkg.Widget") == []


def test_a_deleted_file_leaves_the_index(tmp_path):
    store, ws, root = _indexed_copy(tmp_path)
    (root / "src/mypkg/shapes.py").unlink()
    index_workspace(store, ws, workers=0)
    index = SymbolIndex(store, ws.id)
    assert index.definitions("shapes.Circle") == []
    assert "mypkg.shapes.Circle" not in index.names()


def test_def_json_shape_and_relative_paths(tmp_path):
    store, ws, root = _indexed_copy(tmp_path)
    store.close()
    r = CliRunner().invoke(main, ["def", "Widget.render", "--json", "--db", str(tmp_path / "lode.db")])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    c = out["candidates"][0]
    assert {"name", "path", "line", "column", "kind", "module"} <= set(c)
    assert (c["path"], c["line"], c["kind"], c["module"]) == ("src/mypkg/_impl.py", 9, "method", "mypkg._impl")


def test_bare_name_is_answered_with_the_qualified_names_ending_in_it(tmp_path):
    store, ws, root = _indexed_copy(tmp_path)
    store.close()
    r = CliRunner().invoke(main, ["def", "Widget", "--no-lsp", "--json", "--db", str(tmp_path / "lode.db")])
    out = json.loads(r.output)
    assert "mypkg._impl.Widget" in out["matches"] and out["candidates"] == []
    assert all(m.endswith(".Widget") for m in out["matches"])
    render = CliRunner().invoke(main, ["def", "Widget", "--no-lsp", "--db", str(tmp_path / "lode.db")])
    assert render.exit_code == 1 and "mypkg._impl.Widget" in render.output


def test_refs_impls_describe_symbols_outline_query_ast(tmp_path):
    store, ws, root = _indexed_copy(tmp_path)
    store.close()
    db = ["--db", str(tmp_path / "lode.db"), "--json"]
    run = CliRunner().invoke
    refs = json.loads(run(main, ["refs", "mypkg.Widget", *db]).output)["references"]
    assert "app/main.py" in {r["path"] for r in refs}
    impls = json.loads(run(main, ["impls", "shapes.Shape", *db]).output)["implementations"]
    assert [i["name"] for i in impls] == ["mypkg.shapes.Circle"]
    desc = json.loads(run(main, ["describe", "mypkg.Widget", *db]).output)["symbols"][0]
    assert desc["signature"] == "class Widget" and "renders" in desc["doc"]
    names = json.loads(run(main, ["symbols", "fancwid", *db]).output)["names"]
    assert names[0]["name"] == "mypkg.shapes.FancyWidget"
    outline = json.loads(run(main, ["outline", str(root / "src/mypkg/_impl.py"), *db]).output)["symbols"]
    assert [(s["name"].rsplit(".", 1)[-1], s["depth"]) for s in outline][:3] == [
        ("Widget", 0), ("render", 1), ("Part", 1)]
    r = run(main, ["query-ast", "(class_definition name: (identifier) @cls)", str(root / "src"), "--json"])
    caps = json.loads(r.output)["captures"]
    assert {c["text"] for c in caps} >= {"Widget", "Part", "Shape", "Circle"}


def test_fuzzy_ranks_exact_then_prefix_then_humps():
    m = NameMatcher(["a.ServeHTTP", "b.ServeHTTPRequest", "c.Server", "d.serve_http", "e.SetHeader"])
    assert m.search("servehttp")[0].name in ("a.ServeHTTP", "d.serve_http")
    assert m.search("serve")[0].name in ("a.ServeHTTP", "c.Server", "d.serve_http")
    assert m.search("sh")[0].name in ("a.ServeHTTP", "d.serve_http", "e.SetHeader")
    assert {x.name for x in m.search("shr")} >= {"b.ServeHTTPRequest"}
    assert m.search("a.serv")[0].name == "a.ServeHTTP"
    assert m.search("zzz") == []
    assert humps("ServeHTTPRequest") == "shr" and humps("read_all") == "ra"


def test_every_symbol_command_is_documented_in_the_readme():
    from pathlib import Path
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    for command in ("def", "refs", "impls", "describe", "symbols", "outline", "query-ast"):
        assert f"| `lode {command} " in readme, command
        assert command in main.commands, command
