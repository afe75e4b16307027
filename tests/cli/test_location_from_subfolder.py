"""A location given as the name (``lode def mod.py:LINE``) typed in a subfolder of the
workspace means the file a shell user sees from there, as ``lode search --path`` reads a
path; a path no file answers to from there is read from the workspace root, as before,
so a hit's root-relative path still works anywhere inside. Before, the path was always
read from the root: in ``billing/``, ``invoice.py:4`` named the root's invoice.py.

Through a real daemon and through the store alone; the CLI runs as a subprocess."""

from __future__ import annotations

import json
import subprocess

import pytest
from shop_store import LODE, alone, with_daemon

ROOT_INVOICE = '''\
"""The old invoice module, kept for imports."""


def legacy_total(lines) -> int:
    return sum(lines)
'''

BILLING_INVOICE = '''\
"""Invoices."""


def invoice_total(lines) -> int:
    return sum(line.amount for line in lines)
'''


@pytest.fixture(scope="module", params=["daemon", "store"])
def project(request, tmp_path_factory):
    base = tmp_path_factory.mktemp(f"location-{request.param}")
    root = base / "proj"
    (root / "billing").mkdir(parents=True)
    (root / "invoice.py").write_text(ROOT_INVOICE)
    (root / "billing" / "__init__.py").write_text("")
    (root / "billing" / "invoice.py").write_text(BILLING_INVOICE)
    daemon = None
    if request.param == "daemon":
        daemon, env = with_daemon(base)
    else:
        env = alone(base)
    r = subprocess.run([*LODE, "index", str(root), "--no-embed"], env=env, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    yield root, env
    if daemon is not None:
        daemon.stop()


def defined(env, cwd, name: str) -> set[tuple[str, int]]:
    r = subprocess.run([*LODE, "def", name, "--json"], env=env, cwd=cwd, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode in (0, 1), r.stdout + r.stderr
    return {(c["path"], c["line"]) for c in json.loads(r.stdout)["candidates"]}


def test_a_path_typed_in_a_subfolder_names_the_file_there(project):
    root, env = project
    assert defined(env, root / "billing", "invoice.py:4") == {("billing/invoice.py", 4)}
    assert defined(env, root / "billing", "./invoice.py:5") == {("billing/invoice.py", 4)}
    assert defined(env, root / "billing", "../invoice.py:4") == {("invoice.py", 4)}


def test_a_path_no_file_answers_to_here_is_read_from_the_root(project):
    root, env = project
    assert defined(env, root / "billing", "billing/invoice.py:4") == {("billing/invoice.py", 4)}
    assert defined(env, root, "billing/invoice.py:4") == {("billing/invoice.py", 4)}
    assert defined(env, root, "invoice.py:4") == {("invoice.py", 4)}
