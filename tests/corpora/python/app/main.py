# lode-ref: mypkg.Widget
from mypkg import Widget as W
import mypkg.shapes as sh

W().render()
# lode-ref: mypkg.shapes.Circle
c = sh.Circle()


# lode: main.run
def run():
    return c.area()


def paint(canvas: sh.LayeredCanvas) -> None:
    # a method the class inherits through a generic base
    # lode-ref: mypkg.shapes.Canvas.draw
    canvas.draw(c)
