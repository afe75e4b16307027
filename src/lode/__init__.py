"""lode — index a workspace of code and docs; search it and look up qualified names.

The package follows the pipeline: ``workspace`` (walk) → ``chunking`` (read, derive,
chunk) → ``symbols`` → ``store`` → ``search`` → ``service`` → interfaces (``cli``,
``rpc``, ``mcp``). ``languages`` holds per-language knowledge as data and is the only
place that touches tree-sitter.
"""

__version__ = "0.1.0"
