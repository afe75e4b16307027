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

from ..config import language_servers_allowed
from ..languages import language_named

TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..languages.spec import LanguageServer

DEFAULT_TIMEOUT = 5.0


def _all_servers() -> tuple[LanguageServer, ...]:
    """Every server some language names, once each, in the registry's order."""
    from ..languages import LANGUAGES

    seen: dict[str, LanguageServer] = {}
    for spec in LANGUAGES:
        for server in spec.servers:
            seen.setdefault(server.name, server)
    return tuple(seen.values())


def __getattr__(name: str):
    # SERVERS needs every language's spec: made for any_server, not for the server of
    # one language (a look-up's hand-off), which loads that language's alone
    if name == "SERVERS":
        servers = globals()["SERVERS"] = _all_servers()
        return servers
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _every_server() -> tuple[LanguageServer, ...]:
    return globals().get("SERVERS") or __getattr__("SERVERS")


def _which(command: str, path: str) -> str | None:
    """``shutil.which(command, path=path)`` on POSIX, without importing shutil (fnmatch,
    bz2, lzma behind it: ~4 M instructions of a look-up): the first executable file
    named ``command`` in ``path``'s folders, or ``command`` itself when it names a file."""
    if os.name != "posix":
        import shutil

        return shutil.which(command, path=path)

    def runnable(file: str) -> bool:
        return os.path.exists(file) and os.access(file, os.F_OK | os.X_OK) and not os.path.isdir(file)

    if os.path.dirname(command):
        return command if runnable(command) else None
    if not path:
        return None
    seen = set()
    for folder in path.split(os.pathsep):
        if folder not in seen:
            seen.add(folder)
            file = os.path.join(folder, command)
            if runnable(file):
                return file
    return None


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
        exe = _which(server.command[0], path=path)
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
    return any(_which(s.command[0], path=path) for s in _every_server()
               if names is None or s.name in names)
