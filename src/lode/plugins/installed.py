"""Whether any installed package may declare a lode plug-in, without importlib.metadata.

Asking ``importlib.metadata.entry_points()`` builds a distribution object for every
installed package and parses each one's entry points: with the module's own import
(email, zipfile, csv, …) that was ~40 ms of every ``lode`` command, which the
commands paid to learn, nearly always, that no plug-in is installed. This module
reads the same files importlib.metadata reads — ``entry_points.txt`` in every
``*.dist-info`` / ``*.egg-info`` folder of every ``sys.path`` folder — as bytes, and
answers whether one names a lode group (~1.5 ms for ~120 packages). It is read
afresh each time, so a package installed or removed a moment ago counts.

The answer may be a false "yes" (the text mentions a group without declaring it; a
zip or egg on ``sys.path``; a metadata finder besides the standard one) — the
registry then asks importlib.metadata as before — but never a false "no": an entry
point in group ``lode.chunkers`` is a line under a ``[lode.chunkers]`` header.
"""

from __future__ import annotations

import os
import sys

# The entry-point group of each kind of plug-in (the registry's table of them).
GROUPS = {"chunker": "lode.chunkers", "deriver": "lode.derivers", "ranker": "lode.rankers"}
GROUP_NAMES = tuple(g.encode() for g in GROUPS.values())
_METADATA_DIRS = (".dist-info", ".egg-info")


def _names_a_group(folder: str) -> bool:
    try:
        with open(os.path.join(folder, "entry_points.txt"), "rb") as f:
            text = f.read()
    except OSError:  # no entry points, or an .egg-info file rather than a folder
        return False
    return any(g in text for g in GROUP_NAMES)


def _other_metadata_finders() -> bool:
    """Whether something besides the standard path finder can report distributions."""
    from importlib.machinery import PathFinder

    return any(f is not PathFinder and hasattr(f, "find_distributions") for f in sys.meta_path)


def may_declare_plugins() -> bool:
    """False only when no installed distribution declares an entry point in a lode
    group (see the module's docstring)."""
    if _other_metadata_finders():
        return True
    for entry in sys.path:
        folder = entry or "."  # importlib.metadata reads '' as the current folder
        if not isinstance(entry, str) or os.path.basename(folder).lower().endswith(".egg"):
            return True
        try:
            listing = os.scandir(folder)
        except NotADirectoryError:
            return True  # a zip on sys.path: importlib.metadata reads inside it
        except OSError:
            continue  # missing: importlib.metadata finds nothing there either
        with listing:
            for child in listing:
                if child.name.lower().endswith(_METADATA_DIRS) and _names_a_group(child.path):
                    return True
    return False


def plugins_wanted() -> bool:
    """Whether plug-ins are on (``LODE_PLUGINS`` is not off) and some installed package
    may declare one."""
    return os.environ.get("LODE_PLUGINS", "").lower() not in ("off", "0", "no") and may_declare_plugins()


# Whether this process found no plug-in (see found_none); None until it looked.
_found_none: bool | None = None


def found_none() -> bool:
    """Whether this process has no plug-in: looked at once (:func:`plugins_wanted`), then
    fixed, as the process's registry is once built (lode.plugins.registry). A walk asks
    for every extension whether a plug-in reads it; with none installed the answer needs
    neither the registry module nor its table (~2% of a no-op re-index of Go's tree)."""
    global _found_none
    if _found_none is None:
        built = getattr(sys.modules.get(f"{__package__}.registry"), "_registry", None)
        _found_none = not built.found if built is not None else not plugins_wanted()
    return _found_none


def plugin_for(kind: str, ext: str):
    """The plug-in registration of ``kind`` ("chunker", "deriver") serving the lower-cased
    extension ``ext``, or None; the registry loads only when a plug-in may be installed."""
    if found_none():
        return None
    from .registry import registry

    return registry().plugin_for(kind, ext)

