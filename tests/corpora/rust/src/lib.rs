//! A crate of shapes.
pub mod geometry;
mod util;

pub use geometry::Shape;
pub use util::helpers::clamp as clamp_value;

// lode: shapes_lib.version
pub fn version() -> &'static str {
    "0.1"
}

// lode: shapes_lib.inline
pub mod inline {
    // lode: shapes_lib.inline.Point inline.Point
    pub struct Point {
        pub x: f64,
    }

    impl Point {
        // lode: shapes_lib.inline.Point.origin Point.origin
        pub fn origin() -> Self {
            Point { x: 0.0 }
        }
    }
}
