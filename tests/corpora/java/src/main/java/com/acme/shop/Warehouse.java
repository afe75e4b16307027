package com.acme.shop;

import java.util.List;

/**
 * Where stock is kept.
 */
// lode: com.acme.shop.Warehouse shop.Warehouse
public interface Warehouse {
    // lode: com.acme.shop.Warehouse.count Warehouse.count
    int count(String sku);

    // lode: Warehouse.skus
    List<String> skus();
}
