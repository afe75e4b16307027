"""Expanding the paths given on the command line into the modules to lint."""

import os

MESSAGES = {
    "F0001": ("No module named %s", "module-not-found", "Used when a command-line path is missing."),
    "F0010": ("Error while parsing the module: unable to load file %s", "parse-error",
              "Used when the source cannot be read."),
    "E0611": ("No name %r in module %r", "no-name-in-module", "Used when an import finds no such name."),
}


def is_package(path):
    """Whether ``path`` is a folder with an ``__init__.py``."""
    return os.path.isdir(path) and os.path.isfile(os.path.join(path, "__init__.py"))


def expand_modules(paths):
    """The (module name, file) pairs to lint for the paths on the command line: a file
    is one module, a folder is a package whose files are its modules."""
    found = []
    for path in paths:
        base = os.path.basename(path.rstrip(os.sep))
        if os.path.isfile(path):
            found.append((os.path.splitext(base)[0], path))
            continue
        init = os.path.join(path, base + ".py")
        if os.path.isfile(init):
            # a folder holding a module of its own name is that module
            found.append((base, init))
            continue
        for name in sorted(os.listdir(path)):
            if name.endswith(".py"):
                found.append((base + "." + name[:-3], os.path.join(path, name)))
    return found
