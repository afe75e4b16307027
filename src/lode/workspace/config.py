"""A workspace's rules: include/exclude globs, the code toggle, and the
extensions a user declares as text.

Only these types are ever read — there is no content sniffing: registered code
extensions (when ``code`` is on), the built-in text types, the derived formats
(.html/.htm/.docx, turned into Markdown) and the declared ``text_extensions``.
"""

from __future__ import annotations

import os

from ..errors import InvalidParams
from ..languages import CODE_EXTENSIONS, TEXT_ONLY, TEXT_ONLY_NAMES, code_globs, text_only_globs

DEFAULT_INCLUDE = ("**/*.md", "**/*.txt", "**/*.yaml", "**/*.yml")
DEFAULT_EXCLUDE = (".git/**", "**/node_modules/**")
CODE_EXCLUDE = ("vendor/**", "target/**", "dist/**", "build/**")
BUILTIN_TEXT = frozenset({".md", ".markdown", ".txt", ".yaml", ".yml"})
DERIVED = frozenset({".html", ".htm", ".docx"})
DERIVED_INCLUDE = ("**/*.html", "**/*.htm", "**/*.docx")


#: Roots never accepted: the whole file system, and the kernel's virtual trees (reading
#: /proc or /dev files can block or never end).
FORBIDDEN_ROOTS = ("/", "/proc", "/sys", "/dev", "/run")


def check_root(real: str) -> str:
    """``real`` (a resolved directory) if it may be a workspace root; refuses the file
    system's root and the virtual trees with -32602, and a path that is not UTF-8 (the
    root is stored as text; the files below it may have any names)."""
    try:
        real.encode("utf-8")
    except UnicodeEncodeError:
        shown = os.fsencode(real).decode("utf-8", "backslashreplace")
        raise InvalidParams(f"invalid params: {shown} cannot be a workspace root: its path is not "
                            "valid UTF-8 (rename the folder)", data={"param": "root"}) from None
    for forbidden in FORBIDDEN_ROOTS:
        if real == forbidden or (forbidden != "/" and real.startswith(forbidden + "/")):
            raise InvalidParams(f"invalid params: {real} cannot be a workspace root "
                                "(pick the project's folder)", data={"param": "root"})
    return real


#: How a caller says it means to index a folder check_broad_root refuses, on each interface.
BROAD_ROOT_FLAG = "--allow-broad-root"


def broad_root(real: str) -> str | None:
    """What makes ``real`` (a resolved directory) too broad to index by accident, or
    None: the home folder, or a folder above it (``/home``), holds every project and
    document of its user — hundreds of thousands of files, a store of gigabytes, a
    watcher on all of it — where a project folder was meant (``lode mcp --root ~``,
    ``lode index`` run from the home folder)."""
    home = os.path.realpath(os.path.expanduser("~"))
    if not os.path.isabs(home) or home == "/":
        return None
    if real == home:
        return "your home folder"
    if home.startswith(real.rstrip("/") + "/"):
        return "a folder above your home folder"
    return None


def check_broad_root(real: str) -> str:
    """``real`` unless :func:`broad_root` refuses it (-32602 naming the way to insist)."""
    why = broad_root(real)
    if why is not None:
        raise InvalidParams(f"invalid params: {real} is {why}: indexing it reads every project and "
                            f"document below it; pick the project's folder, or pass {BROAD_ROOT_FLAG} "
                            "(allow_broad_root over JSON-RPC) to index it all the same",
                            data={"param": "root"})
    return real


def normalize_extension(ext: str) -> str:
    ext = ext.strip()
    if not ext or ext in (".", "*"):
        raise InvalidParams(f"text_extensions: {ext!r} is not a file extension")
    if ext.startswith("*."):
        ext = ext[1:]
    if not ext.startswith("."):
        ext = "." + ext
    if "/" in ext or "*" in ext or any(c.isspace() or not c.isprintable() for c in ext):
        raise InvalidParams(f"text_extensions: {ext!r} is not a file extension")
    return ext.lower()


def check_text_extensions(extensions) -> tuple[str, ...]:
    """Normalised, de-duplicated extensions; refuses registered code extensions."""
    if isinstance(extensions, str):
        raise InvalidParams("text_extensions: expected a list of extensions, got a string")
    out = []
    for ext in extensions:
        if not isinstance(ext, str):
            raise InvalidParams(f"text_extensions: {ext!r} is not a string")
        e = normalize_extension(ext)
        if e in CODE_EXTENSIONS or e in {c.lower() for c in CODE_EXTENSIONS}:
            raise InvalidParams(
                f"text_extensions: {e} is a registered code extension; lode already reads it as code "
                "(turn code off with configure if you do not want it indexed)",
                data={"extension": e})
        if e in DERIVED:
            raise InvalidParams(f"text_extensions: {e} is a derived format; lode converts it to Markdown",
                                data={"extension": e})
        reg = _plugin_ext(e)
        if reg is not None:
            raise InvalidParams(f"text_extensions: {e} is read by the {reg.kind} plug-in {reg.name!r} "
                                f"(package {reg.package})", data={"extension": e, "plugin": reg.name})
        if e not in out:
            out.append(e)
    return tuple(out)


_plugin_exts: dict = {}  # extension -> registration or None: the process's registry is fixed


def _plugin_ext(ext: str):
    # Asked for every file whose extension is not code (~2,200 of Go's tree): remembered
    # per extension, as the walk does for chunker ids (a no-op re-index spent ~12 ms here).
    try:
        return _plugin_exts[ext]
    except KeyError:
        pass
    from ..plugins.installed import plugin_for

    found = _plugin_exts[ext] = plugin_for("chunker", ext) or plugin_for("deriver", ext)
    return found


def _plugin_globs(kind: str) -> list[str]:
    from ..plugins.installed import found_none

    if found_none():
        return []
    from ..plugins.registry import registry

    return [f"**/*{e}" for reg in registry().plugins(kind) for e in reg.extensions]


class WorkspaceConfig:
    """A workspace's rules, immutable. A plain class, not a frozen dataclass: a
    dataclass's methods are compiled from source by every process that defines it, and
    this one was the only dataclass (with the dataclasses module, inspect and ast behind
    it, ~45 M instructions) a re-index that finds nothing changed still loaded."""

    # The defaults, also read from the class (lode.service: a setting left as it is).
    include: tuple[str, ...] = DEFAULT_INCLUDE
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    code: bool = True
    text_extensions: tuple[str, ...] = ()

    _FIELDS = ("include", "exclude", "code", "text_extensions")

    def __init__(self, include: tuple[str, ...] = DEFAULT_INCLUDE, exclude: tuple[str, ...] = DEFAULT_EXCLUDE,
                 code: bool = True, text_extensions: tuple[str, ...] = ()):
        put = object.__setattr__
        put(self, "include", include)
        put(self, "exclude", exclude)
        put(self, "code", code)
        put(self, "text_extensions", text_extensions)

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: a WorkspaceConfig is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: a WorkspaceConfig is immutable")

    def _values(self) -> tuple:
        return (self.include, self.exclude, self.code, self.text_extensions)

    def __eq__(self, other) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())

    def __repr__(self) -> str:
        return "WorkspaceConfig(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self._FIELDS) + ")"

    def patterns_include(self) -> list[str]:
        globs = list(self.include) + list(DERIVED_INCLUDE) + _plugin_globs("deriver")
        if self.code:  # source and config languages without a grammar are read as text
            globs += code_globs() + _plugin_globs("chunker") + text_only_globs()
        globs += [f"**/*{e}" for e in self.text_extensions]
        return globs

    def patterns_exclude(self) -> list[str]:
        return list(self.exclude) + (list(CODE_EXCLUDE) if self.code else [])

    def readable(self, path: str) -> str | None:
        """How a path may be read: "code", "text", "derived", or None (never read)."""
        dot = path.rfind(".")
        if self.code and path[path.rfind("/") + 1:] in TEXT_ONLY_NAMES:
            return "text"  # Makefile, Dockerfile, CMakeLists.txt, …
        if dot < 0 or "/" in path[dot:]:
            return None
        ext = path[dot:]
        if self.code and ext in CODE_EXTENSIONS:
            return "code"
        low = ext.lower()
        plugin = _plugin_ext(low)  # plug-ins claim no built-in extension (checked at start)
        if plugin is not None:
            if plugin.kind == "deriver":
                return "derived"
            if self.code:
                return "code"
        if self.code and ext in TEXT_ONLY:
            return "text"
        if low in BUILTIN_TEXT or low in self.text_extensions:
            return "text"
        if low in DERIVED:
            return "derived"
        return None

    def text_collisions(self) -> list[str]:
        """Declared text extensions that a registered language now claims."""
        code = {c.lower() for c in CODE_EXTENSIONS}
        return sorted(e for e in self.text_extensions if e in code)

    def to_dict(self) -> dict:
        return {k: list(v) if isinstance(v, (tuple, list)) else v for k, v in zip(self._FIELDS, self._values())}

    @classmethod
    def from_dict(cls, d: dict) -> "WorkspaceConfig":
        return cls(include=tuple(d.get("include", DEFAULT_INCLUDE)),
                   exclude=tuple(d.get("exclude", DEFAULT_EXCLUDE)),
                   code=bool(d.get("code", True)),
                   text_extensions=tuple(d.get("text_extensions", ())))
