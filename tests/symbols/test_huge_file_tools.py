"""The tools that read a file on demand (its outline, every position of a name, the
name under an editor's cursor, a definition's chunk, an AST query) read a code file over
HUGE_CODE_BYTES as the indexer does, piece by piece (lode.chunking.huge), or refuse it
with its size and the bound: a generated 15 MB Go file's outline, parsed whole, peaked
at 1.5 GB — in the long-lived daemon too."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from indexing.test_huge_files import generated_go, generated_python
from lode.chunking.huge import HUGE_CODE_BYTES, MAX_PIECE_BYTES, PIECE_BYTES
from lode.errors import FileRefused
from lode.languages import language_for_path
from lode.service import Service
from lode.symbols import api
from lode.symbols.extraction import extract_symbols
from lode.symbols.records import REFERENCE
from lode.symbols.structure import outline, symbols_in_pieces

# Run in its own process, its peak read as VmHWM (see tests/indexing/test_huge_files.py).
_OUTLINE_AND_MEASURE = textwrap.dedent("""
    import json, sys
    from lode.symbols.structure import outline
    items = outline(sys.argv[1])
    with open("/proc/self/status") as f:
        peak_kib = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
    print(json.dumps({"count": len(items), "last": items[-1].to_dict(), "peak_mib": peak_kib / 1024}))
""")


def _line_of(text: str, needle: str) -> int:
    return text.count("\n", 0, text.index(needle)) + 1


def test_a_large_file_s_outline_lists_its_last_declaration_at_bounded_memory(tmp_path):
    text = generated_go(4 * 1024 * 1024)
    assert len(text) > HUGE_CODE_BYTES
    path = tmp_path / "big.go"
    path.write_text(text)
    run = subprocess.run([sys.executable, "-c", _OUTLINE_AND_MEASURE, str(path)], capture_output=True,
                         text=True, timeout=600, env={**os.environ, "LODE_PLUGINS": "off"})
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout.strip().splitlines()[-1])
    last = answer["last"]
    assert (last["name"], last["kind"], last["line"], last["depth"]) == \
        ("big.finalHelper", "definition", _line_of(text, "func finalHelper"), 0)
    n = text.count("func helper")  # each a type, its method and a function, and Context
    assert answer["count"] == 3 * n + 2
    # generous: measured ~75 MB; parsed whole it took ~460 MB (1.5 GB for 15 MB)
    assert answer["peak_mib"] < 250, answer["peak_mib"]


@pytest.mark.parametrize("path, text", [("gen/big.go", generated_go(int(PIECE_BYTES * 2.5), marker="m")),
                                        ("gen/big.py", generated_python(int(PIECE_BYTES * 2.5)))])
def test_pieces_give_the_definitions_and_references_of_a_whole_reading(path, text):
    # a file of three pieces and more, small enough to read whole as well
    spec = language_for_path(path)
    data = text.encode()
    whole = extract_symbols(path, data, None, spec, every=True).symbols
    pieces = list(symbols_in_pieces(path, data, spec, None, every=True))
    assert [s for s in pieces if s.kind != REFERENCE] == [s for s in whole if s.kind != REFERENCE]
    refs = [s for s in pieces if s.kind == REFERENCE]
    assert set(refs) <= set(whole) and len(refs) > 0.99 * len([s for s in whole if s.kind == REFERENCE])
    # without ``every``: the first of each (name, kind), as a whole reading keeps it
    first = extract_symbols(path, data, None, spec).symbols
    assert [s for s in symbols_in_pieces(path, data, spec, None) if s.kind != REFERENCE] == \
        [s for s in first if s.kind != REFERENCE]


def test_every_position_of_a_name_in_a_large_indexed_file(tmp_path):
    root = tmp_path / "ws"
    root.mkdir()
    text = generated_go(HUGE_CODE_BYTES + PIECE_BYTES, marker="m")
    (root / "big.go").write_text(text)
    n = text.count("func helper") - 1
    with Service(str(tmp_path / "lode.db")) as svc:
        svc.index(str(root), embed=False)
        # the last function's `str.ToUpper`: its import is read from the file's header
        refs = svc.references("strings.ToUpper", str(root), every=True)["references"]
        assert [(r["path"], r["line"]) for r in refs] == [("big.go", _line_of(text, "str.ToUpper"))]
        refs = svc.references(f"big.Widget{n}", str(root), every=True)["references"]
        assert [r["line"] for r in refs] == [_line_of(text, f"func (w *Widget{n})"), _line_of(text, f"(&Widget{n}{{")]
        # each method and helper names Context: every piece is read
        refs = svc.references("big.Context", str(root), limit=100_000, every=True)["references"]
        assert len(refs) == 2 * (n + 1) and refs[-1]["line"] == _line_of(text, f"func helper{n}(")
        # the outline through the store, and the name under a cursor in the last piece
        symbols = svc.outline("big.go", str(root))["symbols"]
        assert symbols[-1]["name"] == "big.finalHelper"
        line = _line_of(text, f"(&Widget{n}{{")
        column = text.splitlines()[line - 1].index(f"Widget{n}") + 1
        assert svc.name_at("big.go", str(root), text, line, f"Widget{n}", column) == f"big.Widget{n}"


def test_an_ast_query_over_a_large_file_is_refused_with_its_size(tmp_path):
    big, small = tmp_path / "big.py", tmp_path / "small.py"
    big.write_text(generated_python(HUGE_CODE_BYTES + 1024))
    small.write_text("def small_one():\n    pass\n")
    answer = api.query_ast("(function_definition name: (identifier) @name)", [str(tmp_path)], root=str(tmp_path))
    assert [c["text"] for c in answer["captures"]] == ["small_one"]
    [error] = answer["errors"]
    assert error["path"] == str(big)
    assert f"{big.stat().st_size:,} bytes" in error["error"] and f"{HUGE_CODE_BYTES:,}" in error["error"]


def test_an_outline_missing_part_of_a_large_file_is_refused(tmp_path):
    # a table over the largest piece: the file after it gives no symbols, and an outline
    # ending before it would look whole
    head = generated_python(PIECE_BYTES // 2)
    table = "TABLE = {\n" + "".join(f"    'key_{i}': {i},\n" for i in range(MAX_PIECE_BYTES // 16)) + "}\n\n\n"
    path = tmp_path / "table.py"
    path.write_text(head + table + "def after_the_table():\n    pass\n")
    with pytest.raises(FileRefused) as exc:
        outline(str(path))
    assert f"from line {head.count(chr(10)) + 1} on" in exc.value.reason
    assert f"{MAX_PIECE_BYTES:,} bytes" in exc.value.reason
