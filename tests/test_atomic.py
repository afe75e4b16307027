"""lode.atomic.replacing: a reader sees the old file or the new one, and a failed write
leaves the old file and no temporary one (the vocabulary file's writer left its
temporary file behind when a write failed)."""

from __future__ import annotations

import pytest

from lode.atomic import replacing


def test_the_target_is_replaced_whole(tmp_path):
    target = tmp_path / "cache" / "deeper" / "matrix.npy"
    with replacing(target) as tmp:
        tmp.write_bytes(b"new")
        assert not target.exists()  # not before the block ends
    assert target.read_bytes() == b"new"
    assert [p.name for p in target.parent.iterdir()] == ["matrix.npy"]


def test_a_failed_write_keeps_the_old_file_and_leaves_no_temporary_one(tmp_path):
    target = tmp_path / "vocab.bin"
    target.write_bytes(b"old")
    with pytest.raises(OSError):
        with replacing(target) as tmp:
            tmp.write_bytes(b"half")
            raise OSError(28, "No space left on device")
    assert target.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["vocab.bin"]


def test_without_parents_a_missing_folder_above_is_an_error(tmp_path):
    target = tmp_path / "no" / "such" / "folder" / "m.npy"
    with pytest.raises(FileNotFoundError):
        with replacing(target, parents=False) as tmp:
            tmp.write_bytes(b"x")
    assert not (tmp_path / "no").exists()
