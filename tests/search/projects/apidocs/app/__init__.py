"""A small web framework with generated API documentation."""

from .applications import App

__all__ = ["App"]
