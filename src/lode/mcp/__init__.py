"""The MCP server for coding agents (``lode mcp``), on the official ``mcp`` SDK over stdio.

:mod:`.server` declares the tools — each a thin mapping onto one daemon method of
:data:`lode.rpc.handlers.TABLE`, called in-process — and :mod:`.budget` keeps every
answer under a size budget, saying what was cut.
"""
