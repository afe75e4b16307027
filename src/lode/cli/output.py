"""Shared output helpers: one rich console each for stdout and stderr, JSON lines.

The consoles are made on first use: importing rich costs ~50 ms, which a command that
prints JSON (or nothing) should not pay at start-up."""

from __future__ import annotations

import sys

from .. import jsontext as wire


class _LazyConsole:
    """Stands in for a ``rich.console.Console`` until something is printed that needs it:
    a line of lode's markup printed where rich would write no styles (a pipe, a file) is
    written as the text rich would write, without importing rich (~160 M instructions of
    a ~270 M `lode def` printed to a pipe)."""

    def __init__(self, **options):
        self._options = options
        self._console = None

    def _stream(self):
        return sys.stderr if self._options.get("stderr") else sys.stdout

    def print(self, *objects, **options):
        if self._console is None and len(objects) == 1 and isinstance(objects[0], str) \
                and options in ({}, {"markup": True}):
            text = None if _styled(self._stream()) else plain(objects[0])
            if text is not None:
                self.line(text)
                return
        return self.__getattr__("print")(*objects, **options)

    def line(self, text: str) -> None:
        """Write ``text`` as it is, and a newline (what :func:`plain` or
        :func:`snippet_text` made where rich would write no styles)."""
        stream = self._stream()
        stream.write(text + "\n")
        stream.flush()  # as rich does after each print: stdout and stderr stay in order

    @property
    def is_terminal(self) -> bool:
        return self._console.is_terminal if self._console is not None else _styled(self._stream())

    @property
    def color_system(self):
        if self._console is None and not _styled(self._stream()):
            return None  # rich's answer where it writes no styles
        return self.__getattr__("color_system")

    def __getattr__(self, name):
        if self._console is None:
            from rich.console import Console

            # emoji=False: printed paths and names are lode's text, not emoji codes
            # (`a.py:100:5` read as `a.py💯5`)
            self._console = Console(highlight=False, soft_wrap=True, emoji=False, **self._options)
        return getattr(self._console, name)

    def get(self):
        """The console itself (for rich objects that take one, like a progress bar)."""
        self.file  # noqa: B018 - makes it
        return self._console


out = _LazyConsole()
err = _LazyConsole(stderr=True)


def _styled(stream) -> bool:
    """Whether rich would write styles to ``stream`` (``Console.is_terminal``): when
    ``TTY_COMPATIBLE`` says so, else a non-empty ``FORCE_COLOR``, else a terminal."""
    import os

    compatible = os.environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    force = os.environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _tags(markup: str):
    """rich's markup tags in ``markup``, as ``rich.markup.RE_TAGS`` finds them (a
    ``[`` and a lower-case letter, ``#``, ``/`` or ``@``, up to the first ``]`` with no
    ``[`` before it; the backslashes right before it): (start, bracket, end, tag text)."""
    position = 0
    bracket = markup.find("[")
    while bracket >= 0:
        first = markup[bracket + 1:bracket + 2]
        close = markup.find("]", bracket + 2) if first and (first in "#/@" or "a" <= first <= "z") else -1
        after = markup.find("[", bracket + 2)
        if close >= 0 and (after < 0 or close < after):
            start = bracket
            while start > position and markup[start - 1] == "\\":
                start -= 1
            yield start, bracket, close + 1, markup[bracket + 1:close]
            position = close + 1
            bracket = markup.find("[", position)
        else:
            bracket = markup.find("[", bracket + 1)


def escape(text: str) -> str:
    """``rich.markup.escape``: ``text`` with the brackets that would read as tags escaped."""
    parts, position = [], 0
    for start, bracket, end, _tag in _tags(text):
        parts += [text[position:start], text[start:bracket] * 2, "\\", text[bracket:end]]
        position = end
    parts.append(text[position:])
    text = "".join(parts)
    return text + "\\" if text.endswith("\\") and not text.endswith("\\\\") else text


# Characters rich drops from printed text (rich.control.STRIP_CONTROL_CODES), and with
# a tab (expanded by cell widths) what makes a line of markup one rich prints itself.
_CONTROLS = "\x07\x08\x0b\x0c\r"
_RICH_CHANGES = (*_CONTROLS, "\t")
_DROPPED = str.maketrans("", "", _CONTROLS)


def snippet_text(snippet: str) -> str | None:
    """The text rich prints for a search hit's snippet as lode prints it (each line after
    four spaces, a last newline dropped; rich's ``Text.split``), where it writes no styles;
    None when only rich can say: a tab in a line holding a character that is not printable
    ASCII (rich expands tabs by cell widths)."""
    text = snippet.translate(_DROPPED)
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    text = "    " + "\n    ".join(lines)
    if "\t" in text:
        rest = text.replace("\t", "").replace("\n", "")
        if not (rest.isascii() and rest.isprintable()):
            return None
        text = text.expandtabs(8)
    return text


def plain(markup: str) -> str | None:
    """The text rich prints for ``markup`` where it writes no styles (``rich.markup.render``
    without them): tags dropped, an escaped tag or ``\\[`` as the bracket. None when
    only rich can say: a handler (``@``) or named closing tag, a ``[/]`` closing
    nothing (rich's error), a character rich changes."""
    parts, position, opened = [], 0, 0
    for start, bracket, end, tag in _tags(markup):
        parts.append(markup[position:start].replace("\\[", "["))
        backslashes, escaped = divmod(bracket - start, 2)
        parts.append("\\" * backslashes)
        position = end
        if escaped:
            parts.append(markup[bracket:end])
            continue
        name = tag.partition("=")[0]
        if name.startswith("@") or (name.startswith("/") and name[1:].strip()):
            return None
        if name.startswith("/"):
            if not opened:
                return None
            opened -= 1
        else:
            opened += 1
    parts.append(markup[position:].replace("\\[", "["))
    text = "".join(parts)
    return None if any(c in text for c in _RICH_CHANGES) else text


def json_line(obj) -> None:
    line = wire.dumps(obj, ensure_ascii=False)
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:  # a file name that is not UTF-8: written escaped (\xNN)
        from ..service import Service

        line = wire.dumps(Service.printable(obj), ensure_ascii=False)
    sys.stdout.write(line + "\n")


def shown(path: str) -> str:
    """A path as printed in ``path:line`` output: one line whatever the name holds
    (a newline, a tab, bytes that are not UTF-8 are written escaped)."""
    from ..service import Service

    return Service.display_path(path)


def crumb_after_path(breadcrumb: str, path: str) -> str:
    """A breadcrumb without its leading path, which a line starting ``path:line`` has
    already said (``store/reclaim.go › func (s *Store) reclaim(…)`` → ``func (s *Store) …``)."""
    if breadcrumb == path:
        return ""
    return breadcrumb[len(path) + 3:] if breadcrumb.startswith(path + " › ") else breadcrumb


def fail(message: str) -> None:
    """One clear line on stderr (the caller decides the exit code)."""
    err.print(f"[bold red]lode:[/] {escape(message)}", markup=True)
