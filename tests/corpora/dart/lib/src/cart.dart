/// A shopping cart.
// lode: src.cart.Cart
class Cart {
  final List<int> _items = [];

  // lode: Cart.add
  void add(int item) {
    _items.add(item);
  }

  // lode: Cart.size
  int get size => _items.length;
}

// lode: src.cart.emptyCart
Cart emptyCart() {
  // lode-ref: src.cart.Cart
  return Cart();
}
