//! TLS for ureq with this crate's own rustls configuration: ureq's built-in TLS takes only a
//! list of roots, and the pinning verifier needs the whole configuration. A refused handshake
//! becomes a [`Refused`] error carrying the cause in words.
//!
//! This uses ureq's `unversioned` transport API, which may change in a minor release; the
//! workspace pins ureq to one minor version for that reason.

use std::fmt;
use std::io::{Read, Write};
use std::sync::Arc;

use rustls::pki_types::ServerName;
use rustls::{ClientConfig, ClientConnection, StreamOwned};
use ureq::unversioned::transport::{
    Buffers, ConnectionDetails, Connector, Either, LazyBuffers, NextTimeout, Transport,
    TransportAdapter,
};

use super::problem::Problem;

/// Wraps `https://` connections in TLS with one client configuration.
#[derive(Debug)]
pub(crate) struct TlsConnector {
    config: Arc<ClientConfig>,
}

impl TlsConnector {
    pub(crate) fn new(config: Arc<ClientConfig>) -> TlsConnector {
        TlsConnector { config }
    }
}

/// A TLS handshake that failed for a reason that asking again will not change: the server's
/// certificate, or a server that does not speak TLS.
#[derive(Debug)]
pub(crate) struct Refused {
    /// The cause, then what to do.
    pub(crate) reason: String,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.reason)
    }
}

impl std::error::Error for Refused {}

impl<In: Transport> Connector<In> for TlsConnector {
    type Out = Either<In, TlsTransport>;

    fn connect(
        &self,
        details: &ConnectionDetails<'_>,
        chained: Option<In>,
    ) -> Result<Option<Self::Out>, ureq::Error> {
        let Some(transport) = chained else {
            return Ok(None);
        };
        if !details.needs_tls() || transport.is_tls() {
            return Ok(Some(Either::A(transport)));
        }
        let host = details
            .uri
            .host()
            .unwrap_or_default()
            .trim_start_matches('[')
            .trim_end_matches(']');
        let name = ServerName::try_from(host.to_owned()).map_err(|_| {
            refused(format!(
                "{host:?} is not a host name or an IP address TLS can check a certificate against"
            ))
        })?;
        let mut conn = ClientConnection::new(Arc::clone(&self.config), name)
            .map_err(|e| refused(format!("cannot start TLS: {e}")))?;
        let mut sock = TransportAdapter::new(transport.boxed(), details.current_time.clone());
        sock.set_timeout(details.timeout);
        conn.complete_io(&mut sock).map_err(handshake_error)?;
        Ok(Some(Either::B(TlsTransport {
            buffers: LazyBuffers::new(
                details.config.input_buffer_size(),
                details.config.output_buffer_size(),
            ),
            stream: StreamOwned::new(conn, sock),
        })))
    }
}

fn refused(reason: String) -> ureq::Error {
    ureq::Error::Other(Box::new(Refused { reason }))
}

/// What a failed handshake means. rustls reports its own refusals inside an I/O error; those
/// say why in words, while real I/O errors (timeouts, resets) stay I/O errors to be retried.
fn handshake_error(e: std::io::Error) -> ureq::Error {
    let Some(tls) = e.get_ref().and_then(|i| i.downcast_ref::<rustls::Error>()) else {
        if e.kind() == std::io::ErrorKind::UnexpectedEof {
            // Retried like any I/O error (a busy server may drop a connection), but in words.
            return ureq::Error::Io(std::io::Error::new(
                e.kind(),
                "the server closed the connection during the TLS handshake; if it speaks plain \
                 HTTP, use an http:// URL",
            ));
        }
        return ureq::Error::Io(e);
    };
    let reason = match tls {
        rustls::Error::InvalidCertificate(rustls::CertificateError::Other(other)) => {
            match other.0.downcast_ref::<Problem>() {
                Some(problem) => problem.to_string(),
                None => format!("the server's certificate was refused: {tls}"),
            }
        }
        rustls::Error::InvalidMessage(_) => format!(
            "the server did not answer in TLS ({tls}); if it speaks plain HTTP, use an http:// URL"
        ),
        rustls::Error::AlertReceived(alert) => {
            format!("the server ended the TLS handshake with the alert {alert:?}")
        }
        _ => format!("the TLS handshake failed: {tls}"),
    };
    refused(reason)
}

/// An open TLS connection, for ureq.
pub(crate) struct TlsTransport {
    buffers: LazyBuffers,
    stream: StreamOwned<ClientConnection, TransportAdapter>,
}

impl fmt::Debug for TlsTransport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TlsTransport").finish_non_exhaustive()
    }
}

impl Transport for TlsTransport {
    fn buffers(&mut self) -> &mut dyn Buffers {
        &mut self.buffers
    }

    fn transmit_output(&mut self, amount: usize, timeout: NextTimeout) -> Result<(), ureq::Error> {
        self.stream.get_mut().set_timeout(timeout);
        let output = self
            .buffers
            .output()
            .get(..amount)
            .ok_or_else(|| refused("ureq asked to send more than its buffer".to_owned()))?;
        self.stream.write_all(output)?;
        Ok(())
    }

    fn await_input(&mut self, timeout: NextTimeout) -> Result<bool, ureq::Error> {
        self.stream.get_mut().set_timeout(timeout);
        let input = self.buffers.input_append_buf();
        let amount = self.stream.read(input)?;
        self.buffers.input_appended(amount);
        Ok(amount > 0)
    }

    fn is_open(&mut self) -> bool {
        self.stream.get_mut().get_mut().is_open()
    }

    fn is_tls(&self) -> bool {
        true
    }
}
