"""Shopping carts: line items merged by SKU, totals in cents."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class LineItem:
    sku: str
    quantity: int
    unit_cents: int


@dataclass
class ShoppingCart:
    items: dict[str, LineItem] = field(default_factory=dict)

    def add_item(self, item: LineItem) -> None:
        """Add an item, merging quantities with an existing line for the same SKU."""
        line = self.items.get(item.sku)
        if line is None:
            self.items[item.sku] = LineItem(item.sku, item.quantity, item.unit_cents)
        else:
            line.quantity += item.quantity

    def total_cents(self) -> int:
        return sum(line.quantity * line.unit_cents for line in self.items.values())


def apply_discount(total_cents: int, percent: int) -> int:
    """A total after a percentage discount, rounded down to the cent."""
    if not 0 <= percent <= 100:
        raise ValueError(f"discount must be 0..100, got {percent}")
    return total_cents * (100 - percent) // 100
