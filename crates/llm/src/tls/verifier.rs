//! The server certificate check: the usual chain verification against the trusted CAs first;
//! when that fails, a certificate the user gave, byte for byte, is accepted as the server's
//! own (pinned), within its dates and for the host connected to. Failures come back as a
//! [`Problem`] that says why.
//!
//! Pinning exists because webpki, rightly for the public web, refuses a certificate that says
//! `CA:TRUE` as a server's (`CaUsedAsEndEntity`), and `openssl req -x509` writes exactly such
//! certificates: a local model server (vLLM, llama.cpp, LiteLLM) behind one is refused even
//! when the user hands over that very file. curl accepts it, and so does this client, with
//! curl's conditions: the name must match (its subjectAltName; no CN fallback) and the dates
//! must hold. The handshake's signatures are always checked with the provider's algorithms,
//! so only the holder of the pinned certificate's key gets through.

use std::sync::Arc;

use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::server::ParsedCertificate;
use rustls::{CertificateError, DigitallySignedStruct, OtherError, SignatureScheme};

use super::problem::{Cause, Problem};
use super::x509::{self, Facts};

/// The verifier of one client.
#[derive(Debug)]
pub(crate) struct Verifier {
    webpki: Arc<WebPkiServerVerifier>,
    /// The certificates the user gave, DER, each accepted as a server's own.
    pinned: Vec<CertificateDer<'static>>,
    /// The files they came from, for the advice in errors.
    given: Vec<String>,
}

impl Verifier {
    pub(crate) fn new(
        webpki: Arc<WebPkiServerVerifier>,
        pinned: Vec<CertificateDer<'static>>,
        given: Vec<String>,
    ) -> Verifier {
        Verifier {
            webpki,
            pinned,
            given,
        }
    }

    fn problem(&self, cause: Cause) -> rustls::Error {
        let problem = Problem {
            cause,
            given: self.given.clone(),
        };
        rustls::Error::InvalidCertificate(CertificateError::Other(OtherError(Arc::new(problem))))
    }
}

impl ServerCertVerifier for Verifier {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let refused = match self.webpki.verify_server_cert(
            end_entity,
            intermediates,
            server_name,
            ocsp_response,
            now,
        ) {
            Ok(verified) => return Ok(verified),
            Err(e) => e,
        };
        let now = i64::try_from(now.as_secs()).unwrap_or(i64::MAX);
        let facts = x509::read(end_entity);
        let cause = if self
            .pinned
            .iter()
            .any(|p| p.as_ref() == end_entity.as_ref())
        {
            match pinned_cause(end_entity, facts.as_ref(), server_name, now) {
                None => return Ok(ServerCertVerified::assertion()),
                Some(cause) => cause,
            }
        } else {
            cause_of(&refused, facts.as_ref())
        };
        Err(self.problem(cause))
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.webpki.verify_tls12_signature(message, cert, dss)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        self.webpki.verify_tls13_signature(message, cert, dss)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.webpki.supported_verify_schemes()
    }
}

/// Why a pinned certificate cannot be used now for `server_name`; `None` when it can.
fn pinned_cause(
    der: &CertificateDer<'_>,
    facts: Option<&Facts>,
    server_name: &ServerName<'_>,
    now: i64,
) -> Option<Cause> {
    let Some(facts) = facts else {
        // It was read when the file was loaded, so this does not happen; refuse rather than
        // accept what cannot be checked.
        return Some(Cause::Other(
            "the certificate given cannot be read".to_owned(),
        ));
    };
    if let Some(cause) = Cause::dates(facts, now) {
        return Some(cause);
    }
    let name_check = ParsedCertificate::try_from(der)
        .and_then(|parsed| rustls::client::verify_server_name(&parsed, server_name));
    match name_check {
        Ok(()) => None,
        Err(e) => Some(cause_of(&e, Some(facts))),
    }
}

/// The cause behind what rustls said, with the certificate's own facts where its words are
/// not enough.
fn cause_of(error: &rustls::Error, facts: Option<&Facts>) -> Cause {
    let subject = facts.and_then(|f| f.subject_cn.clone());
    let rustls::Error::InvalidCertificate(e) = error else {
        return Cause::Other(error.to_string());
    };
    match e {
        CertificateError::ExpiredContext { time, not_after } => Cause::Expired {
            not_after: secs(*not_after),
            now: secs(*time),
        },
        CertificateError::NotValidYetContext { time, not_before } => Cause::NotYetValid {
            not_before: secs(*not_before),
            now: secs(*time),
        },
        CertificateError::NotValidForNameContext {
            expected,
            presented,
        } => Cause::WrongName {
            expected: expected.to_str().into_owned(),
            presented: presented.iter().map(|n| plain_name(n)).collect(),
            common_name: subject,
        },
        CertificateError::UnknownIssuer => match facts {
            Some(f) if f.self_issued => Cause::SelfSigned {
                subject,
                is_ca: f.is_ca,
            },
            _ => Cause::UnknownIssuer {
                issuer: facts.and_then(|f| f.issuer_cn.clone()),
            },
        },
        CertificateError::BadSignature => Cause::BadSignature {
            issuer: facts.and_then(|f| f.issuer_cn.clone()),
        },
        // webpki's `CaUsedAsEndEntity` reaches rustls as an opaque `Other`; the certificate's
        // own `CA:TRUE` says what happened.
        CertificateError::Other(_) if facts.is_some_and(|f| f.is_ca) => match facts {
            Some(f) if f.self_issued => Cause::SelfSigned {
                subject,
                is_ca: true,
            },
            _ => Cause::CaAsServer { subject },
        },
        other => Cause::Other(other.to_string()),
    }
}

fn secs(time: UnixTime) -> i64 {
    i64::try_from(time.as_secs()).unwrap_or(i64::MAX)
}

/// A name as webpki presents it (`DnsName("localhost")`, `IpAddress(127.0.0.1)`), as people
/// write it.
fn plain_name(presented: &str) -> String {
    let inner = presented
        .split_once('(')
        .and_then(|(kind, rest)| {
            kind.chars()
                .all(|c| c.is_ascii_alphabetic())
                .then_some(rest)
        })
        .and_then(|rest| rest.strip_suffix(')'));
    match inner {
        Some(inner) => inner.trim_matches('"').to_owned(),
        None => presented.to_owned(),
    }
}

#[cfg(test)]
mod tests;
