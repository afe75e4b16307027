"""Answers an agent acts on, through ``lode mcp`` and the real MCP client:

- a search hit says where its snippet starts (``snippet_line``): in a long chunk the
  snippet is its best lines, not its first, and ``line_start`` alone sent the agent to
  the declaration's head (before, the field was dropped from the MCP answer only);
- ``list_file_symbols`` of a missing file is "no such file in workspace" (-32004), as
  ``read`` says it (before: the reader's error, -32005, naming the server's absolute
  path);
- ``index_status`` of a server with several ``--root``s lists those (before: every
  workspace of the store);
- a workspace name the store does not know is refused listing the indexed ones (before:
  the name alone, and the agent guessed again);
- ``search(code=true)`` gives each hit its lines (new: a read per hit before)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("mcp")

SETTLE = '''\
def settle_invoice(invoice, ledger):
    """Book a paid invoice."""
    total = 0
''' + "".join(f"    total += invoice.lines[{i}].amount\n" for i in range(30)) + '''\
    # a refund reverses the booking: the ledger gets a negative posting
    ledger.post(-total)
    return total
'''


@pytest.fixture(scope="module")
def projects(tmp_path_factory):
    from lode.service import Service

    base = tmp_path_factory.mktemp("answers")
    db = base / "store.db"
    with Service(str(db)) as svc:
        for name in ("billing", "ledger", "archive"):
            (base / name).mkdir()
            (base / name / "settle.py").write_text(SETTLE)
            svc.add_workspace(str(base / name))
            svc.index(str(base / name), embed=False)
    return base, db


def test_hits_locations_outline_errors_and_status(projects, mcp_answers):
    base, db = projects
    args = ["-c", "from lode.cli import main; main()", "mcp", "--no-watch", "--db", str(db),
            "--root", str(base / "billing"), "--root", str(base / "ledger")]
    r = mcp_answers(args, {
        "search": ("search", {"query": "refund reverses the booking negative posting", "mode": "lexical",
                              "workspace": "billing"}),
        "outline": ("list_file_symbols", {"path": "nothere.py", "workspace": "billing"}),
        "status": ("index_status", {}),
        "definition": ("find_definition", {"name": "settle.settle_invoice"}),
        "guessed": ("find_definition", {"name": "settle.settle_invoice", "workspace": "payments"}),
        "with_code": ("search", {"query": "refund reverses the booking negative posting", "mode": "lexical",
                                 "workspace": "ledger", "code": True, "limit": 1}),
    })
    hit = json.loads(r["search"][1])["hits"][0]
    assert hit["path"] == "settle.py" and hit["line_start"] == 1
    refund = SETTLE.split("\n").index("    # a refund reverses the booking: the ledger gets a negative posting") + 1
    assert hit["line_start"] < hit["snippet_line"] <= refund
    first = SETTLE.split("\n")[hit["snippet_line"] - 1]
    assert hit["snippet"].split("\n")[0].strip() in first
    is_error, text = r["outline"]
    assert is_error and "no such file in workspace 'billing': nothere.py" in text and "-32004" in text
    assert str(base) not in text
    assert sorted(w["name"] for w in json.loads(r["status"][1])["workspaces"]) == ["billing", "ledger"]
    # code=true: each hit with its lines, to act on without a read per hit
    coded = json.loads(r["with_code"][1])["hits"][0]
    lines = SETTLE.split("\n")
    assert coded["code"] == "\n".join(lines[coded["line_start"] - 1:coded["line_end"]]) + "\n"
    assert coded["code"].startswith("def settle_invoice") and "code_cut" not in coded
    assert "code" not in hit  # only when asked
    # a workspace name the store does not know: the error lists those it could have used
    is_error, text = r["guessed"]
    assert is_error and "no workspace 'payments'" in text and "indexed workspaces: archive, billing, ledger" in text
    # two projects: each record says which it is from
    assert sorted(c["workspace"] for c in json.loads(r["definition"][1])["candidates"]) == ["billing", "ledger"]
