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
}
