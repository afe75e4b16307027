/** Format cents as a price string, e.g. 1999 -> "$19.99". */
export function formatPrice(cents: number, currency = "$"): string {
  return currency + (cents / 100).toFixed(2);
}
