"""Answers that read a file again after indexing (describe's body and signature, every
reference position) read only what the walk would: a regular file whose real path is
still inside the workspace. A file swapped for a link out of the workspace, or for a
FIFO, since the last index run is neither leaked nor waited on (real store, real files)."""

from __future__ import annotations

import os
import threading

from lode.service import Service

SOURCE = ('def secret_holder():\n    """Holds the secret."""\n    return helper()\n\n\n'
          'def helper():\n    return 2\n\n\nhelper()\n')


def _indexed(tmp_path):
    root = tmp_path / "ws"
    root.mkdir()
    (root / "m.py").write_text(SOURCE)
    svc = Service(tmp_path / "store.db")
    svc.add_workspace(str(root))
    svc.index(None, embed=False)
    return svc, root


def _answers(svc) -> str:
    return repr([svc.describe("m.secret_holder", include_body=True),
                 svc.describe("m.helper", include_body=True),
                 svc.references("m.helper", every=True)])


def test_a_file_swapped_for_a_link_out_of_the_workspace_is_not_read(tmp_path):
    svc, root = _indexed(tmp_path)
    try:
        assert "return helper()" in _answers(svc)  # the body is read from the file
        outside = tmp_path / "outside.py"
        outside.write_text("def secret_holder():\n    return 'TOP SECRET VALUE'\n" * 5)
        (root / "m.py").unlink()
        os.symlink(outside, root / "m.py")
        assert "TOP SECRET" not in _answers(svc)
    finally:
        svc.close()


def test_a_file_swapped_for_a_fifo_is_not_waited_on(tmp_path):
    svc, root = _indexed(tmp_path)
    (root / "m.py").unlink()
    os.mkfifo(root / "m.py")
    done: list[str] = []
    asker = threading.Thread(target=lambda: done.append(_answers(svc)), daemon=True)
    asker.start()
    asker.join(timeout=20)
    # (A blocked asker stays blocked on the FIFO's open; the test ends regardless.)
    assert done, "an answer waited for a writer on the FIFO"
    svc.close()
