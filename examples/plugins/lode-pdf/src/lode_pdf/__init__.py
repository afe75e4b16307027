"""lode-pdf: a deriver plug-in for lode (entry point ``lode.derivers``: ``pdf``).

lode hands :meth:`PdfDeriver.derive` a ``.pdf`` file's bytes and indexes the Markdown it
returns: one ``## Page N`` section per page that has text, so a hit names its page.
Any exception is that file's failure: lode keeps what it indexed before and lists the
reason.
"""

from __future__ import annotations

import io

__version__ = "0.1.0"


class PdfDeriver:
    extensions = (".pdf",)
    # The version lode records with each derived file: raise it when the text this
    # gives for the same PDF changes, so stores re-derive their PDFs.
    version = "1"

    def derive(self, path: str, data: bytes) -> str:
        from pypdf import PdfReader

        reader = PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            raise ValueError("encrypted PDF: no text without its password")
        title = _title(reader) or path.rsplit("/", 1)[-1]
        parts = [f"# {title}\n"]
        for number, page in enumerate(reader.pages, 1):
            text = _clean(page.extract_text() or "")
            if text:
                parts.append(f"## Page {number}\n\n{text}\n")
        return "\n".join(parts)


def _title(reader) -> str | None:
    try:
        meta = reader.metadata
    except Exception:  # a broken info dictionary is no reason to lose the text
        return None
    title = getattr(meta, "title", None) if meta else None
    return " ".join(str(title).split()) if title else None


def _clean(text: str) -> str:
    # Lines as the page lays them out; runs of blank lines collapsed, and a line that
    # looks like a Markdown heading escaped so a page stays one section.
    lines, blank = [], False
    for line in text.splitlines():
        line = line.rstrip()
        if not line:
            blank = bool(lines)
            continue
        if blank:
            lines.append("")
            blank = False
        lines.append("\\" + line if line.lstrip().startswith("#") else line)
    return "\n".join(lines)
