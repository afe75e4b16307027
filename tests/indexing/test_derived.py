"""Derived formats: .html and .docx are chunked as Markdown; hits point at the original."""

from __future__ import annotations

from lode.chunking.derive import derive


def test_html_and_docx_are_searchable_by_their_text(service, project):
    root = project("docsite")
    run = service.index(str(root))
    assert run["indexed"] == 2 and run["refused"] == 0
    hit = service.search("payment gateway", str(root))["hits"][0]
    assert hit["path"] == "guide.html" and hit["kind"] == "section"
    assert hit["breadcrumb"].endswith("Shop guide › Checkout")
    hit = service.search("perishable", str(root))["hits"][0]
    assert hit["path"] == "policy.docx" and "Exceptions" in hit["breadcrumb"]
    # Scripts and styles are not text.
    assert not service.search("analyticsToken", str(root))["hits"]
    langs = service.status(str(root))["workspaces"][0]["languages"]
    assert set(langs) == {"html", "docx"}


def test_broken_docx_is_refused_with_a_reason(service, project):
    root = project("docsite")
    (root / "broken.docx").write_bytes(b"PK\x03\x04 not really a zip")
    service.index(str(root))
    refused = service.status(str(root))["workspaces"][0]["refused"]
    assert [r["path"] for r in refused] == ["broken.docx"]
    assert "docx" in refused[0]["reason"]


def test_derive_html_keeps_structure():
    md = derive("a.html", b"<h1>Title</h1><p>One <code>reclaimVectors</code></p><ul><li>x</li></ul>")
    assert md.splitlines()[0] == "# Title"
    assert "`reclaimVectors`" in md and "- x" in md


def test_a_docx_that_unpacks_to_more_than_the_text_limit_is_refused_quickly(service, project):
    # A few hundred kB of .docx can unpack to hundreds of MB of XML: one such file took
    # 307 s and 8.7 GB of memory to convert (2 million paragraphs in 309 kB). The XML's
    # unpacked size is checked against the text limit before anything is parsed.
    import time
    import zipfile

    from lode.config import MAX_TEXT_BYTES

    root = project("docsite")
    with zipfile.ZipFile(root / "policy.docx") as src:
        parts = {i.filename: src.read(i.filename) for i in src.infolist()}
    body = b"<w:p><w:r><w:t>bomb paragraph words</w:t></w:r></w:p>"
    doc = parts["word/document.xml"]
    parts["word/document.xml"] = doc.replace(b"<w:body>", b"<w:body>" + body * (MAX_TEXT_BYTES // len(body) + 1), 1)
    with zipfile.ZipFile(root / "bomb.docx", "w", compression=zipfile.ZIP_DEFLATED) as out:
        for name, data in parts.items():
            out.writestr(name, data)
    assert (root / "bomb.docx").stat().st_size < 1_000_000
    started = time.monotonic()
    service.index(str(root))
    assert time.monotonic() - started < 30
    refused = {r["path"]: r["reason"] for r in service.status(str(root))["workspaces"][0]["refused"]}
    assert "bomb.docx" in refused and "too large" in refused["bomb.docx"], refused
    assert service.search("perishable", str(root))["hits"]  # the ordinary .docx still comes through


def test_a_docx_image_is_its_alt_text_not_inline_base64():
    # mammoth inlines every image as a base64 data URI by default: a 30 kB picture put
    # 40 kB of base64 into the indexed text (and its tokens into the lexical index).
    import io
    import os
    import zipfile

    from .conftest import PROJECTS

    with zipfile.ZipFile(PROJECTS / "docsite" / "policy.docx") as src:
        parts = {i.filename: src.read(i.filename) for i in src.infolist()}
    parts["word/media/image1.png"] = os.urandom(30000)
    parts["word/_rels/document.xml.rels"] = parts["word/_rels/document.xml.rels"].replace(
        b"</Relationships>", b'<Relationship Id="rIdImg1" Type="http://schemas.openxmlformats.org/'
        b'officeDocument/2006/relationships/image" Target="media/image1.png"/></Relationships>')
    parts["[Content_Types].xml"] = parts["[Content_Types].xml"].replace(
        b"<Default ", b'<Default Extension="png" ContentType="image/png"/><Default ', 1)
    drawing = (b'<w:p><w:r><w:drawing><wp:inline><wp:docPr id="1" name="Picture 1" descr="shop logo"/>'
               b'<a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main">'
               b'<a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">'
               b'<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:blipFill>'
               b'<a:blip r:embed="rIdImg1"/></pic:blipFill></pic:pic></a:graphicData></a:graphic>'
               b'</wp:inline></w:drawing></w:r></w:p>')
    parts["word/document.xml"] = parts["word/document.xml"].replace(b"<w:body>", b"<w:body>" + drawing, 1)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as out:
        for name, data in parts.items():
            out.writestr(name, data)
    md = derive("policy.docx", buf.getvalue())
    assert "base64" not in md and len(md) < 5000, md[:200]
    assert "shop logo" in md and "perishable" in md.lower()


def test_an_html_data_uri_is_not_indexed_text():
    # Pages inline images (and downloads) as base64 data URIs; markdownify kept them whole
    # in the Markdown that is indexed. An image keeps its alt text, a link its words.
    blob = b"iVBORw0KGgo" + b"QUFB" * 10000
    md = derive("page.html", b'<p>Our <img alt="shop logo" src="data:image/png;base64,' + blob +
                b'"> and <a href="data:text/plain;base64,' + blob + b'">the price list</a>.'
                b' <img alt="photo" src="photo.png"></p>')
    assert "base64" not in md and len(md) < 500, md[:200]
    assert "shop logo" in md and "the price list" in md and "photo.png" in md


def test_html_nested_deeper_than_python_recurses_keeps_its_words():
    """A page nested deeper than markdownify can recurse (100k `div`s) keeps its words as
    plain text, instead of being refused with 'RecursionError'."""
    page = ("<html><body><h1>Storage</h1>" + "<div>" * 100_000 + "vectors are reclaimed nightly"
            + "</div>" * 100_000 + "</body></html>").encode()
    md = derive("deep.html", page)
    assert "Storage" in md and "vectors are reclaimed nightly" in md
