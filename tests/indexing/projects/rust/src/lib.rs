//! Shapes and their areas.

pub mod geometry;

pub use geometry::{Circle, Shape};
