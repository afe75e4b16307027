"""``lode lsp``: lode itself as a language server over the index (:mod:`.server`).

The other direction — lode asking real language servers (gopls, pyright, …) to confirm
a look-up — sits below the interfaces, in :mod:`lode.external`, called by the service.
"""
