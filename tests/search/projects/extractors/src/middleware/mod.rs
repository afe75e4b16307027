//! Utilities for writing middleware.

mod from_extractor;

pub use self::from_extractor::{from_extractor, FromExtractorLayer};
