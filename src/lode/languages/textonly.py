"""Source and config languages lode has no grammar for, by extension (in the manner of
GitHub linguist's table): their files are indexed as text, paragraph by paragraph,
with the language named, instead of being skipped. An extension that gains a grammar
folder is served by it; its entry here is then unused."""

TEXT_ONLY: dict[str, str] = {
    # programming languages
    ".dart": "dart", ".ml": "ocaml", ".mli": "ocaml", ".jl": "julia", ".pl": "perl",
    ".pm": "perl", ".t": "perl", ".m": "objective-c", ".mm": "objective-c++",
    ".sql": "sql", ".tf": "hcl", ".tfvars": "hcl", ".hcl": "hcl", ".r": "r", ".R": "r",
    ".erl": "erlang", ".hrl": "erlang", ".clj": "clojure",
    ".cljs": "clojure", ".cljc": "clojure", ".edn": "clojure", ".fs": "fsharp", ".fsi": "fsharp",
    ".fsx": "fsharp", ".vb": "visual-basic", ".groovy": "groovy", ".gradle": "groovy",
    ".nim": "nim", ".cr": "crystal", ".d": "d", ".f90": "fortran", ".f": "fortran",
    ".for": "fortran", ".pas": "pascal", ".ada": "ada", ".adb": "ada", ".ads": "ada",
    ".elm": "elm", ".purs": "purescript", ".rkt": "racket", ".scm": "scheme", ".ss": "scheme",
    ".lisp": "common-lisp", ".el": "emacs-lisp", ".vim": "vim-script", ".ps1": "powershell",
    ".psm1": "powershell", ".bat": "batchfile", ".cmd": "batchfile", ".fish": "fish",
    ".zsh": "shell", ".ksh": "shell", ".awk": "awk", ".tcl": "tcl", ".v": "verilog",
    ".sv": "systemverilog", ".vhd": "vhdl", ".vhdl": "vhdl", ".asm": "assembly",
    ".s": "assembly", ".S": "assembly", ".cu": "cuda", ".cuh": "cuda", ".proto": "protobuf",
    ".thrift": "thrift", ".graphql": "graphql", ".gql": "graphql", ".sol": "solidity",
    ".move": "move", ".cairo": "cairo", ".gleam": "gleam", ".odin": "odin", 
    ".vue": "vue", ".svelte": "svelte", ".astro": "astro", ".coffee": "coffeescript",
    ".hx": "haxe", ".cob": "cobol", ".cbl": "cobol", ".pro": "prolog", ".sml": "standard-ml",
    ".rei": "reason", ".re": "reason", ".res": "rescript", ".nix": "nix", ".dhall": "dhall",
    ".lean": "lean", ".agda": "agda", ".idr": "idris", ".mojo": "mojo",
    # templates, styles, markup that is code
    ".css": "css", ".scss": "scss", ".sass": "sass", ".less": "less", ".styl": "stylus",
    ".erb": "erb", ".ejs": "ejs", ".hbs": "handlebars", ".mustache": "mustache",
    ".j2": "jinja", ".jinja": "jinja", ".jinja2": "jinja", ".twig": "twig", ".liquid": "liquid",
    ".haml": "haml", ".slim": "slim", ".pug": "pug",
    ".rst": "restructuredtext", ".adoc": "asciidoc", ".tex": "tex",
    ".org": "org",
    # config and build files (data formats such as JSON and XML are left out: often large
    # generated fixtures that would crowd search)
    ".toml": "toml", ".ini": "ini",
    ".cfg": "ini", ".conf": "config", ".properties": "java-properties",
    ".cmake": "cmake", ".mk": "makefile", ".mak": "makefile", ".bzl": "starlark",
    ".bazel": "starlark", ".cabal": "cabal", ".nimble": "nim", 
    ".csproj": "msbuild", ".fsproj": "msbuild", ".props": "msbuild",
    ".targets": "msbuild", ".sln": "visual-studio-solution",
    ".dockerfile": "dockerfile", ".nginx": "nginx", ".hcl2": "hcl", ".pkl": "pkl",
    }

# Files known by their whole name (no extension to go by), read as text the same way.
TEXT_ONLY_NAMES: dict[str, str] = {
    "Makefile": "makefile", "GNUmakefile": "makefile", "makefile": "makefile",
    "Dockerfile": "dockerfile", "Containerfile": "dockerfile", "Jenkinsfile": "groovy",
    "Vagrantfile": "ruby", "Gemfile": "ruby", "Rakefile": "ruby", "Podfile": "ruby",
    "Brewfile": "ruby", "Procfile": "procfile", "Justfile": "just", "justfile": "just",
    "CMakeLists.txt": "cmake", "BUILD": "starlark", "BUILD.bazel": "starlark",
    "WORKSPACE": "starlark", "Tiltfile": "starlark", "meson.build": "meson",
}

