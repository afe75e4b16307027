"""The worked example (examples/shop/store/reclaim.go, shown by `lode chunk` in the README), chunk by chunk."""

from pathlib import Path

from lode.chunking import chunk_file
from partition import assert_partition

EXAMPLE = Path(__file__).parent.parent / "examples/shop/store/reclaim.go"


def test_reclaim_go_matches_the_worked_example():
    text = EXAMPLE.read_text()
    chunks = chunk_file("store/reclaim.go", text)
    assert_partition(text, chunks)
    rows = [(c.kind, c.name, c.breadcrumb) for c in chunks if c.kind != "gap"]
    assert rows == [
        ("header", None, "store/reclaim.go › package store"),
        ("type", "ID", "store/reclaim.go › type ID int64"),
        ("type", "Name", "store/reclaim.go › type Name string"),
        ("var", "defaults", "store/reclaim.go › var defaults [][3]int"),
        ("method", "Store.reclaim",
         "store/reclaim.go › func (s *Store) reclaim(ctx context.Context, fp string) error"),
    ]
    by_name = {c.name: c for c in chunks}
    assert chunks[0].embed == "store/reclaim.go › package store\nPackage store keeps embedding vectors."
    assert by_name["ID"].embed is None  # tiny: lexical only
    assert by_name["defaults"].embed.endswith("var defaults [][3]int = {{0x0, 0xf, 0}, {1, 2, 3}, {4, 5, 6}, …}")
    method = by_name["Store.reclaim"]
    assert method.embed.endswith("reclaim frees vectors no workspace uses, a batch at a time.")
    assert "sweep" not in method.embed  # the body is never embedded
    body = text.encode()[method.byte_start:method.byte_end].decode()
    assert body.startswith("// reclaim frees") and "s.sweep(ctx, fp, 512)" in body
