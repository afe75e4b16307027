import { formatPrice } from "./price";

export interface LineItem {
  sku: string;
  quantity: number;
  unitCents: number;
}

/** A shopping cart that keeps line items by SKU. */
export class ShoppingCart {
  private items = new Map<string, LineItem>();

  /** Add a quantity of an item, merging with an existing line. */
  addItem(item: LineItem): void {
    const line = this.items.get(item.sku);
    if (line) {
      line.quantity += item.quantity;
    } else {
      this.items.set(item.sku, { ...item });
    }
  }

  totalCents(): number {
    let total = 0;
    for (const line of this.items.values()) total += line.quantity * line.unitCents;
    return total;
  }

  summary(): string {
    return `${this.items.size} items, ${formatPrice(this.totalCents())}`;
  }
}
