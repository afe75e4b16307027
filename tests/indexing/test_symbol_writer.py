"""The symbol writer stores a file's import aliases as json.dumps(aliases,
ensure_ascii=False) spells them (lode/store/schema_symbols.py writes the common case
itself), and a re-indexed file's symbol rows are those a fresh index writes."""

from __future__ import annotations

import json

import pytest

from lode.service import Service
from lode.store import schema_symbols

ALIASES = [
    {},
    {"h": "net/http", "W": "mypkg.Widget"},
    {"größe": "maß.Größe", "q": 'say "hi"\\now', "tab": "a\tb\x01\u2028", "emoji": "pkg.🚀"},
    {"odd": "\udce9"},  # a lone surrogate passes through as json writes it
    {"n": 1, "none": None, "xs": ["a", "b"]},  # not strings: json's own conversions
    {3: "int key"},
]


@pytest.mark.parametrize("aliases", ALIASES)
def test_aliases_are_stored_as_json_writes_them(aliases):
    assert schema_symbols._aliases(aliases) == json.dumps(aliases, ensure_ascii=False)


def test_stored_aliases_read_back_and_rows_survive_an_edit(tmp_path):
    root = tmp_path / "proj"
    (root / "shop").mkdir(parents=True)
    (root / "shop" / "__init__.py").write_text("")
    (root / "shop" / "cart.py").write_text(
        "import json as jsön\nfrom collections import OrderedDict as Ordered\n\n"
        "class Cart(Ordered):\n    def total(self):\n        return jsön.dumps(self)\n", encoding="utf-8")
    with Service(tmp_path / "s.db") as svc:
        svc.index(str(root), embed=False)
        db = svc.store.db
        (stored,) = db.execute("SELECT aliases FROM symbol_files sf JOIN files f ON f.id = sf.file_id"
                               " WHERE f.path = 'shop/cart.py'").fetchone()
        assert json.loads(stored) == {"jsön": "json", "Ordered": "collections.OrderedDict"}
        tables = ("symbols", "symbol_links", "symbol_relations", "symbol_files")

        def rows():
            return {t: sorted(db.execute(f"SELECT * FROM {t} WHERE file_id IN (SELECT id FROM files"
                                         " WHERE path = 'shop/cart.py')").fetchall(), key=repr)
                    for t in tables}

        first = rows()
        assert first["symbols"] and first["symbol_relations"]
        cart = root / "shop" / "cart.py"
        cart.write_text(cart.read_text(encoding="utf-8") + "\n\ndef empty():\n    return Cart()\n", encoding="utf-8")
        svc.index(str(root), embed=False)
        edited = rows()
    with Service(tmp_path / "fresh.db") as fresh:
        fresh.index(str(root), embed=False)
        db = fresh.store.db
        assert {t: [r[1:] for r in v] for t, v in edited.items()} == \
            {t: [r[1:] for r in v] for t, v in rows().items()}
    assert len(edited["symbols"]) > len(first["symbols"])
