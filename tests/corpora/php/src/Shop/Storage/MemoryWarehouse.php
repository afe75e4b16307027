<?php

namespace Acme\Shop\Storage;

/** An in-memory warehouse, for tests and small shops. */
// lode-impl: Acme.Shop.Storage.Warehouse
final class MemoryWarehouse implements Warehouse, \Countable
{
    // lode-impl: Acme.Shop.Storage.CountsLines
    use CountsLines;

    // lode: Acme.Shop.Storage.MemoryWarehouse.LIMIT
    public const LIMIT = 1000, FLOOR = 0;

    // lode: Acme.Shop.Storage.MemoryWarehouse.stock
    private array $stock = [];

    // lode: Acme.Shop.Storage.MemoryWarehouse.count MemoryWarehouse.count
    public function count(string $sku = ''): int
    {
        return $this->stock[$sku] ?? 0;
    }
}
