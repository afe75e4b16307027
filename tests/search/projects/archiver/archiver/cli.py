"""The archiver command line: options, then the run."""

from __future__ import annotations

import argparse
import sys

from . import __version__
from .archive import write_archive
from .selection import select_files


def add_options(parser: argparse.ArgumentParser) -> None:
    """Every option of the archive command, in the groups --help shows."""
    general = parser.add_argument_group("general")
    general.add_argument(
        "-v", "--verbose", action="count", default=0,
        help="list each file as it is archived; twice also lists the files skipped",
    )
    general.add_argument(
        "-q", "--quiet", action="store_true",
        help="print nothing but errors",
    )
    general.add_argument(
        "--version", action="version", version=f"archiver {__version__}",
        help="print the version and exit",
    )
    general.add_argument(
        "-c", "--config", metavar="FILE", default=None,
        help="read default options from FILE (an ini file with an [archiver] section)",
    )

    selection = parser.add_argument_group("selection")
    selection.add_argument(
        "-x", "--exclude", metavar="PATTERN", action="append", default=[],
        help="leave out files matching PATTERN (may be given several times)",
    )
    selection.add_argument(
        "-i", "--include", metavar="PATTERN", action="append", default=[],
        help="only archive files matching PATTERN (may be given several times)",
    )
    selection.add_argument(
        "--exclude-from", metavar="FILE", default=None,
        help="read exclude patterns from FILE, one a line",
    )
    selection.add_argument(
        "--one-file-system", action="store_true",
        help="do not cross file system boundaries",
    )
    selection.add_argument(
        "--newer-than", metavar="DATE", default=None,
        help="only archive files modified after DATE",
    )
    selection.add_argument(
        "--follow-symlinks", action="store_true",
        help="archive the files symbolic links point to, not the links",
    )

    output = parser.add_argument_group("output")
    output.add_argument(
        "-o", "--output", metavar="PATH", required=True,
        help="where to write the archive",
    )
    output.add_argument(
        "-z", "--compression", choices=["none", "gzip", "bzip2", "xz", "zstd"], default="gzip",
        help="how to compress the archive (default: gzip)",
    )
    output.add_argument(
        "--level", type=int, default=6,
        help="compression level, 1 (fast) to 9 (small)",
    )
    output.add_argument(
        "--split-size", metavar="SIZE", default=None,
        help="split the archive into volumes of SIZE (such as 700M)",
    )
    output.add_argument(
        "--checksum", choices=["none", "crc32", "sha256"], default="sha256",
        help="checksum written beside each file in the archive index",
    )

    run = parser.add_argument_group("run")
    run.add_argument(
        "--dry-run", action="store_true",
        help="list the files that would be archived and write nothing",
    )
    run.add_argument(
        "-j", "--jobs", type=int, default=1,
        help="compress with this many worker processes",
    )
    run.add_argument(
        "--resume", action="store_true",
        help="continue an archive an earlier run left unfinished",
    )
    run.add_argument(
        "--stats", action="store_true",
        help="print the number of files and bytes archived at the end",
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="archiver", description="Archive folders.")
    parser.add_argument("paths", nargs="+", help="folders and files to archive")
    add_options(parser)
    options = parser.parse_args(argv)
    files = select_files(options.paths, options.include, options.exclude)
    if options.dry_run:
        for path in files:
            print(path)
        return 0
    write_archive(options.output, files, options.compression, options.level)
    return 0


if __name__ == "__main__":
    sys.exit(main())
