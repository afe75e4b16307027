"""Languages lode understands, by file extension.

Each language is a :class:`~lode.languages.spec.LanguageSpec`: a grammar wheel, the
tags-style queries whose ``@definition.*`` captures are units, and small rule tables.
Go, Python, Rust, TypeScript/TSX, JavaScript, Zig and C/C++ carry rules or query
additions in their own sub-packages; the languages in ``GENERIC`` are chunked from
their wheel's own ``tags.scm`` with the default rules and nothing of their own.
"""

from __future__ import annotations

import os

from . import c, go, javascript, python, rust, typescript, zig
from .spec import LanguageSpec, grammar, module_query, wheel_query

GENERIC: tuple[LanguageSpec, ...] = (
    LanguageSpec("java", (".java",), grammar("tree_sitter_java"), (module_query("tree_sitter_java"),)),
    LanguageSpec("ruby", (".rb",), grammar("tree_sitter_ruby"), (module_query("tree_sitter_ruby"),)),
    LanguageSpec("php", (".php",), grammar("tree_sitter_php", "language_php"),
                 (wheel_query("tree_sitter_php", "queries/tags.scm"),)),
)

LANGUAGES: tuple[LanguageSpec, ...] = (
    go.SPEC, python.SPEC, rust.SPEC, typescript.SPEC, typescript.TSX, javascript.SPEC, zig.SPEC,
    c.SPEC, c.CPP, *GENERIC,
)

_BY_EXTENSION = {ext: spec for spec in LANGUAGES for ext in spec.extensions}
_BY_NAME = {spec.name: spec for spec in LANGUAGES}

CODE_EXTENSIONS: frozenset[str] = frozenset(_BY_EXTENSION)


def language_for_path(path: str) -> LanguageSpec | None:
    """The language of a file by its extension (case-sensitive, as registered)."""
    return _BY_EXTENSION.get(os.path.splitext(path)[1])


def language_named(name: str) -> LanguageSpec | None:
    return _BY_NAME.get(name)


def code_globs() -> list[str]:
    """Include globs for every registered code extension."""
    return [f"**/*{ext}" for ext in sorted(CODE_EXTENSIONS)]


__all__ = ["LANGUAGES", "CODE_EXTENSIONS", "LanguageSpec", "language_for_path",
           "language_named", "code_globs"]
