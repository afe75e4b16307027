"""Which language folder defines each language, and the file extensions it is registered
for, in the order :mod:`lode.languages` discovers them: so that routing a path or naming
a language imports that one folder, not every one (importing all 25+ folders and their
specs was ~37 M instructions of a ~210 M command-line ``lode def``).

Written from the folders themselves; tests/chunking/test_language_registry.py checks that
it says what discovering them finds (adding a language folder adds its line here).
"""

from __future__ import annotations

# language name → (the folder whose module defines its spec, its extensions)
FOLDERS: dict[str, tuple[str, tuple[str, ...]]] = {
    "bash": ("bash", (".sh", ".bash", ".bats")),
    "c": ("c", (".c", ".h")),
    "cpp": ("c", (".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx")),
    "csharp": ("csharp", (".cs",)),
    "dart": ("dart", (".dart",)),
    "elixir": ("elixir", (".ex", ".exs")),
    "go": ("go", (".go",)),
    "haskell": ("haskell", (".hs", ".lhs")),
    "hcl": ("hcl", (".tf", ".tfvars", ".hcl")),
    "java": ("java", (".java",)),
    "javascript": ("javascript", (".js", ".jsx", ".mjs", ".cjs")),
    "julia": ("julia", (".jl",)),
    "kotlin": ("kotlin", (".kt", ".kts")),
    "lua": ("lua", (".lua",)),
    "objc": ("objc", (".m", ".mm")),
    "ocaml": ("ocaml", (".ml",)),
    "ocaml_interface": ("ocaml", (".mli",)),
    "perl": ("perl", (".pl", ".pm", ".t")),
    "php": ("php", (".php",)),
    "python": ("python", (".py", ".pyi")),
    "ruby": ("ruby", (".rb", ".rake", ".gemspec")),
    "rust": ("rust", (".rs",)),
    "scala": ("scala", (".scala", ".sc")),
    "sql": ("sql", (".sql",)),
    "swift": ("swift", (".swift",)),
    "typescript": ("typescript", (".ts", ".mts", ".cts")),
    "tsx": ("typescript", (".tsx",)),
    "zig": ("zig", (".zig",)),
}
