"""Two checkouts of one project in one store (a main branch and a feature branch, each
a workspace): a look-up run inside one answers from that one, as ``lode search`` does.
Before, ``lode def billing.invoice.Invoice`` in the main checkout listed the feature
checkout's definition too (the text output does not say which workspace a line is
from), while ``lode search`` there searched the main checkout alone.

``--workspace`` names another; outside every workspace, and over JSON-RPC (a daemon
has no current folder: ``workspace`` null), every workspace answers. Through a real
daemon and through the store alone; the CLI runs as a subprocess."""

from __future__ import annotations

import json
import subprocess

import pytest
from shop_store import LODE, alone, with_daemon

INVOICE = '''\
class Invoice:
    """An invoice with its lines."""

    def total(self) -> int:
        return sum(line.amount for line in self.lines)
'''

# the feature branch moved the class down and added a function
FEATURE_INVOICE = '''\
"""Invoices, with discounts."""

DISCOUNT = 10


class Invoice:
    """An invoice with its lines and a discount."""

    def total(self) -> int:
        return sum(line.amount for line in self.lines) - DISCOUNT


def apply_discount(invoice: Invoice) -> int:
    return invoice.total()
'''

REPORT = '''\
from billing.invoice import Invoice


def monthly(invoices: list[Invoice]) -> int:
    return sum(i.total() for i in invoices)
'''


@pytest.fixture(scope="module", params=["daemon", "store"])
def checkouts(request, tmp_path_factory):
    base = tmp_path_factory.mktemp(f"checkouts-{request.param}")
    roots = {}
    for name, invoice in (("main", INVOICE), ("feature", FEATURE_INVOICE)):
        root = roots[name] = base / name
        (root / "billing").mkdir(parents=True)
        (root / "billing" / "__init__.py").write_text("")
        (root / "billing" / "invoice.py").write_text(invoice)
        (root / "billing" / "report.py").write_text(REPORT)
    daemon = None
    if request.param == "daemon":
        daemon, env = with_daemon(base)
    else:
        env = alone(base)
    for name, root in roots.items():
        r = subprocess.run([*LODE, "index", str(root), "--name", name, "--no-embed"], env=env,
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
    yield base, roots, env, daemon
    if daemon is not None:
        daemon.stop()


def lode(env, cwd, *args) -> tuple[int, dict]:
    r = subprocess.run([*LODE, *args, "--json"], env=env, cwd=cwd, capture_output=True, text=True, timeout=120)
    assert r.returncode in (0, 1), r.stdout + r.stderr
    return r.returncode, json.loads(r.stdout)


def where(items) -> set[tuple[str, str, int]]:
    return {(c["workspace"], c["path"], c["line"]) for c in items}


def test_a_lookup_inside_a_checkout_answers_from_it(checkouts):
    base, roots, env, _ = checkouts
    name = "billing.invoice.Invoice"
    for ws, line in (("main", 1), ("feature", 6)):
        _, got = lode(env, roots[ws] / "billing", "def", name, "--no-lsp")
        assert where(got["candidates"]) == {(ws, "billing/invoice.py", line)}, got
        _, refs = lode(env, roots[ws], "refs", name, "--no-lsp")
        assert refs["references"] and {r["workspace"] for r in refs["references"]} == {ws}, refs
        _, described = lode(env, roots[ws], "describe", name, "--no-lsp")
        assert {(s["workspace"], s["line"]) for s in described["symbols"]} == {(ws, line)}, described
    # a name only the feature branch defines: not found from the main checkout
    status, names = lode(env, roots["main"], "symbols", "apply_disc")
    assert status == 1 and names["names"] == []
    status, names = lode(env, roots["feature"], "symbols", "apply_disc")
    assert status == 0 and names["names"][0]["name"].endswith("apply_discount")
    # as search is scoped
    _, hits = lode(env, roots["main"], "search", "discount")
    assert {h["workspace"] for h in hits["hits"]} <= {"main"}


def test_workspace_names_another_and_outside_every_one_answers(checkouts):
    base, roots, env, daemon = checkouts
    name = "billing.invoice.Invoice"
    _, got = lode(env, roots["main"], "def", name, "--workspace", "feature", "--no-lsp")
    assert where(got["candidates"]) == {("feature", "billing/invoice.py", 6)}
    _, got = lode(env, base, "def", name, "--no-lsp")
    assert where(got["candidates"]) == {("main", "billing/invoice.py", 1), ("feature", "billing/invoice.py", 6)}
    if daemon is not None:  # the RPC: workspace null is every workspace, as for search.query
        rpc = daemon.call("symbol.definition", {"name": name})
        assert where(rpc["candidates"]) == where(got["candidates"])


def test_a_lookup_that_finds_nothing_here_names_where_it_looked(checkouts):
    base, roots, env, _ = checkouts
    name = "billing.invoice.apply_discount"  # the feature branch's
    r = subprocess.run([*LODE, "def", name, "--no-lsp"], env=env, cwd=roots["main"], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 1 and r.stdout == ""
    assert f"no definition of {name} in the index of workspace 'main'" in r.stderr, r.stderr
    assert "--workspace names another" in r.stderr
    r = subprocess.run([*LODE, "def", name, "--no-lsp", "--workspace", "feature"], env=env, cwd=roots["main"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "billing/invoice.py:13" in r.stdout, r.stdout + r.stderr
