from typing import Generic, TypeVar

from ._impl import Widget

__all__ = ["Shape", "Circle"]


# lode: mypkg.shapes.Shape mypkg.shapes.Shape
class Shape:
    # lode: mypkg.shapes.Shape.area Shape.area
    def area(self):
        raise NotImplementedError


# lode-impl: mypkg.shapes.Shape
# lode: mypkg.shapes.Circle mypkg.Circle
class Circle(Shape):
    # lode: mypkg.shapes.Circle.area Circle.area
    def area(self):
        return 3.14


# lode-impl: mypkg.Widget
# lode: mypkg.shapes.FancyWidget
class FancyWidget(Widget):
    pass


# Signatures written over several lines, as formatters leave them
# lode: mypkg.shapes.scale
def scale(
    shape: Shape,
    factor: float = 1.0,
) -> Shape:
    """Scale a shape by a factor."""
    return shape


S = TypeVar("S", bound="Shape")


# lode: mypkg.shapes.Canvas
class Canvas(Generic[S]):
    # lode: mypkg.shapes.Canvas.draw
    def draw(
        self,
        shape: Shape,
        *,
        clip: tuple[int, int] | None = None,
    ) -> None:
        pass


# a generic base names its class
# lode-impl: mypkg.shapes.Canvas
# lode: mypkg.shapes.LayeredCanvas
class LayeredCanvas(Canvas[Shape]):
    layers: int = 2
