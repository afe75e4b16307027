"""The import contract, read from the source with ``ast``.

Rules (docs/architecture.md explains them):

1. Interfaces (cli, rpc, mcp, lsp, tui) call the service: they import ``lode.service``,
   the shared vocabularies (``lode.errors``, ``lode.config``, ``lode.records``, the
   package's ``__version__``) and their own package — not the pipeline below it. The CLI
   may start the other interfaces, and the TUI is a client of the daemon (``rpc.client``).
   They never touch the service's store (``.store``, ``.db``) or a database driver.
2. Nothing below the interfaces imports an interface.
3. Only ``lode/languages/treesitter.py`` imports ``tree_sitter``; grammar packages
   (``tree_sitter_<lang>``) are imported under ``lode/languages/`` only.
4. SQL is written under ``lode/store/`` only.
5. Per-language knowledge lives under ``lode/languages/``.
6. The store is the bottom layer: it imports the shared vocabularies and itself only.
7. The language folders are data the pipeline reads: ``lode/languages/`` imports the
   shared vocabularies and itself only (a resolver works on the symbol code's state
   through its methods), so the symbol code and the resolvers never import each other.

The code keeps them all: the lists of known debts below are empty. A break that truly
must stay is listed there with its reason, so the test fails on any new break and when a
listed debt is paid until its entry is removed. Counted rules (SQL, per-language) hold a
ceiling per file.
"""

from __future__ import annotations

import ast
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src" / "lode"

INTERFACES = ("cli", "rpc", "mcp", "lsp", "tui")
# lode.workspace.roots: which workspace holds a path, a pure function over roots (os
# only); the CLI asks it over a daemon's workspace list without loading the service.
# lode.locations: a name given as path:LINE (re only), read by the service and by the
# CLI, which resolves its path from the current folder before asking a daemon
# lode.atomic: a file written beside its target and renamed (os only), for the caches the
# store, the search and the embedding layers keep in files
VOCABULARY = {"lode", "lode.service", "lode.errors", "lode.config", "lode.records", "lode.workspace.roots",
              "lode.locations", "lode.jsontext", "lode.tuples", "lode.atomic"}
# Interface → interface imports that are the design, not a break.
INTERFACE_USES = {
    "cli": set(INTERFACES),          # `lode serve`, `lode mcp`, `lode lsp`, `lode tui` start them
    "tui": {"tui", "rpc.client"},    # the TUI is a daemon client
}

# --- known debts (issue 14) --------------------------------------------------------------

# Rule 1. (importing file, imported module).
INTERFACE_DEBTS: set = set()

# Rule 2. (importing file, imported interface module).
UPWARD_DEBTS: set = set()

# Rule 6. (importing file, imported module).
STORE_DEBTS: set = set()

# Rule 4. file → SQL literals in it. "SQL is spread over store/, symbols/index.py,
# symbols/api.py, embed/vectors.py, search/lexical.py, search/semantic.py,
# search/engine.py"
SQL_DEBTS: Counter = Counter()

# Rule 5. file → per-language rules in it. "Per-language rules live outside
# languages/: symbols/resolvers/*.py, symbols/layout.py (go.mod, Cargo.toml), Go and
# Python rules inside symbols/index.py, Go spec groups in chunking/code.py."
LANGUAGE_DEBTS = Counter({
})


# --- reading the source -------------------------------------------------------------------

def _files() -> list[Path]:
    return sorted(p for p in SRC.rglob("*.py") if "__pycache__" not in p.parts)


def _rel(path: Path) -> str:
    return path.relative_to(SRC).as_posix()


@lru_cache(maxsize=None)
def _tree(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _is_module(dotted: str) -> bool:
    parts = dotted.split(".")[1:]
    base = SRC.joinpath(*parts) if parts else SRC
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _type_only(tree: ast.Module) -> set[int]:
    """Import statements under ``if TYPE_CHECKING:`` (annotations only, never run)."""
    skip = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", getattr(node.test, "attr", "")) == "TYPE_CHECKING":
            skip.update(id(n) for stmt in node.body for n in ast.walk(stmt))
    return skip


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports (at any depth, function-local ones too, not those
    under ``if TYPE_CHECKING:``), absolute. ``from pkg import name`` counts as
    ``pkg.name`` when that is a module."""
    package = ["lode", *path.relative_to(SRC).parts[:-1]]
    found: set[str] = set()
    skip = _type_only(_tree(path))
    for node in ast.walk(_tree(path)):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.add(module)
            for alias in node.names:
                if _is_module(f"{module}.{alias.name}") and module.startswith("lode"):
                    found.add(f"{module}.{alias.name}")
    return found


def _lode_imports(path: Path) -> set[str]:
    """The lode modules ``path`` imports, most specific only (``lode.symbols`` is dropped
    when the same statement named ``lode.symbols.api``, unless imported on its own)."""
    mods = {m for m in _imports(path) if m == "lode" or m.startswith("lode.")}
    explicit = set()
    package = ["lode", *path.relative_to(SRC).parts[:-1]]
    skip = _type_only(_tree(path))
    for node in ast.walk(_tree(path)):
        if id(node) in skip:
            continue
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else [])) if node.level else node.module
            names = [a.name for a in node.names]
            if any(not _is_module(f"{module}.{n}") for n in names):
                explicit.add(module)  # something other than submodules is taken from it
        elif isinstance(node, ast.Import):
            explicit.update(a.name for a in node.names)
    return {m for m in mods if m in explicit or not any(o.startswith(m + ".") for o in mods)}


def _interface_of(rel: str) -> str | None:
    top = rel.split("/")[0]
    return top if top in INTERFACES else None


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def _ratchet(found: Counter, allowed: Counter, what: str) -> None:
    """Each count is a ceiling: more fails (a new break), a file that no longer breaks
    the rule fails until its entry is removed. A lower count passes — several people
    edit these files at once — so lower the ceiling when you pay part of a debt."""
    new = {f: n for f, n in found.items() if n > allowed.get(f, 0)}
    paid = sorted(f for f in allowed if not found.get(f))
    assert not new, (f"new {what} (count per file; move it where it belongs, or — if it "
                     f"truly must stay — list it as a debt): {new}")
    assert not paid, f"{what} debts paid: remove these entries: {paid}"


# --- the rules ----------------------------------------------------------------------------

def test_interfaces_call_the_service_not_the_pipeline():
    found = set()
    for path in _files():
        rel = _rel(path)
        iface = _interface_of(rel)
        if iface is None:
            continue
        allowed = {f"lode.{i}" for i in INTERFACE_USES.get(iface, {iface})}
        for module in _lode_imports(path):
            if module in VOCABULARY:
                continue
            if any(module == a or module.startswith(a + ".") for a in allowed):
                continue
            found.add((rel, module))
    assert not found - INTERFACE_DEBTS, f"interface imports past the service: {sorted(found - INTERFACE_DEBTS)}"
    assert not INTERFACE_DEBTS - found, f"debts paid, remove them: {sorted(INTERFACE_DEBTS - found)}"


# Rule 1 for the store: an interface asks the service, never the service's store object
# or its connection (``service.store``, ``store.db``), and imports no database driver —
# a request's deadline, for one, is the service's ``stop_when``, not SQLite's handler.
_DRIVERS = {"sqlite3", "psycopg", "psycopg_pool"}


def test_interfaces_never_reach_the_store_or_a_database_driver():
    found = set()
    for path in _files():
        rel = _rel(path)
        if _interface_of(rel) is None:
            continue
        found.update((rel, node.lineno, f".{node.attr}") for node in ast.walk(_tree(path))
                     if isinstance(node, ast.Attribute) and node.attr in ("store", "db"))
        found.update((rel, 0, m) for m in _imports(path) if m.split(".")[0] in _DRIVERS)
    assert not found, f"interfaces reaching the store or a driver past the service: {sorted(found)}"


def test_nothing_below_the_interfaces_imports_one():
    found = set()
    for path in _files():
        rel = _rel(path)
        if _interface_of(rel) is not None or rel in ("__main__.py",):
            continue
        found.update((rel, m) for m in _lode_imports(path) if _layer(m) in INTERFACES)
    assert not found - UPWARD_DEBTS, f"upward imports: {sorted(found - UPWARD_DEBTS)}"
    assert not UPWARD_DEBTS - found, f"debts paid, remove them: {sorted(UPWARD_DEBTS - found)}"


def test_the_language_folders_import_nothing_above_them():
    found = set()
    for path in _files():
        rel = _rel(path)
        if rel.startswith("languages/"):
            found.update((rel, m) for m in _lode_imports(path)
                         if m not in VOCABULARY and not m.startswith("lode.languages"))
    assert not found, f"languages/ imports the code that reads it: {sorted(found)}"


def test_the_store_is_the_bottom_layer():
    found = set()
    for path in _files():
        rel = _rel(path)
        if rel.startswith("store/"):
            found.update((rel, m) for m in _lode_imports(path)
                         if m not in VOCABULARY and not m.startswith("lode.store"))
    assert not found - STORE_DEBTS, f"the store imports layers above it: {sorted(found - STORE_DEBTS)}"
    assert not STORE_DEBTS - found, f"debts paid, remove them: {sorted(STORE_DEBTS - found)}"


def test_only_the_adapter_imports_tree_sitter():
    breaks = []
    for path in _files():
        rel = _rel(path)
        for module in _imports(path):
            top = module.split(".")[0]
            if top == "tree_sitter" and rel != "languages/treesitter.py":
                breaks.append((rel, module))
            elif top.startswith("tree_sitter_") and not rel.startswith("languages/"):
                breaks.append((rel, module))
    assert not breaks, breaks


# SQL: a statement, a clause opening a statement's tail, or a predicate with a `?`
# parameter. Upper-case keywords, as all of lode's SQL is written; docstrings skipped.
_SQL = re.compile(
    r"^\s*(SELECT\b[\s\S]*\bFROM\b|SELECT\s+(COUNT|MAX|MIN|1\b|\w+\()|INSERT\s+(OR\s+[A-Z]+\s+)?INTO\b"
    r"|REPLACE\s+INTO\b|UPDATE\s+\w+\s+SET\b|DELETE\s+FROM\b"
    r"|CREATE\s+(VIRTUAL\s+|UNIQUE\s+|TEMP\s+|TEMPORARY\s+)?(TABLE|INDEX|TRIGGER|VIEW)\b"
    r"|DROP\s+(TABLE|INDEX|TRIGGER|VIEW)\b|ALTER\s+TABLE\b|PRAGMA\s+\w"
    r"|WITH\s+(RECURSIVE\s+)?\w+(\([^)]*\))?\s+AS\s*\(|(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|VACUUM|ANALYZE)\b"
    r"|(WHERE|JOIN|LEFT\s+JOIN|ORDER\s+BY|GROUP\s+BY)\s+[\w(]"
    r")|\b\w+\.\w+\s*(=|<=?|>=?|!=|LIKE|GLOB|IN)\s*\(?\?")


def _strings(tree: ast.Module):
    """Each string literal's text, once (an f-string's parts joined, ``{…}`` as ``x``),
    docstrings left out."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            if node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant):
                skip.add(id(node.body[0].value))
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            yield node, node.value
        elif isinstance(node, ast.JoinedStr):
            yield node, "".join(v.value if isinstance(v, ast.Constant) else "x" for v in node.values)


def _sql_counts() -> Counter:
    found = Counter()
    for path in _files():
        rel = _rel(path)
        if rel.startswith("store/"):
            continue
        n = sum(1 for _, text in _strings(_tree(path)) if _SQL.search(text))
        if n:
            found[rel] = n
    return found


def test_sql_lives_in_the_store():
    _ratchet(_sql_counts(), SQL_DEBTS, "SQL outside store/")


def test_the_sql_detector_sees_sql_and_not_prose():
    for sql in ("SELECT id FROM files WHERE path = ?", "INSERT OR REPLACE INTO t VALUES (?)",
                "(f.path = ? OR f.path LIKE ? ESCAPE '\\')", "PRAGMA data_version",
                "CREATE VIRTUAL TABLE fts USING fts5(body)", " JOIN files f ON f.id = c.file_id"):
        assert _SQL.search(sql), sql
    for prose in ("select the best hit from the list", "Where is pkg.Type defined?",
                  "(a OR (b AND c))", "config.json", "x == y"):
        assert not _SQL.search(prose), prose


@lru_cache(maxsize=1)
def _language_facts() -> tuple[frozenset, frozenset]:
    """Language names and code extensions, from the registry (the language folders)."""
    from lode.languages import LANGUAGES

    return (frozenset(s.name for s in LANGUAGES),
            frozenset(e for s in LANGUAGES for e in s.extensions))


# Files that say which language a project is written in.
_MANIFESTS = frozenset({
    "go.mod", "go.work", "Cargo.toml", "package.json", "tsconfig.json", "__init__.py", "__init__",
    "__all__", "pyproject.toml", "setup.py", "setup.cfg", "mod.rs", "lib.rs", "main.rs",
    "build.zig", "build.zig.zon", "dune-project", "Package.swift", "mix.exs", "pubspec.yaml",
    "Project.toml", "build.gradle", "pom.xml", "build.sbt",
})
# A grammar's node type (`const_spec`, `import_from_statement`, `scoped_type_identifier`).
_NODE_TYPE = re.compile(r"^[a-z]+(_[a-z]+)*_(declaration|spec|statement|item|definition|expression"
                        r"|declarator|clause|identifier)$")


def _language_rules(path: Path) -> int:
    names, exts = _language_facts()
    tree = _tree(path)
    n = 1 if path.stem in names else 0   # a module named after a language (resolvers/go.py)

    def consts(node):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value]
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
        return []

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):   # language == "go", lang in ("tsx", "typescript")
            n += any(c in names for side in (node.left, *node.comparators) for c in consts(side))
        elif isinstance(node, ast.Dict):    # {"python": …, "go": …}
            n += any(isinstance(k, ast.Constant) and k.value in names for k in node.keys)
    for _, text in _strings(tree):
        if text in exts or text in _MANIFESTS or _NODE_TYPE.match(text):
            n += 1
        elif re.search(r"language\s*(=|IN)\s*\(?'", text):   # SQL filtering on one language
            n += 1
    return n


def test_per_language_rules_live_in_languages():
    found = Counter()
    for path in _files():
        rel = _rel(path)
        if rel.startswith("languages/"):
            continue
        n = _language_rules(path)
        if n:
            found[rel] = n
    _ratchet(found, LANGUAGE_DEBTS, "per-language rules outside languages/")


# "13 references to a "SPEC §" document that is not in the repo"
STALE_SPEC_DEBTS: set = set()


def test_no_references_to_a_document_not_in_the_repo():
    found = set()
    for folder in ("src", "tests", "docs", "bench"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".md") and "SPEC §" in path.read_text(encoding="utf-8", errors="replace"):
                found.add(path.relative_to(ROOT).as_posix())
    found.discard("tests/test_architecture.py")
    assert not found - STALE_SPEC_DEBTS, f"'SPEC §' names a document that is not in the repo: {sorted(found - STALE_SPEC_DEBTS)}"
    assert not STALE_SPEC_DEBTS - found, f"debts paid, remove them: {sorted(STALE_SPEC_DEBTS - found)}"
