package com.acme.shop;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** An in-memory warehouse, for tests and small shops. */
// lode-impl: com.acme.shop.Warehouse
public final class MemoryWarehouse implements Warehouse {
    // lode: com.acme.shop.MemoryWarehouse.LIMIT
    public static final int LIMIT = 1000, FLOOR = 0;

    private final Map<String, Integer> stock = new HashMap<>();

    // lode: com.acme.shop.MemoryWarehouse.count MemoryWarehouse.count
    @Override
    public int count(String sku) {
        return stock.getOrDefault(sku, 0);
    }

    @Override
    public List<String> skus() {
        return new ArrayList<>(stock.keySet());
    }

    /** A change to one line of stock. */
    // lode: com.acme.shop.MemoryWarehouse.Change
    public record Change(String sku, int delta) {
        // lode: MemoryWarehouse.Change.isRemoval
        boolean isRemoval() {
            return delta < 0;
        }
    }

    // lode: com.acme.shop.MemoryWarehouse.State
    enum State {
        // lode: MemoryWarehouse.State.OPEN
        OPEN,
        CLOSED
    }
}
