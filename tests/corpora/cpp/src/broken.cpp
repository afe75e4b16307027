#include "geo/shapes.hpp"

// A file that does not parse: the definitions around the error are still read.
namespace geo {
double broken(Shape& s) {
  return s.area( * ;
}

// lode: geo.after_the_error
double after_the_error(Shape& s) { return s.area(); }
}  // namespace geo
