"""Plug-ins: chunkers, derivers and rankers that other packages add to lode.

:mod:`.protocols` says what a plug-in provides; :mod:`.registry` finds them (entry
points ``lode.chunkers``, ``lode.derivers``, ``lode.rankers``), puts them in one table
with lode's own and refuses to start on a broken one; :mod:`.contract` checks a plug-in
chunker's output against the partition every chunker keeps.
"""

from .registry import PluginError, Registration, Registry, registry

__all__ = ["PluginError", "Registration", "Registry", "registry"]
