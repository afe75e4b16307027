#include "shop/cart.h"

/* A file that does not parse: its good parts are still read. */
int broken_half(cart_t *cart {
  return cart->count +;
}

// lode: global.after_the_error
long after_the_error(const cart_t *cart) {
  return cart_total(cart);
}
