"""Real language servers behind lode's look-ups, called by the service.

- :mod:`.servers` — how the servers each language folder names
  (``LanguageSpec.servers``) are found, and the hand-off settings;
- :mod:`.client` — a client for them over stdio (pygls + lsprotocol), warm per process;
- :mod:`.handoff` — ``def``/``refs``/``impls``/``describe`` answered by them, from the
  index's candidate position, with the index as the fallback.
"""
