"""A refused file's reason says what the file is, so a person can act on it: text saved
as UTF-16 without a byte order mark (as some Windows tools and PowerShell redirects
write it) is named as UTF-16, not as binary, while real binaries keep their reason."""

from __future__ import annotations

import os

from lode.service import Service

SOURCE = ('def load_settings(path):\n    """Read the key=value settings file."""\n'
          '    with open(path) as f:\n        return dict(line.split("=", 1) for line in f)\n')


def _reasons(tmp_path, files: dict[str, bytes]) -> dict[str, str]:
    root = tmp_path / "ws"
    root.mkdir()
    for name, data in files.items():
        (root / name).write_bytes(data)
    service = Service(tmp_path / "store.db")
    try:
        service.index(str(root), embed=False)
        return {r["path"]: r["reason"] for r in service.status(str(root))["workspaces"][0]["refused"]}
    finally:
        service.close()


def test_utf16_without_a_byte_order_mark_is_named_as_utf16(tmp_path):
    reasons = _reasons(tmp_path, {
        "settings_le.py": SOURCE.encode("utf-16-le"),
        "settings_be.py": SOURCE.encode("utf-16-be"),
        "notes_le.md": "# Notes\n\nCafé, naïve, 東京: words in UTF-16.\n".encode("utf-16-le"),
        "payload.py": os.urandom(4096) + b"\x00" * 16,
        "image.md": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 8,
        "wide_ints.py": b"".join(i.to_bytes(2, "little") for i in range(1, 2000)),
        "good.py": SOURCE.encode(),
    })
    for name in ("settings_le.py", "settings_be.py", "notes_le.md"):
        assert reasons[name] == "UTF-16 text (no byte order mark): only UTF-8 is read", (name, reasons)
    for name in ("payload.py", "image.md", "wide_ints.py"):
        assert reasons[name].startswith("binary"), (name, reasons)
    assert "good.py" not in reasons
