//! HTTPS for the client: which certificates are trusted, how the server's is checked, and
//! what a refused one means in words.
//!
//! The certificates a user gives ([`Config::ca_certs`](crate::config::Config::ca_certs)) are trusted
//! as given: as CAs for chain verification, and each as a server's own certificate pinned by
//! its exact bytes (see `verifier.rs`).

mod connector;
mod files;
mod problem;
mod roots;
mod verifier;
mod x509;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use rustls::ClientConfig;
use rustls::client::WebPkiServerVerifier;
use ureq::unversioned::resolver::DefaultResolver;
use ureq::unversioned::transport::{ConnectProxyConnector, Connector, TcpConnector};

pub(crate) use connector::Refused;

use crate::error::Error;

/// An agent for requests with `timeout` that trusts the system's CAs and `ca_certs`.
///
/// # Errors
///
/// [`Error::CaCert`] when a file of `ca_certs`, or `SSL_CERT_FILE`, is unusable.
pub(crate) fn agent(ca_certs: &[PathBuf], timeout: Duration) -> Result<ureq::Agent, Error> {
    let trust = roots::trust(ca_certs)?;
    // The two builders below fail only without root anchors (the roots fall back to
    // Mozilla's, so there are always some) or without a protocol version (ring has them
    // all); their errors are mapped rather than unwrapped all the same.
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let webpki =
        WebPkiServerVerifier::builder_with_provider(Arc::new(trust.roots), Arc::clone(&provider))
            .build()
            .map_err(|e| Error::CaCert {
                path: ca_certs.first().cloned().unwrap_or_default(),
                reason: format!("no usable CA among them: {e}"),
            })?;
    let verifier = verifier::Verifier::new(webpki, trust.added, trust.files);
    let tls = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| Error::CaCert {
            path: PathBuf::new(),
            reason: format!("no TLS version available: {e}"),
        })?
        .dangerous()
        .with_custom_certificate_verifier(Arc::new(verifier))
        .with_no_client_auth();
    // The order of ureq's own default chain: a CONNECT proxy (HTTPS_PROXY and friends) when
    // one is configured, the TCP connection, then TLS over it.
    let connector =
        ().chain(ConnectProxyConnector::default())
            .chain(TcpConnector::default())
            .chain(connector::TlsConnector::new(Arc::new(tls)));
    let config = ureq::Agent::config_builder()
        .timeout_global(Some(timeout))
        .http_status_as_error(false)
        .build();
    Ok(ureq::Agent::with_parts(
        config,
        connector,
        DefaultResolver::default(),
    ))
}
