use crate::extract::FromRequestParts;
use std::marker::PhantomData;

/// Create a middleware from an extractor.
///
/// If the extractor succeeds the value will be discarded and the inner service will be
/// called. If the extractor fails the rejection will be returned and the inner service
/// will _not_ be called. The extractor only implements `FromRequestParts`, so the
/// request body is left for the handler.
pub fn from_extractor<E>() -> FromExtractorLayer<E> {
    FromExtractorLayer { _marker: PhantomData }
}

/// Layer that applies the extractor `E` to requests before calling the inner service.
pub struct FromExtractorLayer<E> {
    _marker: PhantomData<fn() -> E>,
}

impl<E> FromExtractorLayer<E> {
    /// Run the extractor `E` on the request parts; a rejection stops the request.
    pub fn check<S>(&self, parts: &mut http::request::Parts, state: &S) -> bool
    where
        E: FromRequestParts<S>,
    {
        E::from_request_parts(parts, state).is_ok()
    }
}
