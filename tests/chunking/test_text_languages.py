"""Files of known languages without a grammar are indexed as text, never skipped, and
recorded under their language (real walker, indexer and SQLite store)."""

from __future__ import annotations

from click.testing import CliRunner

from lode.cli import main
from lode.store import Store
from lode.workspace import WorkspaceConfig, index_workspace


def test_text_only_languages_are_indexed_and_named(tmp_path):
    root = tmp_path / "mixed"
    (root / "lib").mkdir(parents=True)
    (root / "lib" / "cart.nim").write_text("proc total*(c: Cart): int =\n  result = 0\n")
    (root / "shop.proto").write_text('message Cart {\n  repeated string skus = 1;\n}\n')
    (root / "app.kt").write_text("package shop\n\nfun main() = println(\"hi\")\n")
    (root / "data.bin.unknownext").write_text("not a known type\n")
    (root / "Makefile").write_text("test:\n\tpytest\n")
    (root / "deploy").mkdir()
    (root / "deploy" / "Dockerfile").write_text("FROM python:3.12\nRUN pip install lode\n")
    db = tmp_path / "lode.db"
    store = Store(db)
    ws = store.add_workspace("mixed", str(root), WorkspaceConfig().to_dict())
    index_workspace(store, ws, workers=0)
    langs = store.workspace_status(ws.id)["languages"]
    store.close()
    assert set(langs) == {"nim", "protobuf", "kotlin", "makefile", "dockerfile"}  # not the unknown extension
    result = CliRunner().invoke(main, ["status", "--db", str(db)])
    assert result.exit_code == 0, result.output
    nim = next(line for line in result.output.splitlines() if line.strip().startswith("nim"))
    assert "read as text" in nim
    kotlin = next(line for line in result.output.splitlines() if line.strip().startswith("kotlin"))
    assert "read as text" not in kotlin


def test_a_byte_order_mark_does_not_hide_the_first_heading_or_key():
    # Editors on Windows save UTF-8 with a BOM; the first Markdown heading and the first
    # YAML key used to become an untitled text chunk because the BOM stood before them.
    from lode.chunking import chunk_file

    for path, text in (("guide.md", "# Install\n\nrun it\n\n## Upgrade\n\nagain\n"),
                       ("deploy.yaml", "name: shop\nreplicas: 3\n")):
        plain = chunk_file(path, text)
        marked = chunk_file(path, "\ufeff" + text)
        assert [(c.kind, c.name, c.breadcrumb) for c in marked] == \
            [(c.kind, c.name, c.breadcrumb) for c in plain], path
        # The BOM's 3 bytes belong to the first chunk; the partition still covers them.
        assert [(c.byte_start, c.byte_end) for c in marked] == \
            [(0 if i == 0 else c.byte_start + 3, c.byte_end + 3) for i, c in enumerate(plain)]
