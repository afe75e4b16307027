"""Rust's manifest: the crate name and edition a ``Cargo.toml`` declares (the crate
names the module paths below it; the edition decides how ``use`` paths start)."""

from __future__ import annotations

import posixpath

CARGO_TOML = "Cargo.toml"


def cargo_crate(layout, rel_dir: str) -> tuple[str, str, str] | None:
    """(directory of the nearest Cargo.toml, crate name with `-` as `_`, edition). Read
    once per directory for as long as the layout lives (every file of a module asks; a
    workspace's manifest is read line by line)."""
    return layout.parsed(_read_cargo_crate, rel_dir)


def _read_cargo_crate(layout, rel_dir: str) -> tuple[str, str, str] | None:
    found = layout.manifest(rel_dir, CARGO_TOML)
    if found is None:
        return None
    d, text = found
    name = None
    edition = "2015"  # Cargo's default when the manifest names none
    section = ""
    for line in text.splitlines():
        s = line.strip()
        if s.startswith("["):
            section = s
        elif section in ("[package]", "[lib]") and "=" in s:
            key, value = (x.strip() for x in s.split("=", 1))
            value = value.strip('"').strip("'")
            if key == "name" and (section == "[lib]" or name is None):
                name = value
            elif key == "edition" and section == "[package]":
                edition = value
    name = name or posixpath.basename(d) or "crate"
    return d, name.replace("-", "_"), edition
