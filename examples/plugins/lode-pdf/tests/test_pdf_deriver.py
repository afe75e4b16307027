"""The deriver on real PDFs (made by tests/pdfmaker.py, read by pypdf)."""

from __future__ import annotations

import io
import sys
import tomllib
from pathlib import Path

import pytest

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "src"))

from lode_pdf import PdfDeriver  # noqa: E402
from pdfmaker import make_pdf  # noqa: E402


def test_pages_become_sections_with_their_text():
    pdf = make_pdf(["Reclaiming storage\nVectors no workspace uses are freed in batches.",
                    "Backups run nightly."], title="Operations guide")
    md = PdfDeriver().derive("docs/ops.pdf", pdf)
    assert md.startswith("# Operations guide\n")
    page1, page2 = md.split("## Page 2")
    assert "## Page 1" in page1 and "freed in batches" in page1
    assert "Backups run nightly." in page2 and "freed" not in page2


def test_untitled_pdf_is_named_by_its_file():
    md = PdfDeriver().derive("docs/untitled.pdf", make_pdf(["one line"]))
    assert md.splitlines()[0] == "# untitled.pdf"


def test_a_line_starting_with_hash_does_not_open_a_section():
    md = PdfDeriver().derive("x.pdf", make_pdf(["# not a heading\nplain"]))
    assert "\\# not a heading" in md
    assert sum(1 for line in md.splitlines() if line.startswith("#")) == 2  # title + page


def test_garbage_and_truncated_files_raise():
    with pytest.raises(Exception):
        PdfDeriver().derive("bad.pdf", b"this is not a pdf at all")
    with pytest.raises(Exception):
        PdfDeriver().derive("cut.pdf", make_pdf(["some text"])[:60])


def test_encrypted_pdf_is_refused_with_a_reason():
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for page in PdfReader(io.BytesIO(make_pdf(["secret text"]))).pages:
        writer.add_page(page)
    writer.encrypt(user_password="pw", owner_password="owner")
    buf = io.BytesIO()
    writer.write(buf)
    with pytest.raises(ValueError, match="encrypted"):
        PdfDeriver().derive("locked.pdf", buf.getvalue())


def test_declares_the_lode_derivers_entry_point_and_a_valid_version():
    meta = tomllib.loads((HERE.parent / "pyproject.toml").read_text())
    assert meta["project"]["entry-points"]["lode.derivers"] == {"pdf": "lode_pdf:PdfDeriver"}
    d = PdfDeriver()
    assert d.extensions == (".pdf",) and d.version.isalnum()
