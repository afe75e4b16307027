"""Read-only records without the dataclasses module.

``import dataclasses`` loads inspect (ast, dis, tokenize behind it): ~43 M instructions,
and each frozen dataclass compiles its methods when defined (~3-4 M more each), in every
command that defines one — a command-line look-up or search defines a dozen.
:func:`record` makes the same kind of class from the same class body, as a named tuple.
"""

from __future__ import annotations

from collections import namedtuple


def record(cls):
    """``cls`` as ``@dataclass(frozen=True)`` made it: its annotated fields, in order, with
    the class attributes of the same names as their defaults, become a named tuple's
    (read-only, compared and hashed by value, ``replace`` is ``_replace``), and its
    other attributes (methods, properties, ``cached_property``, which keeps its values in
    the instance's ``__dict__``) stay. Unlike a dataclass it is also a tuple: iterable,
    and equal to another record of the same values."""
    names = tuple(cls.__dict__.get("__annotations__", {}))
    defaults = [vars(cls)[n] for n in names if n in vars(cls)]
    if any(n in vars(cls) for n in names[:len(names) - len(defaults)]):
        raise TypeError(f"{cls.__name__}: a field without a default follows one with a default")
    body = {k: v for k, v in vars(cls).items() if k not in names and k not in ("__dict__", "__weakref__")}
    if not any(hasattr(v, "__set_name__") and hasattr(v, "attrname") for v in body.values()):
        body["__slots__"] = ()  # no cached_property: no instance dict
    base = namedtuple(cls.__name__, names, defaults=defaults, module=cls.__module__)
    return type(cls.__name__, (base,), body)


def replace(value, **changes):
    """A copy of a record with ``changes`` (``dataclasses.replace``)."""
    return value._replace(**changes)
