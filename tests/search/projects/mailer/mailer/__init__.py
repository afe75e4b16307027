"""A small mail library: build a message, hand it to a transport."""

from .message import Message
from .transport import Transport

__all__ = ["Message", "Transport"]
