"""Which real language servers lode can hand a question to, as data, and how they are
found: on ``PATH`` (plus the folders in ``$LODE_LSP_PATH``, e.g. a project-local
``node_modules/.bin``), in the order below (the first one found per language wins).

``$LODE_LSP`` narrows the choice: ``off`` (or ``0``/``none``) disables hand-off, a
comma-separated list of server names allows only those. ``$LODE_LSP_TIMEOUT`` is the
seconds one hand-off may take, a server's start included (default
:data:`DEFAULT_TIMEOUT`); past it the index answers.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from typing import Callable

DEFAULT_TIMEOUT = 5.0


@dataclass(frozen=True)
class ServerSpec:
    name: str
    command: tuple[str, ...]
    languages: tuple[str, ...]
    # answers to the server's workspace/configuration requests, by section, for a root
    settings: Callable[[str], dict] | None = None


def _pyright_settings(root: str) -> dict:
    """A src layout's packages import from src/ (an sdist that is not installed)."""
    extra = ["src"] if os.path.isdir(os.path.join(root, "src")) else []
    return {"python.analysis": {"extraPaths": extra}, "python": {"analysis": {"extraPaths": extra}}}


SERVERS: tuple[ServerSpec, ...] = (
    ServerSpec("pyright", ("pyright-langserver", "--stdio"), ("python",), _pyright_settings),
    ServerSpec("basedpyright", ("basedpyright-langserver", "--stdio"), ("python",), _pyright_settings),
    ServerSpec("jedi-language-server", ("jedi-language-server",), ("python",)),
    ServerSpec("gopls", ("gopls",), ("go",)),
    ServerSpec("typescript-language-server", ("typescript-language-server", "--stdio"),
               ("typescript", "tsx", "javascript")),
    ServerSpec("rust-analyzer", ("rust-analyzer",), ("rust",)),
    ServerSpec("zls", ("zls",), ("zig",)),
)

# LSP language identifiers for textDocument/didOpen
LANGUAGE_IDS = {"python": "python", "go": "go", "typescript": "typescript", "tsx": "typescriptreact",
                "javascript": "javascript", "rust": "rust", "zig": "zig"}


def search_path() -> str:
    extra = os.environ.get("LODE_LSP_PATH", "")
    return os.pathsep.join(p for p in (extra, os.environ.get("PATH", "")) if p)


def allowed() -> set[str] | None:
    """Server names allowed by ``$LODE_LSP`` (None: any; empty: hand-off is off)."""
    value = os.environ.get("LODE_LSP", "").strip()
    if not value:
        return None
    if value.lower() in ("off", "0", "none", "false", "no"):
        return set()
    return {v.strip() for v in value.split(",") if v.strip()}


def timeout() -> float:
    try:
        return max(0.1, float(os.environ.get("LODE_LSP_TIMEOUT", DEFAULT_TIMEOUT)))
    except ValueError:
        return DEFAULT_TIMEOUT


def server_for(language: str) -> tuple[ServerSpec, str] | None:
    """The server for a language and its executable's path, or None."""
    names = allowed()
    if names is not None and not names:
        return None
    path = search_path()
    for spec in SERVERS:
        if language not in spec.languages or (names is not None and spec.name not in names):
            continue
        exe = shutil.which(spec.command[0], path=path)
        if exe:
            return spec, exe
    return None
