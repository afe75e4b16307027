"""Plug-ins installed into a real virtual environment, and the held files they leave.

One venv per session (tests/plugins/environment.py). The example PDF deriver
(examples/plugins/lode-pdf) is pip-installed into it and uninstalled again; small
plug-ins written here are installed with ``pip --target`` into folders put on
``PYTHONPATH`` for one run, so each test adds exactly the plug-ins it names. Every run
goes through the real CLI (``python -m lode``) against one store per test.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .environment import EXAMPLE_PDF, Venv, make_package

sys.path.insert(0, str(EXAMPLE_PDF / "tests"))
from pdfmaker import make_pdf  # noqa: E402

DOCX = Path(__file__).resolve().parents[1] / "indexing" / "projects" / "docsite" / "policy.docx"

INI_CHUNKER = '''
import re

class IniChunker:
    """A section per [header]; what precedes the first header is the file's header."""
    extensions = (".ini",)
    version = "1"

    def chunk(self, path, data):
        starts = [m.start() for m in re.finditer(rb"^\\[[^\\]\\n]+\\]", data, re.M)]
        bounds = sorted(set([0] + starts)) + [len(data)]
        for a, b in zip(bounds, bounds[1:]):
            head = data[a:b].split(b"\\n", 1)[0].decode()
            if head.startswith("["):
                yield {"byte_start": a, "byte_end": b, "kind": "section", "name": head.strip("[]")}
            elif data[a:b].strip():
                yield {"byte_start": a, "byte_end": b, "kind": "header"}
'''


def _one_line(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="session")
def venv(tmp_path_factory):
    return Venv(tmp_path_factory.mktemp("plugin-venv") / "venv")


@pytest.fixture(scope="session")
def pdf_package(tmp_path_factory):
    """A copy of the example plug-in (pip builds in its source folder: not in the repository's)."""
    dest = tmp_path_factory.mktemp("lode-pdf") / "lode-pdf"
    shutil.copytree(EXAMPLE_PDF, dest, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    return str(dest)


@pytest.fixture
def plugin(tmp_path, venv):
    """plugin(dist, source, {group: {name: "module:Obj"}}) → a folder it is installed in
    (pass it as ``path`` to a run)."""
    made = tmp_path / "packages"

    def install(dist: str, source: str, entry_points: dict, *more) -> Path:
        target = tmp_path / f"site-{dist}"
        packages = [make_package(made, dist, dist.replace("-", "_"), source, entry_points)]
        for other in more:
            packages.append(make_package(made, other[0], other[0].replace("-", "_"), other[1], other[2]))
        venv.pip(*map(str, packages), target=target)
        return target

    return install


def _hits(venv, db, query, path=()):
    run = venv.lode("search", query, "--json", "--limit", "50", db=db, path=path)
    assert run.code in (0, 1), run.err
    hits = run.json()["hits"]
    assert (run.code == 1) == (not hits)  # a search that finds nothing exits 1, as with grep
    return hits


def _status(venv, db, path=()):
    run = venv.lode("status", "--json", db=db, path=path)
    assert run.code == 0, run.err
    return run.json()["workspaces"][0]


def _index(venv, db, root, path=()):
    run = venv.lode("index", str(root), "--no-embed", "--json", db=db, path=path)
    assert run.code == 0, run.err
    return run.json()


# --- the example PDF deriver ------------------------------------------------------------

def test_pdf_plugin_indexes_pdfs_and_uninstalling_it_holds_them(venv, pdf_package, tmp_path):
    root, db = tmp_path / "ws", tmp_path / "store.db"
    (root / "docs").mkdir(parents=True)
    (root / "README.md").write_text("# Shop\n\nSee the operations guide.\n")
    (root / "docs" / "ops.pdf").write_bytes(make_pdf(
        ["Reclaiming storage\nVectors no workspace uses are freed in batches.", "Nightly backups."],
        title="Operations guide"))
    (root / "docs" / "old.pdf").write_bytes(make_pdf(["Deprecated quarantine procedure."]))

    # Without the plug-in a PDF is never read (nothing is sniffed).
    _index(venv, db, root)
    assert not _hits(venv, db, "freed batches")
    assert _status(venv, db)["files"] == 1

    venv.pip(pdf_package)
    try:
        run = _index(venv, db, root)
        assert run["indexed"] == 2
        hit = _hits(venv, db, "freed batches")[0]
        assert hit["path"] == "docs/ops.pdf" and hit["hold"] == ""
        assert hit["breadcrumb"].endswith("Operations guide › Page 1")
        st = _status(venv, db)
        assert st["held"] == 0 and st["languages"]["pdf"]["files"] == 2
        assert "d:pdf@1+markdown-1" in st["chunkers"]
        # A daemon of this environment serves the PDF's text, read-only. (Not watching:
        # it must not re-index behind the runs below, and it is stopped before them.)
        sock = tmp_path / "d.sock"
        daemon = subprocess.Popen([venv.python, "-m", "lode", "serve", "--no-watch", "--socket", str(sock),
                                   "--db", str(db)], env=venv.env(), stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 30
            while not sock.exists() and daemon.poll() is None and time.monotonic() < deadline:
                time.sleep(0.05)
            read = venv.lode("--call", "doc.read", json.dumps({"path": "docs/ops.pdf", "workspace": "ws"}),
                             "--socket", str(sock), db=db)
            assert read.code == 0, read.err
            doc = json.loads(read.out)
            assert doc["derived"] and doc["read_only"] and "## Page 2" in doc["text"]
        finally:
            daemon.terminate()
            daemon.wait(30)
    finally:
        venv.uninstall("lode-pdf")

    # Uninstalled: the PDFs stay, held and marked current; nothing is re-read or deleted.
    run = _index(venv, db, root)
    assert run["deleted"] == 0 and run["indexed"] == 0
    hit = _hits(venv, db, "freed batches")[0]
    assert hit["path"] == "docs/ops.pdf" and hit["hold"] == "current"
    st = _status(venv, db)
    assert st["held"] == 2
    assert {h["path"]: h["hold"] for h in st["held_files"]} == {"docs/ops.pdf": "current", "docs/old.pdf": "current"}
    assert "deriver plug-in 'pdf'" in st["held_files"][0]["reason"]
    human = venv.lode("status", db=db)
    assert "2 held" in _one_line(human.out), human.out
    human = venv.lode("search", "freed batches", db=db)
    assert "docs/ops.pdf:" in human.out and "(held: current)" in human.out

    # Changed while held: still the old text, marked stale. Deleted while held: gone.
    (root / "docs" / "ops.pdf").write_bytes(make_pdf(["Compaction runs weekly now."], title="Operations guide"))
    (root / "docs" / "old.pdf").unlink()
    run = _index(venv, db, root)
    assert run["deleted"] == 1
    assert [h["hold"] for h in _hits(venv, db, "freed batches")] == ["stale"]
    assert not _hits(venv, db, "compaction weekly")
    assert not _hits(venv, db, "quarantine procedure")
    assert _status(venv, db)["held"] == 1

    # The plug-in back: the changed PDF is derived again and no longer held.
    venv.pip(pdf_package)
    try:
        run = _index(venv, db, root)
        assert run["indexed"] == 1
        hit = _hits(venv, db, "compaction weekly")[0]
        assert hit["path"] == "docs/ops.pdf" and hit["hold"] == ""
        assert not _hits(venv, db, "freed batches")
        assert _status(venv, db)["held"] == 0
    finally:
        venv.uninstall("lode-pdf")


# --- a chunker plug-in, its held files, its contract ----------------------------------

def test_chunker_plugin_sections_then_held_when_missing_then_lifted(venv, plugin, tmp_path):
    site = plugin("lode-ini", INI_CHUNKER, {"lode.chunkers": {"ini": "lode_ini:IniChunker"}})
    root, db = tmp_path / "ws", tmp_path / "store.db"
    root.mkdir()
    (root / "service.ini").write_text("; shop service\n\n[database]\nhost = db.internal\npool_size = 8\n\n"
                                      "[cache]\neviction = least recently used\n")
    run = _index(venv, db, root, [site])
    assert run["indexed"] == 1
    hits = _hits(venv, db, "eviction", [site])
    assert hits[0]["kind"] == "section" and hits[0]["name"] == "cache" and hits[0]["line_start"] == 7
    assert _status(venv, db, [site])["languages"]["ini"]["chunks"] == 3

    # A build without it walks service.ini as text but leaves the plug-in's chunks.
    run = _index(venv, db, root)
    assert run["indexed"] == 0 and run["deleted"] == 0
    hit = _hits(venv, db, "eviction")[0]
    assert hit["kind"] == "section" and hit["hold"] == "current"
    assert _status(venv, db)["held"] == 1

    # A TUI of the build with the plug-in reads more than a daemon without it.
    plain = venv.python_json("import json; from lode.service import Service; "
                             f"print(json.dumps(Service({str(db)!r}).capabilities()))")
    assert "p:ini@1" not in plain["chunkers"]
    offer = venv.python_json("import json, sys; from lode.tui import capabilities as c; "
                             f"print(json.dumps(c.reads_more(c.local(), c.from_capabilities({plain!r}))))", [site])
    assert offer == {"chunkers": ["p:ini@1"]}

    # The rules still apply to a held file: once the excludes cover it, it leaves.
    (root / "legacy.ini").write_text("[legacy]\nmode = compatible\n")
    assert _index(venv, db, root, [site])["indexed"] == 1
    assert _index(venv, db, root)["deleted"] == 0 and _status(venv, db)["held"] == 2
    venv.python_json("import json; from lode.service import Service; "
                     f"Service({str(db)!r}).configure_workspace('ws', exclude=['legacy.ini']); print('{{}}')")
    assert _index(venv, db, root)["deleted"] == 1
    assert not _hits(venv, db, "compatible") and _status(venv, db)["held"] == 1

    # With it again (same version, same bytes) the hold is lifted without re-reading.
    run = _index(venv, db, root, [site])
    assert run["indexed"] == 0
    assert _hits(venv, db, "eviction", [site])[0]["hold"] == ""
    assert _status(venv, db, [site])["held"] == 0

    # A new version of the plug-in is no reason to hold: it re-chunks its files.
    newer = plugin("lode-ini2", INI_CHUNKER.replace('version = "1"', 'version = "2"'),
                   {"lode.chunkers": {"ini": "lode_ini2:IniChunker"}})
    assert _index(venv, db, root, [newer])["indexed"] == 1
    st = _status(venv, db, [newer])
    assert st["held"] == 0 and st["chunkers"] == ["p:ini@2"]


def test_chunker_breaking_the_partition_is_disabled_and_its_files_read_as_text(venv, plugin, tmp_path):
    site = plugin("lode-overlap", '''
        class Overlapping:
            extensions = (".cfgx",)
            version = "2"
            def chunk(self, path, data):
                return [{"byte_start": 0, "byte_end": len(data), "kind": "block"},
                        {"byte_start": 1, "byte_end": len(data), "kind": "block"}]
        ''', {"lode.chunkers": {"overlap": "lode_overlap:Overlapping"}})
    root, db = tmp_path / "ws", tmp_path / "store.db"
    root.mkdir()
    (root / "app.cfgx").write_text("retention policy = thirty days\n")
    run = _index(venv, db, root, [site])
    assert run["indexed"] == 1 and run["refused"] == 0
    hit = _hits(venv, db, "retention policy", [site])[0]
    assert hit["path"] == "app.cfgx" and hit["kind"] == "text"
    note = _status(venv, db, [site])["notes"][0]["note"]
    assert "chunker plug-in 'overlap' (package lode-overlap) broke the partition contract" in note
    assert "overlaps" in note and "read as text" in note


# --- validation at start ------------------------------------------------------------------

CHUNKER = '''
class C:
    extensions = {exts!r}
    version = {version!r}
    def chunk(self, path, data):
        return [{{"byte_start": 0, "byte_end": len(data), "kind": "text"}}]
'''
DERIVER = '''
class D:
    extensions = {exts!r}
    version = "1"
    def derive(self, path, data):
        return data.decode()
'''


@pytest.mark.parametrize("case, source, group, expected", [
    ("upper", CHUNKER.format(exts=(".INI",), version="1"), "lode.chunkers",
     "chunker plug-in 'bad' (package lode-bad-upper): extension '.INI' must be lower-case and start with a dot"),
    ("nodot", CHUNKER.format(exts=("ini",), version="1"), "lode.chunkers",
     "extension 'ini' must be lower-case and start with a dot"),
    ("code", CHUNKER.format(exts=(".py",), version="1"), "lode.chunkers",
     "chunker plug-in 'bad' (package lode-bad-code) claims .py, a built-in code extension"),
    ("text", CHUNKER.format(exts=(".md",), version="1"), "lode.chunkers",
     "claims .md, a built-in text type"),
    ("derived", DERIVER.format(exts=(".docx",)), "lode.derivers",
     "deriver plug-in 'bad' (package lode-bad-derived) claims .docx, a format every build derives"),
    ("version", CHUNKER.format(exts=(".ini",), version="1 beta"), "lode.chunkers",
     "chunker plug-in 'bad' (package lode-bad-version): version '1 beta' does not match"),
    ("load", "import lode_no_such_module\n", "lode.chunkers",
     "chunker plug-in 'bad' (package lode-bad-load) failed to load: ModuleNotFoundError"),
])
def test_a_broken_plugin_stops_lode_naming_plugin_and_package(venv, plugin, tmp_path, case, source, group, expected):
    obj = "D" if group == "lode.derivers" else "C"
    site = plugin(f"lode-bad-{case}", source, {group: {"bad": f"lode_bad_{case}:{obj}"}})
    root, db = tmp_path / "ws", tmp_path / "store.db"
    root.mkdir()
    (root / "a.md").write_text("# a\n")
    run = venv.lode("index", str(root), "--no-embed", db=db, path=[site])
    assert run.code == 4, (run.out, run.err)
    assert expected in _one_line(run.err)
    assert not db.exists() or _status(venv, db)["files"] == 0  # nothing indexed wrongly
    assert venv.lode("index", str(root), "--no-embed", db=db).code == 0  # fine without it


def test_two_plugins_claiming_one_extension_stop_lode(venv, plugin, tmp_path):
    one = CHUNKER.format(exts=(".lodex",), version="1")
    site = plugin("lode-first", one, {"lode.chunkers": {"first": "lode_first:C"}},
                  ("lode-second", DERIVER.format(exts=(".lodex",)), {"lode.derivers": {"second": "lode_second:D"}}))
    root = tmp_path / "ws"
    root.mkdir()
    expected = ("plug-in 'second' (package lode-second) claims .lodex, which chunker plug-in 'first' "
                "(package lode-first) claims too")
    run = venv.lode("status", db=tmp_path / "store.db", path=[site])
    assert run.code == 4 and expected in _one_line(run.err)
    # The daemon refuses to start the same way, before it listens.
    run = venv.lode("serve", "--socket", str(tmp_path / "s.sock"), db=tmp_path / "store.db", path=[site])
    assert run.code == 4 and expected in _one_line(run.err)
    assert not (tmp_path / "s.sock").exists()
    run = venv.lode("mcp", "--no-watch", db=tmp_path / "store.db", path=[site])
    assert run.code == 4 and expected in _one_line(run.err)


# --- rankers, capabilities ---------------------------------------------------------------

RANKERS = '''
class Shortest:
    """Prefers short bodies: easy to tell from lode's own order."""
    version = "1"
    def probe(self):
        return True
    def rank(self, query, candidates):
        return [-len(c["body"]) for c in candidates]

class Absent:
    version = "1"
    def probe(self):
        return "no accelerator on this machine"
    def rank(self, query, candidates):
        raise AssertionError("never called")
'''

SEARCH = '''
import json, sys
from lode.service import Service
from lode.errors import LodeError
svc = Service(sys.argv[1] if len(sys.argv) > 1 else {db!r})
out = {{}}
for rerank in (True, "required", "auto", False):
    try:
        r = svc.search("stock", {root!r}, rerank=rerank, mode="lexical")
        out[str(rerank)] = {{"rank": r["rank"], "paths": [h["path"] for h in r["hits"]],
                             "scored": all("rank_score" in h for h in r["hits"])}}
    except LodeError as exc:
        out[str(rerank)] = {{"error": exc.rpc_code, "message": exc.message}}
caps = svc.capabilities()["registered"]
print(json.dumps({{"search": out, "caps": caps}}))
'''


def _ranker_project(root: Path) -> None:
    root.mkdir()
    (root / "a.md").write_text("# Stock\n\n" + "stock levels are counted per warehouse. " * 30 + "\n")
    (root / "b.md").write_text("# Stock\n\nstock.\n")


def test_ranker_plugin_ranks_and_capabilities_name_it(venv, plugin, tmp_path):
    site = plugin("lode-shortest", RANKERS, {"lode.rankers": {"shortest": "lode_shortest:Shortest"}})
    root, db = tmp_path / "ws", tmp_path / "store.db"
    _ranker_project(root)
    _index(venv, db, root, [site])
    got = venv.python_json(SEARCH.format(db=str(db), root=str(root)), [site])
    for asked in ("True", "required", "auto"):
        assert got["search"][asked]["rank"]["ranker"] == "plugin:shortest@1"
        assert got["search"][asked]["paths"][0] == "b.md" and got["search"][asked]["scored"]
    assert got["search"]["False"]["rank"]["used"] is False and not got["search"]["False"]["scored"]
    mine = [r for r in got["caps"] if not r["builtin"]]
    assert mine == [{"kind": "ranker", "name": "shortest", "version": "1", "package": "lode-shortest",
                     "package_version": "0.3.1", "builtin": False}]
    kinds = {(r["kind"], r["name"]) for r in got["caps"]}
    assert {("chunker", "code-go"), ("chunker", "markdown"), ("deriver", "derive-docx.docx"),
            ("ranker", "body")} <= kinds


def test_ranker_plugin_that_cannot_rank_refuses_required_and_answers_auto_unranked(venv, plugin, tmp_path):
    site = plugin("lode-absent", RANKERS, {"lode.rankers": {"absent": "lode_absent:Absent"}})
    root, db = tmp_path / "ws", tmp_path / "store.db"
    _ranker_project(root)
    _index(venv, db, root, [site])
    got = venv.python_json(SEARCH.format(db=str(db), root=str(root)), [site])["search"]
    for asked in ("True", "required"):
        assert got[asked]["error"] == -32070
        assert "ranker plug-in 'absent' (package lode-absent) cannot rank: no accelerator" in got[asked]["message"]
    assert got["auto"]["rank"]["used"] is False and "no accelerator" in got["auto"]["rank"]["reason"]
    assert got["auto"]["paths"] and not got["auto"]["scored"]
    run = venv.lode("search", "stock", "--rerank", db=db, path=[site])
    assert run.code == 3 and "no accelerator" in _one_line(run.err)


# --- derived documents that fail to convert ------------------------------------------

def test_corrupt_docx_after_a_good_one_keeps_the_good_chunks(venv, tmp_path):
    root, db = tmp_path / "ws", tmp_path / "store.db"
    root.mkdir()
    shutil.copy(DOCX, root / "policy.docx")
    _index(venv, db, root)
    assert _hits(venv, db, "perishable")[0]["hold"] == ""

    good = (root / "policy.docx").read_bytes()
    (root / "policy.docx").write_bytes(good[: len(good) // 3])  # truncated mid-zip
    run = _index(venv, db, root)
    assert run["held"] == 1 and run["deleted"] == 0 and run["refused"] == 0
    hit = _hits(venv, db, "perishable")[0]
    assert hit["path"] == "policy.docx" and hit["hold"] == "stale"
    st = _status(venv, db)
    assert st["held"] == 1 and not st["refused"]
    (held,) = st["held_files"]
    assert held["hold"] == "stale" and "not a readable .docx" in held["reason"] and held["retry_at"]

    # Unchanged and not due: not read again. Due: tried again, failing again doubles the wait.
    assert _index(venv, db, root)["held"] == 0
    with sqlite3.connect(db) as con:
        con.execute("UPDATE files SET retry_at = 0 WHERE path = 'policy.docx'")
    assert _index(venv, db, root)["held"] == 1
    with sqlite3.connect(db) as con:
        attempts, retry_at = con.execute("SELECT attempts, retry_at FROM files WHERE path = 'policy.docx'").fetchone()
    assert attempts == 2 and retry_at - time.time() > 100  # two minutes after one
    assert _hits(venv, db, "perishable")[0]["hold"] == "stale"

    # The good bytes back: the hold is lifted.
    (root / "policy.docx").write_bytes(good)
    run = _index(venv, db, root)
    assert run["touched"] == 1
    assert _hits(venv, db, "perishable")[0]["hold"] == ""
    assert _status(venv, db)["held"] == 0 and not _status(venv, db)["notes"]
