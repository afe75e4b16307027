"""What an agent is told when an answer is empty or may be incomplete: the reason, so
that it does not retry the same call or conclude that the code is not there.

- a look-up that found nothing: was the name unknown, or defined with nothing using
  or implementing it, or are the workspace's files in a language the symbol index
  does not read (none of the built-in ones since each has symbol rules; a language added
  without them: only `search` and `query_ast` see its files)?
- a call made while its workspace is being indexed for the first time waits a little
  for that run (a small project is done in a second or two), then says how far it got.
"""

from __future__ import annotations

import time
from typing import Any

#: How long (seconds) a call waits for its workspace's first index run to end.
FIRST_INDEX_WAIT = 15.0
_POLL = 0.1

# what a look-up lists, and what the index goes by to find it
_WHAT = {"references": ("uses", "imports, aliases and the types the code states"),
         "implementations": ("implementations", "declared bases and, for Go, whole method sets")}


def languages_without_symbols(ctx, workspace: str | None) -> list[str]:
    """The code languages the workspace holds (every workspace: None) that have no
    symbol extraction, most files first."""
    try:
        return ctx.service.languages_without_symbols(workspace)
    except Exception:  # the look-up itself reports a bad workspace
        return []


def _not_read(languages: list[str]) -> str:
    return (f"the symbol index does not read {', '.join(languages)} files (only search and "
            f"query_ast see them)")


def nothing_found(ctx, op: str, name: str, workspace: str | None, defined: dict | None = None) -> str:
    """Why a look-up (``op``: the service method) of ``name`` found nothing; ``defined``:
    the name's definition, which the service returns with an empty references or
    implementations answer (``definition``)."""
    if op in _WHAT:
        if defined:
            c = defined
            what, by = _WHAT[op]
            return (f"{name!r} is defined at {c['path']}:{c['line']}, but the index knows no "
                    f"{what} of it (it goes by {by}); search for its name to find where it is written")
    uncovered = languages_without_symbols(ctx, workspace)
    note = f"nothing found for {name!r}"
    if uncovered:
        note += f"; {_not_read(uncovered)}"
    return note + "; check the qualified name with search_symbols, or use search"


def empty_listing(ctx, workspace: str | None) -> str | None:
    """Why a name listing (search_symbols, list_symbols) is empty, when a language the
    symbol index does not read explains it."""
    uncovered = languages_without_symbols(ctx, workspace)
    return f"no names: {_not_read(uncovered)}" if uncovered else None


def filtered_out(filters: dict[str, Any], hidden: dict[str, Any] | None) -> str | None:
    """Why a search with ``filters`` (the tool's own arguments) found nothing, when the
    filters did it: the query alone finds chunks (its first hit named, from the search's
    own ``filtered_out`` record: the engine searched without them once), so the agent
    widens the filters instead of concluding that nothing is written about it."""
    first = hidden.get("first") if isinstance(hidden, dict) else None
    if not filters or not first:
        return None
    given = ", ".join(f"{k}={v!r}" for k, v in filters.items())
    return (f"no hit within {given}; without them the query finds hits (first: "
            f"{first['path']}:{first.get('line_start', 1)}): widen or drop the filters")


def file_not_read(ctx, path: str) -> str | None:
    """Why a file's outline is empty, when its language has no symbol extraction."""
    language = ctx.service.symbols_unread_language(path)
    if language is not None:
        return f"no outline: the symbol index does not read {language} files; query_ast can list their declarations"
    return None


def first_index(ctx, workspaces: list[str] | None, indexing_since: float | None,
                wait: float = FIRST_INDEX_WAIT) -> dict[str, Any] | None:
    """Wait up to ``wait`` seconds while one of ``workspaces`` (every one: None) is
    being indexed for the first time; None when none is (any more), else what the
    answer should carry: which workspace, how far its run got. ``indexing_since``: when
    the server started the index runs of its own (``time.monotonic()``; None: it runs
    none) — a run may take a moment to begin."""
    deadline = time.monotonic() + wait
    while True:
        starting = indexing_since is not None and time.monotonic() - indexing_since < wait
        if not ctx.progress and not starting:  # the common case costs nothing
            return None
        pending = ctx.never_indexed(workspaces)
        if not pending:
            return None
        if time.monotonic() >= deadline:
            run = ctx.progress.get(pending[0]) or ctx.progress.get("*") or {}
            done, total = run.get("done"), run.get("total")
            so_far = f" ({done} of {total} files so far)" if total else ""
            return {"workspace": pending[0],
                    "note": f"workspace {pending[0]!r} is being indexed for the first time{so_far}: "
                            f"this answer may miss files not indexed yet; ask again shortly"}
        time.sleep(_POLL)
