//! The certificates an HTTPS endpoint is checked against: the system's bundle (or the one
//! `SSL_CERT_FILE` names, as OpenSSL and curl read it) and the private CAs a user adds;
//! Mozilla's roots built into ureq when the system has no bundle and nothing is added.

use std::path::{Path, PathBuf};

use ureq::tls::{Certificate, PemItem, RootCerts, TlsConfig, parse_pem};

use crate::Error;

/// Where Linux distributions and the BSDs keep their CA bundle, first found wins.
const SYSTEM_BUNDLES: &[&str] = &[
    "/etc/ssl/certs/ca-certificates.crt",
    "/etc/pki/tls/certs/ca-bundle.crt",
    "/etc/ssl/ca-bundle.pem",
    "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem",
    "/etc/ssl/cert.pem",
];

/// The certificates of a PEM file; an error when it holds none or cannot be read.
fn certificates(path: &Path) -> Result<Vec<Certificate<'static>>, Error> {
    let ca = |reason: String| Error::CaCert {
        path: path.to_path_buf(),
        reason,
    };
    let pem = std::fs::read(path).map_err(|e| ca(format!("cannot read it: {e}")))?;
    let mut certs = Vec::new();
    for item in parse_pem(&pem) {
        match item {
            Ok(PemItem::Certificate(c)) => certs.push(c),
            Ok(_) => {}
            Err(e) => return Err(ca(format!("it is not valid PEM: {e}"))),
        }
    }
    if certs.is_empty() {
        return Err(ca("it holds no PEM certificate".to_owned()));
    }
    Ok(certs)
}

/// The system's bundle and whether the user named it: `SSL_CERT_FILE` when set, else the
/// first bundle found in the usual places; `None` when there is none (Mozilla's built-in roots
/// are used then).
fn system_bundle() -> Option<(PathBuf, bool)> {
    if let Some(file) = std::env::var_os("SSL_CERT_FILE").filter(|f| !f.is_empty()) {
        return Some((PathBuf::from(file), true));
    }
    SYSTEM_BUNDLES
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file())
        .map(|p| (p, false))
}

/// The TLS settings for an agent: the system's roots plus `extra` CA files.
///
/// A bundle named by `SSL_CERT_FILE` must be readable (the user asked for it); an unreadable
/// system bundle falls back to the built-in roots.
pub(crate) fn tls_config(extra: &[PathBuf]) -> Result<TlsConfig, Error> {
    let mut roots = match system_bundle() {
        Some((path, true)) => certificates(&path)?,
        Some((path, false)) => certificates(&path).unwrap_or_default(),
        None => Vec::new(),
    };
    if roots.is_empty() && extra.is_empty() {
        return Ok(TlsConfig::builder().root_certs(RootCerts::WebPki).build());
    }
    // Without a system bundle the added CAs are all that is trusted: Mozilla's built-in list
    // cannot be merged with them, and a private endpoint is what the user asked for.
    for path in extra {
        roots.extend(certificates(path)?);
    }
    Ok(TlsConfig::builder()
        .root_certs(RootCerts::new_with_certs(&roots))
        .build())
}
