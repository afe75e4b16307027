use super::FromRequestParts;
use http::request::Parts;

/// Extractor that deserializes query strings into some type.
pub struct Query(pub Vec<(String, String)>);

/// Rejection used for [`Query`].
#[derive(Debug)]
pub struct FailedToDeserializeQueryString;

impl<S> FromRequestParts<S> for Query {
    type Rejection = FailedToDeserializeQueryString;

    fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        let pairs = query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
        Ok(Query(pairs))
    }
}
