"""What ``lode mcp`` tells an agent when an answer is empty or may be incomplete: the
reason, not a bare empty list (the agent would retry, or conclude the code is absent)."""

from __future__ import annotations

import asyncio
import json
import os
import sys

import pytest

pytest.importorskip("mcp")

PYTHON = {
    "billing/__init__.py": "",
    "billing/invoice.py": '''\
class Invoice:
    """An invoice with its lines."""

    def total(self) -> int:
        return sum(line.amount for line in self.lines)
''',
}


def text_of(result) -> str:
    return "".join(getattr(c, "text", "") for c in result.content)


def write(root, files):
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    return root


def serve(db, root, calls, *extra):
    from mcp import Client, StdioServerParameters

    args = ["-c", "from lode.cli import main; main()", "mcp", "--db", str(db), "--root", str(root), *extra]

    async def scenario():
        async with Client(StdioServerParameters(command=sys.executable, args=args, env=dict(os.environ))) as c:
            return [await c.call_tool(tool, a) for tool, a in calls]

    return [json.loads(text_of(r)) for r in asyncio.run(scenario())]


def indexed(tmp_path, files):
    from lode.service import Service

    root = write(tmp_path / "proj", files)
    db = tmp_path / "store.db"
    with Service(str(db)) as svc:
        svc.add_workspace(str(root))
        svc.index(str(root), embed=False)
    return db, root


def test_a_defined_name_with_nothing_found_says_it_is_defined(tmp_path):
    db, root = indexed(tmp_path, PYTHON)
    impls, refs = serve(db, root, [
        ("find_implementations", {"name": "billing.invoice.Invoice"}),
        ("find_references", {"name": "Invoice.total"}),
    ], "--no-watch")
    assert impls["implementations"] == [] and "defined at billing/invoice.py:1" in impls["note"]
    assert "search_symbols" not in impls["note"]  # the name was right
    assert refs["references"] == [] and "defined at billing/invoice.py:4" in refs["note"]


def test_the_first_call_waits_for_the_first_index_of_a_new_project(tmp_path):
    """`lode mcp --root` on a project never indexed: the agent's first call comes while
    the index runs; it is answered once the run is done, not with an empty list."""
    files = dict(PYTHON)
    for i in range(400):  # enough files that the run outlasts the server's start
        files[f"billing/rules/rule_{i:03d}.py"] = (f'def rule_{i:03d}(invoice):\n    """Rule {i} of the '
                                                   f'ledger."""\n    return invoice.total() > {i}\n')
    root = write(tmp_path / "proj", files)
    first, definition = serve(tmp_path / "fresh.db", root, [
        ("search", {"query": "rule_399", "mode": "lexical"}),
        ("find_definition", {"name": "rules.rule_007.rule_007"}),
    ])
    assert [h["path"] for h in first["hits"]][:1] == ["billing/rules/rule_399.py"], first
    # the server makes the vectors itself: the agent is not told to run an index command
    assert "lode index" not in json.dumps(first)
    assert [c["path"] for c in definition["candidates"]] == ["billing/rules/rule_007.py"]
