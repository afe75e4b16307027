package com.acme.shop;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Items of any type kept in order. T (the class's) and R (a method's) are type
 * parameters: no type of this package, so their uses are no references.
 */
// lode: com.acme.shop.Shelf
public final class Shelf<T> {
    private final List<T> items = new ArrayList<>();

    // lode: com.acme.shop.Shelf.put
    public void put(T item) {
        items.add(item);
    }

    // lode: com.acme.shop.Shelf.first
    public T first() {
        T item = items.get(0);
        item.hashCode();
        return item;
    }

    // lode: com.acme.shop.Shelf.map
    public <R> Shelf<R> map(Function<T, R> f) {
        Shelf<R> out = new Shelf<>();
        for (T item : items) {
            out.put(f.apply(item));
        }
        return out;
    }

    // lode: com.acme.shop.Shelf.stocked
    public static <T extends Warehouse> int stocked(T warehouse, Warehouse other) {
        // lode-ref: com.acme.shop.Warehouse.count
        return warehouse.count("apple") + other.count("apple");
    }
}
