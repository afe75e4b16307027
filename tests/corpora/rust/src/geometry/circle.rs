use super::Shape;
use std::fmt;

// lode: shapes_lib.geometry.circle.Circle geometry.Circle circle.Circle
#[derive(Debug)]
pub struct Circle {
    pub r: f64,
}

// lode-impl: geometry.Shape
impl Shape for Circle {
    // lode: shapes_lib.geometry.circle.Circle.area Circle.area
    fn area(&self) -> f64 {
        3.14 * self.r * self.r
    }
}

// lode-impl: std.fmt.Display
impl fmt::Display for Circle {
    // lode: shapes_lib.geometry.circle.Circle.fmt Circle.fmt
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "circle")
    }
}

// lode: shapes_lib.geometry.circle.Kind
pub enum Kind {
    // lode: shapes_lib.geometry.circle.Kind.Round Kind.Round
    Round,
}
