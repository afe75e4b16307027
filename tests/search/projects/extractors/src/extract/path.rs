use super::FromRequestParts;
use http::request::Parts;

/// Extractor that will get captures from the URL and parse them.
pub struct Path<T>(pub T);

/// Rejection used for [`Path`]: the URL did not hold the captures.
#[derive(Debug)]
pub struct MissingPathParams;

impl<S, T> FromRequestParts<S> for Path<T>
where
    T: std::str::FromStr,
{
    type Rejection = MissingPathParams;

    fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let last = parts.uri.path().rsplit('/').next().ok_or(MissingPathParams)?;
        last.parse().map(Path).map_err(|_| MissingPathParams)
    }
}
