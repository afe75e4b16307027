<?php

namespace Acme\Shop\Storage;

/** Counting helpers shared by warehouses. */
// lode: Acme.Shop.Storage.CountsLines
trait CountsLines
{
    // lode: Acme.Shop.Storage.CountsLines.total CountsLines.total
    public function total(array $lines): int
    {
        return array_sum($lines);
    }
}
