"""lode/config.py is the one list of what tunes lode: every environment variable the code
reads is documented there, and every numeric module constant is indexed in TUNABLES."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from lode.config import ENVIRONMENT, OTHER_ENVIRONMENT, TUNABLES

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "lode"
CONFIG = SRC / "config.py"

# Format versions: changing one changes a stored format, it does not tune anything.
NOT_TUNABLE = {("lode.chunking.derive", "DERIVE_VERSION"), ("lode.embed.compact", "FORMAT"),
               ("lode.store.fts_rows", "DERIVATION"), ("lode.languages.spec", "SHARED_CHUNKING_VERSION")}


def _sources():
    for path in sorted(SRC.rglob("*.py")):
        if path != CONFIG and "__pycache__" not in path.parts:
            yield path, path.read_text(encoding="utf-8")


def _module(path: Path) -> str:
    parts = path.relative_to(SRC.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_every_lode_variable_the_code_names_is_documented():
    named: dict[str, str] = {}
    for path, text in _sources():
        for name in re.findall(r"\bLODE_[A-Z][A-Z0-9_]*\b", text):
            named.setdefault(name, str(path.relative_to(ROOT)))
    missing = {n: where for n, where in named.items() if n not in ENVIRONMENT}
    assert not missing, f"LODE_* variables missing from lode/config.py ENVIRONMENT: {missing}"
    stale = set(ENVIRONMENT) - set(named)
    assert not stale, f"ENVIRONMENT documents variables no code reads: {sorted(stale)}"


def _environment_names(tree: ast.Module) -> set[str]:
    """Literal names in os.environ.get/[]/setdefault, os.getenv and click's envvar=."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            target = func.value if isinstance(func, ast.Attribute) else None
            is_environ = (isinstance(target, ast.Attribute) and target.attr == "environ") or (
                isinstance(func, ast.Attribute) and func.attr == "getenv")
            if is_environ and node.args and isinstance(node.args[0], ast.Constant):
                names.add(node.args[0].value)
            for kw in node.keywords:
                if kw.arg == "envvar" and isinstance(kw.value, ast.Constant):
                    names.add(kw.value.value)
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) \
                and node.value.attr == "environ" and isinstance(node.slice, ast.Constant):
            names.add(node.slice.value)
    return names


def test_every_environment_variable_read_or_set_is_documented():
    found: dict[str, str] = {}
    for path, text in _sources():
        for name in _environment_names(ast.parse(text)):
            found.setdefault(name, str(path.relative_to(ROOT)))
    assert len(found) >= 8, found   # the reader sees LODE_DB, XDG_*, EDITOR, …
    known = set(ENVIRONMENT) | set(OTHER_ENVIRONMENT)
    missing = {n: where for n, where in found.items() if n not in known}
    assert not missing, f"environment variables missing from lode/config.py: {missing}"


def _numeric(node: ast.AST) -> bool:
    if isinstance(node, ast.Constant):
        return isinstance(node.value, (int, float)) and not isinstance(node.value, bool)
    if isinstance(node, ast.UnaryOp):
        return _numeric(node.operand)
    if isinstance(node, ast.BinOp):
        return _numeric(node.left) and _numeric(node.right)
    return False


def _constants(tree: ast.Module) -> dict[str, bool]:
    """Module-level public UPPER_CASE names → whether the value is a plain number."""
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        for t in targets:
            if isinstance(t, ast.Name) and t.id.isupper() and not t.id.startswith("_"):
                out[t.id] = _numeric(value)
    return out


def test_every_numeric_constant_is_indexed_in_tunables():
    unlisted, absent = [], []
    listed = {(m, n) for m, names in TUNABLES.items() for n in names}
    for path, text in _sources():
        rel = path.relative_to(SRC).parts
        if rel[0] == "languages" and len(rel) > 2:
            continue  # a language folder's rule tables are its data, not tuning
        module = _module(path)
        for name, numeric in _constants(ast.parse(text)).items():
            if numeric and (module, name) not in listed and (module, name) not in NOT_TUNABLE:
                unlisted.append(f"{module}.{name}")
    config_constants = _constants(ast.parse(CONFIG.read_text(encoding="utf-8")))
    for module, names in TUNABLES.items():
        path = CONFIG if module == "lode.config" else None
        if path is None:
            base = SRC.parent.joinpath(*module.split("."))
            path = base.with_suffix(".py") if base.with_suffix(".py").exists() else base / "__init__.py"
        constants = config_constants if path == CONFIG else _constants(ast.parse(path.read_text(encoding="utf-8")))
        absent += [f"{module}.{n}" for n in names if n not in constants]
    assert not unlisted, f"tunable constants missing from lode/config.py TUNABLES: {unlisted}"
    assert not absent, f"TUNABLES names constants that do not exist: {absent}"
