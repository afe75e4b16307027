#include "shop/cart.h"

static long line_cost(const struct cart_line *line);

// lode: global.cart_default
cart_t cart_default;

/* Empties the cart. */
// lode: global.cart_init
int cart_init(cart_t *cart) {
  cart->count = 0;
  return CART_OK;
}

// lode: global.cart_add
cart_status cart_add(cart_t *cart, const char *sku, long price, int quantity) {
  if (cart->count >= CART_MAX_LINES)
    return CART_FULL;
  struct cart_line *line = &cart->lines[cart->count++];
  line->sku = sku;
  line->price = price;
  line->quantity = quantity;
  return CART_OK;
}

// lode: global.line_cost
static long line_cost(const struct cart_line *line) {
  // lode-ref: global.CART_LINE_COST
  return CART_LINE_COST(line);
}

long cart_total(const cart_t *cart) {
  long total = 0;
  for (size_t i = 0; i < cart->count; i++)
    // lode-ref: global.line_cost
    total += line_cost(&cart->lines[i]);
  return total;
}
