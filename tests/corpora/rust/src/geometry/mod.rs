mod circle;

pub use self::circle::Circle;

// lode: shapes_lib.geometry.Shape geometry.Shape shapes_lib.Shape
pub trait Shape {
    // lode: shapes_lib.geometry.Shape.area geometry.Shape.area
    fn area(&self) -> f64;

    // lode: shapes_lib.geometry.Shape.name
    fn name(&self) -> String {
        String::from("shape")
    }
}
