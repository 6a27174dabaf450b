//! The certificate facts on certificates rcgen makes, on broken bytes, and the date arithmetic.

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair, date_time_ymd};

use super::*;

fn leaf(is_ca: bool) -> (Vec<u8>, CertificateParams) {
    let key = KeyPair::generate().expect("a key");
    let mut params = CertificateParams::new(vec!["127.0.0.1".to_owned()]).expect("params");
    params
        .distinguished_name
        .push(DnType::CommonName, "leaf.test");
    params.not_before = date_time_ymd(2021, 2, 28);
    params.not_after = date_time_ymd(2049, 12, 31);
    if is_ca {
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    }
    let cert = params.self_signed(&key).expect("a certificate");
    (cert.der().to_vec(), params)
}

#[test]
fn reads_the_dates_the_flag_and_the_names() {
    let (der, _) = leaf(false);
    let facts = read(&der).expect("facts");
    assert_eq!(utc(facts.not_before), "2021-02-28 00:00:00 UTC");
    assert_eq!(utc(facts.not_after), "2049-12-31 00:00:00 UTC");
    assert!(!facts.is_ca);
    assert!(facts.self_issued);
    assert_eq!(facts.subject_cn.as_deref(), Some("leaf.test"));
    let (der, _) = leaf(true);
    assert!(read(&der).expect("facts").is_ca);
}

#[test]
fn a_certificate_signed_by_a_ca_names_its_issuer() {
    let ca_key = KeyPair::generate().expect("a key");
    let mut ca = CertificateParams::new(Vec::<String>::new()).expect("params");
    ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
    ca.distinguished_name.push(DnType::CommonName, "Test CA");
    let issuer = Issuer::new(ca, ca_key);
    let key = KeyPair::generate().expect("a key");
    let params = CertificateParams::new(vec!["localhost".to_owned()]).expect("params");
    let cert = params.signed_by(&key, &issuer).expect("a certificate");
    let facts = read(cert.der()).expect("facts");
    assert!(!facts.self_issued);
    assert_eq!(facts.issuer_cn.as_deref(), Some("Test CA"));
    // After 2050 the dates are GeneralizedTime; rcgen's default end is 4096.
    assert!(facts.not_after > 2_600_000_000, "{}", utc(facts.not_after));
}

#[test]
fn anything_else_gives_none_without_panicking() {
    let (der, _) = leaf(true);
    for end in 0..der.len() {
        assert_eq!(read(&der[..end]), None, "cut at {end}");
    }
    let mut extra = der.clone();
    extra.push(0);
    assert_eq!(read(&extra), None);
    for junk in [
        &b""[..],
        b"\x30",
        b"\x30\x80\x00\x00",
        b"\x30\x85\xff\xff\xff\xff\xff",
        b"\x1f\x01\x00",
        b"-----BEGIN CERTIFICATE-----",
    ] {
        assert_eq!(read(junk), None);
    }
    // Flipping any one byte never panics (most flips still read or give None).
    for i in 0..der.len() {
        let mut flipped = der.clone();
        flipped[i] ^= 0xff;
        let _ = read(&flipped);
    }
}

#[test]
fn times_in_both_forms_and_out_of_range() {
    assert_eq!(time((UTC_TIME, b"700101000000Z")), Some(0));
    assert_eq!(time((UTC_TIME, b"491231235959Z")), Some(2_524_607_999));
    assert_eq!(time((UTC_TIME, b"500101000000Z")), Some(-631_152_000));
    assert_eq!(
        time((GENERALIZED_TIME, b"20000229120000Z")),
        Some(951_825_600)
    );
    assert_eq!(time((UTC_TIME, b"701301000000Z")), None);
    assert_eq!(time((UTC_TIME, b"700101000000+")), None);
    assert_eq!(time((GENERALIZED_TIME, b"2000022912000Z")), None);
    assert_eq!(time((UTC_TIME, b"7a0101000000Z")), None);
}

#[test]
fn dates_round_trip() {
    assert_eq!(days_from_civil(1970, 1, 1), 0);
    assert_eq!(utc(0), "1970-01-01 00:00:00 UTC");
    assert_eq!(utc(-1), "1969-12-31 23:59:59 UTC");
    assert_eq!(utc(951_825_600), "2000-02-29 12:00:00 UTC");
    for days in (-800_000..800_000).step_by(997) {
        let text = utc(days * 86_400);
        let (y, m, d) = (
            &text[..text.len() - 19],
            &text[text.len() - 18..text.len() - 16],
            &text[text.len() - 15..text.len() - 13],
        );
        let back = days_from_civil(
            y.parse().expect("year"),
            m.parse().expect("month"),
            d.parse().expect("day"),
        );
        assert_eq!(back, days, "{text}");
    }
}
