"""The symbol index answers the same on both stores: every marker name of every
fixture corpus (tests/corpora/<lang>/), looked up as a definition, reference and
implementation, gives identical candidates from a SQLite store and a PostgreSQL store
indexed from the same files; so do describe (signature, doc, chunk), fuzzy name search,
file outlines and the list of every symbol."""

from __future__ import annotations

import pytest

from lode.store import open_store
from lode.symbols import api
from lode.symbols.index import SymbolIndex
from lode.workspace import WorkspaceConfig, index_workspace
from postgres_server import new_database
from symbols.conftest import CORPORA, LANGUAGES, markers


@pytest.fixture(scope="module")
def stores(pg_server, tmp_path_factory):
    with new_database(pg_server) as url:
        lite = open_store(tmp_path_factory.mktemp("agree") / "lode.db")
        pg = open_store(url)
        for store in (lite, pg):
            for lang in LANGUAGES:
                ws = store.add_workspace(lang, str(CORPORA / lang), WorkspaceConfig().to_dict())
                index_workspace(store, ws, workers=0)
        yield lite, pg
        lite.close()
        pg.close()


def _answers(store, lang: str) -> dict:
    index = SymbolIndex(store, store.workspace(lang).id)
    out = {}
    for m in markers(lang):
        for name in m.names:
            for what in ("definitions", "references", "implementations"):
                try:
                    got = getattr(index, what)(name)
                except Exception as exc:  # the same refusal on both stores counts as agreement
                    got = f"{type(exc).__name__}: {exc}"
                out[(what, name)] = [tuple(c) for c in got] if isinstance(got, list) else got
        out[("file_symbols", m.path)] = [tuple(c) for c in index.file_symbols(m.path)]
        out[("describe", m.names[0])] = api.describe(store, m.names[0], lang)
        out[("symbols", m.names[0])] = api.search(store, m.names[0].rsplit(".", 1)[-1][:4], lang)
    out[("list_symbols",)] = [tuple(c) for c in index.list_symbols()]
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_same_answers_on_both_stores(stores, lang):
    lite, pg = stores
    want, got = _answers(lite, lang), _answers(pg, lang)
    assert any(v for k, v in want.items() if k[0] == "definitions")  # not an empty agreement
    differ = {k: (want[k], got[k]) for k in want if want[k] != got[k]}
    assert not differ, f"{len(differ)} of {len(want)} answers differ, e.g. {next(iter(differ.items()))}"
