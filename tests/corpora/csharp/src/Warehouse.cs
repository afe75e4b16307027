using System.Collections.Generic;

namespace Shop.Inventory;

// lode: Shop.Inventory.IWarehouse Inventory.IWarehouse
public interface IWarehouse
{
    // lode: IWarehouse.Count
    int Count(string sku);
}

/// <summary>An in-memory warehouse.</summary>
// lode-impl: Inventory.IWarehouse
public sealed class MemoryWarehouse : IWarehouse
{
    private readonly Dictionary<string, int> _stock = new();

    // lode: Shop.Inventory.MemoryWarehouse.Count MemoryWarehouse.Count
    public int Count(string sku) => _stock.TryGetValue(sku, out var n) ? n : 0;

    // lode: MemoryWarehouse.Name
    public string Name { get; set; } = "main";

    public static MemoryWarehouse Empty() =>
        // lode-ref: Shop.Inventory.MemoryWarehouse
        new MemoryWarehouse();

    // lode-ref: Shop.Inventory.Stock.Total
    public int Total() => Stock.Total(this);

    // lode: MemoryWarehouse.Snapshot
    private struct Snapshot { public int Lines; }
}
