namespace Shop.Inventory;

// A class of the warehouses' own namespace: Warehouse.cs calls it without a `using`.
// lode: Shop.Inventory.Stock
public static class Stock
{
    // lode: Shop.Inventory.Stock.Total
    public static int Total(IWarehouse warehouse) => warehouse.Count("apple");
}
