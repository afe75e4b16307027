"""Writing an archive: a tar stream, compressed."""

from __future__ import annotations

import tarfile

MODES = {"none": "w", "gzip": "w:gz", "bzip2": "w:bz2", "xz": "w:xz"}


def write_archive(output: str, files: list[str], compression: str = "gzip", level: int = 6) -> int:
    """Write ``files`` into a tar archive at ``output``; returns how many were written."""
    mode = MODES[compression]
    kwargs = {"compresslevel": level} if compression in ("gzip", "bzip2") else {}
    with tarfile.open(output, mode, **kwargs) as tar:
        for file in files:
            tar.add(file)
    return len(files)


def short_flag(option: str) -> str | None:
    """The one-letter form of a long option, if it has one."""
    return {"--verbose": "-v", "--quiet": "-q", "--exclude": "-x", "--output": "-o"}.get(option)


def dry_run_report(files: list[str]) -> str:
    """What a dry run prints: the files that would be archived, one a line."""
    return "\n".join(files)
