"""A package that re-exports its implementation."""
from ._impl import Widget, make_widget as build
from . import shapes
from .shapes import *
from .shapes import FancyWidget  # imported, not in __all__: not a re-export

__all__ = ["Widget", "build", "shapes", "Circle"]
