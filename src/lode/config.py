"""Typed configuration, and the one list of what can be tuned.

Values travel as arguments; there are no module globals to mutate. This module is also
the index of everything that changes lode's behaviour from outside the code: every
environment variable lode reads (:data:`ENVIRONMENT`, :data:`OTHER_ENVIRONMENT`) and
where each tunable constant lives (:data:`TUNABLES`). tests/test_config.py checks that
every ``LODE_*`` name the code reads is here, and every numeric module constant is
listed in :data:`TUNABLES`.
"""

from __future__ import annotations

import os
from collections import namedtuple

TYPE_CHECKING = False  # the names below are for annotations only (typing itself is ~3 ms)
if TYPE_CHECKING:
    from pathlib import Path

# Neither dataclasses nor pathlib is imported here (pathlib only when a Path is made):
# a CLI command that asks the daemon imports this module for the store's and socket's
# paths, and the two were ~10 ms of its ~40.

MAX_TEXT_BYTES = 16 * 1024 * 1024  # larger files are refused, with the reason recorded

# How files are cut into chunks (immutable; ChunkConfig(body_budget=60) for another):
# - body_budget: a definition with more non-whitespace characters than this is split;
# - short_content: chunks with fewer non-whitespace characters stay lexical-only (no
#   embedding): a lone `}` or a one-line gap carries nothing a vector can use;
# - embed_budget: the embed surface's bound, in characters (~4 per token for a
#   256-token model).
ChunkConfig = namedtuple("ChunkConfig", "body_budget short_content embed_budget", defaults=(2000, 32, 1000))


DEFAULT_CHUNK_CONFIG = ChunkConfig()


# The two paths every part of lode agrees on, here so that a client (``lode --call``,
# the TUI, a CLI command asking the daemon) finds them without loading the store or
# the daemon.

def default_db_path() -> Path:
    """``$XDG_DATA_HOME/lode/lode.db``, i.e. ``~/.local/share/lode/lode.db``."""
    from pathlib import Path

    return Path(_default_db_location())


def _default_db_location() -> str:
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "lode", "lode.db")


#: URL schemes of a shared PostgreSQL store (``--db postgresql://user@host/db``).
POSTGRES_SCHEMES = ("postgresql", "postgres")


def url_scheme(text: str) -> str:
    """The scheme of ``text`` when it looks like a URL (``scheme://…``), else ``""``."""
    scheme = text.split("://", 1)[0] if "://" in text else ""
    if scheme and scheme.replace("+", "").replace("-", "").replace(".", "").isalnum() and scheme[0].isalpha():
        return scheme.lower()
    return ""


def is_postgres_url(location: str | os.PathLike | None) -> bool:
    """Whether a store location names a PostgreSQL server rather than a SQLite file."""
    return location is not None and url_scheme(os.fspath(location)) in POSTGRES_SCHEMES


def store_label(location: str | os.PathLike) -> str:
    """How a store is named in messages and capabilities: a path as it is, a URL
    without its password."""
    text = os.fspath(location)
    if not url_scheme(text):
        return text
    from urllib.parse import urlsplit, urlunsplit

    try:
        parts = urlsplit(text)
        if not parts.password:  # none, or empty (a local server's trust login)
            return text
        host = parts.netloc.rsplit("@", 1)[1]
        return urlunsplit(parts._replace(netloc=f"{parts.username}:***@{host}"))
    except ValueError:
        return text.split("://", 1)[0] + "://…"


def resolve_db_path(db: str | os.PathLike | None = None) -> Path | str:
    """The store: ``db`` (``--db``), else ``$LODE_DB``, else :func:`default_db_path`.
    A ``postgresql://`` (or ``postgres://``) URL is returned as it is, a ``str``: a
    shared PostgreSQL store. Any other URL (``mysql://…``) is refused rather than taken
    for a folder name; everything else is a SQLite file's path."""
    location = resolve_db_location(db)
    if is_postgres_url(location):
        return location
    from pathlib import Path

    return Path(location)


def path_text(location: str) -> str:
    """``str(Path(location))`` (how a store file's path is spelled) without importing
    pathlib (~3 ms of a look-up) where posixpath spells it the same: ``normpath`` differs
    from PurePosixPath only in folding ``..``, so such a path, or another OS's, goes
    through pathlib."""
    if os.sep == "/" and ".." not in location.split("/"):
        return os.path.normpath(location)
    from pathlib import Path

    return str(Path(location))


def resolve_db_text(db: str | os.PathLike | None = None) -> str:
    """``str(resolve_db_path(db))``, without pathlib (:func:`path_text`)."""
    location = resolve_db_location(db)
    return location if is_postgres_url(location) else path_text(location)


def resolve_db_location(db: str | os.PathLike | None = None) -> str:
    """:func:`resolve_db_path` as a string, without pathlib (the daemon's clients
    compare it with the store a daemon serves)."""
    value = db or os.environ.get("LODE_DB")
    if not value:
        return _default_db_location()
    text = os.fspath(value)
    scheme = url_scheme(text)
    if scheme in POSTGRES_SCHEMES:
        return text
    if scheme:
        from .errors import StoreError

        raise StoreError(f"the store {text!r} is a {scheme} URL; lode keeps its store in a SQLite file "
                         "(give a file path) or on a PostgreSQL server (give a postgresql:// URL)")
    return os.path.expanduser(text)


def default_socket_path() -> str:
    """``$LODE_SOCKET``, else ``$XDG_RUNTIME_DIR/lode/daemon.sock``, else
    ``/tmp/lode-<uid>/daemon.sock`` — always per user."""
    env = os.environ.get("LODE_SOCKET")
    if env:
        return env
    runtime = os.environ.get("XDG_RUNTIME_DIR")
    base = os.path.join(runtime, "lode") if runtime else f"/tmp/lode-{os.getuid()}"
    return os.path.join(base, "daemon.sock")


def language_servers_allowed() -> set[str] | None:
    """Server names ``$LODE_LSP`` allows: None for any, empty when hand-off is off.
    Here, not beside the servers, so a command answered by a daemon can tell that no
    hand-off can happen without importing the service (~40 ms)."""
    value = os.environ.get("LODE_LSP", "").strip()
    if not value:
        return None
    if value.lower() in ("off", "0", "none", "false", "no"):
        return set()
    return {v.strip() for v in value.split(",") if v.strip()}


#: Every ``LODE_*`` environment variable: what it does (command-line options win).
ENVIRONMENT: dict[str, str] = {
    "LODE_DB": "the store, for every command and the daemon: a SQLite file (else "
               "$XDG_DATA_HOME/lode/lode.db, i.e. ~/.local/share/lode/lode.db) or a "
               "postgresql:// URL (a shared PostgreSQL store)",
    "LODE_SOCKET": "the daemon's socket (else $XDG_RUNTIME_DIR/lode/daemon.sock, else "
                   "/tmp/lode-<uid>/daemon.sock)",
    "LODE_NO_DAEMON": "1: CLI commands open the store even when a daemon serves it "
                      "(as --no-daemon)",
    "LODE_MODEL": "the embedding model when none is named: static (default) or minilm",
    "LODE_LSP": "language-server hand-off: off/0/none disables it; a comma-separated "
                "list of server names allows only those",
    "LODE_LSP_PATH": "folders searched for language-server executables before $PATH",
    "LODE_LSP_TIMEOUT": "seconds a language server may take to answer (default 5)",
    "LODE_PLUGINS": "off/0/no: load no plug-ins (lode's built-ins only)",
}

#: Other environment variables lode reads or sets.
OTHER_ENVIRONMENT: dict[str, str] = {
    "XDG_DATA_HOME": "read: the folder of the default store",
    "XDG_RUNTIME_DIR": "read: the folder of the default daemon socket",
    "XDG_CACHE_HOME": "read: where compact tokenizers and the code-embedding evidence of server stores are cached",
    "PATH": "read: where language servers are found (after $LODE_LSP_PATH)",
    "EDITOR": "read: the TUI opens a hit in it",
    "FORCE_COLOR": "read, as rich reads it: non-empty, text output is styled even to a pipe or a file",
    "TTY_COMPATIBLE": "read, as rich reads it: 1, text output is styled as on a terminal; 0, never",
    "HF_HUB_OFFLINE": "set to 1 before a model loads: lode never downloads",
    "TRANSFORMERS_OFFLINE": "set to 1 before a model loads: lode never downloads",
    "TOKENIZERS_PARALLELISM": "set to true unless already set",
    "OPENBLAS_THREAD_TIMEOUT": "set to 4 unless already set (lode.embed): idle BLAS threads sleep at once",
}

#: Where each tunable constant lives (module → names). The constants stay beside the
#: code they tune; this is the one list of them.
TUNABLES: dict[str, tuple[str, ...]] = {
    "lode.config": ("MAX_TEXT_BYTES",),  # and ChunkConfig: body, short-content and embed budgets
    # indexing
    "lode.workspace.indexer": ("TASK_FILES", "INLINE_BELOW", "BATCH_FILES", "BATCH_CHUNKS", "RELEASE_BYTES",
                               "IN_FLIGHT_PER_WORKER", "MAX_TASK_FILES", "TASKS_PER_WORKER"),
    "lode.store.sqlite": ("PAGE_BYTES", "BULK_CACHE_KIB", "BULK_CHECKPOINT_PAGES", "LOCK_POLL_SECONDS"),
    "lode.store.replace": ("ID_SLACK",),
    "lode.store.check": ("MAX_PROBLEMS",),
    "lode.store.symbols": ("INDEX_SAMPLE",),
    "lode.store.fts_rows": ("RAW_BELOW",),
    "lode.store.chunks": ("SPLIT_WINDOW",),
    "lode.store.postgres.connection": ("POOL_SIZE", "CONNECT_SECONDS"),
    "lode.store.postgres.fts": ("K1", "B", "MIN_IDF"),  # FTS5's own bm25 constants: SQLite's answers need them
    "lode.store.postgres.vectors": ("HNSW_MIN_VECTORS", "HNSW_M", "HNSW_EF_CONSTRUCTION", "EF_SEARCH_MIN",
                                    "EF_SEARCH_MAX"),
    "lode.workspace.pipeline": ("CHUNK_SECONDS", "FILE_CPU_SECONDS", "MAX_DERIVED_FILE_BYTES"),
    "lode.workspace.held": ("RETRY_FIRST", "RETRY_MAX", "HASH_LIMIT"),
    "lode.workspace.moved": ("MOVE_SAMPLE_FILES", "MOVE_MATCH_SHARE"),
    "lode.workspace.walk": ("SPEC_PATTERNS", "GITIGNORE_CACHE"),
    "lode.chunking.summary": ("SIGNATURE_MAX", "VALUE_MAX"),
    "lode.chunking.code": ("REGION_PIECES",),
    "lode.chunking": ("MINIFIED_BYTES", "MINIFIED_LINE_CHARS"),
    "lode.languages.c.names": ("MAX_ARGUMENTS",),
    "lode.chunking.huge": ("HUGE_CODE_BYTES", "PIECE_BYTES", "MAX_PIECE_BYTES", "HEADER_BYTES", "SYMBOL_PIECE_BYTES"),
    "lode.symbols.layout": ("LAYOUT_SECONDS",),
    "lode.symbols.typed": ("MAX_DEPTH",),
    "lode.symbols.context": ("SCAN_BELOW",),
    "lode.embed.vectors": ("EMBED_BATCH", "FEW_TEXTS", "RECLAIM_BATCH", "LATE_COST", "HELD_CHARS"),
    "lode.embed.compact": ("KEEP_EXTENDED",),
    "lode.embed.words": ("WORDS_KEPT", "GROUP_WORDS"),
    "lode.embed.helpers": ("HELPED_TEXTS", "MAX_HELPERS"),
    # search and lookups
    "lode.search.options": ("DEFAULT_LIMIT", "MAX_LIMIT"),
    "lode.search.query": ("MAX_QUERY_CHARS", "MAX_WORD_CHARS", "LONG_QUERY_WORDS", "REPORT_WORDS",
                          "CODE_LINE_MIN_CHARS", "MAX_CODE_LINES"),
    "lode.search.lexical": ("CANDIDATES", "MAX_TERMS", "NAMED", "SUBSTRING_SCAN_LIMIT",
                            "MAX_SUBSTRING_CHARS", "COMMON_SHARE", "COMMON_MIN_CHUNKS", "SPLIT_REST"),
    "lode.search.semantic": ("CANDIDATES",),
    "lode.search.matrices": ("KEPT",),
    "lode.search.ranking": ("PATH_WEIGHT", "PATH_NAMED_WEIGHT", "NAME_WEIGHT", "FILE_WEIGHT",
                            "FILE_CAP", "FILE_MASS_WEIGHT", "EVIDENCE_WEIGHT", "MENTION_WEIGHT", "TITLE_MENTION_WEIGHT", "CODE_LINE_WEIGHT", "FRAME_WEIGHT", "FRAME_INNER_WEIGHT", "STEM_NAMED_WEIGHT", "DEPTH_BONUS", "PACKAGE_BONUS",
                            "SHALLOW_WEIGHT", "SHALLOW_FILES",
                            "PROSE", "TEST", "AUX", "TINY", "TINY_LINES", "TINY_ALL", "VALUE", "VALUE_LINES", "ERROR_TYPE", "TAIL", "DECLARATION",
                            "PRIVATE", "PRIVATE_SHARE", "DIVERSITY", "TEXT_DIVERSITY", "DEPTH_AFTER", "DEPTH_SLOTS", "DEPTH_PER_FILE"),
    "lode.search.fusion": ("SHORT_WORDS", "WEIGHT_SHORT", "RRF_K", "SEMANTIC_ONLY_FLOOR"),
    "lode.embed.evidence": ("MAX_CHUNKS", "TEXT_CHARS", "OPEN_CORPORA", "NEAREST"),
    "lode.search.rank": ("TOP_N", "BODY_CHARS", "BLEND"),
    "lode.search.engine": ("MAX_HIGHLIGHTS", "FILE_CHUNKS"),
    "lode.search.snippet": ("SNIPPET_LINES", "SNIPPET_CHARS"),
    "lode.symbols.index": ("MAX_LINK_DEPTH", "MAX_NAME_CHARS", "DEFAULT_LIMIT"),
    "lode.symbols.fuzzy": ("TIER_CAP",),
    "lode.symbols.api": ("MAX_BODY_LINES",),
    "lode.symbols.signature": ("MAX_SIGNATURE_LINES",),
    "lode.symbols.structure": ("MAX_CAPTURE_TEXT",),
    # the daemon and its clients
    "lode.errors": ("MAX_MESSAGE_CHARS",),
    "lode.rpc.protocol": ("MAX_REQUEST_BYTES", "MAX_BATCH", "MAX_DEPTH"),
    "lode.rpc.bounds": ("REQUEST_SECONDS", "MAX_DAEMON_INPUT", "MAX_REPLY_BYTES",
                        "MAX_CONNECTIONS"),
    "lode.session": ("MAX_NAME_CHARS",),
    "lode.rpc.cache": ("MAX_BYTES", "MAX_ENTRY_BYTES"),
    "lode.service": ("WARM_MAX_FILES", "WARM_HELPERS_AT"),
    "lode.workspace.documents": ("DEFAULT_READ_CHARS", "MAX_READ_CHARS"),
    "lode.rpc.server": ("BACKLOG",),
    "lode.workspace.watch": ("TARGETED_LIMIT", "BURST_PATHS", "BURST_QUIET", "BURST_WAIT",
                             "EMBED_IDLE", "ROOT_CHECK", "RETRY_SECONDS"),
    "lode.cli.remote": ("CONNECT_SECONDS", "CALL_SECONDS"),
    "lode.cli.lookups": ("RPC_MAX_LIMIT",),
    "lode.cli.status": ("HELD_SHOWN",),
    "lode.cli.serve": ("MIN_BUDGET_CHARS",),
    "lode.cli.check": ("SHOWN_PROBLEMS",),
    "lode.cli.indexing": ("REFRESH_SECONDS",),
    "lode.mcp.budget": ("DEFAULT_BUDGET_CHARS",),
    "lode.mcp.notes": ("FIRST_INDEX_WAIT",),
    "lode.mcp.server": ("MATCH_LOCATIONS", "HIT_CODE_LINES"),
    "lode.lsp.server": ("MAX_WORKSPACE_SYMBOLS",),
    "lode.external.servers": ("DEFAULT_TIMEOUT",),
    "lode.tui.app": ("HEARTBEAT_SECONDS",),
    "lode.tui.connection": ("GRACE_SECONDS", "RECONNECT_SECONDS"),
    "lode.tui.render": ("CONTEXT_LINES", "MAX_PREVIEW_LINES"),
    "lode.tui.search_pane": ("DEBOUNCE_SECONDS", "RESULT_LIMIT"),
    "lode.tui.symbols_pane": ("PREVIEW_CONTEXT",),
    "lode.tui.workspaces_pane": ("POLL_SECONDS",),
}
