"""A chunk's text is stored compressed when long and as it is when short
(lode/store/fts_rows.py RAW_BELOW): both forms read back as the file's text, are found
by the substring scan, and a store whose texts were all compressed reads as before."""

from __future__ import annotations

import zlib

from lode.service import Service
from lode.store import fts_rows

SHORT = "// Größe misst die Breite.\nfunc Size() int { return 1 }\n"
LONG = "// Total adds every price of the cart, in Ångström units.\nfunc Total(prices []int) int {\n" + "".join(
    f"\tprices[{i}] = prices[{i}] * {i + 3} // keep line {i} of the cart's running sum\n" for i in range(40)) + \
    "\treturn len(prices)\n}\n"


def _tree(tmp_path):
    root = tmp_path / "proj"
    root.mkdir()
    (root / "cart.go").write_text("package cart\n\n" + SHORT + "\n" + LONG, encoding="utf-8")
    return root


def test_short_texts_are_stored_as_text_long_ones_compressed_and_both_read_back(tmp_path):
    root = _tree(tmp_path)
    with Service(tmp_path / "s.db") as svc:
        svc.index(str(root), embed=False)
        db = svc.store.db
        rows = db.execute("SELECT id, byte_start, byte_end, typeof(body_z), body_z FROM chunks ORDER BY ord").fetchall()
        data = (root / "cart.go").read_bytes()
        kinds = {}
        for cid, start, end, kind, z in rows:
            text = data[start:end].decode("utf-8")
            assert fts_rows.unpack(z) == text
            kinds[kind] = kinds.get(kind, 0) + 1
            assert kind == ("text" if len(text) < fts_rows.RAW_BELOW else "blob"), text
        assert kinds.get("text") and kinds.get("blob")
        bodies = svc.store.fts.bodies([r[0] for r in rows])
        assert any("Größe" in b for b in bodies.values()) and any("Ångström" in b for b in bodies.values())
        # The substring scan (SQLite LIKE's rules: ASCII case folded, others not) reads both.
        for needle, found in (("SIZE()", "Size"), ("total(PRICES", "Total"), ("größe", "Größe"),
                              ("ÅNGStröm", "Ångström")):
            hits = [cid for cid, *_, z in rows if fts_rows.contains(z, needle.encode("utf-8").lower())]
            assert hits and all(found in bodies[i] for i in hits), needle
        assert not any(fts_rows.contains(z, "GRÖSSE".encode("utf-8").lower()) for *_, z in rows)  # only ASCII folds


def test_a_text_sqlite_cannot_hold_as_text_is_compressed_and_old_stores_read_as_before():
    odd = "name = '\udce9t\udce9'"  # lone surrogates: not UTF-8, so not a TEXT value
    stored = fts_rows.pack(odd)
    assert isinstance(stored, bytes) and fts_rows.unpack(stored) == odd
    assert isinstance(fts_rows.pack("short"), str)
    long = "x = 1\n" * 200
    assert isinstance(fts_rows.pack(long), bytes) and fts_rows.unpack(fts_rows.pack(long)) == long
    # a store written before compressed every text, the short ones too
    before = zlib.compress("func Size() int { return 1 }".encode("utf-8"))
    assert fts_rows.unpack(before) == "func Size() int { return 1 }"
    assert fts_rows.contains(before, b"size()") and not fts_rows.contains(before, b"total")
    assert fts_rows.unpack(None) == "" and not fts_rows.contains(None, b"x") and not fts_rows.contains("", b"x")
