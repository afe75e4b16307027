//! A small web framework: routing, extractors and middleware.

pub mod extract;
pub mod middleware;

pub use http::{Request, Response};
