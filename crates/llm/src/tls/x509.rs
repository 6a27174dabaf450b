//! The few facts of an X.509 certificate that explain a refused handshake or decide whether a
//! pinned certificate may be used: its validity dates, whether it says `CA:TRUE`, whether it
//! issued itself, and the common names of its subject and issuer.
//!
//! rustls checks certificates through webpki, which keeps these facts to itself; reading them
//! takes a small DER walk over the fixed layout of RFC 5280's `TBSCertificate`, not a general
//! ASN.1 parser. Every read is bounds-checked and nothing recurses, so any bytes give facts or
//! `None`, never a panic.

/// What a certificate says about itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Facts {
    /// Start of validity, seconds since 1970 (negative before).
    pub(crate) not_before: i64,
    /// End of validity, seconds since 1970.
    pub(crate) not_after: i64,
    /// `basicConstraints` with `cA` true.
    pub(crate) is_ca: bool,
    /// Issuer and subject are the same name: a self-signed certificate (or a CA's own).
    pub(crate) self_issued: bool,
    /// The subject's common name, when it has one.
    pub(crate) subject_cn: Option<String>,
    /// The issuer's common name, when it has one.
    pub(crate) issuer_cn: Option<String>,
}

const SEQUENCE: u8 = 0x30;
const SET: u8 = 0x31;
const BOOLEAN: u8 = 0x01;
const OID: u8 = 0x06;
const UTC_TIME: u8 = 0x17;
const GENERALIZED_TIME: u8 = 0x18;
/// `[0] EXPLICIT Version`, `[1] issuerUniqueID`, `[2] subjectUniqueID`, `[3] extensions`.
const VERSION: u8 = 0xa0;
const EXTENSIONS: u8 = 0xa3;
/// 2.5.29.19, basicConstraints.
const BASIC_CONSTRAINTS: &[u8] = &[0x55, 0x1d, 0x13];
/// 2.5.4.3, commonName.
const COMMON_NAME: &[u8] = &[0x55, 0x04, 0x03];

/// Reads the facts of a DER certificate; `None` when the bytes are not one.
pub(crate) fn read(der: &[u8]) -> Option<Facts> {
    let mut outer = Reader::new(der);
    let certificate = outer.expect(SEQUENCE)?;
    if !outer.is_empty() {
        return None;
    }
    let mut cert = Reader::new(certificate);
    let tbs = cert.expect(SEQUENCE)?;
    // The signature algorithm and the signature must follow, or it is not a certificate.
    cert.expect(SEQUENCE)?;
    cert.next()?;
    let mut tbs = Reader::new(tbs);
    if tbs.peek() == Some(VERSION) {
        tbs.next()?;
    }
    tbs.next()?; // serialNumber
    tbs.expect(SEQUENCE)?; // signature
    let issuer = tbs.expect(SEQUENCE)?;
    let mut validity = Reader::new(tbs.expect(SEQUENCE)?);
    let not_before = time(validity.next()?)?;
    let not_after = time(validity.next()?)?;
    let subject = tbs.expect(SEQUENCE)?;
    tbs.expect(SEQUENCE)?; // subjectPublicKeyInfo
    let mut is_ca = false;
    while let Some((tag, body)) = tbs.next() {
        if tag == EXTENSIONS {
            is_ca = basic_constraints_ca(body)?;
        }
    }
    Some(Facts {
        not_before,
        not_after,
        is_ca,
        self_issued: issuer == subject,
        subject_cn: common_name(subject),
        issuer_cn: common_name(issuer),
    })
}

/// Whether the extensions (the body of `[3]`) hold `basicConstraints` with `cA` true.
fn basic_constraints_ca(extensions: &[u8]) -> Option<bool> {
    let mut outer = Reader::new(extensions);
    let mut list = Reader::new(outer.expect(SEQUENCE)?);
    while let Some((tag, extension)) = list.next() {
        if tag != SEQUENCE {
            return None;
        }
        let mut ext = Reader::new(extension);
        let oid = ext.expect(OID)?;
        if oid != BASIC_CONSTRAINTS {
            continue;
        }
        if ext.peek() == Some(BOOLEAN) {
            ext.next()?; // critical
        }
        let value = ext.expect(0x04)?; // OCTET STRING holding the DER value
        let mut inner = Reader::new(value);
        let mut constraints = Reader::new(inner.expect(SEQUENCE)?);
        return Some(match constraints.next() {
            Some((BOOLEAN, flag)) => flag.first().is_some_and(|b| *b != 0),
            _ => false,
        });
    }
    Some(false)
}

/// The first common name of a `Name` body, as text.
fn common_name(name: &[u8]) -> Option<String> {
    let mut rdns = Reader::new(name);
    while let Some((tag, rdn)) = rdns.next() {
        if tag != SET {
            return None;
        }
        let mut attributes = Reader::new(rdn);
        while let Some((tag, attribute)) = attributes.next() {
            if tag != SEQUENCE {
                return None;
            }
            let mut attribute = Reader::new(attribute);
            if attribute.expect(OID)? == COMMON_NAME {
                let (_, value) = attribute.next()?;
                return Some(String::from_utf8_lossy(value).into_owned());
            }
        }
    }
    None
}

/// A `UTCTime` (`YYMMDDHHMMSSZ`, years 1950–2049) or `GeneralizedTime` (`YYYYMMDDHHMMSSZ`),
/// the only forms RFC 5280 allows, as seconds since 1970.
fn time((tag, body): (u8, &[u8])) -> Option<i64> {
    let (year, rest) = match (tag, body.len()) {
        (UTC_TIME, 13) => {
            let yy = digits(body.get(..2)?)?;
            (if yy < 50 { 2000 + yy } else { 1900 + yy }, body.get(2..)?)
        }
        (GENERALIZED_TIME, 15) => (digits(body.get(..4)?)?, body.get(4..)?),
        _ => return None,
    };
    if rest.last() != Some(&b'Z') {
        return None;
    }
    let field = |at: usize| digits(rest.get(at..at + 2)?);
    let (month, day) = (field(0)?, field(2)?);
    let (hour, minute, second) = (field(4)?, field(6)?, field(8)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 {
        return None;
    }
    // A leap second (:60) is allowed by the format; it counts as the next second.
    if second > 60 {
        return None;
    }
    let days = days_from_civil(year, month, day);
    Some(days * 86_400 + hour * 3600 + minute * 60 + second)
}

fn digits(text: &[u8]) -> Option<i64> {
    text.iter().try_fold(0i64, |n, b| {
        b.is_ascii_digit().then(|| n * 10 + i64::from(b - b'0'))
    })
}

/// Days from 1970-01-01 to a date of the proleptic Gregorian calendar.
///
/// Counts in 400-year eras from 0000-03-01, so that the leap day ends a year and every era
/// has the same 146,097 days.
pub(crate) fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_from_march = (month + 9) % 12;
    let day_of_year = (153 * month_from_march + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// `2026-01-05 10:15:02 UTC` for seconds since 1970.
pub(crate) fn utc(seconds: i64) -> String {
    let days = seconds.div_euclid(86_400);
    let secs = seconds.rem_euclid(86_400);
    let era = days.saturating_add(719_468).div_euclid(146_097);
    let day_of_era = days.saturating_add(719_468) - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        secs / 3600,
        secs % 3600 / 60,
        secs % 60
    )
}

/// A cursor over DER: tag-length-value items with single-byte tags and definite lengths, which
/// is all a certificate's fixed layout uses.
struct Reader<'a> {
    rest: &'a [u8],
}

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { rest: bytes }
    }

    fn is_empty(&self) -> bool {
        self.rest.is_empty()
    }

    fn peek(&self) -> Option<u8> {
        self.rest.first().copied()
    }

    /// The next item's tag and body; `None` at the end or on malformed bytes (the cursor then
    /// stays where it was, so a caller that loops stops).
    fn next(&mut self) -> Option<(u8, &'a [u8])> {
        let (&tag, rest) = self.rest.split_first()?;
        // High tag numbers (low five bits all set) take more bytes; certificates do not use
        // them where this reader looks.
        if tag & 0x1f == 0x1f {
            return None;
        }
        let (&first, mut rest) = rest.split_first()?;
        let len = if first < 0x80 {
            usize::from(first)
        } else {
            // Long form: 1 to 4 length bytes. 0x80 (indefinite) is not DER.
            let count = usize::from(first & 0x7f);
            if count == 0 || count > 4 {
                return None;
            }
            let (bytes, after) = rest.split_at_checked(count)?;
            rest = after;
            bytes.iter().fold(0usize, |n, b| (n << 8) | usize::from(*b))
        };
        let (body, after) = rest.split_at_checked(len)?;
        self.rest = after;
        Some((tag, body))
    }

    /// The next item's body when its tag is `tag`.
    fn expect(&mut self, tag: u8) -> Option<&'a [u8]> {
        match self.next()? {
            (t, body) if t == tag => Some(body),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests;
