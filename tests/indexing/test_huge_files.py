"""A large code file is chunked in bounded pieces (lode.chunking.huge): the same
declaration chunks as a whole parse gives, every byte searchable, its symbols read
piece by piece with the file's header (package, imports) in front of each, a note
saying so, and an index run whose memory does not grow with the file's size (a
generated 15 MB file took 1.3-1.7 GB when parsed whole)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

from lode.chunking import chunk_file
from lode.chunking.huge import HUGE_CODE_BYTES, MAX_PIECE_BYTES, PIECE_BYTES, PiecePlan, chunk_huge, piece_symbols
from lode.config import DEFAULT_CHUNK_CONFIG
from lode.languages import language_for_path
from lode.symbols import extract

from partition import WHITESPACE


def assert_partition(text: str, chunks) -> None:
    """tests/partition.py's check, counting lines as it goes (that one counts from the
    file's start for every chunk: minutes on a file of 10k chunks)."""
    data = text.encode("utf-8")
    cursor, line, at = 0, 1, 0  # line: the line of byte ``at``
    for c in chunks:
        assert cursor <= c.byte_start < c.byte_end <= len(data), (c, cursor)
        assert not data[cursor:c.byte_start].strip(WHITESPACE), data[cursor:c.byte_start][:80]
        assert data[c.byte_start] not in WHITESPACE and data[c.byte_end - 1] not in WHITESPACE, c
        line, at = line + data.count(b"\n", at, c.byte_start), c.byte_start
        assert c.line_start == line, c
        assert c.line_end == line + data.count(b"\n", c.byte_start, c.byte_end - 1), c
        cursor = c.byte_end
    assert not data[cursor:].strip(WHITESPACE), data[cursor:][:80]


def generated_go(size: int, marker: str = "") -> str:
    """A generated Go file of about ``size`` bytes: types, methods and functions, each
    with a doc comment; ``marker`` is written into the last function, which alone uses
    the import (under an alias: only the header's import resolves it)."""
    parts, n, i = ["package big\n\nimport (\n\tstr \"strings\"\n)\n\ntype Context struct{}\n\n"], 0, 0
    while n < size:
        part = (f"// Widget{i} handles marker_{i}.\ntype Widget{i} struct {{\n\tSize int\n\tName string\n}}\n\n"
                f"func (w *Widget{i}) Render{i}(ctx *Context) int {{\n\ttotal := 0\n"
                f"\tfor k := 0; k < w.Size; k++ {{\n\t\ttotal += k * {i}\n\t}}\n\treturn total\n}}\n\n"
                f"func helper{i}(ctx *Context, k int) int {{\n\treturn (&Widget{i}{{Size: k}}).Render{i}(ctx)\n}}\n\n")
        parts.append(part)
        n += len(part)
        i += 1
    parts.append(f"// finalHelper is the last of them.\nfunc finalHelper() string {{\n\treturn str.ToUpper(\"{marker}\")\n}}\n")
    return "".join(parts)


def generated_python(size: int) -> str:
    parts, n, i = ["import os\n\n\n"], 0, 0
    while n < size:
        part = (f"class Widget{i}:\n    \"\"\"Widget number {i}.\"\"\"\n\n    def render_{i}(self, ctx):\n"
                f"        total = 0\n        for k in range(self.size):\n            total += k * {i}\n"
                f"        return total\n\n\n# helper {i}, for widget {i}\ndef helper_{i}(k):\n    return Widget{i}().render_{i}(k)\n\n\n")
        parts.append(part)
        n += len(part)
        i += 1
    return "".join(parts)


def fields(chunks) -> list[tuple]:
    return [(c.byte_start, c.byte_end, c.line_start, c.line_end, c.kind, c.name, c.breadcrumb, c.embed)
            for c in chunks]


def test_pieces_give_the_chunks_of_a_whole_parse():
    # three pieces or more, cut between declarations: the same chunks, field for field
    for path, text in (("gen/big.go", generated_go(int(PIECE_BYTES * 2.5))),
                       ("gen/big.py", generated_python(int(PIECE_BYTES * 2.5)))):
        data = text.encode()
        pieces, note = chunk_huge(path, data, language_for_path(path), DEFAULT_CHUNK_CONFIG)
        assert "pieces" in note and "as text" not in note
        assert_partition(text, pieces)
        assert fields(pieces) == fields(chunk_file(path, text))


def _symbols(path: str, data: bytes):
    """A file's symbol rows read whole, and read piece by piece."""
    spec = language_for_path(path)
    whole = extract(path, data, None, spec, packed=True)[0]
    plan = PiecePlan()
    chunk_huge(path, data, spec, DEFAULT_CHUNK_CONFIG, plan=plan)
    pieces = piece_symbols(data, plan, lambda text: extract(path, text, None, spec, packed=True)[0])
    return whole, pieces[0], plan


def test_symbols_read_piece_by_piece_match_a_whole_reading():
    text = generated_go(int(PIECE_BYTES * 2.5), marker="m")
    whole, pieces, plan = _symbols("gen/big.go", text.encode())
    assert len(plan.spans) >= 3 and text[:plan.header_end].endswith(")\n\n")  # package and imports
    assert pieces.module == whole.module and pieces.rows == whole.rows
    assert pieces.names == whole.names and pieces.aliases == whole.aliases
    # a definition of the last piece, named and placed as in the file
    rows = {(name, kind): line for name, kind, line, _col, _detail in pieces.rows}
    n = text.count("func helper") - 1
    assert rows[(f"{whole.module}.helper{n}", "definition")] == text.count("\n", 0, text.index(f"func helper{n}(")) + 1
    assert rows[(f"{whole.module}.Widget{n}.Render{n}", "method")] == \
        text.count("\n", 0, text.index(f"func (w *Widget{n}) Render{n}(")) + 1
    # the last function's `str.ToUpper`, resolved through the header's aliased import
    assert plan.spans[-1][0] < text.index("str.ToUpper")
    assert rows[("strings.ToUpper", "reference")] == text.count("\n", 0, text.index("str.ToUpper")) + 1

    # Python: every definition as a whole reading gives it. A reference from one piece
    # to a class defined in the one before is what may be missing
    text = generated_python(int(PIECE_BYTES * 2.5))
    whole, pieces, plan = _symbols("gen/big.py", text.encode())
    definitions = [r for r in whole.rows if r[1] != "reference"]
    assert len(plan.spans) >= 3 and definitions == [r for r in pieces.rows if r[1] != "reference"]
    assert set(pieces.rows) <= set(whole.rows)
    assert len(pieces.rows) > 0.99 * len(whole.rows)


def test_a_declaration_larger_than_a_piece_is_read_as_text_from_there_on():
    # functions, then one literal over the largest piece (a generated table), then more
    # functions: declarations before it, text from its line on, nothing lost
    head = generated_python(PIECE_BYTES // 2)
    table = "TABLE = {\n" + "".join(f"    'key_{i}': {i},\n" for i in range(MAX_PIECE_BYTES // 16)) + "}\n\n\n"
    tail = "def after_the_table():\n    return 'tailMarkerWord'\n"
    text = head + table + tail
    path = "gen/table.py"
    chunks, note = chunk_huge(path, text.encode(), language_for_path(path), DEFAULT_CHUNK_CONFIG)
    assert_partition(text, chunks)
    table_line = head.count("\n") + 1
    assert f"from line {table_line} on chunked as text" in note
    assert {c.kind for c in chunks if c.line_start < table_line} >= {"class", "function"}
    assert {c.kind for c in chunks if c.line_start >= table_line} == {"text"}
    assert any("tailMarkerWord" in text.encode()[c.byte_start:c.byte_end].decode() for c in chunks)


def test_chunk_file_reads_a_large_file_as_the_index_does(tmp_path: Path):
    # `lode chunk` (chunk_file without a tree) shows a large file's chunks as the index
    # stores them: in pieces, text from a declaration over the largest piece on, where a
    # whole parse would give that declaration as one chunk (and its tree whole in memory)
    head = generated_python(PIECE_BYTES // 2)
    table = "TABLE = {\n" + "".join(f"    'key_{i}': {i},\n" for i in range(MAX_PIECE_BYTES // 16)) + "}\n"
    text = head + table
    path = "gen/table.py"
    pieces, _note = chunk_huge(path, text.encode(), language_for_path(path), DEFAULT_CHUNK_CONFIG)
    shown = chunk_file(path, text)
    assert fields(shown) == fields(pieces)
    assert shown[-1].kind == "text"


# Run in its own process, so that its peak memory is the index run's alone.
# Its peak is read as VmHWM, this process's own high-water mark: getrusage's ru_maxrss
# carries over across exec the RSS of the process forked (pytest's, a few hundred MB
# after a run of tests). A run of two files has no worker processes.
_INDEX_AND_MEASURE = textwrap.dedent("""
    import json, sys
    from lode.service import Service
    svc = Service(sys.argv[1])
    svc.add_workspace(sys.argv[2])
    stats = svc.index(sys.argv[2], embed=False)
    svc.close()
    with open("/proc/self/status") as f:
        peak_kib = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
    print(json.dumps({"stats": stats, "peak_mib": peak_kib / 1024}))
""")


def test_a_large_generated_file_is_searchable_with_bounded_memory(tmp_path: Path):
    root = tmp_path / "ws"
    (root / "gen").mkdir(parents=True)
    # 4 MB of densely written Go: parsed whole, with its symbols, it peaked at ~480 MB
    text = generated_go(4 * 1024 * 1024, marker="hugeFileTailMarker")
    assert len(text) > HUGE_CODE_BYTES
    (root / "gen" / "big.go").write_text(text)
    (root / "small.go").write_text("package big\n\n// smallHelper is an ordinary function.\nfunc smallHelper() {}\n")
    db = tmp_path / "store" / "lode.db"
    run = subprocess.run([sys.executable, "-c", _INDEX_AND_MEASURE, str(db), str(root)],
                         capture_output=True, text=True, timeout=600,
                         env={**os.environ, "LODE_PLUGINS": "off"})
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout.strip().splitlines()[-1])
    assert answer["stats"]["indexed"] == 2 and answer["stats"]["refused"] == 0
    assert answer["stats"]["noted"] == 1  # lode index: "1 with notes (see lode status)"
    # generous: measured ~100 MB; the whole parse took ~480 MB
    assert answer["peak_mib"] < 300, answer["peak_mib"]

    from lode.service import Service

    svc = Service(db)
    try:
        ws = svc.status(str(root))["workspaces"][0]
        notes = {n["path"]: n["note"] for n in ws["notes"]}
        assert "large file" in notes["gen/big.go"] and "symbols read piece by piece" in notes["gen/big.go"]
        assert "small.go" not in notes
        # the last declaration is a chunk of its own, found by a word of its body
        hits = svc.search("hugeFileTailMarker", str(root), mode="lexical")["hits"]
        assert hits and hits[0]["path"] == "gen/big.go"
        assert hits[0]["line_start"] == text.count("\n", 0, text.index("// finalHelper")) + 1
        # and a declaration from the middle of the file, by its name
        middle = svc.search("Render10000", str(root), mode="lexical")["hits"]
        assert middle and middle[0]["path"] == "gen/big.go"
        assert "Render10000" in (middle[0].get("name") or "")
        # symbols of both files, the large one's read piece by piece: a definition of its
        # last piece at its line, and the reference of its last function to `strings`,
        # through the import at the file's top
        assert svc.definition("big.smallHelper", str(root))["candidates"]
        n = text.count("func helper") - 1
        found = svc.definition(f"big.helper{n}", str(root))["candidates"]
        assert [(c["path"], c["line"]) for c in found] == \
            [("gen/big.go", text.count("\n", 0, text.index(f"func helper{n}(")) + 1)]
        refs = svc.references("strings.ToUpper", str(root))["references"]
        assert [(r["path"], r["line"]) for r in refs] == \
            [("gen/big.go", text.count("\n", 0, text.index("str.ToUpper")) + 1)]
    finally:
        svc.close()
