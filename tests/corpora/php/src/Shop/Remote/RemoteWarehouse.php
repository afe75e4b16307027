<?php

namespace Acme\Shop\Remote;

use Acme\Shop\Storage\Warehouse;
use Acme\Shop\Storage\CountsLines as Counting;

/** A warehouse behind an HTTP API. */
// lode-impl: Acme.Shop.Storage.Warehouse
class RemoteWarehouse implements Warehouse
{
    use Counting;

    public function __construct(
        // lode: Acme.Shop.Remote.RemoteWarehouse.client RemoteWarehouse.client
        // lode-ref: Acme.Shop.Remote.Client
        private Client $client,
    ) {
    }

    // lode: Acme.Shop.Remote.RemoteWarehouse.create
    public static function create(string $url): self
    {
        return new self(new Client($url));
    }

    public function count(string $sku): int
    {
        // lode-ref: Acme.Shop.Remote.Client.get
        // lode-ref: Acme.Shop.Remote.RemoteWarehouse.client
        return $this->client->get('/stock/' . $sku);
    }
}

// lode: Acme.Shop.Remote.Client
class Client
{
    public function __construct(private string $url)
    {
    }

    // lode: Acme.Shop.Remote.Client.get
    public function get(string $path): int
    {
        return strlen($this->url . $path);
    }
}

// lode: Acme.Shop.Remote.Status
enum Status: string
{
    // lode: Acme.Shop.Remote.Status.Open
    case Open = 'open';
    case Closed = 'closed';
}
