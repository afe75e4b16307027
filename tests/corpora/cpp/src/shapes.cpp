#include "geo/shapes.hpp"

namespace geo {

// lode: geo.Circle.Circle
Circle::Circle(double radius) : radius_(detail::clamp(radius, 0, 1e9)) {}

// lode: geo.Circle.area
double Circle::area() const { return 3.14159 * radius_ * radius_; }

// lode: geo.Shape.name
std::string Shape::name() const { return "shape"; }

// lode: geo.Registry.add
void Registry::add(ShapePtr shape) { shapes_.push_back(std::move(shape)); }

// lode: geo.Registry.total_area
double Registry::total_area() const {
  double sum = 0;
  for (const auto& s : shapes_) sum += s->area();
  return sum;
}

namespace detail {
// lode: geo.detail.clamp
double clamp(double value, double low, double high) {
  return value < low ? low : value > high ? high : value;
}
}  // namespace detail

}  // namespace geo
