//! Types and traits for extracting data from requests.
//!
//! An extractor is a type that implements [`FromRequest`] or [`FromRequestParts`].
//! Extractors that only read the head of the request implement `FromRequestParts` and
//! can run in any order; the one extractor that consumes the body implements
//! `FromRequest` and must be the last argument of a handler.

mod path;
mod query;

pub use self::path::Path;
pub use self::query::Query;
pub use webkit_core::extract::{FromRequest, FromRequestParts};

use http::Request;

/// Run a parts extractor on a request and hand the request back, body untouched, for
/// the extractors after it.
pub fn extract_parts<E, S>(req: Request<Vec<u8>>, state: &S) -> (Result<E, E::Rejection>, Request<Vec<u8>>)
where
    E: FromRequestParts<S>,
{
    let (mut parts, body) = req.into_parts();
    let result = E::from_request_parts(&mut parts, state);
    (result, Request::from_parts(parts, body))
}
