"""How the real language servers lode can hand a question to are found. Which server
serves which language is data in the language folders (``LanguageSpec.servers``, in
order of preference); a server is found on ``PATH`` (plus the folders in
``$LODE_LSP_PATH``, e.g. a project-local ``node_modules/.bin``), the first one found per
language wins.

``$LODE_LSP`` narrows the choice: ``off`` (or ``0``/``none``) disables hand-off, a
comma-separated list of server names allows only those. ``$LODE_LSP_TIMEOUT`` is the
seconds one hand-off may take, a server's start included (default
:data:`DEFAULT_TIMEOUT`); past it the index answers.
"""

from __future__ import annotations

import os
import shutil

from ..config import language_servers_allowed
from ..languages import LANGUAGES, language_named
from ..languages.spec import LanguageServer

DEFAULT_TIMEOUT = 5.0


def _all_servers() -> tuple[LanguageServer, ...]:
    """Every server some language names, once each, in the registry's order."""
    seen: dict[str, LanguageServer] = {}
    for spec in LANGUAGES:
        for server in spec.servers:
            seen.setdefault(server.name, server)
    return tuple(seen.values())


SERVERS: tuple[LanguageServer, ...] = _all_servers()


def language_id(language: str) -> str:
    """The LSP language identifier of a lode language (textDocument/didOpen)."""
    spec = language_named(language)
    return (spec.lsp_id if spec is not None else None) or language


def search_path() -> str:
    extra = os.environ.get("LODE_LSP_PATH", "")
    return os.pathsep.join(p for p in (extra, os.environ.get("PATH", "")) if p)


def allowed() -> set[str] | None:
    """Server names allowed by ``$LODE_LSP`` (None: any; empty: hand-off is off)."""
    return language_servers_allowed()


def timeout() -> float:
    try:
        return max(0.1, float(os.environ.get("LODE_LSP_TIMEOUT", DEFAULT_TIMEOUT)))
    except ValueError:
        return DEFAULT_TIMEOUT


def server_for(language: str) -> tuple[LanguageServer, str] | None:
    """The server for a language and its executable's path, or None."""
    names = allowed()
    if names is not None and not names:
        return None
    spec = language_named(language)
    path = search_path()
    for server in spec.servers if spec is not None else ():
        if names is not None and server.name not in names:
            continue
        exe = shutil.which(server.command[0], path=path)
        if exe:
            return server, exe
    return None


def any_server() -> bool:
    """Whether a hand-off can happen at all: not with ``LODE_LSP=off``, nor when no
    allowed server's executable is found."""
    names = allowed()
    if names is not None and not names:
        return False
    path = search_path()
    return any(shutil.which(s.command[0], path=path) for s in SERVERS
               if names is None or s.name in names)
