"""An empty references or implementations answer says where the name is defined, and
that definition is the one the look-up started from: the service returns it with the
empty answer (``definition``), read from the look-up's own index, where the MCP server
used to look the name up a second time for its note. Real store, the MCP tools over a
real Session; a counter around the index's definition ranking (the real one runs)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("mcp")

from lode.mcp.server import Tools  # noqa: E402
from lode.session import Session  # noqa: E402
from lode.service import Service  # noqa: E402
from lode.symbols.index import SymbolIndex  # noqa: E402

FILES = {
    "billing/__init__.py": "",
    "billing/invoice.py": 'class Invoice:\n    """An invoice."""\n\n    def total(self) -> int:\n        return 0\n',
    "billing/report.py": "from billing.invoice import Invoice\n\n\ndef report(i: Invoice) -> int:\n    return 1\n",
}


@pytest.fixture
def store(tmp_path):
    root = tmp_path / "proj"
    for rel, text in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    db = str(tmp_path / "store.db")
    with Service(db) as svc:
        svc.add_workspace(str(root))
        svc.index(str(root), embed=False)
    return db


@pytest.fixture
def ranked(monkeypatch):
    """The names whose definitions were ranked, one entry per ranking done."""
    seen: list[str] = []
    real = SymbolIndex._definitions

    def counted(self, q, inherit):
        seen.append(q)
        return real(self, q, inherit)

    monkeypatch.setattr(SymbolIndex, "_definitions", counted)
    return seen


@pytest.mark.parametrize("op, key, name, line", [
    ("references", "references", "billing.invoice.Invoice.total", 4),
    ("implementations", "implementations", "billing.invoice.Invoice", 1),
])
def test_the_empty_answers_note_comes_from_the_one_look_up(store, ranked, op, key, name, line):
    ctx = Session(store)
    answer = json.loads(Tools(ctx, scope=("proj",)).lookup(op, key, {"name": name, "workspace": "proj"}))
    assert answer[key] == [] and f"defined at billing/invoice.py:{line}" in answer["note"]
    assert "definition" not in answer  # the agent's answer as before: the note says it
    assert ranked.count(name) == 1, ranked  # not looked up again for the note
    # the service's own answer carries it, for every interface
    served = ctx.lookup(op, name, "proj")
    assert served["definition"]["path"] == "billing/invoice.py" and served["definition"]["line"] == line


def test_a_used_name_carries_no_definition(store):
    served = Session(store).lookup("references", "billing.invoice.Invoice", "proj")
    assert [r["path"] for r in served["references"]] == ["billing/report.py"]
    assert "definition" not in served
