"""Accounts: balances kept as an append-only ledger.

Amounts are :class:`decimal.Decimal`, re-exported here so callers need one import.
"""

from decimal import Decimal

from .ledger import Ledger

__all__ = ["Decimal", "Ledger"]
