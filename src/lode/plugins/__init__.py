"""Plug-ins: chunkers, derivers and rankers that other packages add to lode.

:mod:`.protocols` says what a plug-in provides; :mod:`.registry` finds them (entry
points ``lode.chunkers``, ``lode.derivers``, ``lode.rankers``), puts them in one table
with lode's own and refuses to start on a broken one; :mod:`.contract` checks a plug-in
chunker's output against the partition every chunker keeps.
"""

__all__ = ["PluginError", "Registration", "Registry", "registry"]


def __getattr__(name: str):
    # The registry (its dataclasses, the protocols and typing) loads on first use: a
    # command that finds no plug-in declared never needs it (lode.service checks with
    # .installed first). lode's own modules import registry() from .registry: once that
    # module is loaded, this package's attribute of the same name is the module.
    if name in __all__:
        from importlib import import_module

        module = import_module(f"{__name__}.registry")  # not `from . import`: that asks this hook again
        value = getattr(module, name)
        if name == "registry":
            globals()["registry"] = value  # the function, as `from lode.plugins import registry` gave it
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
