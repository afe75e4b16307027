"""A workspace whose folder was moved: how well a folder holds a workspace's indexed
files, and which workspace with a missing root a new folder is the moved copy of.

The store keeps a workspace's file paths relative to its root, and a move (``mv``, or a
copy keeping times) keeps each file's (mtime, size): re-rooting the workspace
(``lode workspace move``) keeps its whole index, and the next run reads only what
changed. Indexing the new folder as a workspace of its own would read every file again
and leave two workspaces answering with the same names, one of them from a folder that
is gone.
"""

from __future__ import annotations

import os

# Indexed files compared with a folder: enough to tell a moved copy from another project
# sharing a README and a Makefile, few enough to stat in a few milliseconds.
MOVE_SAMPLE_FILES = 200
# Share of the sampled files found at the folder with the same size for it to count as
# the workspace moved there (a few files edited or deleted since the move still count).
MOVE_MATCH_SHARE = 0.8


def files_found(store, workspace, root: str, same_size: bool = True) -> tuple[int, int]:
    """(found, sampled): of up to MOVE_SAMPLE_FILES of ``workspace``'s indexed files
    (refusals left out), spread over the whole list, how many are at the same relative
    path under ``root`` (with the same size, unless ``same_size`` is false: files edited
    since the last run are still the workspace's)."""
    states = sorted((path, state.size) for path, state in store.file_states(workspace.id).items()
                    if not state.refused)
    if not states:
        return 0, 0
    step = max(1, len(states) // MOVE_SAMPLE_FILES)
    sample = states[::step][:MOVE_SAMPLE_FILES]
    found = 0
    for path, size in sample:
        try:
            found += os.stat(os.path.join(root, path)).st_size == size or not same_size
        except (OSError, ValueError):  # gone, unreadable folder, a NUL in a name
            pass
    return found, len(sample)


def moved_here(store, root: str):
    """The workspace (a store row) whose root is gone and whose files ``root`` holds —
    the folder it was moved to — or None. With several, the one matching best."""
    best, best_share = None, 0.0
    for ws in store.workspaces():
        if ws.root == root or os.path.isdir(ws.root):
            continue
        found, sampled = files_found(store, ws, root)
        share = found / sampled if sampled else 0.0
        if share >= MOVE_MATCH_SHARE and share > best_share:
            best, best_share = ws, share
    return best
