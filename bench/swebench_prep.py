#!/usr/bin/env python3
"""Materialise SWE-bench instance trees at their base commits.

Usage:
    python bench/swebench_prep.py EVAL_JSONL MIRROR_GIT_DIR [MIRROR_GIT_DIR ...] --out DIR

Each MIRROR_GIT_DIR is a git directory (bare or a work tree's .git) of one of the
repositories named by the eval rows.  For every row the tree at ``base_commit`` is
written to ``DIR/<instance_id>/`` with ``git archive COMMIT | tar -x``.  A mirror is
matched to a row by the row's ``repo`` name ("owner/name") appearing in the mirror path
("owner+name", "owner/name", "owner__name" or just "name"); failing that, by whichever
mirror contains the commit.  The step is idempotent: a finished tree carries a marker
file ``.lode-prep`` with its commit and is skipped next time; a partial tree (no marker)
is removed and extracted again.  Nothing is hard-coded about where mirrors live.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

MARKER = ".lode-prep"


def has_commit(git_dir: str, commit: str) -> bool:
    r = subprocess.run(
        ["git", "--git-dir", git_dir, "cat-file", "-e", f"{commit}^{{commit}}"],
        capture_output=True,
    )
    return r.returncode == 0


def name_matches(git_dir: str, repo: str) -> bool:
    owner, _, name = repo.partition("/")
    p = str(Path(git_dir).resolve()).lower()
    keys = [f"{owner}+{name}", f"{owner}/{name}", f"{owner}__{name}", f"/{name}/", f"/{name}.git"]
    return any(k.lower() in p for k in keys) or p.rstrip("/").endswith("/" + name.lower())


def pick_mirror(mirrors: list[str], repo: str, commit: str) -> str | None:
    named = [m for m in mirrors if name_matches(m, repo)]
    for m in named + [m for m in mirrors if m not in named]:
        if has_commit(m, commit):
            return m
    return None


def materialise(git_dir: str, commit: str, dest: Path) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=dest.name + ".", dir=dest.parent))
    try:
        archive = subprocess.Popen(
            ["git", "--git-dir", git_dir, "archive", "--format=tar", commit],
            stdout=subprocess.PIPE,
        )
        tar = subprocess.run(["tar", "-x", "-C", str(tmp)], stdin=archive.stdout)
        archive.stdout.close()
        if archive.wait() != 0 or tar.returncode != 0:
            raise RuntimeError(f"git archive {commit} from {git_dir} failed")
        (tmp / MARKER).write_text(json.dumps({"commit": commit}) + "\n")
        if dest.exists():
            shutil.rmtree(dest)
        os.replace(tmp, dest)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def is_done(dest: Path, commit: str) -> bool:
    m = dest / MARKER
    if not m.is_file():
        return False
    try:
        return json.loads(m.read_text()).get("commit") == commit
    except ValueError:
        return False


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("eval_jsonl")
    ap.add_argument("mirrors", nargs="+", help="git directories of the repositories")
    ap.add_argument("--out", required=True, help="directory to hold <instance_id>/ trees")
    ap.add_argument("--only", action="append", default=[], help="restrict to these instance ids")
    a = ap.parse_args(argv)

    out = Path(a.out).expanduser()
    rows = [json.loads(l) for l in open(a.eval_jsonl, encoding="utf-8") if l.strip()]
    if a.only:
        rows = [r for r in rows if r["instance_id"] in set(a.only)]
    made = skipped = failed = 0
    for r in rows:
        iid, commit, repo = r["instance_id"], r["base_commit"], r["repo"]
        dest = out / iid
        if is_done(dest, commit):
            skipped += 1
            continue
        m = pick_mirror(a.mirrors, repo, commit)
        if m is None:
            print(f"{iid}: no mirror given holds {repo}@{commit[:12]}", file=sys.stderr)
            failed += 1
            continue
        materialise(m, commit, dest)
        made += 1
        print(f"{iid}: {repo}@{commit[:12]} -> {dest}", file=sys.stderr)
    print(f"made {made}, already there {skipped}, failed {failed}; trees under {out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
