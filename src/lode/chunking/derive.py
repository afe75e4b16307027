"""Derived formats: ``.html``/``.htm`` and ``.docx`` turned into Markdown text, which
is then chunked as Markdown. Hits point at the original file; byte offsets index the
derived text (what ``doc.read`` serves), not the original bytes.

HTML goes through BeautifulSoup (scripts, styles and the head dropped) and
markdownify; ``.docx`` through mammoth (docx → semantic HTML) and the same HTML path.
"""

from __future__ import annotations

import io
import os

from ..config import MAX_TEXT_BYTES
from ..errors import FileRefused

DERIVE_VERSION = 1
DERIVED_EXTENSIONS = frozenset({".html", ".htm", ".docx"})
_DROP = ("script", "style", "head", "noscript", "template", "svg", "iframe")


def deriver_id(path: str) -> str | None:
    """``derive-html-1`` / ``derive-docx-1``, or None if the path is not derived."""
    ext = os.path.splitext(path)[1].lower()
    if ext not in DERIVED_EXTENSIONS:
        return None
    kind = "docx" if ext == ".docx" else "html"
    return f"derive-{kind}-{DERIVE_VERSION}"


def html_to_markdown(html: str) -> str:
    from bs4 import BeautifulSoup
    from markdownify import MarkdownConverter

    soup = BeautifulSoup(html, "html.parser")
    for tag in soup(list(_DROP)):
        tag.decompose()
    # Inline data (base64 images, downloads) is not text: an image keeps its alt text,
    # a link its words.
    for tag in soup.find_all(["img", "a"]):
        if str(tag.get("src" if tag.name == "img" else "href", "")).lstrip().lower().startswith("data:"):
            tag.replace_with(tag.get("alt", "") if tag.name == "img" else tag.get_text())
    try:
        md = MarkdownConverter(heading_style="ATX", bullets="-", code_language="").convert_soup(soup)
    except RecursionError:
        # markdownify recurses once per element level: a page nested deeper than Python
        # allows keeps its words, as plain text (BeautifulSoup walks its tree without
        # recursing), not its headings and lists
        md = soup.get_text("\n")
    lines = [line.rstrip() for line in md.splitlines()]
    out: list[str] = []
    for line in lines:  # collapse runs of blank lines markdownify leaves behind
        if line or (out and out[-1]):
            out.append(line)
    return "\n".join(out).strip() + "\n"


def docx_to_markdown(data: bytes) -> str:
    import zipfile

    import mammoth

    # A few hundred kB of .docx can unpack to hundreds of MB of XML, which mammoth holds
    # ~80 times over: the XML parts' unpacked size is held to the text limit first.
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            unpacked = sum(i.file_size for i in z.infolist() if i.filename.endswith((".xml", ".rels")))
    except Exception as exc:  # not a zip at all: said as mammoth would
        raise ValueError(f"not a readable .docx: {exc}") from exc
    if unpacked > MAX_TEXT_BYTES:
        raise ValueError(f"too large: its XML unpacks to {unpacked} bytes (limit {MAX_TEXT_BYTES})")
    try:
        result = mammoth.convert_to_html(io.BytesIO(data), convert_image=_image_as_alt_text)
    except Exception as exc:  # a corrupt or non-docx zip: mammoth raises assorted errors
        raise ValueError(f"not a readable .docx: {exc}") from exc
    return html_to_markdown(result.value)


def _image_as_alt_text(image) -> list:
    """An image is its alt text: mammoth's default inlines its bytes as a base64 data URI,
    which then filled the indexed text (40 kB of base64 for a 30 kB picture)."""
    from mammoth import html

    return [html.text(image.alt_text)] if image.alt_text else []


def derive(path: str, data: bytes) -> str:
    """Markdown text for a derived file's bytes; raises FileRefused on bad input."""
    if len(data) > MAX_TEXT_BYTES:
        raise FileRefused(path, f"too large: {len(data)} bytes (limit {MAX_TEXT_BYTES})")
    ext = os.path.splitext(path)[1].lower()
    if ext == ".docx":
        try:
            return docx_to_markdown(data)
        except ValueError as exc:
            raise FileRefused(path, str(exc)) from None
    if b"\x00" in data[:8192]:
        raise FileRefused(path, "binary: contains NUL bytes")
    try:
        html = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileRefused(path, f"not valid UTF-8 (byte {exc.start})") from None
    return html_to_markdown(html)
