# lode-ref: mypkg.Widget
from mypkg import Widget as W
import mypkg.shapes as sh

W().render()
# lode-ref: mypkg.shapes.Circle
c = sh.Circle()


# lode: main.run
def run():
    return c.area()
