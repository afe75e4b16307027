"""How the terminal is driven: raw line input and the progress bar's rendering."""

import getpass
import sys


def read_line(text, hide_input):
    if hide_input:
        return getpass.getpass(text)
    sys.stdout.write(text)
    sys.stdout.flush()
    return sys.stdin.readline().rstrip("\n")


class ProgressBar:
    """The terminal progress bar behind progressbar(): it counts the items as they are
    iterated and redraws the bar on the terminal after each one."""

    def __init__(self, iterable, length=None, label=None, width=30):
        self.iter = iter(iterable)
        self.length = length if length is not None else len(iterable)
        self.label = label or ""
        self.width = width
        self.pos = 0

    def render_progress(self):
        """Draw the bar on the terminal: the label, the filled part, the percentage."""
        done = int(self.width * self.pos / max(1, self.length))
        bar = "#" * done + "-" * (self.width - done)
        sys.stdout.write(f"\r{self.label} [{bar}] {100 * self.pos // max(1, self.length)}%")
        sys.stdout.flush()

    def __iter__(self):
        return self

    def __next__(self):
        item = next(self.iter)
        self.pos += 1
        self.render_progress()
        return item
