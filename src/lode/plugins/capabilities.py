"""What this build registers, in the shape ``sys.capabilities`` reports it: chunker ids
with their extensions, derived formats by extension, rankers by id — lode's own and the
plug-ins' alike, so two builds (a daemon and a TUI) can be compared id by id."""

from __future__ import annotations


def registered_ids() -> dict:
    from ..chunking import chunkers
    from ..chunking.derive import DERIVED_EXTENSIONS, deriver_id
    from .registry import registry

    reg = registry()
    chunker_ids = {cid: list(exts) for cid, exts in chunkers().items()}
    derived = {ext: deriver_id("x" + ext) for ext in sorted(DERIVED_EXTENSIONS)}
    rankers = [{"id": "body", "package": "lode", "version": "1"}]
    for r in reg.plugins():
        if r.kind == "chunker":
            chunker_ids[r.id] = list(r.extensions)
        elif r.kind == "deriver":
            derived.update({ext: r.id for ext in r.extensions})
        else:
            rankers.append({"id": f"plugin:{r.name}@{r.version}", "package": r.package, "version": r.version})
    return {"chunkers": chunker_ids, "derived_formats": derived, "rankers": rankers,
            "registered": [r.describe() for r in reg.entries]}
