//! The `requestState` the bridge gives a client of the 2026-07-28 revision with each
//! `InputRequiredResult`: the random id of the server's call the proxy keeps running, and the
//! caller it belongs to, signed with HMAC-SHA256 under a key drawn once per process.
//!
//! The call itself never leaves the proxy, so the state needs no secrecy; the signature lets the
//! proxy tell an altered state, and another client's, apart from one whose call has ended, and
//! refuse the first two before it looks anything up. A state names one round only: the proxy
//! takes the call out when the client answers, so a replayed state finds nothing.

use std::sync::OnceLock;

use rmcp::model::ErrorData;
use sha2::{Digest, Sha256};

use super::super::caller::constant_time_eq;

/// What every state the proxy gives out starts with, with the format's version.
const PREFIX: &str = "mcp-lean.1.";
/// Bytes of the random call id.
pub(crate) const ID_LEN: usize = 16;
/// Bytes of the caller's tag, big-endian.
const CALLER_LEN: usize = 8;
/// Bytes of the signature kept (half of HMAC-SHA256, as RFC 2104 allows).
const TAG_LEN: usize = 16;

/// The id of a call the bridge keeps between rounds.
pub(crate) type CallId = [u8; ID_LEN];

/// Why a `requestState` was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refused {
    /// Not of this proxy's format, or its signature does not match.
    Altered,
    /// Signed by this proxy for another client.
    Foreign,
}

impl Refused {
    /// The error the client gets: invalid params, as the revision has a tampered state
    /// answered.
    pub(crate) fn error(self, method: &str) -> ErrorData {
        let message = match self {
            Self::Altered => format!(
                "the requestState of this {method} was not issued by this proxy, or was altered on the way; send the request again without requestState and inputResponses to start over"
            ),
            Self::Foreign => format!(
                "the requestState of this {method} belongs to another client's call; each client answers only the input its own calls asked for, so send the request again without requestState to start over"
            ),
        };
        ErrorData::invalid_params(message, None)
    }
}

/// The process's signing key, drawn on first use.
fn key() -> Result<&'static [u8; 32], ErrorData> {
    static KEY: OnceLock<[u8; 32]> = OnceLock::new();
    if let Some(key) = KEY.get() {
        return Ok(key);
    }
    let mut fresh = [0_u8; 32];
    getrandom::fill(&mut fresh).map_err(no_randomness)?;
    Ok(KEY.get_or_init(|| fresh))
}

fn no_randomness(e: getrandom::Error) -> ErrorData {
    ErrorData::internal_error(
        format!(
            "the proxy could not draw random bytes for a request state ({e}); the system's random source is unavailable, so the server's questions cannot be passed on"
        ),
        None,
    )
}

/// A fresh random call id.
///
/// # Errors
///
/// An internal error when the system has no random source.
pub(crate) fn new_id() -> Result<CallId, ErrorData> {
    let mut id = [0_u8; ID_LEN];
    getrandom::fill(&mut id).map_err(no_randomness)?;
    Ok(id)
}

/// HMAC-SHA256 (RFC 2104) of `message` under `key`, a key no longer than the hash's block.
fn hmac(key: &[u8; 32], message: &[u8]) -> [u8; 32] {
    let mut inner_pad = [0x36_u8; 64];
    let mut outer_pad = [0x5c_u8; 64];
    for (i, byte) in key.iter().enumerate() {
        inner_pad[i] ^= byte;
        outer_pad[i] ^= byte;
    }
    let inner = Sha256::new()
        .chain_update(inner_pad)
        .chain_update(message)
        .finalize();
    let outer = Sha256::new()
        .chain_update(outer_pad)
        .chain_update(inner)
        .finalize();
    let mut mac = [0_u8; 32];
    mac.copy_from_slice(&outer);
    mac
}

fn payload(id: &CallId, caller: u64) -> [u8; ID_LEN + CALLER_LEN] {
    let mut payload = [0_u8; ID_LEN + CALLER_LEN];
    payload[..ID_LEN].copy_from_slice(id);
    payload[ID_LEN..].copy_from_slice(&caller.to_be_bytes());
    payload
}

/// The state for call `id` of `caller`.
///
/// # Errors
///
/// An internal error when the system has no random source for the key.
pub(crate) fn seal(id: &CallId, caller: u64) -> Result<String, ErrorData> {
    Ok(seal_with(key()?, id, caller))
}

fn seal_with(key: &[u8; 32], id: &CallId, caller: u64) -> String {
    let payload = payload(id, caller);
    let mac = hmac(key, &payload);
    let mut text = String::with_capacity(PREFIX.len() + 2 * (payload.len() + TAG_LEN));
    text.push_str(PREFIX);
    for byte in payload.iter().chain(&mac[..TAG_LEN]) {
        text.push_str(&format!("{byte:02x}"));
    }
    text
}

/// The call id in `state`, when this proxy signed it for `caller`.
///
/// # Errors
///
/// [`Refused::Altered`] for anything this proxy did not sign, [`Refused::Foreign`] for a state
/// it signed for another caller; an internal error when there is no key to check with.
pub(crate) fn open(state: &str, caller: u64) -> Result<Result<CallId, Refused>, ErrorData> {
    Ok(open_with(key()?, state, caller))
}

fn open_with(key: &[u8; 32], state: &str, caller: u64) -> Result<CallId, Refused> {
    let hex = state.strip_prefix(PREFIX).ok_or(Refused::Altered)?;
    let bytes = unhex(hex).ok_or(Refused::Altered)?;
    if bytes.len() != ID_LEN + CALLER_LEN + TAG_LEN {
        return Err(Refused::Altered);
    }
    let (signed, tag) = bytes.split_at(ID_LEN + CALLER_LEN);
    if !constant_time_eq(&hmac(key, signed)[..TAG_LEN], tag) {
        return Err(Refused::Altered);
    }
    let mut id = [0_u8; ID_LEN];
    id.copy_from_slice(&signed[..ID_LEN]);
    let mut owner = [0_u8; CALLER_LEN];
    owner.copy_from_slice(&signed[ID_LEN..]);
    if u64::from_be_bytes(owner) != caller {
        return Err(Refused::Foreign);
    }
    Ok(id)
}

/// Lowercase hex to bytes; `None` for anything else.
fn unhex(hex: &str) -> Option<Vec<u8>> {
    let digits = hex.as_bytes();
    if !digits.len().is_multiple_of(2) {
        return None;
    }
    let value = |d: u8| match d {
        b'0'..=b'9' => Some(d - b'0'),
        b'a'..=b'f' => Some(d - b'a' + 10),
        _ => None,
    };
    digits
        .chunks_exact(2)
        .map(|pair| Some(value(pair[0])? << 4 | value(pair[1])?))
        .collect()
}

#[cfg(test)]
mod tests;
