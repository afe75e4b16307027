"""Held files (see :mod:`lode.workspace.held`): a file kept as another build indexed it.

- ``files.hold``: NULL for a file indexed normally; ``current`` (its bytes still match
  what was indexed), ``stale`` (changed since, or could not be derived again) or
  ``unchecked`` (not verified) for a held one.
- ``files.retry_at`` / ``files.attempts``: when a derived file that failed to convert
  is tried again (backoff doubling per failure).
"""

from __future__ import annotations

from .migrations import migration


@migration("0300_files_hold")
def _files_hold(db):
    db.execute("ALTER TABLE files ADD COLUMN hold TEXT")
    db.execute("ALTER TABLE files ADD COLUMN retry_at REAL")
    db.execute("ALTER TABLE files ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0")
    db.execute("CREATE INDEX files_hold ON files(workspace_id) WHERE hold IS NOT NULL")
