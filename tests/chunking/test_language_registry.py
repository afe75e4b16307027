"""The language registry (lode.languages.registry) says what discovering the language
folders finds, and routing a path or a name loads only that language's folder."""

from __future__ import annotations

import importlib
import subprocess
import sys

import lode.languages as languages
from lode.languages.registry import FOLDERS
from lode.languages.spec import LanguageSpec


def test_the_registry_lists_every_discovered_language_its_folder_and_extensions():
    first_folder = {}
    for folder in languages._folders():
        module = importlib.import_module(f"lode.languages.{folder}")
        for value in vars(module).values():
            if isinstance(value, LanguageSpec):
                first_folder.setdefault(value.name, folder)
    discovered = {spec.name: (first_folder[spec.name], spec.extensions) for spec in languages.LANGUAGES}
    assert FOLDERS == discovered
    assert list(FOLDERS) == [spec.name for spec in languages.LANGUAGES]  # the same order


def test_paths_and_names_route_to_the_same_specs_as_the_whole_registry():
    by_extension = {ext: spec for spec in languages.LANGUAGES for ext in spec.extensions}
    assert languages.CODE_EXTENSIONS == frozenset(by_extension)
    for ext, spec in by_extension.items():
        assert languages.registered_for_path(f"a/b{ext}") is spec
    for spec in languages.LANGUAGES:
        assert languages.language_named(spec.name) is spec
    assert languages.registered_for_path("a/b.unknown") is None
    assert languages.language_named("klingon") is None


def test_routing_a_path_loads_only_its_language_folder():
    code = ("import sys, lode.languages as L\n"
            "spec = L.registered_for_path('net/http/server.go')\n"
            "named = L.language_named('rust')\n"
            "loaded = sorted(m for m in sys.modules if m.startswith('lode.languages.')\n"
            "                and m.count('.') == 2 and m.split('.')[2] not in ('spec', 'registry', 'textonly'))\n"
            "print(spec.name, named.name, loaded)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["go", "rust", "['lode.languages.go',", "'lode.languages.rust']"]
