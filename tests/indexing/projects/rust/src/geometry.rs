use std::f64::consts::PI;

/// Anything with an area.
pub trait Shape {
    fn area(&self) -> f64;
}

/// A circle of a given radius.
#[derive(Debug, Clone, Copy)]
pub struct Circle {
    pub radius: f64,
}

impl Shape for Circle {
    fn area(&self) -> f64 {
        PI * self.radius * self.radius
    }
}

/// Sum of the areas of all shapes.
pub fn total_area(shapes: &[Box<dyn Shape>]) -> f64 {
    shapes.iter().map(|s| s.area()).sum()
}
