//! The crate's error type.

use std::path::PathBuf;

/// Everything that can go wrong when asking a model.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// [`Config::base_url`](crate::config::Config::base_url) is not an `http://` or `https://` URL.
    #[error(
        "the model API URL {url:?} is not an http:// or https:// URL; give the base URL up to /v1, e.g. https://api.openai.com/v1"
    )]
    BadUrl {
        /// The URL given.
        url: String,
    },
    /// A certificate file for HTTPS ([`Config::ca_certs`](crate::config::Config::ca_certs),
    /// `SSL_CERT_FILE`) is unusable.
    #[error(
        "the certificate file {} is unusable: {reason}; give a PEM file with one or more certificates (a CA's or the server's own), or one certificate in DER",
        path.display()
    )]
    CaCert {
        /// The file.
        path: PathBuf,
        /// What is wrong with it.
        reason: String,
    },
    /// The server refused the request for good: a 4xx other than 429, or a 400 that no
    /// simpler form of the request avoided.
    #[error("the model server at {url} answered {status}{}: {body}", hint(*status))]
    Rejected {
        /// The endpoint.
        url: String,
        /// The HTTP status.
        status: u16,
        /// The start of the answer's body, on one line.
        body: String,
    },
    /// The TLS handshake failed for a reason asking again does not change: the server's
    /// certificate is expired, not yet valid, for another host, self-signed or from an
    /// unknown CA, a CA certificate used as the server's; or the server does not speak TLS.
    /// The reason names the cause, then what to do.
    #[error("the TLS handshake with {url} failed: {reason}")]
    Tls {
        /// The endpoint.
        url: String,
        /// The cause in words, then what to do.
        reason: String,
    },
    /// The model declined to answer (the `refusal` field of its message).
    #[error("the model refused: {refusal}")]
    Refused {
        /// What it said.
        refusal: String,
    },
    /// Every attempt failed: transport errors, 429 or 5xx, or answers that were cut off,
    /// malformed, or that the caller could not use.
    #[error("gave up after {attempts} attempts: {last}")]
    GaveUp {
        /// Requests made.
        attempts: u32,
        /// Why the last one failed.
        last: String,
    },
}

fn hint(status: u16) -> &'static str {
    match status {
        401 | 403 => " (check the API key)",
        404 => " (check the base URL and the model name)",
        _ => "",
    }
}
