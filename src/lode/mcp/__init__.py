"""The MCP server for coding agents (``lode mcp``), on the official ``mcp`` SDK over stdio.

:mod:`.server` declares the tools — each a thin call into the service through the
session the daemon's requests use too — and :mod:`.budget` keeps every
answer under a size budget, saying what was cut.
"""
