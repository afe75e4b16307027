"""Text formatting for help pages: wrapping paragraphs to the terminal's width."""

import shutil
import textwrap


def terminal_width(default=80):
    return shutil.get_terminal_size((default, 24)).columns


def wrap_text(text, width=None, indent=""):
    """Wrap a paragraph to the terminal width, indenting every line."""
    width = width or terminal_width()
    return textwrap.fill(text, width=width, initial_indent=indent, subsequent_indent=indent)
