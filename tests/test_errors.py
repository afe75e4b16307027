"""One vocabulary for errors: every code lives in lode/errors.py, maps back to its class,
and is documented in docs/daemon.md."""

from __future__ import annotations

import ast
import inspect
import re
from pathlib import Path

from lode import errors
from lode.errors import BY_CODE, LodeError, exit_code_for

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "lode"


def _error_classes() -> list[type[LodeError]]:
    return [c for _, c in inspect.getmembers(errors, inspect.isclass)
            if issubclass(c, LodeError) and c.__module__ == errors.__name__]


def test_every_class_with_its_own_code_is_in_the_table():
    for cls in _error_classes():
        if "rpc_code" in cls.__dict__:
            assert BY_CODE[cls.rpc_code] is cls, cls


def test_codes_are_unique():
    owners: dict[int, str] = {}
    for cls in _error_classes():
        code = cls.__dict__.get("rpc_code")
        if code is not None:
            assert code not in owners, f"{cls.__name__} and {owners[code]} share {code}"
            owners[code] = cls.__name__


def test_exit_codes_follow_the_class_behind_the_code():
    assert exit_code_for(-32602) == 2     # invalid params
    assert exit_code_for(-32070) == 3     # rerank required
    assert exit_code_for(-32004) == 1     # not found
    assert exit_code_for(-31999) == 1     # a code lode does not know
    assert errors.RemoteError(-32602, "bad 'limit'").exit_code == 2
    assert errors.RemoteFailed(-32070, "no ranker", None).exit_code == 3


def test_old_import_paths_still_name_the_same_classes():
    from lode.cli.remote import RemoteFailed
    from lode.embed.models import ModelUnavailable
    from lode.plugins.registry import PluginError
    from lode.rpc.bounds import Cancelled, ReplyTooLarge, RequestTimeout
    from lode.rpc.client import NoDaemon, RemoteError
    from lode.rpc.protocol import InternalError, InvalidRequest, MethodNotFound, ParseError
    from lode.rpc.server import DaemonRunning
    from lode.store.sqlite import StoreError
    from lode.workspace.indexer import IndexFailed

    for cls in (RemoteFailed, ModelUnavailable, Cancelled, ReplyTooLarge, RequestTimeout,
                NoDaemon, RemoteError, InternalError, InvalidRequest, MethodNotFound,
                ParseError, DaemonRunning, StoreError, IndexFailed, PluginError):
        assert getattr(errors, cls.__name__) is cls


def test_no_module_but_errors_gives_a_class_a_code():
    """A class body assigning ``rpc_code`` or ``exit_code`` outside lode/errors.py is a
    second vocabulary (the per-instance codes of RemoteError are set in errors.py)."""
    offenders = []
    for path in SRC.rglob("*.py"):
        if path == SRC / "errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                for stmt in node.body:
                    targets = stmt.targets if isinstance(stmt, ast.Assign) else (
                        [stmt.target] if isinstance(stmt, ast.AnnAssign) else [])
                    if any(isinstance(t, ast.Name) and t.id in ("rpc_code", "exit_code")
                           for t in targets):
                        offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.name}")
    assert not offenders, offenders


def test_daemon_docs_list_every_code():
    text = (ROOT / "docs" / "daemon.md").read_text(encoding="utf-8")
    documented = {int(m) for m in re.findall(r"^\|\s*(-32\d{3})\s*\|", text, re.M)}
    assert set(BY_CODE) - documented == set(), "codes missing from docs/daemon.md's error table"
    assert documented - set(BY_CODE) == set(), "docs/daemon.md documents codes lode never sends"
