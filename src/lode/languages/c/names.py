"""How C++ names a chunk whose name node is a template with its arguments: a class
template's specialisation (``template <> struct formatter<std::tm, Char>``).

Its name is the template's name with the arguments, whitespace collapsed and namespace
qualifiers dropped (``formatter<tm, Char>``): search reads a name's last component after
its last ``::`` or ``.`` (``formatter<std::tm>`` would be read as ``tm>``), and the
qualifiers stay in the chunk's breadcrumb, which shows the whole declaration. The
primary template keeps its bare name, so a search for ``formatter`` names the primary
exactly and its specialisations by their first part."""

from __future__ import annotations

import re

_QUALIFIER = re.compile(r"\b[A-Za-z_]\w*\s*::\s*|(?<![\w>])::\s*")
MAX_ARGUMENTS = 80  # characters of the arguments kept in a name; a longer list is cut at "…"


def template_name(text: str) -> str:
    """``formatter<std::chrono::duration<Rep, Period>, Char>`` → ``formatter<duration<Rep,
    Period>, Char>``. An argument still holding ``::`` once its qualifiers go (an
    ``enable_if_t<trait<T>::value>`` condition) is shown as ``…``, and so is the rest of a
    list past :data:`MAX_ARGUMENTS` characters."""
    text = " ".join(text.split())
    head, sep, args = text.partition("<")
    if not sep:
        return text
    args = args[:-1] if args.endswith(">") else args  # the list's own closing bracket
    args = _QUALIFIER.sub("", args).replace("< ", "<").replace(" >", ">")
    shown: list[str] = []
    for arg in _top_level(args):
        arg = arg.strip()
        if "::" in arg or "." in arg or len(", ".join([*shown, arg])) > MAX_ARGUMENTS:
            shown.append("…")
            break
        shown.append(arg)
    return f"{head.strip()}<{', '.join(shown)}>"


def _top_level(args: str) -> list[str]:
    """A template argument list split at its commas outside brackets."""
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(args):
        if ch in "<([{":
            depth += 1
        elif ch in ">)]}":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(args[start:i])
            start = i + 1
    parts.append(args[start:])
    return parts
