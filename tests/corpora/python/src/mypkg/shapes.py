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
