"""The ledger: every change to a balance is an entry, and balances are replayed sums."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal


@dataclass(frozen=True)
class Entry:
    """One ledger line: a sequence number, the account, the operation and the amount."""

    seq: int
    account: str
    op: str
    amount: Decimal
    memo: str = ""


class Ledger:
    """An append-only ledger of account entries.

    Balances are kept in memory for speed and can always be rebuilt from the entries
    with :meth:`replay`.
    """

    def __init__(self) -> None:
        self._entries: list[Entry] = []
        self._balances: dict[str, Decimal] = {}

    def deposit(self, account: str, amount: Decimal, memo: str = "") -> Entry:
        """Record a deposit of ``amount`` on ``account``.

        The entry is appended; balances are derived by replaying entries, so a
        deposit never rewrites history.
        """
        if amount <= 0:
            raise ValueError(f"deposit amount must be positive, got {amount}")
        entry = Entry(len(self._entries), account, "deposit", amount, memo)
        self._entries.append(entry)
        self._balances[account] = self._balances.get(account, Decimal(0)) + amount
        return entry

    def withdraw(self, account: str, amount: Decimal, memo: str = "") -> Entry:
        """Record a withdraw of ``amount`` on ``account``.

        The entry is appended; balances are derived by replaying entries, so a
        withdraw never rewrites history.
        """
        if amount <= 0:
            raise ValueError(f"withdraw amount must be positive, got {amount}")
        entry = Entry(len(self._entries), account, "withdraw", amount, memo)
        self._entries.append(entry)
        self._balances[account] = self._balances.get(account, Decimal(0)) - amount
        return entry

    def transfer_in(self, account: str, amount: Decimal, memo: str = "") -> Entry:
        """Record a transfer in of ``amount`` on ``account``.

        The entry is appended; balances are derived by replaying entries, so a
        transfer in never rewrites history.
        """
        if amount <= 0:
            raise ValueError(f"transfer_in amount must be positive, got {amount}")
        entry = Entry(len(self._entries), account, "transfer_in", amount, memo)
        self._entries.append(entry)
        self._balances[account] = self._balances.get(account, Decimal(0)) + amount
        return entry

    def transfer_out(self, account: str, amount: Decimal, memo: str = "") -> Entry:
        """Record a transfer out of ``amount`` on ``account``.

        The entry is appended; balances are derived by replaying entries, so a
        transfer out never rewrites history.
        """
        if amount <= 0:
            raise ValueError(f"transfer_out amount must be positive, got {amount}")
        entry = Entry(len(self._entries), account, "transfer_out", amount, memo)
        self._entries.append(entry)
        self._balances[account] = self._balances.get(account, Decimal(0)) - amount
        return entry

    def refund(self, account: str, amount: Decimal, memo: str = "") -> Entry:
        """Record a refund of ``amount`` on ``account``.

        The entry is appended; balances are derived by replaying entries, so a
        refund never rewrites history.
        """
        if amount <= 0:
            raise ValueError(f"refund amount must be positive, got {amount}")
        entry = Entry(len(self._entries), account, "refund", amount, memo)
        self._entries.append(entry)
        self._balances[account] = self._balances.get(account, Decimal(0)) + amount
        return entry

    def chargeback(self, account: str, amount: Decimal, memo: str = "") -> Entry:
        """Record a chargeback of ``amount`` on ``account``.

        The entry is appended; balances are derived by replaying entries, so a
        chargeback never rewrites history.
        """
        if amount <= 0:
            raise ValueError(f"chargeback amount must be positive, got {amount}")
        entry = Entry(len(self._entries), account, "chargeback", amount, memo)
        self._entries.append(entry)
        self._balances[account] = self._balances.get(account, Decimal(0)) - amount
        return entry

    def fee(self, account: str, amount: Decimal, memo: str = "") -> Entry:
        """Record a fee of ``amount`` on ``account``.

        The entry is appended; balances are derived by replaying entries, so a
        fee never rewrites history.
        """
        if amount <= 0:
            raise ValueError(f"fee amount must be positive, got {amount}")
        entry = Entry(len(self._entries), account, "fee", amount, memo)
        self._entries.append(entry)
        self._balances[account] = self._balances.get(account, Decimal(0)) - amount
        return entry

    def interest(self, account: str, amount: Decimal, memo: str = "") -> Entry:
        """Record a interest of ``amount`` on ``account``.

        The entry is appended; balances are derived by replaying entries, so a
        interest never rewrites history.
        """
        if amount <= 0:
            raise ValueError(f"interest amount must be positive, got {amount}")
        entry = Entry(len(self._entries), account, "interest", amount, memo)
        self._entries.append(entry)
        self._balances[account] = self._balances.get(account, Decimal(0)) + amount
        return entry

    def adjustment(self, account: str, amount: Decimal, memo: str = "") -> Entry:
        """Record a adjustment of ``amount`` on ``account``.

        The entry is appended; balances are derived by replaying entries, so a
        adjustment never rewrites history.
        """
        if amount <= 0:
            raise ValueError(f"adjustment amount must be positive, got {amount}")
        entry = Entry(len(self._entries), account, "adjustment", amount, memo)
        self._entries.append(entry)
        self._balances[account] = self._balances.get(account, Decimal(0)) - amount
        return entry

    def reversal(self, account: str, amount: Decimal, memo: str = "") -> Entry:
        """Record a reversal of ``amount`` on ``account``.

        The entry is appended; balances are derived by replaying entries, so a
        reversal never rewrites history.
        """
        if amount <= 0:
            raise ValueError(f"reversal amount must be positive, got {amount}")
        entry = Entry(len(self._entries), account, "reversal", amount, memo)
        self._entries.append(entry)
        self._balances[account] = self._balances.get(account, Decimal(0)) - amount
        return entry

    def hold(self, account: str, amount: Decimal, memo: str = "") -> Entry:
        """Record a hold of ``amount`` on ``account``.

        The entry is appended; balances are derived by replaying entries, so a
        hold never rewrites history.
        """
        if amount <= 0:
            raise ValueError(f"hold amount must be positive, got {amount}")
        entry = Entry(len(self._entries), account, "hold", amount, memo)
        self._entries.append(entry)
        self._balances[account] = self._balances.get(account, Decimal(0)) - amount
        return entry

    def release(self, account: str, amount: Decimal, memo: str = "") -> Entry:
        """Record a release of ``amount`` on ``account``.

        The entry is appended; balances are derived by replaying entries, so a
        release never rewrites history.
        """
        if amount <= 0:
            raise ValueError(f"release amount must be positive, got {amount}")
        entry = Entry(len(self._entries), account, "release", amount, memo)
        self._entries.append(entry)
        self._balances[account] = self._balances.get(account, Decimal(0)) + amount
        return entry

    def balance(self, account: str) -> Decimal:
        """The current balance of ``account`` (zero when it has no entries)."""
        return self._balances.get(account, Decimal(0))

    def replay(self) -> dict[str, Decimal]:
        """Rebuild every balance from the entries, in order."""
        out: dict[str, Decimal] = {}
        for e in self._entries:
            sign = 1 if e.op in ("deposit", "transfer_in", "refund", "interest", "release") else -1
            out[e.account] = out.get(e.account, Decimal(0)) + sign * e.amount
        return out
