"""A plug-in chunker's output, checked against the partition contract and turned into
lode's chunks.

Every lode chunker keeps the same promise (the partition, docs/architecture.md): spans ascend, never overlap, stay
inside the file, and only whitespace lies outside them — nothing is dropped from
lexical search. A plug-in's spans are checked on every file it chunks; the first
violation disables the plug-in for the rest of the process (its files are then read as
text, with a note saying why), since one bad answer means the next may be bad too.
"""

from __future__ import annotations

from ..config import DEFAULT_CHUNK_CONFIG
from ..records import Chunk

_disabled: dict[str, str] = {}  # plug-in name → the violation that disabled it


class ContractBroken(Exception):
    pass


def _field(span, name: str, default=None):
    if isinstance(span, dict):
        return span.get(name, default)
    return getattr(span, name, default)


def check(data: bytes, spans: list) -> list[tuple[int, int, str, str | None, str | None, str | None]]:
    """(start, end, kind, name, breadcrumb, embed) per span; raises ContractBroken."""
    out = []
    pos = 0
    for i, span in enumerate(spans):
        start, end, kind = _field(span, "byte_start"), _field(span, "byte_end"), _field(span, "kind")
        if not (isinstance(start, int) and isinstance(end, int)) or isinstance(start, bool) or isinstance(end, bool):
            raise ContractBroken(f"span {i} has no integer byte_start/byte_end")
        if not isinstance(kind, str) or not kind:
            raise ContractBroken(f"span {i} has no kind")
        if start < pos:
            raise ContractBroken(f"span {i} [{start}, {end}) overlaps or precedes the one before (ends at {pos})")
        if end <= start or end > len(data):
            raise ContractBroken(f"span {i} [{start}, {end}) is empty or past the end ({len(data)} bytes)")
        if data[pos:start].strip():
            raise ContractBroken(f"bytes {pos}-{start} are not whitespace and lie outside every span")
        out.append((start, end, kind, _field(span, "name"), _field(span, "breadcrumb"), _field(span, "embed")))
        pos = end
    if data[pos:].strip():
        raise ContractBroken(f"bytes {pos}-{len(data)} are not whitespace and lie outside every span")
    return out


def disabled(name: str) -> str | None:
    """Why plug-in ``name`` was disabled in this process, or None."""
    return _disabled.get(name)


def chunk_with(reg, path: str, data: bytes, embed_budget: int = DEFAULT_CHUNK_CONFIG.embed_budget) -> list[Chunk]:
    """The chunks plug-in ``reg`` makes of ``data``; raises ContractBroken (and disables
    the plug-in) when its output breaks the partition or it fails. Embed texts are held
    to ``embed_budget`` characters, as lode's own are."""
    why = _disabled.get(reg.name)
    if why is not None:
        raise ContractBroken(why)
    try:
        spans = list(reg.impl.chunk(path, data))
        checked = check(data, spans)
    except ContractBroken as exc:
        _disabled[reg.name] = why = (f"chunker plug-in {reg.name!r} (package {reg.package}) broke the "
                                     f"partition contract on {path}: {exc}; disabled, its files are read as text")
        raise ContractBroken(why) from None
    except Exception as exc:  # a crash in the plug-in costs its files their structure, not the run
        _disabled[reg.name] = why = (f"chunker plug-in {reg.name!r} (package {reg.package}) failed on "
                                     f"{path}: {type(exc).__name__}: {exc}; disabled, its files are read as text")
        raise ContractBroken(why) from None
    chunks = []
    newlines = 0  # before the current span's start
    last = 0
    for start, end, kind, name, crumb, embed in checked:
        newlines += data.count(b"\n", last, start)
        last = start
        line_end = newlines + 1 + data.count(b"\n", start, end - 1)
        breadcrumb = crumb or (f"{path} › {kind} {name}" if name else f"{path} › {kind}")
        chunks.append(Chunk(path, start, end, newlines + 1, line_end, kind, name, breadcrumb,
                            (embed if isinstance(embed, str) else breadcrumb)[:embed_budget], reg.id))
    return chunks
