//! Who sent a request: the client the HTTP gate found by its bearer token, or anyone (no token
//! set, or standard input and output), and the comparison in constant time that tokens and the
//! bridge's signed states are checked with.

/// Who sent a request the policy let through: the client holding one of the tokens (its index
/// in the token file, blank lines and repeats left out), or anyone, when no token is set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Caller {
    /// No token is set: requests are not told apart.
    Anyone,
    /// The holder of the token at this index.
    Token(usize),
}

impl Caller {
    /// A number for the caller that the input-required bridge signs into the request state it
    /// gives out, so that one client's state is refused from another.
    pub(crate) fn tag(self) -> u64 {
        match self {
            Self::Anyone => 0,
            Self::Token(index) => u64::try_from(index).map_or(u64::MAX, |i| i.saturating_add(1)),
        }
    }
}

/// Who sent the request whose extensions these are, as the gate found (rmcp keeps the HTTP
/// request's parts among them); [`Caller::Anyone`] over standard input and output.
pub(crate) fn caller_of(extensions: &rmcp::model::Extensions) -> Caller {
    extensions
        .get::<http::request::Parts>()
        .and_then(|parts| parts.extensions.get::<Caller>())
        .copied()
        .unwrap_or(Caller::Anyone)
}

/// Equality whose time depends on the lengths only, not on where the bytes differ.
pub(crate) fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    let mut diff = u8::from(a.len() != b.len());
    for i in 0..a.len().max(b.len()) {
        diff |= a.get(i).copied().unwrap_or(0) ^ b.get(i).copied().unwrap_or(0xff);
    }
    diff == 0
}
