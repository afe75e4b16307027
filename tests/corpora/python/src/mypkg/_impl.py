import os.path as osp


# lode: mypkg._impl.Widget mypkg.Widget _impl.Widget
class Widget:
    """A thing that renders."""

    # lode: mypkg._impl.Widget.render Widget.render mypkg.Widget.render
    def render(self):
        return osp.join("a", "b")

    # lode: mypkg._impl.Widget.Part Widget.Part
    class Part:
        # lode: mypkg._impl.Widget.Part.size Part.size
        def size(self):
            def local_helper():  # local: not indexed
                return 1
            return local_helper()

    # lode: mypkg._impl.Widget.create
    @classmethod
    def create(cls):
        return cls()


# lode: mypkg._impl.make_widget mypkg.build
def make_widget():
    return Widget()
