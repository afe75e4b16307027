"""Languages lode understands, by file extension.

Each language is a :class:`~lode.languages.spec.LanguageSpec`: a grammar wheel, the
tags-style queries whose ``@definition.*`` captures are units, and small rule tables.
Every sub-package of this one is a language folder: the specs it defines at module level
are registered (adding a language is adding a folder, and its line in
:mod:`.registry`, which routes a path or a name to its folder without importing the
others). The languages in ``GENERIC`` are
chunked from their wheel's own ``tags.scm`` with the default rules and nothing of their
own. A grammar that fails to load is reported once and its files are read as text.
"""

from __future__ import annotations

import os
from _thread import allocate_lock  # threading's Lock, without importing threading
from importlib import import_module

from .registry import FOLDERS
from .textonly import TEXT_ONLY, TEXT_ONLY_NAMES

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .spec import LanguageSpec

GENERIC: tuple[LanguageSpec, ...] = ()


def _folders() -> list[str]:
    """The language folders (sub-packages) by name, as pkgutil.iter_modules would list
    them, without importing pkgutil (~0.7 ms of every command)."""
    names = set()
    for folder in __path__:
        try:
            entries = os.listdir(folder)
        except OSError:
            continue
        names.update(n for n in entries if "." not in n
                     and os.path.isfile(os.path.join(folder, n, "__init__.py")))
    return sorted(names)


def _discover() -> tuple[LanguageSpec, ...]:
    """The specs defined in each language folder (a folder may define several, C and
    C++; a spec imported from a sibling folder counts once), then ``GENERIC``."""
    from .spec import LanguageSpec

    found: dict[str, LanguageSpec] = {}
    for name in _folders():
        module = import_module(f"{__name__}.{name}")
        for value in vars(module).values():
            if isinstance(value, LanguageSpec):
                found.setdefault(value.name, value)
    for spec in GENERIC:
        found.setdefault(spec.name, spec)
    return tuple(found.values())


def __getattr__(name: str):
    # Every language's spec (LANGUAGES) loads only for what needs them all (indexing's
    # chunker ids, the language-server list); a path or a name loads its own folder.
    if name == "LANGUAGES":
        languages = _discover()
        for spec in languages:
            _BY_NAME.setdefault(spec.name, spec)
        globals()["LANGUAGES"] = languages
        return languages
    if name == "LanguageSpec":
        from .spec import LanguageSpec

        return LanguageSpec
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# extension → language name, the last language registering it winning (as the registry
# of all specs was built); the specs themselves load on first use, into _BY_EXTENSION
# and _BY_NAME (tests put their own specs in _BY_EXTENSION).
_NAMED_BY_EXTENSION = {ext: name for name, (_, extensions) in FOLDERS.items() for ext in extensions}
_BY_EXTENSION: dict[str, LanguageSpec] = {}
_BY_NAME: dict[str, LanguageSpec] = {}

CODE_EXTENSIONS: frozenset[str] = frozenset(_NAMED_BY_EXTENSION)


def _named(name: str) -> LanguageSpec | None:
    """The spec of language ``name``, importing its folder on first use."""
    spec = _BY_NAME.get(name)
    if spec is None and name in FOLDERS:
        from .spec import LanguageSpec

        module = import_module(f"{__name__}.{FOLDERS[name][0]}")
        spec = next(v for v in vars(module).values() if isinstance(v, LanguageSpec) and v.name == name)
        spec = _BY_NAME.setdefault(name, spec)
    return spec


def _for_extension(ext: str) -> LanguageSpec | None:
    spec = _BY_EXTENSION.get(ext)
    if spec is None:
        name = _NAMED_BY_EXTENSION.get(ext)
        if name is not None:
            spec = _BY_EXTENSION.setdefault(ext, _named(name))
    return spec


_broken: dict[str, str] = {}  # language name → why its grammar did not load
_checked: set[str] = set()
_lock = allocate_lock()


def grammar_error(spec: LanguageSpec) -> str | None:
    """Why ``spec``'s grammar cannot be used (None when it loads). Checked once per
    process; the first failure is logged with the language and the reason."""
    if spec.name in _checked:
        return _broken.get(spec.name)
    with _lock:
        if spec.name not in _checked:
            try:
                from .treesitter import grammar_for
                grammar_for(spec)
            except Exception as exc:  # a missing wheel, an ABI mismatch, a bad capsule
                mark_unusable(spec, f"{type(exc).__name__}: {exc}")
            _checked.add(spec.name)
    return _broken.get(spec.name)


def mark_unusable(spec: LanguageSpec, why: str) -> None:
    """Record (and log once) that ``spec`` cannot be used: its files are read as text
    from now on. The chunker calls this when lode's query does not compile (checked
    where the query is first needed, so routing a path never compiles queries)."""
    if spec.name not in _broken:
        _broken[spec.name] = why
        import logging  # only to report a grammar that failed (a look-up never needs it: ~3 ms)

        logging.getLogger(__name__).warning("the %s grammar failed to load (%s); %s files are indexed as text",
                                            spec.name, why, spec.name)
    _checked.add(spec.name)


def language_for_path(path: str) -> LanguageSpec | None:
    """The language of a file by its extension (case-sensitive, as registered), or None
    when it has none or its grammar failed to load (the file is then read as text)."""
    spec = _for_extension(os.path.splitext(path)[1])
    if spec is None or grammar_error(spec) is not None:
        return None
    return spec


def registered_for_path(path: str) -> LanguageSpec | None:
    """The language registered for a file's extension, whether or not its grammar loads:
    for facts about names that need no parsing (a symbol look-up's test markers), so a
    look-up does not load a grammar (~10 ms for the first)."""
    return _for_extension(os.path.splitext(path)[1])


def language_named(name: str) -> LanguageSpec | None:
    return _named(name)


def text_language_for_path(path: str) -> str | None:
    """The language a file is written in when lode reads it as text: a known source or
    config language with no grammar here (``TEXT_ONLY``), or one whose grammar failed
    to load. None for files of a chunked language and for unknown extensions."""
    ext = os.path.splitext(path)[1]
    spec = _for_extension(ext)
    if spec is not None:
        return spec.name if grammar_error(spec) is not None else None
    return (TEXT_ONLY_NAMES.get(os.path.basename(path)) or TEXT_ONLY.get(ext)
            or TEXT_ONLY.get(ext.lower()))


def read_as_text(language: str) -> bool:
    """Whether files recorded under ``language`` are chunked as text for want of a
    grammar (a known language without one, or one whose grammar failed to load)."""
    spec = _named(language)
    if spec is not None:
        return grammar_error(spec) is not None
    return language in _TEXT_ONLY_NAMES


_TEXT_ONLY_NAMES = frozenset(TEXT_ONLY.values()) | frozenset(TEXT_ONLY_NAMES.values())


def code_globs() -> list[str]:
    """Include globs for every registered code extension."""
    return [f"**/*{ext}" for ext in sorted(CODE_EXTENSIONS)]


def text_only_globs() -> list[str]:
    """Include globs for the source and config languages read as text."""
    return ([f"**/*{ext}" for ext in sorted(set(TEXT_ONLY) - CODE_EXTENSIONS)]
            + [f"**/{name}" for name in sorted(TEXT_ONLY_NAMES)])


__all__ = ["LANGUAGES", "CODE_EXTENSIONS", "TEXT_ONLY", "TEXT_ONLY_NAMES", "LanguageSpec",
           "language_for_path", "registered_for_path", "language_named", "text_language_for_path", "grammar_error",
           "mark_unusable", "read_as_text", "code_globs", "text_only_globs"]
