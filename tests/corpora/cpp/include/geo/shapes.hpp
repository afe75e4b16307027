// Shapes with an area, and a registry that owns them.
#pragma once

#include <memory>
#include <string>
#include <vector>

// lode: global.GEO_VERSION
#define GEO_VERSION 3

// lode: global.geo
namespace geo {

/// A closed figure in the plane.
// lode: global.geo.Shape geo.Shape
class Shape {
 public:
  virtual ~Shape() = default;
  // lode: geo.Shape.area Shape.area
  virtual double area() const = 0;
  virtual std::string name() const;
};

// lode-impl: geo.Shape
class Circle : public Shape {
 public:
  explicit Circle(double radius);
  double area() const override;

 private:
  // lode: geo.Circle.radius_
  double radius_;
};

// lode-impl: geo.Shape
struct Square final : Shape {
  // lode: geo.Square.side
  double side = 1;
  // lode: geo.Square.area
  double area() const override { return side * side; }
};

// lode: geo.Kind
enum class Kind { circle, square };

// lode: geo.ShapePtr
using ShapePtr = std::unique_ptr<Shape>;

namespace detail {
double clamp(double value, double low, double high);
}  // namespace detail

// lode: geo.Registry
class Registry {
 public:
  void add(ShapePtr shape);
  double total_area() const;

 private:
  std::vector<ShapePtr> shapes_;
};

}  // namespace geo
