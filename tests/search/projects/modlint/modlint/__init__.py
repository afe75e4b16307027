"""A small linter of Python packages."""
