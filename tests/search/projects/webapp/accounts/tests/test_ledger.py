from decimal import Decimal

from accounts import Ledger


def test_deposit_then_withdraw_balance():
    ledger = Ledger()
    ledger.deposit("alice", Decimal("10"))
    ledger.withdraw("alice", Decimal("4"))
    assert ledger.balance("alice") == Decimal("6")


def test_replay_rebuilds_balances():
    ledger = Ledger()
    ledger.deposit("bob", Decimal("5"))
    assert ledger.replay() == {"bob": Decimal("5")}
