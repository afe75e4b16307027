"""A package that re-exports its implementation."""
from ._impl import Widget, make_widget as build
from . import shapes
from .shapes import *

__all__ = ["Widget", "build", "shapes", "Circle"]
