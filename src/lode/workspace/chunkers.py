"""Which chunker (with its version) a file gets: stored per file, so a chunker change
re-chunks exactly the files it touches.

Apart from :mod:`.pipeline` so that the walk, which compares this id with the store's
for every file, does not import the pipeline (search tokens, grammars' queries): a
no-op re-index never needs it.
"""

from __future__ import annotations

from ..chunking import chunker_id
from ..chunking.derive import deriver_id
from ..chunking.ids import MARKDOWN_ID
from ..languages import registered_for_path


def chunker_for(path: str, how: str, checked: bool = True) -> str:
    """The chunker id a file gets; a change re-chunks it (stored per file). A plug-in's
    files record its name and version (``p:toml@1``, ``d:pdf@1+markdown-1``).
    ``checked=False``: a file of a registered language gets its language's id without
    its grammar being loaded (see :func:`chunkers_by_extension`)."""
    if how == "derived":
        builtin = deriver_id(path)
        if builtin is not None:
            return f"{builtin}+{MARKDOWN_ID}"
        reg = plugin_for("deriver", path)
        return reg.id if reg is not None else f"None+{MARKDOWN_ID}"
    if how == "code":
        reg = plugin_for("chunker", path)
        if reg is not None:
            return reg.id
    if not checked:
        spec = registered_for_path(path)
        if spec is not None:
            return spec.chunker_id
    return chunker_id(path)


def chunkers_by_extension(checked: bool = True):
    """``chunker_for`` for one walk, remembered per (how, extension): the id depends on
    nothing else (splitext's extension for languages and built-in formats, the text
    after the last dot for plug-ins), and a no-op re-index of Go's 7,085 files spent
    ~15% of its CPU asking again for each.

    ``checked=False``: the id a file of a registered language gets when its grammar
    loads, without loading it: what the walk compares with a file's stored id (a file
    stored under it and unchanged since is skipped). Loading the grammars of Go's tree
    (8 wheels, importlib.resources behind them) to learn that was ~6% of a no-op
    re-index. A file read again gets the checked id (its grammar loaded, or text when
    it does not load)."""
    known: dict[tuple[str, str, str], str] = {}

    def chunker(path: str, how: str) -> str:
        dot = path.rfind(".")
        slash = path.rfind("/")
        tail = path[dot:] if dot >= 0 else ""
        # os.path.splitext's extension without its two calls per file: the same tail when
        # the dot is in the file name after its leading dots ('.bashrc' has none), else ''.
        key = (how, tail, tail if dot > slash and path[slash + 1:dot].lstrip(".") else "")
        got = known.get(key)
        if got is None:
            got = known[key] = chunker_for(path, how, checked)
        return got
    return chunker


def plugin_for(kind: str, path: str):
    """The plug-in registration serving ``path`` (by its lower-cased extension), or None."""
    from ..plugins.installed import plugin_for as installed_for

    dot = path.rfind(".")
    if dot < 0 or "/" in path[dot:]:
        return None
    return installed_for(kind, path[dot:].lower())
