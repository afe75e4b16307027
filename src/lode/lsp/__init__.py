"""lode and the Language Server Protocol, both ways.

- :mod:`.servers` — which real language servers lode can use (data) and how they are
  found; :mod:`.client` — a client for them over stdio (pygls + lsprotocol), warm per
  process; :mod:`.handoff` — ``def``/``refs``/``impls``/``describe`` answered by them,
  from the index's candidate position, with the index as the fallback.
- :mod:`.server` — ``lode lsp``: lode itself as a language server over the index.
"""
