"""One table of every chunker, deriver and ranker this build has: lode's own and the
plug-ins installed beside it (entry points ``lode.chunkers``, ``lode.derivers``,
``lode.rankers``).

The table is built once per process and checked as a whole before anything is indexed:
a plug-in that cannot load, names an extension badly, claims an extension lode reads
itself (a built-in code, text or derived type) or one another plug-in claims, or gives
a version outside :data:`~.protocols.VERSION_PATTERN`, stops lode with a
:class:`PluginError` naming the plug-in and its package — indexing with a half-working
set of plug-ins would store files under the wrong chunker.

``LODE_PLUGINS=off`` leaves plug-ins out (lode's built-ins only).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from ..errors import PluginError  # defined with the other errors; imported here by its old path
from .installed import GROUPS, plugins_wanted

_METHOD = {"chunker": "chunk", "deriver": "derive", "ranker": "rank"}

#: Stored chunker ids of plug-ins: ``p:<name>@<version>`` (a chunker),
#: ``d:<name>@<version>+markdown-1`` (a deriver's text, chunked as Markdown).
CHUNKER_PREFIX = "p:"
DERIVER_PREFIX = "d:"


@dataclass(frozen=True)
class Registration:
    kind: str                      # "chunker" | "deriver" | "ranker"
    name: str
    version: str
    package: str                   # the distribution that provides it ("lode" for built-ins)
    package_version: str
    extensions: tuple[str, ...] = ()
    builtin: bool = True
    impl: object = field(default=None, compare=False, repr=False)

    @property
    def id(self) -> str:
        """What a file made by it records as its chunker (plug-ins only)."""
        from ..chunking.prose import MARKDOWN_ID

        if self.kind == "chunker":
            return f"{CHUNKER_PREFIX}{self.name}@{self.version}"
        return f"{DERIVER_PREFIX}{self.name}@{self.version}+{MARKDOWN_ID}"

    def describe(self) -> dict:
        out = {"kind": self.kind, "name": self.name, "version": self.version,
               "package": self.package, "package_version": self.package_version,
               "builtin": self.builtin}
        if self.kind != "ranker":
            out["extensions"] = list(self.extensions)
        return out


@dataclass(frozen=True)
class Registry:
    """The plug-ins found; lode's own registrations join them in :attr:`entries` when
    first asked for (a walk asks only about plug-ins: lode's own would import every
    chunker's ids, ~0.1 of a no-op re-index's instructions, for nothing)."""

    found: tuple[Registration, ...]

    @property
    def entries(self) -> tuple[Registration, ...]:
        """lode's own registrations, then the plug-ins'."""
        every = self.__dict__.get("_entries")
        if every is None:
            every = (*_builtins(), *self.found)
            object.__setattr__(self, "_entries", every)
        return every

    def of(self, kind: str) -> list[Registration]:
        return [r for r in self.entries if r.kind == kind]

    def plugins(self, kind: str | None = None) -> list[Registration]:
        return [r for r in self.found if kind is None or r.kind == kind]

    def plugin_for(self, kind: str, ext: str) -> Registration | None:
        return self._by_ext.get((kind, ext))

    @property
    def _by_ext(self) -> dict:
        cache = self.__dict__.get("_ext_cache")
        if cache is None:
            cache = {(r.kind, e): r for r in self.plugins() for e in r.extensions}
            object.__setattr__(self, "_ext_cache", cache)
        return cache

    def has_id(self, stored: str) -> bool:
        """Whether this build can make a plug-in chunker id that a file recorded."""
        return any(r.id == stored for r in self.plugins() if r.kind != "ranker")

    def lacks(self, stored: str | None) -> bool:
        """Whether ``stored`` names a plug-in this build does not have at all (its files
        are held). A plug-in present in another version re-indexes them instead."""
        if not stored or not stored.startswith((CHUNKER_PREFIX, DERIVER_PREFIX)):
            return False
        name = stored[2:].split("@", 1)[0]
        kind = "chunker" if stored.startswith(CHUNKER_PREFIX) else "deriver"
        return not any(r.name == name for r in self.plugins(kind))


def _builtins() -> list[Registration]:
    from .. import __version__
    from ..chunking import chunkers
    from ..chunking.derive import DERIVED_EXTENSIONS, deriver_id
    out = []
    for cid, exts in chunkers().items():
        name, _, version = cid.rpartition("-")
        out.append(Registration("chunker", name, version, "lode", __version__, tuple(exts)))
    for ext in sorted(DERIVED_EXTENSIONS):
        name, _, version = deriver_id("x" + ext).rpartition("-")
        out.append(Registration("deriver", f"{name}{ext}", version, "lode", __version__, (ext,)))
    out.append(Registration("ranker", "body", "1", "lode", __version__))
    return out


def reserved_extensions() -> dict[str, str]:
    """Extensions every build reads itself → what reads them (a plug-in may not claim one)."""
    from ..chunking import MARKDOWN_EXTENSIONS, TEXT_EXTENSIONS, YAML_EXTENSIONS
    from ..chunking.derive import DERIVED_EXTENSIONS
    from ..languages import CODE_EXTENSIONS
    out = {e.lower(): "a built-in code extension" for e in CODE_EXTENSIONS}
    out.update({e: "a built-in text type" for e in MARKDOWN_EXTENSIONS | YAML_EXTENSIONS | TEXT_EXTENSIONS})
    out.update({e: "a format every build derives" for e in DERIVED_EXTENSIONS})
    return out


def _entry_points(every, group: str):
    eps = every.select(group=group)
    seen = set()
    for ep in sorted(eps, key=lambda e: (e.name, e.value)):
        key = (ep.name, ep.value, ep.dist.name if ep.dist else None)
        if key not in seen:  # a package on sys.path twice lists its entry points twice
            seen.add(key)
            yield ep


def _load(kind: str, ep) -> Registration:
    from .protocols import EXTENSION_PATTERN, NAME_PATTERN, VERSION_PATTERN  # typing: only with plug-ins

    package = ep.dist.name if ep.dist is not None else "unknown package"
    package_version = ep.dist.version if ep.dist is not None else "?"
    who = f"{kind} plug-in {ep.name!r} (package {package})"
    if not NAME_PATTERN.fullmatch(ep.name):
        raise PluginError(f"{who}: its entry-point name must match {NAME_PATTERN.pattern}")
    try:
        obj = ep.load()
        if isinstance(obj, type) or (callable(obj) and not hasattr(obj, _METHOD[kind])):
            obj = obj()
    except Exception as exc:
        raise PluginError(f"{who} failed to load: {type(exc).__name__}: {exc}",
                          data={"plugin": ep.name, "package": package}) from exc
    methods = [_METHOD[kind]] + (["probe"] if kind == "ranker" else [])
    for m in methods:
        if not callable(getattr(obj, m, None)):
            raise PluginError(f"{who} has no {m}() method (see the lode.{kind}s protocol)",
                              data={"plugin": ep.name, "package": package})
    version = getattr(obj, "version", None)
    if not isinstance(version, str) or not VERSION_PATTERN.fullmatch(version):
        raise PluginError(f"{who}: version {version!r} does not match {VERSION_PATTERN.pattern}",
                          data={"plugin": ep.name, "package": package})
    exts: tuple[str, ...] = ()
    if kind != "ranker":
        raw = getattr(obj, "extensions", None)
        if isinstance(raw, str) or not raw:
            raise PluginError(f"{who}: 'extensions' must be a non-empty list of extensions like '.pdf'",
                              data={"plugin": ep.name, "package": package})
        exts = tuple(raw)
        for e in exts:
            if not isinstance(e, str) or not EXTENSION_PATTERN.fullmatch(e):
                raise PluginError(f"{who}: extension {e!r} must be lower-case and start with a dot (like '.pdf')",
                                  data={"plugin": ep.name, "package": package, "extension": e})
    return Registration(kind, ep.name, version, package, package_version, exts, False, obj)


def _validate(entries: list[Registration]) -> None:
    if all(r.builtin for r in entries):
        return  # lode's own: nothing to check (nor the reserved extensions to import)
    reserved = reserved_extensions()
    claimed: dict[str, Registration] = {}
    names: dict[tuple[str, str], Registration] = {}
    rankers = []
    for r in entries:
        if r.builtin:
            continue
        who = f"{r.kind} plug-in {r.name!r} (package {r.package})"
        data = {"plugin": r.name, "package": r.package}
        other = names.get((r.kind, r.name))
        if other is not None:
            raise PluginError(f"{who}: package {other.package} registers a {r.kind} of the same name", data=data)
        names[(r.kind, r.name)] = r
        if r.kind == "ranker":
            rankers.append(r)
            continue
        for e in r.extensions:
            if e in reserved:
                raise PluginError(f"{who} claims {e}, {reserved[e]}: lode reads it itself",
                                  data={**data, "extension": e})
            other = claimed.get(e)
            if other is not None:
                raise PluginError(f"{who} claims {e}, which {other.kind} plug-in {other.name!r} "
                                  f"(package {other.package}) claims too: uninstall one of them",
                                  data={**data, "extension": e})
            claimed[e] = r
    if len(rankers) > 1:
        a, b = rankers[:2]
        raise PluginError(f"ranker plug-ins {a.name!r} (package {a.package}) and {b.name!r} "
                          f"(package {b.package}) are both installed: only one ranker can be in use",
                          data={"plugin": b.name, "package": b.package})


def _plugins_wanted() -> bool:
    """Whether plug-ins are on and some installed package may declare one (a cheap
    look at the packages' entry-point files: importlib.metadata only when one does).
    A process that already found none (installed.found_none) keeps that answer: its
    walks took every file as no plug-in's."""
    from . import installed

    if installed._found_none:
        return False
    return plugins_wanted()


def build(wanted: bool | None = None) -> Registry:
    """Load and check every plug-in (raises :class:`PluginError`). ``wanted``: whether
    plug-ins are on and may be installed, when the caller just looked (else looked here)."""
    found: list[Registration] = []
    if wanted if wanted is not None else _plugins_wanted():
        from importlib import metadata

        every = metadata.entry_points()  # one scan of the installed packages for all groups
        for kind, group in GROUPS.items():
            for ep in _entry_points(every, group):
                found.append(_load(kind, ep))
    _validate(found)
    return Registry(tuple(found))


_registry: Registry | None = None
_lock = threading.Lock()


def check() -> None:
    """Raise :class:`PluginError` when an installed plug-in is unusable. With no plug-in
    installed nothing can be, and the table is left to be built on first use (lode's
    own chunkers are not imported for a command that never chunks)."""
    if _registry is None and _plugins_wanted():
        registry(wanted=True)


def registry(wanted: bool | None = None) -> Registry:
    """This process's registry, built on first use (raises :class:`PluginError`, every
    time it is asked, while a plug-in is unusable). ``wanted``: as for :func:`build`."""
    global _registry
    if _registry is None:
        with _lock:
            if _registry is None:
                _registry = build(wanted)
    return _registry
