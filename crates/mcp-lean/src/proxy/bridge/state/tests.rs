//! Request states: sealed for one caller, refused when altered or another's.

use super::*;

const KEY: [u8; 32] = [7; 32];

#[test]
fn a_state_opens_for_its_caller_only() {
    let id = [9; ID_LEN];
    let state = seal_with(&KEY, &id, 3);
    assert!(state.starts_with(PREFIX), "{state}");
    assert_eq!(open_with(&KEY, &state, 3), Ok(id));
    assert_eq!(open_with(&KEY, &state, 4), Err(Refused::Foreign));
    assert_eq!(open_with(&[8; 32], &state, 3), Err(Refused::Altered));
}

#[test]
fn any_change_is_refused_as_altered() {
    let state = seal_with(&KEY, &[1; ID_LEN], 0);
    let mut flipped = state.clone().into_bytes();
    let last = flipped.len() - 1;
    flipped[last] = if flipped[last] == b'0' { b'1' } else { b'0' };
    let flipped = String::from_utf8(flipped).expect("ascii");
    for bad in [
        format!("{state}-TAMPERED"),
        state[..state.len() - 2].to_owned(),
        flipped,
        state.to_uppercase(),
        String::new(),
        "mcp-lean.1.zz".to_owned(),
        state.replace(PREFIX, "other."),
    ] {
        assert_eq!(open_with(&KEY, &bad, 0), Err(Refused::Altered), "{bad}");
    }
}

#[test]
fn hmac_matches_rfc_4231_case_2_for_a_short_key() {
    // RFC 4231 test case 2 uses the key "Jefe"; padded with zeros to 32 bytes, it is the
    // same key for HMAC, which pads to the block size anyway.
    let mut key = [0_u8; 32];
    key[..4].copy_from_slice(b"Jefe");
    let mac = hmac(&key, b"what do ya want for nothing?");
    let hex: String = mac.iter().map(|b| format!("{b:02x}")).collect();
    assert_eq!(
        hex,
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
    );
}
