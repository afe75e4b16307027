"""Search options, validated once into one object:
``paths, path_globs, tags_any, languages, kinds, mode, rerank, limit, files``."""

from __future__ import annotations

from ..errors import InvalidParams
from ..tuples import record  # not dataclasses: a search would import inspect for it
from .filters import Filters

MODES = ("lexical", "semantic", "hybrid", "auto")
OPTIONS = ("paths", "path_globs", "tags_any", "languages", "kinds", "mode", "rerank", "limit", "files")
DEFAULT_LIMIT = 20
MAX_LIMIT = 1000


def _limit(value) -> int:
    if value is None:
        return DEFAULT_LIMIT
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidParams("invalid params: 'limit' must be an integer", data={"param": "limit"})
    if not 1 <= value <= MAX_LIMIT:
        raise InvalidParams(f"invalid params: 'limit' must be between 1 and {MAX_LIMIT}", data={"param": "limit"})
    return value


@record
class SearchOptions:
    filters: Filters
    mode: str = "auto"
    rerank: object = None
    limit: int = DEFAULT_LIMIT
    files: bool = False   # ranked files, each with its best chunks

    @classmethod
    def build(cls, text, options: dict) -> "SearchOptions":
        unknown = sorted(set(options) - set(OPTIONS))
        if unknown:
            raise InvalidParams(f"invalid params: unknown search option {unknown[0]!r} (accepted: {', '.join(OPTIONS)})",
                                data={"param": unknown[0]})
        if not isinstance(text, str) or not text.strip():
            raise InvalidParams("invalid params: 'query' is empty", data={"param": "query"})
        mode = options.get("mode") or "auto"
        if mode not in MODES:
            raise InvalidParams(f"invalid params: 'mode' must be one of {', '.join(MODES)}", data={"param": "mode"})
        files = options.get("files") or False
        if not isinstance(files, bool):
            raise InvalidParams("invalid params: 'files' must be true or false", data={"param": "files"})
        filters = Filters.build(options.get("paths"), options.get("path_globs"), options.get("tags_any"),
                                options.get("languages"), options.get("kinds"))
        return cls(filters, mode, options.get("rerank"), _limit(options.get("limit")), files)
