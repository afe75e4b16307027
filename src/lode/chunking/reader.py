"""Reading a file's text, with its refusals: no content sniffing
beyond "is this text", nothing over 16 MiB, nothing that is not UTF-8."""

from __future__ import annotations

import os
import stat

from ..config import MAX_TEXT_BYTES
from ..errors import FileRefused

# The refusal of a file gone when it comes to be read: the indexer reads it as a deletion.
VANISHED = "no such file"


def read_text(path: str, max_bytes: int = MAX_TEXT_BYTES) -> str:
    """The file's text, byte-for-byte (CRLF and a BOM kept, so offsets match the file).

    Raises :class:`FileRefused` with a reason a person can act on."""
    return decode(path, read_bytes(path, max_bytes))


def read_bytes(path: str, max_bytes: int = MAX_TEXT_BYTES) -> bytes:
    """The file's bytes, refused (:class:`FileRefused`) when missing, unreadable or
    over ``max_bytes``."""
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer; only a regular file is
        # then read (a FIFO, device or socket swapped in after a walk is refused here).
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        with open(fd, "rb") as f:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                if stat.S_ISDIR(st.st_mode):
                    raise IsADirectoryError
                raise FileRefused(path, "not a regular file (a FIFO, device or socket): never read")
            if st.st_size > max_bytes:
                raise FileRefused(path, f"too large: {st.st_size} bytes (limit {max_bytes})")
            # The size it has (plus a byte, to see it grew): asking for max_bytes + 1 at
            # once made every read allocate a 16 MiB buffer.
            data = f.read(st.st_size + 1)
            if len(data) > st.st_size:  # grown since: read on to the limit
                data += f.read(max_bytes + 1 - len(data))
    except FileRefused:
        raise
    except FileNotFoundError:
        raise FileRefused(path, VANISHED) from None
    except IsADirectoryError:
        raise FileRefused(path, "is a directory") from None
    except PermissionError:
        raise FileRefused(path, "permission denied") from None
    except OSError as exc:
        raise FileRefused(path, f"unreadable: {exc.strerror or exc}") from None
    if len(data) > max_bytes:
        raise FileRefused(path, f"too large: over {max_bytes} bytes")
    return data


def decode(path: str, data: bytes) -> str:
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):  # its NUL bytes would say "binary"
        raise FileRefused(path, "UTF-16 text (byte order mark): only UTF-8 is read")
    if b"\x00" in data[:8192]:
        if _utf16_without_bom(data[:8192]):
            raise FileRefused(path, "UTF-16 text (no byte order mark): only UTF-8 is read")
        raise FileRefused(path, "binary: contains NUL bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileRefused(path, f"not valid UTF-8 (byte {exc.start})") from None


def _utf16_without_bom(sample: bytes) -> bool:
    """Whether bytes with NULs are text saved as UTF-16 with no byte order mark (some
    Windows tools, PowerShell's redirects): each ASCII-range character then has a NUL
    high byte, so nearly every other byte is NUL and the text decodes to printable
    characters. A binary's NULs fall anywhere, or it decodes to control characters."""
    sample = sample[:len(sample) & ~1]
    if len(sample) < 4:
        return False
    for encoding, high_bytes in (("utf-16-le", sample[1::2]), ("utf-16-be", sample[0::2])):
        if high_bytes.count(0) * 10 < len(high_bytes) * 9:  # under 90% NUL: not mostly ASCII
            continue
        text = sample.decode(encoding, "replace")  # a pair cut at the sample's end
        if "\x00" not in text and \
                sum(c.isprintable() or c in "\t\r\n\f" for c in text) * 20 >= len(text) * 19:
            return True
    return False
