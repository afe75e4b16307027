<?php

declare(strict_types=1);

namespace Acme\Shop\Storage;

/**
 * Where stock is kept.
 */
// lode: Acme.Shop.Storage.Warehouse Storage.Warehouse
interface Warehouse
{
    // lode: Acme.Shop.Storage.Warehouse.count Warehouse.count
    public function count(string $sku): int;
}
