"""Go's manifest: the module path a ``go.mod`` declares, which prefixes the import path
of every package below it."""

from __future__ import annotations

import re

GO_MOD = "go.mod"
_MODULE = re.compile(r"^\s*module\s+\"?([^\s\"]+)", re.M)


def go_module(layout, rel_dir: str) -> tuple[str, str] | None:
    """(directory of the nearest go.mod, module path) for a Go package directory; None
    when no go.mod is found or it declares no module. Read once per directory for as
    long as the layout lives (every file of a package asks)."""
    return layout.parsed(_read_go_module, rel_dir)


def _read_go_module(layout, rel_dir: str) -> tuple[str, str] | None:
    found = layout.manifest(rel_dir, GO_MOD)
    if found is None:
        return None
    d, text = found
    m = _MODULE.search(text)
    return (d, m.group(1)) if m else None
