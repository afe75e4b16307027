<?php

namespace Acme\App;

// A class of App's own namespace: App.php uses it without a `use`.
// lode: Acme.App.Ledger
class Ledger
{
    public int $lines = 0;

    // lode: Acme.App.Ledger.open
    public static function open(): self
    {
        return new self();
    }

    // lode: Acme.App.Ledger.post
    public function post(int $amount): void
    {
        $this->lines += $amount;
    }

    public static function reopen(): self
    {
        // lode-ref: Acme.App.Ledger.open
        return static::open();
    }
}

// lode-impl: Acme.App.Ledger
final class ClosedLedger extends Ledger
{
    public function post(int $amount): void
    {
        // lode-ref: Acme.App.Ledger.post
        parent::post(0);
    }
}
