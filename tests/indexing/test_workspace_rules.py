"""Workspace rules: globs, nested .gitignore, hidden folders, the code toggle,
text extensions and their collisions, refusals recorded with reasons."""

from __future__ import annotations

import os

import pytest

from lode.errors import InvalidParams
from lode.workspace import WorkspaceConfig
from lode.workspace.walk import admit, walk

from .conftest import write


def paths(root, config=WorkspaceConfig()):
    return {e.path for e in walk(str(root), config)}


def test_nested_gitignore_hidden_dirs_and_default_excludes(webapp):
    got = paths(webapp)
    assert "backend/store/reclaim.go" in got
    assert "frontend/src/cart.ts" in got
    assert "notes/design.txt" in got
    assert "frontend/keep.min.js" in got            # re-included by '!keep.min.js'
    assert "backend/store/tmp/kept.go" in got       # '/tmp/' is anchored to backend/
    for ignored in ("debug.log", "coverage/index.md", "frontend/generated/api.ts",
                    "frontend/app.min.js", "backend/tmp/scratch.go",
                    ".github/workflows/ci.yml",                 # hidden folder
                    "frontend/node_modules/left-pad/index.js",  # default exclude
                    "vendor/lib/dep.go", "build/out.ts",        # code excludes
                    "notes/diagram.png", "notes/data.csv"):     # no content sniffing
        assert ignored not in got, ignored


def test_code_off_reads_docs_only_and_drops_code_excludes(webapp):
    got = paths(webapp, WorkspaceConfig(code=False))
    assert "backend/README.md" in got and "notes/design.txt" in got
    assert not any(p.endswith((".go", ".ts", ".js")) for p in got)


def test_custom_include_and_exclude(webapp):
    cfg = WorkspaceConfig(include=("notes/**",), exclude=(".git/**", "**/node_modules/**", "backend/**"))
    got = paths(webapp, cfg)
    assert "notes/design.txt" in got
    assert not any(p.startswith("backend/") for p in got)
    # Code globs still apply with code on; notes/data.csv is still not a readable type.
    assert "frontend/src/cart.ts" in got and "notes/data.csv" not in got


def test_text_extensions_are_read_and_code_extensions_refused(service, webapp):
    ws = service.add_workspace(str(webapp))
    with pytest.raises(InvalidParams) as err:
        service.set_text_extensions(ws["name"], [".csv", ".go"])
    assert err.value.rpc_code == -32602 and ".go" in err.value.message
    updated = service.set_text_extensions(ws["name"], ["csv"])
    assert updated["text_extensions"] == [".csv"] and updated["text_collisions"] == []
    service.index(ws["name"])
    # The declared .csv file is read and found; code that uses the same words may rank
    # above it (prose counts less than code), so the test asks for the file's words
    # with the docs filter.
    hits = service.search("sku qty", ws["name"])["hits"]
    assert "notes/data.csv" in [h["path"] for h in hits]
    prose = service.search("sku qty", ws["name"], tags_any=["prose"])["hits"]
    assert prose[0]["path"] == "notes/data.csv"


def test_existing_overlap_is_reported_as_text_collision(service, webapp):
    ws = service.add_workspace(str(webapp))
    # A store written when .zig was not yet a code language: the overlap is reported.
    row = service.store.workspace(ws["name"])
    service.store.set_workspace_config(row.id, {**row.config, "text_extensions": [".zig", ".csv"]})
    listed = {w["name"]: w for w in service.list_workspaces()}
    assert listed[ws["name"]]["text_collisions"] == [".zig"]


def test_refusals_are_recorded_with_reasons(service, webapp):
    write(webapp, {
        "notes/binary.txt": b"PK\x03\x04\x00\x00 not text",
        "notes/latin1.md": "Caf\u00e9 cr\u00e8me\n".encode("latin-1"),
    })
    huge = webapp / "notes" / "huge.txt"
    with open(huge, "wb") as f:
        f.truncate(16 * 1024 * 1024 + 10)  # sparse: over the 16 MiB limit
    stats = service.index(str(webapp))
    assert stats["refused"] == 3
    refused = {r["path"]: r["reason"] for r in service.status(str(webapp))["workspaces"][0]["refused"]}
    assert refused["notes/binary.txt"].startswith("binary")
    assert "UTF-8" in refused["notes/latin1.md"]
    assert refused["notes/huge.txt"].startswith("too large")
    # The rest of the run went on.
    assert service.search("reclaimVectors", str(webapp))["hits"]
    # A fixed file leaves the refusal list on the next run.
    (webapp / "notes" / "latin1.md").write_text("Café crème\n")
    service.index(str(webapp))
    refused = {r["path"] for r in service.status(str(webapp))["workspaces"][0]["refused"]}
    assert refused == {"notes/binary.txt", "notes/huge.txt"}


def test_symlink_loops_and_unreadable_dirs_do_not_stop_the_walk(service, webapp):
    os.symlink(webapp, webapp / "backend" / "loop")
    os.symlink(webapp / "missing", webapp / "dangling.md")
    got = paths(webapp)
    assert "backend/store/reclaim.go" in got
    assert not any(p.startswith("backend/loop/") for p in got)
    stats = service.index(str(webapp))
    assert stats["files"] == len(got)


def test_admit_applies_the_same_rules_to_single_paths(webapp):
    cfg = WorkspaceConfig()
    assert admit(str(webapp), cfg, "backend/store/reclaim.go") is not None
    assert admit(str(webapp), cfg, "frontend/generated/api.ts") is None
    assert admit(str(webapp), cfg, "backend/tmp/scratch.go") is None
    assert admit(str(webapp), cfg, ".github/workflows/ci.yml") is None
    assert admit(str(webapp), cfg, "../outside.go") is None


def test_a_gitignore_line_git_cannot_read_is_skipped_not_fatal(tmp_path):
    # git ignores a lone '!' and a pattern ending in a lone backslash; pathspec raises on
    # them, which stopped the whole walk with a traceback.
    write(tmp_path, {
        ".gitignore": "!\n*.log\nodd\\\n",
        "keep.md": "# Kept\n",
        "debug.log": "noise\n",
        "sub/.gitignore": "\\\n/gen/\n",
        "sub/gen/out.md": "# Generated\n",
        "sub/real.md": "# Real\n",
    })
    cfg = WorkspaceConfig(include=("**/*.md", "**/*.log"))
    assert paths(tmp_path, cfg) == {"keep.md", "sub/real.md"}


def test_a_root_path_that_is_not_utf8_or_a_name_with_a_newline_is_refused_clearly(service, tmp_path):
    # Files inside a workspace may have any bytes in their names; the root's own path is
    # stored as text, and a name is printed on one line: both crashed or broke output.
    from lode.errors import NotFound

    odd = os.path.join(os.fsencode(tmp_path), b"proj_\xff")
    os.makedirs(odd)
    with open(os.path.join(odd, b"mod.py"), "wb") as f:
        f.write(b"def zeta():\n    pass\n")
    root = os.fsdecode(odd)
    with pytest.raises(InvalidParams) as err:
        service.add_workspace(root)
    assert err.value.rpc_code == -32602 and "UTF-8" in err.value.message and "\\xff" in err.value.message
    with pytest.raises(NotFound):
        service.status(root)
    plain = tmp_path / "plain"
    plain.mkdir()
    for name in ("two\nlines", "tab\there", "nul\x00"):
        with pytest.raises(InvalidParams):
            service.add_workspace(str(plain), name=name)
    assert service.add_workspace(str(plain), name="with space")["name"] == "with space"
    folder = tmp_path / "new\nline"
    folder.mkdir()
    assert service.add_workspace(str(folder))["name"].isprintable()


def test_a_gitignore_that_is_a_fifo_or_a_link_to_a_device_does_not_hang_the_walk(tmp_path):
    # Opening a FIFO blocks until a writer comes, and /dev/zero never ends: the walk read
    # any entry named .gitignore. Like git, it now reads only a regular file, not a link.
    import threading

    write(tmp_path, {"a.md": "# A\n", "pipe/b.md": "# B\n", "zero/c.md": "# C\n", "out/d.md": "# D\n",
                     "elsewhere/.gitignore": "*.md\n"})
    os.mkfifo(tmp_path / "pipe" / ".gitignore")
    os.symlink("/dev/zero", tmp_path / "zero" / ".gitignore")
    os.symlink(tmp_path / "elsewhere" / ".gitignore", tmp_path / "out" / ".gitignore")
    cfg = WorkspaceConfig(exclude=(".git/**", "elsewhere/**"))
    got: list[set] = []
    walker = threading.Thread(target=lambda: got.append(paths(tmp_path, cfg)), daemon=True)
    walker.start()
    walker.join(timeout=20)
    # (A hung walker stays blocked on the FIFO: released, it would read /dev/zero for ever.)
    assert not walker.is_alive(), "the walk hung on a .gitignore that is not a regular file"
    assert got == [{"a.md", "pipe/b.md", "zero/c.md", "out/d.md"}]


@pytest.mark.parametrize("ext", [".r\nst", ".t xt", "\tr\tst", ".n\x00l", ".a\x1bb"])
def test_a_text_extension_with_whitespace_or_control_characters_is_refused(service, tmp_path, ext):
    """No file name ends in such an 'extension' a walk could match; it is a typo or a
    pasted line, said at once instead of being stored in the workspace's rules."""
    root = tmp_path / "docs"
    root.mkdir()
    with pytest.raises(InvalidParams) as err:
        service.add_workspace(str(root), text_extensions=[ext])
    assert err.value.rpc_code == -32602 and "not a file extension" in err.value.message
