#include <iostream>
#include "geo/shapes.hpp"

// lode-impl: geo.Shape
class Triangle : public geo::Shape {
 public:
  double area() const override { return 0.5; }
};

// lode: global.report
// lode-ref: geo.Registry
static void report(const geo::Registry& registry) {
  // lode-ref: geo.Registry.total_area
  std::cout << registry.total_area() << "\n";
}

int main() {
  geo::Registry registry;
  // lode-ref: geo.Circle
  // lode-ref: geo.Registry.add
  registry.add(std::make_unique<geo::Circle>(2.0));
  registry.add(std::make_unique<Triangle>());
  // lode-ref: geo.detail.clamp
  double c = geo::detail::clamp(GEO_VERSION, 0, 10);
  report(registry);
  return c > 0 ? 0 : 1;
}
