"""File names as the store keeps them: losslessly, whatever bytes they hold.

On Linux a file name is bytes; Python hands a name that is not UTF-8 over as a ``str``
with each undecodable byte smuggled in as a lone surrogate (``surrogateescape``), which
SQLite cannot store as text. Such a name is stored as two columns: ``path`` holds its
*display* form — valid UTF-8, each undecodable byte written ``\\xNN`` — which every
reader of the store shows and searches, and ``raw_path`` holds the exact bytes, from
which the indexer gets back the very name the walk produced. A UTF-8 name (nearly all)
has ``raw_path`` NULL and is stored unchanged.

:func:`display` is the one escaping for output to people: a name with a newline, a tab
or another control character must not break ``path:line`` lines.
"""

from __future__ import annotations


def to_store(path: str) -> tuple[str, bytes | None]:
    """(display text, raw bytes or None) for a walked relative path."""
    try:
        path.encode("utf-8")
        return path, None
    except UnicodeEncodeError:
        raw = path.encode("utf-8", "surrogateescape" if _only_escapes(path) else "surrogatepass")
        return raw.decode("utf-8", "backslashreplace"), raw


def from_store(text: str, raw: bytes | None) -> str:
    """The walked form of a stored path (inverse of :func:`to_store`)."""
    if raw is None:
        return text
    return bytes(raw).decode("utf-8", "surrogateescape")


def _only_escapes(path: str) -> bool:
    return all(not 0xD800 <= ord(c) <= 0xDFFF or 0xDC80 <= ord(c) <= 0xDCFF for c in path)


_CONTROL = None  # compiled on first use: opening a store does not need re (~25 M instructions)


def display(path: str) -> str:
    """``path`` safe to print on one line: control characters as ``\\n``, ``\\t``,
    ``\\xNN`` and bytes that are not UTF-8 as ``\\xNN``; anything else unchanged."""
    global _CONTROL
    if path.isprintable():  # none of them (each is unprintable): nearly every path
        return path
    if _CONTROL is None:
        import re

        _CONTROL = re.compile(r"[\x00-\x1f\x7f\u0085\u2028\u2029]|[\ud800-\udfff]")
    return _CONTROL.sub(_escape, path)


def _escape(m: re.Match) -> str:
    c = m.group(0)
    if c == "\n":
        return "\\n"
    if c == "\t":
        return "\\t"
    if c == "\r":
        return "\\r"
    n = ord(c)
    if 0xDC80 <= n <= 0xDCFF:
        return f"\\x{n - 0xDC00:02x}"
    return f"\\x{n:02x}" if n < 0x100 else f"\\u{n:04x}"


def scrub(value):
    """``value`` with every string made storable text (lone surrogates as ``\\xNN``):
    for the records of a file whose name is not UTF-8, whose breadcrumbs, module names
    and notes quote that name. Dataclasses (frozen or not), lists, tuples and dicts are
    copied; other values returned as they are."""
    if isinstance(value, str):
        return to_store(value)[0]
    if isinstance(value, list):
        return [scrub(v) for v in value]
    if isinstance(value, tuple):
        return tuple(scrub(v) for v in value)
    if isinstance(value, dict):
        return {scrub(k): scrub(v) for k, v in value.items()}
    import dataclasses  # here only: a command-line look-up does not import it

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        changes = {f.name: scrub(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return dataclasses.replace(value, **changes)
    return value
