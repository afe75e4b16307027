package com.acme.shop.remote;

import com.acme.shop.Warehouse;
import java.util.List;

/** A warehouse behind an HTTP API. */
// lode-impl: com.acme.shop.Warehouse
public class RemoteWarehouse implements Warehouse {
    private final Client client;

    // lode: com.acme.shop.remote.RemoteWarehouse.RemoteWarehouse
    public RemoteWarehouse(String url) {
        this.client = new Client(url);
    }

    @Override
    public int count(String sku) {
        return client.get("/stock/" + sku);
    }

    @Override
    public List<String> skus() {
        return List.of();
    }

    /** The HTTP client, one per warehouse. */
    // lode: com.acme.shop.remote.RemoteWarehouse.Client RemoteWarehouse.Client
    public static class Client {
        private final String url;

        Client(String url) {
            this.url = url;
        }

        // lode: com.acme.shop.remote.RemoteWarehouse.Client.get
        int get(String path) {
            return path.length();
        }
    }
}
