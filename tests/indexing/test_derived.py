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
