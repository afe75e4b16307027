"""The daemon's watcher re-reads just the changed paths (``walk.admit``), a full run walks
the tree (``walk.walk``): for every entry — ordinary files, links out, loops, links to
folders, special files — both must read the same files and list the same refusals, or a
link made while the daemon watches is never listed until the next full run."""

from __future__ import annotations

import os

from lode.workspace.config import WorkspaceConfig
from lode.workspace.walk import admit, walk

from hostile import build


def test_admit_reads_and_refuses_each_entry_as_the_walk_does(tmp_path):
    h = build(tmp_path, huge=False, undecodable=False)
    try:
        root = str(h.root)
        # Links whose names the file rules do not admit (no code extension): still
        # folders the walk leaves out, so the walk lists them.
        os.symlink("loop_f", h.root / "loop_e")
        os.symlink("loop_e", h.root / "loop_f")
        os.symlink(h.outside / "dir", h.root / "src" / "outside_folder")
        config = WorkspaceConfig()
        walked_skips: dict[str, str] = {}
        walked = {e.path for e in walk(root, config, on_skip=walked_skips.__setitem__)}
        assert {"loop_e", "loop_f", "src/outside_folder"} <= walked_skips.keys()

        names = set()
        for dirpath, dirnames, filenames in os.walk(root):
            rel_dir = os.path.relpath(dirpath, root)
            for name in dirnames + filenames:
                names.add(name if rel_dir == "." else f"{rel_dir}/{name}")
        admitted_skips: dict[str, str] = {}
        admitted = {p for p in names if admit(root, config, p, admitted_skips.__setitem__) is not None}
        assert admitted == walked
        assert admitted_skips == walked_skips
    finally:
        h.close()
