"""A server whose references are partial (jedi: a bounded search, uses through an
`import … as` alias and of a property unseen) gets the index's uses it did not report
added to its answer, said so in the answer; its own positions stay."""

from __future__ import annotations

from lode.service import Service

from .conftest import indexed, need

MAILER = {
    "mailer/__init__.py": "",
    "mailer/_checks.py": '''
        def is_valid(message: bytes) -> bool:
            return bool(message)
        ''',
    "mailer/transport.py": '''
        from ._checks import is_valid as _is_valid


        class Transport:
            def __init__(self, host: str) -> None:
                self._host = host

            @property
            def host(self) -> str:
                return self._host

            def send(self, message: bytes) -> int:
                assert _is_valid(message)
                return len(message)

            def resend(self, message: bytes) -> int:
                assert _is_valid(message)
                return self.send(message)
        ''',
    "mailer/client.py": '''
        from .transport import Transport


        def describe(transport: Transport) -> str:
            return f"mail via {transport.host}"
        ''',
}


def _lines(r):
    return {(e["path"], e["line"]) for e in r["references"]}


def test_jedi_references_gain_the_index_uses_it_left_out(tmp_path_factory, monkeypatch):
    need("jedi-language-server")
    monkeypatch.setenv("LODE_LSP", "jedi-language-server")
    db, _root = indexed(tmp_path_factory, "mailer", MAILER)
    with Service(str(db)) as svc:
        index = svc.references("mailer._checks.is_valid", lsp=False, every=True)
        assert {("mailer/transport.py", 13), ("mailer/transport.py", 17)} <= _lines(index)
        r = svc.references("mailer._checks.is_valid", lsp=True, every=True)
        assert r["source"] == "lsp:jedi-language-server", r.get("lsp")
        # the import line, which jedi reports, and the calls through the alias, which it does not
        assert {("mailer/transport.py", 1), ("mailer/transport.py", 13), ("mailer/transport.py", 17)} <= _lines(r)
        assert "from the index" in r["lsp"]["note"]
        assert r["total"] == len(r["references"])
        # one position per file when every position is not asked for
        firsts = svc.references("mailer._checks.is_valid", lsp=True)
        assert sorted(_lines(firsts)) == [("mailer/transport.py", 1)]
        # a property's use through a typed parameter
        prop = svc.references("mailer.transport.Transport.host", lsp=True, every=True)
        assert prop["source"] == "lsp:jedi-language-server"
        assert ("mailer/client.py", 5) in _lines(prop)
