//! Confirm tokens: 128 random bits, URL-safe base64 without padding.

use crate::error::Error;

/// Random bytes in a token: 128 bits, out of reach of guessing.
const TOKEN_BYTES: usize = 16;

/// The length of a token in chars: 16 bytes in unpadded base64.
pub const TOKEN_CHARS: usize = 22;

/// A fresh token from the operating system's CSPRNG.
pub(crate) fn new_token() -> Result<String, Error> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).map_err(|e| Error::RandomUnavailable {
        reason: e.to_string(),
    })?;
    Ok(base64url(&bytes))
}

/// URL-safe base64 (RFC 4648 §5) without padding. Twenty lines here instead of a dependency.
pub(crate) fn base64url(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        let sextets = chunk.len() + 1;
        for i in 0..sextets {
            let index = (n >> (18 - 6 * i)) & 0x3f;
            out.push(char::from(ALPHABET[index as usize]));
        }
    }
    out
}

#[cfg(test)]
mod tests;
