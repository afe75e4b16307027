// A type is referenced where it constrains a type parameter and as an array's element,
// written either way (`Priced[]`, `Array<Tagged>`).

// lode: shapes.catalog.Keyed
export interface Keyed {
  key: string;
}

// lode: shapes.catalog.Priced
export interface Priced {
  price: number;
}

// lode: shapes.catalog.Tagged
export interface Tagged {
  tags: string[];
}

// lode-ref: shapes.catalog.Keyed
export function byKey<K extends Keyed>(items: K[]): Map<string, K> {
  return new Map(items.map((item) => [item.key, item]));
}

// lode-ref: shapes.catalog.Priced
export function cheapest(items: readonly Priced[]): number {
  return Math.min(...items.map((item) => item.price));
}

// lode-ref: shapes.catalog.Tagged
export function tagsOf(items: ReadonlyArray<Tagged>): string[] {
  return items.flatMap((item) => item.tags);
}

// lode: shapes.catalog.Discount
export interface Discount {
  percent: number;
}

// lode: shapes.catalog.Shelf
export class Shelf<T extends Keyed = Keyed> {
  items: T[] = [];
}

// A generic type's own name is a reference, and so is each member of a union.
// lode-ref: shapes.catalog.Shelf
export function firstOf(shelf: Shelf<Keyed> | undefined): Keyed | undefined {
  return shelf?.items[0];
}

// lode-ref: shapes.catalog.Discount
export function priceOf(item: Priced | Discount): number {
  return "price" in item ? item.price : 0;
}
