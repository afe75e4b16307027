/* A shopping cart: a growable array of lines with a running total. */
#ifndef SHOP_CART_H
#define SHOP_CART_H

#include <stddef.h>

// lode: global.CART_MAX_LINES
#define CART_MAX_LINES 64
// lode: global.CART_LINE_COST
#define CART_LINE_COST(line) ((line)->price * (line)->quantity)

typedef enum {
  // lode: global.CART_OK
  CART_OK = 0,
  CART_FULL,
  CART_EMPTY
} cart_status;

/* One line of a cart. */
// lode: global.cart_line
struct cart_line {
  const char *sku;
  // lode: global.cart_line.price
  long price;
  int quantity;
};

// lode: global.cart_t
typedef struct cart_s cart_t;

// lode: global.cart_s
struct cart_s {
  struct cart_line lines[CART_MAX_LINES];
  size_t count;
};

// lode: global.cart_visit_cb
typedef void (*cart_visit_cb)(const struct cart_line *line, void *arg);

#ifdef __cplusplus
extern "C" {
#endif

/* Empties the cart. */
int cart_init(cart_t *cart);
/* Adds a line; CART_FULL when there is no room. */
cart_status cart_add(cart_t *cart, const char *sku, long price, int quantity);
long cart_total(const cart_t *cart);
// lode: global.cart_only_declared
void cart_only_declared(void);

#ifdef __cplusplus
}
#endif

#endif /* SHOP_CART_H */
