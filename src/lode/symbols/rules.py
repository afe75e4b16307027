"""Each language's symbol rules (``RULES`` in ``lode/languages/<lang>/symbols.py``),
loaded once per process. Apart from :mod:`.extraction` so that a look-up, which needs
only the rules' facts (test markers, how interfaces are satisfied), does not import
the extraction machinery (tree-sitter, the per-file context and type table)."""

from __future__ import annotations

from _thread import allocate_lock  # threading.Lock, without importing threading
from importlib import import_module

_rules: dict = {}  # language name -> its SymbolRules, or None
_lock = allocate_lock()


def rules_for(spec):
    """The symbol rules of a language (a LanguageSpec), or None when it has no
    cross-file support."""
    with _lock:
        if spec.name not in _rules:
            name = spec.folder or spec.name
            try:
                _rules[spec.name] = import_module(f"lode.languages.{name}.symbols").RULES
            except ModuleNotFoundError:
                _rules[spec.name] = None
        return _rules[spec.name]
