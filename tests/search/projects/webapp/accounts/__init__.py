"""Accounts: balances kept as an append-only ledger."""

from .ledger import Ledger

__all__ = ["Ledger"]
