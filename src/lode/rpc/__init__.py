"""The daemon's interface: JSON-RPC 2.0 over a Unix socket, one JSON message per line.

Layers, each usable on its own:

- :mod:`.protocol` — framing and the envelope: decode a line into :class:`Request`\\ s,
  encode results and errors. The ONE place where exceptions become JSON-RPC error
  objects (:func:`~.protocol.error_object`), using the ``rpc_code`` that every
  :class:`~lode.errors.LodeError` carries.
- :mod:`.methods` — the method table: handlers registered by decorator, params bound by
  position or by name against the handler's signature, a bad parameter named in the
  -32602 message.
- :mod:`.handlers` — the methods themselves, each a thin mapping onto
  :class:`lode.service.Service` (``search.query`` → ``Service.search`` …).
- :mod:`.server` — the asyncio Unix-socket server (owner-only permissions), one store
  shared by all clients, service calls on worker threads.
- :mod:`.watch` — live re-indexing with ``watchfiles``: changes are batched and coalesced.
- :mod:`.client` — a small synchronous client (``lode --call``, tests, the bench).
"""

from .protocol import Request, decode, encode_error, encode_result, error_object

__all__ = ["Request", "decode", "encode_error", "encode_result", "error_object"]
