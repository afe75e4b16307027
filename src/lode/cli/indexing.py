"""The body of ``lode index`` without click (:mod:`.fastpath` runs a plain
``lode index [ROOT] …`` with it; :mod:`.index` declares the command's options)."""

from __future__ import annotations

import os
import sys
import time

from .common import exit_with, open_service, run_or_exit
from .output import err, json_line, out

REFRESH_SECONDS = 0.1  # the progress bar's, at most


def _summary(r: dict) -> str:
    parts = [f"{r['files']} files", f"{r['indexed']} indexed", f"{r['unchanged']} unchanged"]
    if r["touched"]:
        parts.append(f"{r['touched']} touched")
    if r["deleted"]:
        parts.append(f"{r['deleted']} deleted")
    if r["refused"]:
        parts.append(f"{r['refused']} refused (see lode status)")
    if r.get("noted"):  # read less fully: a large code file without symbols, a minified one as text
        parts.append(f"{r['noted']} with notes (see lode status)")
    parts.append(f"{r['chunks']} chunks written")
    line = f"{r['workspace']}: " + ", ".join(parts) + f" in {r['seconds']:.2f}s (generation {r['generation']})"
    emb = r.get("embedding")
    if emb and "skipped" in emb:
        line += f"\nembedding skipped: {emb['skipped']}"
    elif emb:
        line += (f"\nembedded {emb['embedded']} texts with {emb['model']} in {emb['seconds']:.2f}s"
                 + (f", {emb['reclaimed']} unused vectors reclaimed" if emb["reclaimed"] else ""))
    evidence = (emb or {}).get("evidence") or {}
    if str(evidence.get("skipped", "")).startswith("cannot save"):  # not "not installed": a failure
        line += f"\ncode-embedding evidence not saved: {evidence['skipped']}"
    return line


def _refuse_missing_root(root, db_path, as_json) -> None:
    """A missing ROOT with no store yet is refused before the store is made (a typo on
    the first run would leave an empty one). With a store, the run below decides: ROOT
    may name a workspace whose folder is gone."""
    from ..config import is_postgres_url, resolve_db_text
    from ..errors import NotFound

    location = resolve_db_text(db_path)
    if not is_postgres_url(location) and not os.path.exists(location):
        exit_with(NotFound(f"no such directory: {root}"), as_json)


def _refuse_moved_copy(svc, real: str) -> None:
    """A new ROOT holding the files of a workspace whose folder is gone is that workspace
    moved: indexing it as another one would read every file again and leave both
    answering, one from a folder that no longer exists. Nothing is written; the error
    says how to keep the index (move) or start afresh (remove)."""
    moved = svc.moved_workspace(real)
    if moved is None:
        return
    import shlex

    from ..errors import LodeError

    name = shlex.quote(moved["name"])
    raise LodeError(f"{real} holds the files of workspace {moved['name']!r}, indexed from {moved['root']}, "
                    f"which is gone: keep its index with lode workspace move {name} {shlex.quote(real)} "
                    f"(then lode index), or forget it first with lode workspace remove {name}",
                    data={"workspace": moved["name"], "moved_from": moved["root"]})


def _interrupted(as_json: bool) -> None:
    """^C: what the run wrote stays (a batch of files is one transaction, the batch under
    way is undone), and saying so beats click's bare "Aborted!". Exit 130, as a shell
    reports a command ended by SIGINT."""
    from ..errors import LodeError

    stopped = LodeError("interrupted: the files written before it are kept; lode index again "
                        "finishes the run, reading only what is not indexed yet")
    stopped.exit_code = 130
    exit_with(stopped, as_json)


def index(root, name, no_code, text_ext, workers, no_embed, model, db_path, as_json, allow_broad_root=False):
    given = root is not None
    root = root or "."
    if not os.path.isabs(root):
        try:
            os.getcwd()
        except FileNotFoundError:  # deleted under the shell (a checkout, rm -rf of it)
            from ..errors import NotFound

            exit_with(NotFound("the current folder no longer exists (deleted or moved?): cd into the "
                               "project, or give its path: lode index PATH"), as_json)
    if not os.path.isdir(root):
        _refuse_missing_root(root, db_path, as_json)
    svc = open_service(db_path, create=True, as_json=as_json)

    def run():
        real = os.path.realpath(root)
        listed = svc.list_workspaces()
        existing = [w for w in listed if w["root"] == real]
        if not existing and not given and name is None and not no_code:
            # Run in a subfolder of an indexed workspace, as a look-up answers from it: that
            # workspace is brought up to date, not a second one made of the subfolder
            # (every file in it read again, its names answered twice).
            holder = svc.workspace_for_path(real)
            existing = [w for w in listed if w["name"] == holder]
        if not existing:
            if not os.path.isdir(real):
                from ..errors import NotFound
                raise NotFound(f"no such directory: {root}")
            _refuse_moved_copy(svc, real)
            ws = svc.add_workspace(real, name=name, code=not no_code, text_extensions=list(text_ext) or None,
                                   allow_broad_root=allow_broad_root)
        else:
            ws = existing[0]
            if text_ext:
                svc.set_text_extensions(ws["name"], list(ws["text_extensions"]) + list(text_ext))
        if sys.stderr.isatty() and not as_json:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            # Refreshed here, at most every REFRESH_SECONDS, not by the bar's own thread: a
            # process with no other thread forks its index workers at once instead of
            # starting a fork server first (~0.15 s; lode.workspace.indexer).
            with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                          TimeElapsedColumn(), TextColumn("[dim]{task.fields[path]}"),
                          console=err.get(), transient=True, auto_refresh=False) as bar:
                task = bar.add_task(f"indexing {ws['name']}", total=None, path="")
                shown = [0.0]

                def progress(done, total, path):
                    if path == "embedding":
                        bar.update(task, description=f"embedding {ws['name']}", completed=done,
                                   total=total or None, path="")
                    else:
                        bar.update(task, completed=done, total=total or None, path=path[-60:])
                    now = time.monotonic()
                    if now - shown[0] >= REFRESH_SECONDS:
                        shown[0] = now
                        bar.refresh()

                return svc.index(ws["name"], progress=progress, workers=workers, embed=not no_embed, model=model)
        return svc.index(ws["name"], workers=workers, embed=not no_embed, model=model)

    try:
        result = run_or_exit(run, as_json)
    except KeyboardInterrupt:
        _interrupted(as_json)
    # Closed here, not by the interpreter's teardown, which the command line skips after
    # a run that succeeded (lode.cli.fastpath): the store's last connection copies the
    # run's pages from its write-ahead log into the file as it closes.
    svc.close()
    if as_json:
        json_line(result)
    elif sys.stdout.isatty():
        from rich.markup import escape

        out.print(escape(_summary(result)))
    else:
        # Scripts, hooks and pipes get the line as it is, without importing rich (~17 ms,
        # a tenth of a re-index that finds nothing changed).
        sys.stdout.write(_summary(result) + "\n")
