//! A test CA and a server certificate it signed, for HTTPS tests without the network.

use std::path::PathBuf;
use std::sync::Arc;

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, KeyUsagePurpose};
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};

/// A CA, written as PEM to a file of its own (removed on drop), and a TLS server config
/// whose certificate for 127.0.0.1 and localhost the CA signed.
pub struct TestPki {
    /// The CA certificate, PEM.
    pub ca_file: PathBuf,
    /// For [`serve_with`](crate::serve_with).
    pub server: Arc<rustls::ServerConfig>,
    dir: PathBuf,
}

impl Drop for TestPki {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl TestPki {
    /// Makes a fresh CA and server certificate.
    pub fn new() -> TestPki {
        let ca_key = KeyPair::generate().expect("a CA key");
        let mut ca = CertificateParams::new(Vec::<String>::new()).expect("CA params");
        ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        ca.distinguished_name
            .push(DnType::CommonName, "mcp-lean test CA");
        ca.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
        let ca_cert = ca.self_signed(&ca_key).expect("a self-signed CA");
        let issuer = Issuer::new(ca, ca_key);
        let server_key = KeyPair::generate().expect("a server key");
        let params = CertificateParams::new(vec!["127.0.0.1".to_owned(), "localhost".to_owned()])
            .expect("server params");
        let server_cert = params
            .signed_by(&server_key, &issuer)
            .expect("a server certificate");
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let server = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("TLS versions")
            .with_no_client_auth()
            .with_single_cert(
                vec![CertificateDer::from(server_cert.der().to_vec())],
                PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(server_key.serialize_der())),
            )
            .expect("a server config");
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "mcp-lean-tls-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("a temp dir");
        let ca_file = dir.join("ca.pem");
        std::fs::write(&ca_file, ca_cert.pem()).expect("the CA file");
        TestPki {
            ca_file,
            server: Arc::new(server),
            dir,
        }
    }
}

impl Default for TestPki {
    fn default() -> Self {
        TestPki::new()
    }
}
