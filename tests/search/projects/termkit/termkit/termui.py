"""Terminal user interface: prompts that ask the user for input and progress bars
that show how far a long task has come. The heavy lifting lives in _termui_impl."""

from ._termui_impl import ProgressBar, read_line


def prompt(text, default=None, hide_input=False):
    """Prompt the user for a value on the terminal; an empty answer takes the default."""
    while True:
        answer = read_line(f"{text}: ", hide_input)
        if answer:
            return answer
        if default is not None:
            return default


def confirm(text, default=False):
    """Ask a yes/no question on the terminal."""
    suffix = " [Y/n]" if default else " [y/N]"
    answer = read_line(text + suffix + ": ", False).strip().lower()
    return default if not answer else answer in ("y", "yes")


def progressbar(iterable, length=None, label=None, width=30):
    """A progress bar for an iterable: iterate over it and the bar on the terminal
    advances with each item."""
    return ProgressBar(iterable, length=length, label=label, width=width)
