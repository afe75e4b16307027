"""Search: query parsing (:mod:`.query`, no index needed), code-aware tokens
(:mod:`.tokens`), options and filters, lexical candidates over FTS5 (:mod:`.lexical`),
semantic candidates (:mod:`.semantic`), ranking (:mod:`.ranking`), fusion, rerank,
snippets, and the engine that runs the stages (:mod:`.engine`; see docs/search.md).

Nothing is imported here: the indexer needs only :mod:`.tokens`, and importing the
engine would pull in numpy and the models.
"""
