<?php

namespace Acme\App;

// lode-ref: Acme.Shop.Storage.Warehouse
use Acme\Shop\Storage\{Warehouse, MemoryWarehouse};
// lode-ref: Acme.Shop.Remote.RemoteWarehouse
use Acme\Shop\Remote\RemoteWarehouse as Remote;
use Acme\Shop\Remote\Status;
// lode-ref: Acme.App.format_count
use function Acme\App\format_count;
use Throwable;

/** Starts the shop. */
// lode: Acme.App.App
class App
{
    // lode: Acme.App.App.run
    public function run(Warehouse $local): string
    {
        $n = $local->count('apple');
        // lode-ref: Acme.Shop.Storage.MemoryWarehouse.LIMIT
        if ($n > MemoryWarehouse::LIMIT) {
            // lode-ref: Acme.Shop.Remote.RemoteWarehouse.create
            $remote = Remote::create('https://stock.example');
            $n = $remote->count('apple');
        }
        // lode-ref: Acme.Shop.Remote.Status.Open
        $status = Status::Open;
        return format_count($n) . $status->value;
    }

    // lode: Acme.App.App.restock
    public function restock(): int
    {
        $memory = new MemoryWarehouse();
        // lode-ref: Acme.Shop.Storage.MemoryWarehouse.count
        $n = $memory->count('pear');
        // lode-ref: Acme.App.App.run
        return $n + strlen($this->run($memory));
    }

    public function audit(Ledger $ledger): int
    {
        // lode-ref: Acme.App.Ledger.post
        $ledger->post(1);
        // lode-ref: Acme.App.Ledger.open
        return Ledger::open()->lines;
    }

    public function describe(Throwable $error): string
    {
        return $error->getMessage();
    }
}
