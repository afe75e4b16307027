"""Columns of ``files`` for names that are not UTF-8 and for re-checking refusals, and
a change counter per workspace.

- ``raw_path``: the exact bytes of a file name that is not valid UTF-8 (NULL for every
  other name); ``path`` then holds its escaped display form (see :mod:`.paths`).
- ``ctime_ns``: the inode change time seen when the file was last looked at. A refused
  file whose (mtime, size) are unchanged is still re-read when its ctime moved — a
  ``chmod`` that makes an unreadable file readable changes only the ctime.
- ``workspaces.changes``: bumped by every committed batch of a workspace's files and by
  every configuration change, so a reader can tell whether answers about one workspace
  are still current without looking at the others (the daemon's reply cache).
"""

from __future__ import annotations

from .migrations import migration


@migration("0200_files_raw_path_ctime")
def _raw_path_ctime(db):
    db.execute("ALTER TABLE files ADD COLUMN raw_path BLOB")
    db.execute("ALTER TABLE files ADD COLUMN ctime_ns INTEGER NOT NULL DEFAULT 0")


@migration("0201_workspace_changes")
def _workspace_changes(db):
    db.execute("ALTER TABLE workspaces ADD COLUMN changes INTEGER NOT NULL DEFAULT 0")
