//! A test CA and a server certificate it signed, for HTTPS tests without the network.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, KeyUsagePurpose};
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};

/// A CA, written as PEM to a file of its own (removed on drop), and a TLS server config
/// whose certificate for 127.0.0.1 and localhost the CA signed.
pub struct TestPki {
    /// The CA certificate, PEM.
    pub ca_file: PathBuf,
    /// For [`serve_with`](crate::serve_with).
    pub server: Arc<rustls::ServerConfig>,
    dir: PathBuf,
    issuer: Issuer<'static, KeyPair>,
}

impl Drop for TestPki {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

impl TestPki {
    /// Makes a fresh CA and server certificate.
    pub fn new() -> TestPki {
        TestPki::with_ca_name("mcp-lean test CA")
    }

    /// [`TestPki::new`] with a CA of this common name.
    pub fn with_ca_name(name: &str) -> TestPki {
        let ca_key = KeyPair::generate().expect("a CA key");
        let mut ca = CertificateParams::new(Vec::<String>::new()).expect("CA params");
        ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        ca.distinguished_name.push(DnType::CommonName, name);
        ca.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
        let ca_cert = ca.self_signed(&ca_key).expect("a self-signed CA");
        let issuer = Issuer::new(ca, ca_key);
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "mcp-lean-tls-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("a temp dir");
        let ca_file = dir.join("ca.pem");
        std::fs::write(&ca_file, ca_cert.pem()).expect("the CA file");
        let server = issue(&issuer, |_| {}).1;
        TestPki {
            ca_file,
            server,
            dir,
            issuer,
        }
    }

    /// A server certificate the CA signs for 127.0.0.1 and localhost, after `edit` changed
    /// its parameters (names, dates, `is_ca`): its PEM and a server config presenting it.
    pub fn issue(
        &self,
        edit: impl FnOnce(&mut CertificateParams),
    ) -> (String, Arc<rustls::ServerConfig>) {
        issue(&self.issuer, edit)
    }

    /// A self-signed server certificate for 127.0.0.1, after `edit`: its PEM and a server
    /// config presenting it.
    pub fn self_signed(
        edit: impl FnOnce(&mut CertificateParams),
    ) -> (String, Arc<rustls::ServerConfig>) {
        let key = KeyPair::generate().expect("a server key");
        let mut params =
            CertificateParams::new(vec!["127.0.0.1".to_owned()]).expect("server params");
        params
            .distinguished_name
            .push(DnType::CommonName, "127.0.0.1");
        edit(&mut params);
        let cert = params.self_signed(&key).expect("a certificate");
        (
            cert.pem(),
            server_config(cert.der().to_vec(), key.serialize_der()),
        )
    }

    /// Writes `contents` to a file of this PKI's folder (removed on drop).
    pub fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.dir.join(name);
        std::fs::write(&path, contents).expect("a file in the PKI's folder");
        path
    }

    /// Runs the real `openssl` the way people make a certificate for a local server:
    /// `openssl req -x509 -newkey rsa:2048 -nodes -subj /CN=<cn> -addext subjectAltName=<san>`
    /// (a self-signed certificate that says `CA:TRUE`), writing `<name>.pem` and
    /// `<name>.key` in this PKI's folder. Returns the certificate's path and a server config
    /// presenting it.
    ///
    /// # Panics
    ///
    /// When `openssl` is missing or fails: the tests that call this need it.
    pub fn openssl_self_signed(
        &self,
        name: &str,
        cn: &str,
        san: &str,
    ) -> (PathBuf, Arc<rustls::ServerConfig>) {
        let cert = self.dir.join(format!("{name}.pem"));
        let key = self.dir.join(format!("{name}.key"));
        let out = std::process::Command::new("openssl")
            .args(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj"])
            .arg(format!("/CN={cn}"))
            .arg("-addext")
            .arg(format!("subjectAltName={san}"))
            .arg("-keyout")
            .arg(&key)
            .arg("-out")
            .arg(&cert)
            .output()
            .expect("openssl runs (apt-get install openssl)");
        assert!(
            out.status.success(),
            "openssl req failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let config = server_config_from_pem(
            &std::fs::read(&cert).expect("the certificate"),
            &std::fs::read(&key).expect("the key"),
        );
        (cert, config)
    }

    /// The folder the PKI's files are in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// A TLS server config presenting the PEM certificate (chain) `cert` with the PEM key `key`.
pub fn server_config_from_pem(cert: &[u8], key: &[u8]) -> Arc<rustls::ServerConfig> {
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(cert)
        .collect::<Result<_, _>>()
        .expect("PEM certificates");
    let key = PrivateKeyDer::from_pem_slice(key).expect("a PEM private key");
    Arc::new(
        rustls::ServerConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .expect("a server config"),
    )
}

fn issue(
    issuer: &Issuer<'static, KeyPair>,
    edit: impl FnOnce(&mut CertificateParams),
) -> (String, Arc<rustls::ServerConfig>) {
    let key = KeyPair::generate().expect("a server key");
    let mut params = CertificateParams::new(vec!["127.0.0.1".to_owned(), "localhost".to_owned()])
        .expect("server params");
    edit(&mut params);
    let cert = params
        .signed_by(&key, issuer)
        .expect("a server certificate");
    (
        cert.pem(),
        server_config(cert.der().to_vec(), key.serialize_der()),
    )
}

fn server_config(cert: Vec<u8>, pkcs8_key: Vec<u8>) -> Arc<rustls::ServerConfig> {
    Arc::new(
        rustls::ServerConfig::builder_with_provider(Arc::new(
            rustls::crypto::ring::default_provider(),
        ))
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_no_client_auth()
        .with_single_cert(
            vec![CertificateDer::from(cert)],
            PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(pkcs8_key)),
        )
        .expect("a server config"),
    )
}

impl Default for TestPki {
    fn default() -> Self {
        TestPki::new()
    }
}
