from mypkg import Widget


# lode: test_widget.Widget
class Widget(Widget):
    pass


# lode: test_widget.test_render
def test_render():
    assert Widget().render()
