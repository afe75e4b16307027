"""A search emptied by its filters is searched again without them once, by the engine,
and every interface writes its note from that one record (``filtered_out``). Before,
the MCP server ran a second search of its own for its note, after the engine had run
the unfiltered retrieval for its auto note: two engine runs per such call.

The MCP server runs in-process (the SDK's client connected to the server object) so
the engine's entry point can be counted; the engine itself runs unchanged."""

from __future__ import annotations

import asyncio
import json

import pytest

pytest.importorskip("mcp")

CACHE = '''package cache

// Evict drops the least recently used entries until the cache fits its budget.
func (c *Cache) Evict(budget int) {
	for c.size > budget {
		c.dropOldest()
	}
}
'''

GUIDE = "# Operations\n\nThe cache evicts entries when memory runs low.\n"


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    from lode.service import Service

    root = tmp_path_factory.mktemp("filtered-once") / "svc"
    (root / "cache").mkdir(parents=True)
    (root / "go.mod").write_text("module example.com/svc\n\ngo 1.21\n")
    (root / "cache" / "evict.go").write_text(CACHE)
    (root / "guide.md").write_text(GUIDE)
    db = root.parent / "store.db"
    with Service(str(db)) as svc:
        name = svc.add_workspace(str(root))["name"]
        svc.index(name, embed=False)
    return db, name


def test_an_mcp_search_emptied_by_its_filters_runs_the_engine_once(store, monkeypatch):
    from mcp import Client

    from lode.mcp.server import build
    from lode.search import engine
    from lode.service import Session

    db, name = store
    runs = []
    real = engine.search

    def counted(*args, **kwargs):
        runs.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(engine, "search", counted)

    async def scenario():
        async with Client(build(Session(str(db)), scope=(name,))) as client:
            out = {}
            for key, args in (("lexical", {"mode": "lexical"}), ("auto", {}), ("files", {"files": True})):
                before = len(runs)
                r = await client.call_tool("search", {"query": "evicts entries", "glob": ["**/*.rs"], **args})
                out[key] = (len(runs) - before, r.is_error, "".join(getattr(c, "text", "") for c in r.content))
            return out

    for key, (engine_runs, error, text) in asyncio.run(scenario()).items():
        assert not error, text
        result = json.loads(text)
        assert not result.get("hits") and not result.get("files"), text
        # the note names where the query alone is found, from the engine's one run
        assert "glob=['**/*.rs']" in result["note"] and "first: " in result["note"], (key, result)
        assert engine_runs == 1, (key, runs)


def test_the_record_names_the_best_hit_of_the_query_alone(store):
    from lode.service import Service

    db, name = store
    with Service(str(db)) as svc:
        alone = svc.search("evicts entries", name, mode="lexical", limit=1)["hits"][0]
        for options in ({"mode": "lexical"}, {}, {"files": True}):
            got = svc.search("evicts entries", name, path_globs=["**/*.rs"], **options)
            assert got["hits"] == []
            record = got["filtered_out"]
            assert record["filters"] == {"path_globs": ["**/*.rs"]}
            assert record["first"] == {"path": alone["path"], "workspace": name, "line_start": alone["line_start"]}
            assert record["chunks"] >= 2 and record["more"] is False and record["strategy"] == "or"
        # a search with hits, or without filters, carries no record
        assert "filtered_out" not in svc.search("evicts entries", name, path_globs=["**/*.go"])
        nowhere = svc.search("zeppelin", name, path_globs=["**/*.rs"])
        assert nowhere["hits"] == [] and "filtered_out" not in nowhere
