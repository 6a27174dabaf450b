//! Certificate files: PEM with one or more `CERTIFICATE` sections, or a single certificate in
//! DER (binary), as `openssl x509 -outform der` writes it. Anything else is refused with what
//! the file holds instead: a private key, other PEM sections, nothing at all.

use std::path::Path;

use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::{self, SectionKind};

use super::x509;
use crate::error::Error;

/// What a file holds.
#[derive(Debug, Default)]
struct Contents {
    certificates: Vec<CertificateDer<'static>>,
    /// Private keys found (PKCS#8, PKCS#1 RSA, SEC1 EC).
    keys: usize,
    /// Other PEM sections (requests, revocation lists, public keys).
    others: Vec<&'static str>,
}

/// The certificates of the file at `path`, each a readable X.509 certificate.
///
/// # Errors
///
/// [`Error::CaCert`] saying what the file holds instead, or why it cannot be read.
pub(crate) fn certificates(path: &Path) -> Result<Vec<CertificateDer<'static>>, Error> {
    let unusable = |reason: String| Error::CaCert {
        path: path.to_path_buf(),
        reason,
    };
    let bytes = std::fs::read(path).map_err(|e| unusable(format!("cannot read it: {e}")))?;
    let contents = parse(&bytes).map_err(unusable)?;
    if contents.certificates.is_empty() {
        return Err(unusable(nothing_usable(&contents)));
    }
    for (i, cert) in contents.certificates.iter().enumerate() {
        if x509::read(cert).is_none() {
            return Err(unusable(format!(
                "certificate {} of {} in it is not a valid X.509 certificate",
                i + 1,
                contents.certificates.len()
            )));
        }
    }
    Ok(contents.certificates)
}

/// The certificates of a CA bundle, skipping those that are unreadable (a system bundle may
/// hold a few odd ones; the rest still count).
///
/// # Errors
///
/// As [`certificates`] when the file cannot be read or holds no certificate.
pub(crate) fn bundle(path: &Path) -> Result<Vec<CertificateDer<'static>>, Error> {
    let unusable = |reason: String| Error::CaCert {
        path: path.to_path_buf(),
        reason,
    };
    let bytes = std::fs::read(path).map_err(|e| unusable(format!("cannot read it: {e}")))?;
    let contents = parse(&bytes).map_err(unusable)?;
    let certificates: Vec<_> = contents
        .certificates
        .iter()
        .filter(|c| x509::read(c).is_some())
        .cloned()
        .collect();
    if certificates.is_empty() {
        return Err(unusable(nothing_usable(&contents)));
    }
    Ok(certificates)
}

/// Splits a file into what it holds; an error for text that is neither PEM nor DER.
fn parse(bytes: &[u8]) -> Result<Contents, String> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err("it is empty".to_owned());
    }
    if !contains(bytes, b"-----BEGIN ") {
        // A DER certificate is one SEQUENCE; a DER private key is one too, so the bytes must
        // read as a certificate.
        if x509::read(bytes).is_some() {
            return Ok(Contents {
                certificates: vec![CertificateDer::from(bytes.to_vec())],
                ..Contents::default()
            });
        }
        return Err(if bytes.first() == Some(&0x30) {
            "it is binary DER but not a certificate (a private key in DER?)".to_owned()
        } else {
            "it holds neither PEM (no -----BEGIN CERTIFICATE----- line) nor a DER certificate"
                .to_owned()
        });
    }
    let mut contents = Contents::default();
    let mut reader = bytes;
    loop {
        match pem::from_buf(&mut reader) {
            Ok(Some((kind, der))) => match kind {
                SectionKind::Certificate => contents.certificates.push(CertificateDer::from(der)),
                SectionKind::PrivateKey
                | SectionKind::RsaPrivateKey
                | SectionKind::EcPrivateKey => contents.keys += 1,
                SectionKind::Csr => contents.others.push("a certificate request"),
                SectionKind::Crl => contents.others.push("a revocation list"),
                SectionKind::PublicKey => contents.others.push("a public key"),
                SectionKind::EchConfigList => contents.others.push("an ECH configuration"),
                _ => contents.others.push("an unknown PEM section"),
            },
            Ok(None) => break,
            Err(e) => return Err(format!("it is not valid PEM: {e}")),
        }
    }
    Ok(contents)
}

/// Why a file without certificates is of no use, by what it holds instead.
fn nothing_usable(contents: &Contents) -> String {
    if contents.keys > 0 {
        "it holds a private key, not a certificate (the key stays with the server; give the \
         certificate made with it, the -out file of openssl req -x509)"
            .to_owned()
    } else if let Some(first) = contents.others.first() {
        format!("it holds {first}, not a certificate")
    } else {
        "it holds no PEM certificate".to_owned()
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}
