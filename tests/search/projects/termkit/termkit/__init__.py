"""termkit: small helpers for command line programs."""

from .termui import confirm, progressbar, prompt

__all__ = ["confirm", "progressbar", "prompt"]
