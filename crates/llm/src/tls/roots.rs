//! The certificates an HTTPS endpoint is checked against: the system's bundle (or the one
//! `SSL_CERT_FILE` names, as OpenSSL and curl read it), else Mozilla's roots built in, plus
//! the certificates a user adds, which count both as CAs and as pinned server certificates.

use std::path::{Path, PathBuf};

use rustls::RootCertStore;
use rustls::pki_types::CertificateDer;

use super::files;
use crate::error::Error;

/// Where Linux distributions and the BSDs keep their CA bundle, first found wins.
const SYSTEM_BUNDLES: &[&str] = &[
    "/etc/ssl/certs/ca-certificates.crt",
    "/etc/pki/tls/certs/ca-bundle.crt",
    "/etc/ssl/ca-bundle.pem",
    "/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem",
    "/etc/ssl/cert.pem",
];

/// What a client trusts.
pub(crate) struct Trust {
    /// The CAs: the system's (or Mozilla's) and the added ones.
    pub(crate) roots: RootCertStore,
    /// The added certificates, DER, in order.
    pub(crate) added: Vec<CertificateDer<'static>>,
    /// The files they came from, as given.
    pub(crate) files: Vec<String>,
}

/// The system's bundle and whether the user named it: `SSL_CERT_FILE` when set, else the
/// first bundle found in the usual places; `None` when there is none.
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

/// The roots and the added certificates for a client given `extra` certificate files.
///
/// A bundle named by `SSL_CERT_FILE` must be usable (the user asked for it); an unusable
/// system bundle, or none, gives Mozilla's roots built in.
///
/// # Errors
///
/// [`Error::CaCert`] for the first file of `extra`, or `SSL_CERT_FILE`, that is unusable.
pub(crate) fn trust(extra: &[PathBuf]) -> Result<Trust, Error> {
    let system = match system_bundle() {
        Some((path, true)) => files::bundle(&path)?,
        Some((path, false)) => files::bundle(&path).unwrap_or_default(),
        None => Vec::new(),
    };
    let mut roots = RootCertStore::empty();
    roots.add_parsable_certificates(system);
    if roots.is_empty() {
        roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    }
    let mut added = Vec::new();
    let mut files = Vec::new();
    for path in extra {
        let certs = files::certificates(path)?;
        // A certificate webpki cannot take as a CA (some self-signed leaves) is still pinned.
        roots.add_parsable_certificates(certs.iter().cloned());
        added.extend(certs);
        files.push(display(path));
    }
    Ok(Trust {
        roots,
        added,
        files,
    })
}

fn display(path: &Path) -> String {
    path.display().to_string()
}
