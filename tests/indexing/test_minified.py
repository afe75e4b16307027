"""Minified and generated code is read as text (lode.chunking.minified): a bundle of a
few long lines is chunked as text with a note, its language kept, no symbols taken
from it, and still found by its words; code of ordinary lines the same size is parsed."""

from __future__ import annotations

from pathlib import Path

from lode.chunking import MINIFIED_BYTES, chunk_file, minified
from lode.symbols.structure import outline

from partition import assert_partition


# A bundle as minifiers write it: every function on one line, names cut short.
BUNDLE = "".join(f"function a{i}(b,c){{return b.bundleMarkerValue+c*{i}}};" for i in range(9000)) + "\n"
# The same functions written by hand, one statement a line.
SOURCE = "".join(f"function a{i}(b, c) {{\n  return b.handMarkerValue + c * {i};\n}}\n\n"
                 for i in range(9000))


def test_the_rule_looks_at_size_and_line_length():
    assert len(BUNDLE) > MINIFIED_BYTES and minified(BUNDLE)
    assert len(SOURCE) > MINIFIED_BYTES and not minified(SOURCE)
    assert not minified(BUNDLE[:100_000])  # a small generated file is still parsed


def test_a_bundle_is_chunked_as_text_and_ordinary_code_as_code():
    chunks = chunk_file("static/app.min.js", BUNDLE)
    assert {c.kind for c in chunks} == {"text"}
    assert_partition(BUNDLE, chunks)
    code = chunk_file("src/app.js", SOURCE)
    assert "function" in {c.kind for c in code}


def test_a_bundle_is_indexed_as_text_with_a_note_and_no_symbols(service, tmp_path: Path):
    root = tmp_path / "web"
    (root / "static").mkdir(parents=True)
    (root / "src").mkdir()
    (root / "static" / "app.min.js").write_text(BUNDLE)
    (root / "src" / "app.js").write_text(SOURCE[:2000])
    service.add_workspace(str(root))
    service.index(str(root))
    ws = service.status(str(root))["workspaces"][0]
    notes = {n["path"]: n["note"] for n in ws["notes"]}
    assert "minified" in notes["static/app.min.js"] and "src/app.js" not in notes
    assert "javascript" in ws["languages"]
    hits = service.search("bundleMarkerValue", str(root), mode="lexical")["hits"]
    assert hits and hits[0]["path"] == "static/app.min.js" and hits[0]["language"] == "javascript"
    # the bundle defines a5 too, but gives no symbols: only the hand-written one is found
    assert [c["path"] for c in service.definition("app.a5", str(root))["candidates"]] == ["src/app.js"]
    assert outline("static/app.min.js", str(root)) == []
