#include <stdio.h>
#include "shop/cart.h"

static void print_line(const struct cart_line *line, void *arg) {
  (void)arg;
  printf("%s %ld\n", line->sku, line->price);
}

// lode: global.main
int main(void) {
  // lode-ref: global.cart_t
  cart_t cart;
  // lode-ref: global.cart_init
  cart_init(&cart);
  // lode-ref: global.cart_add
  if (cart_add(&cart, "apple", 120, 3) != CART_OK)
    return 1;
  // lode-ref: global.CART_MAX_LINES
  printf("%ld of %d\n", cart_total(&cart), CART_MAX_LINES);
  return 0;
}
