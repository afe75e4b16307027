"""A re-index of named paths — what the daemon's watcher runs when a file appears — must
judge a symlink by the link itself, as a full walk does: a link to a file inside the
workspace is read under its own name, a link out of it is listed as refused, never
read. Resolving the named path first re-read the link's target instead, so a link made
while the daemon watched stayed unindexed (or unlisted) until the next full run."""

from __future__ import annotations

import os

from lode.service import Service

SECRET = "outside_secret_token_91c2"


def _workspace(tmp_path):
    root, outside = tmp_path / "ws", tmp_path / "outside"
    (root / "src").mkdir(parents=True)
    outside.mkdir()
    (root / "src" / "good.py").write_text("def plain_good_function(a):\n    return a + 1\n")
    (outside / "secret.py").write_text(f"def {SECRET}():\n    pass\n")
    return root, outside


def _refused(service: Service, root) -> dict[str, str]:
    ws = service.status(str(root))["workspaces"][0]
    return {r["path"]: r["reason"] for r in ws["refused"]}


def _hit_paths(service: Service, query: str, root) -> set[str]:
    return {h["path"] for h in service.search(query, str(root))["hits"]}


def test_links_named_to_a_targeted_run_are_judged_as_links(tmp_path):
    root, outside = _workspace(tmp_path)
    service = Service(tmp_path / "store" / "lode.db")
    try:
        service.index(str(root), embed=False)
        os.symlink("good.py", root / "src" / "inside_link.py")
        os.symlink(outside / "secret.py", root / "src" / "leak.py")
        run = service.index(str(root), embed=False, paths=["src/inside_link.py", "src/leak.py"])
        assert run["indexed"] == 1
        assert _hit_paths(service, "plain_good_function", root) == {"src/good.py", "src/inside_link.py"}
        assert not service.search(SECRET, str(root))["hits"]
        assert "outside" in _refused(service, root).get("src/leak.py", "")

        # The same as a full walk finds them: nothing changes.
        again = service.index(str(root), embed=False)
        assert again["indexed"] == 0 and again["deleted"] == 0
    finally:
        service.close()


def test_a_targeted_path_under_a_linked_folder_is_not_read(tmp_path):
    root, outside = _workspace(tmp_path)
    os.symlink(outside, root / "linked")
    service = Service(tmp_path / "store" / "lode.db")
    try:
        service.index(str(root), embed=False)
        service.index(str(root), embed=False, paths=["linked/secret.py", str(root / "linked" / "secret.py")])
        assert not service.search(SECRET, str(root))["hits"]
    finally:
        service.close()
