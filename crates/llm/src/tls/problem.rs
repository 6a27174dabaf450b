//! Why a server's certificate was refused, in words: the cause first, then what to do. The
//! advice depends on whether the user already gave certificates, so that nobody is told to
//! pass `--ca-cert` after passing it.

use std::fmt;

use super::x509::{Facts, utc};

/// A refused certificate: the cause, with what the caller gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Problem {
    /// What is wrong.
    pub(crate) cause: Cause,
    /// Files given with `--ca-cert` (`Config::ca_certs`), for the advice.
    pub(crate) given: Vec<String>,
}

/// What is wrong with the server's certificate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Cause {
    /// Its validity ended.
    Expired {
        /// End of validity, seconds since 1970.
        not_after: i64,
        /// Now, seconds since 1970.
        now: i64,
    },
    /// Its validity has not begun.
    NotYetValid {
        /// Start of validity, seconds since 1970.
        not_before: i64,
        /// Now, seconds since 1970.
        now: i64,
    },
    /// It is for other names than the one connected to.
    WrongName {
        /// The host in the URL.
        expected: String,
        /// The DNS names and IP addresses it is for (subjectAltName).
        presented: Vec<String>,
        /// Its subject's common name, which TLS clients no longer read as a host name.
        common_name: Option<String>,
    },
    /// It signed itself and nothing trusted says so.
    SelfSigned {
        /// Its common name.
        subject: Option<String>,
        /// It says `CA:TRUE`.
        is_ca: bool,
    },
    /// Its issuer is not a trusted CA.
    UnknownIssuer {
        /// The issuer's common name.
        issuer: Option<String>,
    },
    /// Its signature does not verify with the trusted CA of its issuer's name: another CA
    /// of the same name (made again?) issued it, or it was altered.
    BadSignature {
        /// The issuer's common name.
        issuer: Option<String>,
    },
    /// A CA certificate (`CA:TRUE`) that some other CA issued, presented as the server's own.
    CaAsServer {
        /// Its common name.
        subject: Option<String>,
    },
    /// Anything else rustls refused, in its words.
    Other(String),
}

impl Problem {
    /// Whether the user gave certificates.
    fn given(&self) -> bool {
        !self.given.is_empty()
    }

    fn given_files(&self) -> String {
        self.given.join(", ")
    }
}

/// ` (CN=name)`, or nothing.
fn cn(name: Option<&String>) -> String {
    name.map(|n| format!(" (CN={n})")).unwrap_or_default()
}

/// How to trust a certificate, worded for whether the user already gave some.
fn pass_it(problem: &Problem, what: &str) -> String {
    if problem.given() {
        format!(
            "it is not among the certificates given ({}); give {what} instead",
            problem.given_files()
        )
    } else {
        format!("to trust it, pass {what} with --ca-cert FILE (Config::ca_certs)")
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.cause {
            Cause::Expired { not_after, now } => write!(
                f,
                "the server's certificate expired on {} (it is now {}); renew it on the server",
                utc(*not_after),
                utc(*now)
            ),
            Cause::NotYetValid { not_before, now } => write!(
                f,
                "the server's certificate is not valid before {} (it is now {}); check the clocks of this machine and of the server",
                utc(*not_before),
                utc(*now)
            ),
            Cause::WrongName {
                expected,
                presented,
                common_name,
            } => {
                if presented.is_empty() {
                    write!(
                        f,
                        "the server's certificate names no host (it has no subjectAltName"
                    )?;
                    if let Some(cn) = common_name {
                        write!(f, "; its CN={cn} is not read as a host name by TLS clients")?;
                    }
                    write!(
                        f,
                        "), so it is not valid for {expected}; make one with subjectAltName=DNS:{expected} (or IP:{expected} for an address)"
                    )
                } else {
                    write!(
                        f,
                        "the server's certificate is for {}, not for {expected}; connect to one of those names or make a certificate for {expected}",
                        presented.join(", ")
                    )
                }
            }
            Cause::SelfSigned { subject, is_ca } => {
                let marked = if *is_ca { ", marked CA:TRUE," } else { "" };
                write!(
                    f,
                    "the server's certificate{} is self-signed{marked} and not trusted; {}",
                    cn(subject.as_ref()),
                    pass_it(self, "the server's certificate")
                )
            }
            Cause::UnknownIssuer { issuer } => {
                let by = issuer
                    .as_ref()
                    .map_or_else(|| "a CA".to_owned(), |i| format!("the CA {i:?}"));
                if self.given() {
                    write!(
                        f,
                        "the server's certificate was issued by {by}, which neither the system's CAs nor the certificates given ({}) include; give the CA that issued it, or the server's own certificate",
                        self.given_files()
                    )
                } else {
                    write!(
                        f,
                        "the server's certificate was issued by {by} that is not trusted; if it is a private CA, pass it with --ca-cert FILE (Config::ca_certs) or set SSL_CERT_FILE"
                    )
                }
            }
            Cause::BadSignature { issuer } => write!(
                f,
                "the server's certificate names a trusted CA{} as its issuer, but that CA's key did not sign it (a CA made again under the same name?); give the CA that did sign it",
                cn(issuer.as_ref())
            ),
            Cause::CaAsServer { subject } => write!(
                f,
                "the server presents a CA certificate (CA:TRUE{}) as its own, which TLS refuses for a server; give the server a certificate without CA:TRUE, or {}",
                subject
                    .as_ref()
                    .map(|n| format!(", CN={n}"))
                    .unwrap_or_default(),
                if self.given() {
                    format!(
                        "give this very certificate to pin it (the ones given, {}, are others)",
                        self.given_files()
                    )
                } else {
                    "pin this very certificate with --ca-cert FILE (Config::ca_certs)".to_owned()
                }
            ),
            Cause::Other(text) => write!(f, "the server's certificate was refused: {text}"),
        }
    }
}

impl std::error::Error for Problem {}

impl Cause {
    /// The cause of an expired or not yet valid certificate, or `None` when `facts` say it
    /// is within its dates at `now`.
    pub(crate) fn dates(facts: &Facts, now: i64) -> Option<Cause> {
        if now > facts.not_after {
            Some(Cause::Expired {
                not_after: facts.not_after,
                now,
            })
        } else if now < facts.not_before {
            Some(Cause::NotYetValid {
                not_before: facts.not_before,
                now,
            })
        } else {
            None
        }
    }
}
