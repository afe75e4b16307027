// A pool of values of any type: a class template with an out-of-line member, and a
// function template. Their template parameters (T, Alloc, Item) name no type of the
// workspace: they are not references.
#pragma once

#include <memory>
#include <vector>

namespace containers {

// lode: containers.Pool
template <typename T, typename Alloc = std::allocator<T>>
class Pool {
 public:
  // lode: containers.Pool.put
  void put(const T& value) { items_.push_back(value); }
  T take();

 private:
  std::vector<T, Alloc> items_;
};

template <typename T, typename Alloc>
T Pool<T, Alloc>::take() {
  T last = items_.back();
  items_.pop_back();
  return last;
}

// lode: containers.largest
template <class Item, int N>
Item largest(const Item (&items)[N]) {
  Item best = items[0];
  for (const Item& item : items) {
    if (item.area() > best.area()) best = item;
  }
  return best;
}

}  // namespace containers
