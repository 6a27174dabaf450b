//! The per-session store of full outputs behind confirm tokens.

use std::collections::hash_map::RandomState;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::fmt;
use std::hash::BuildHasher;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::Error;

/// A deferred producer of a full output: run once, only if its token is redeemed.
pub type Producer = Box<dyn FnOnce() -> String + Send>;

/// Bounds of a [`TokenStore`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreLimits {
    /// Most entries kept; the least recently used (for one-time tokens: the oldest) is
    /// evicted first. Default 32.
    pub max_entries: usize,
    /// Most bytes of full output kept, counted as the UTF-8 size of each output (for a deferred
    /// producer, the size its caller declares). Default 64 MiB.
    pub max_bytes: usize,
    /// How long a token can be redeemed. Default 10 minutes.
    pub ttl: Duration,
    /// How many redeemed, expired or evicted tokens are remembered (as 64-bit fingerprints,
    /// not the tokens) to tell "already used" and "expired" from "unknown". Default 1024.
    pub remembered: usize,
}

impl Default for StoreLimits {
    fn default() -> Self {
        Self {
            max_entries: 32,
            max_bytes: 64 << 20,
            ttl: Duration::from_secs(600),
            remembered: 1024,
        }
    }
}

/// Full outputs behind one-time confirm tokens, for one session.
///
/// Create one per MCP session (there is no global store, so one client can never redeem
/// another's output). The store is `Send + Sync`: share it by reference or `Arc` between the
/// session's request handlers. Each method has an `_at` twin that takes the current time, so
/// tests can move the clock instead of sleeping.
///
/// # Example
///
/// ```
/// use output_guard::{Error, StoreLimits, TokenStore};
///
/// let store = TokenStore::new(StoreLimits::default());
/// let token = store.insert_text("the full output".to_owned())?;
/// assert_eq!(store.redeem(&token)?, "the full output");
/// assert!(matches!(store.redeem(&token), Err(Error::TokenAlreadyUsed { .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct TokenStore {
    limits: StoreLimits,
    hasher: RandomState,
    state: Mutex<State>,
}

impl fmt::Debug for TokenStore {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TokenStore")
            .field("limits", &self.limits)
            .field("entries", &self.len())
            .field("bytes", &self.bytes())
            .finish_non_exhaustive()
    }
}

#[derive(Default)]
struct State {
    entries: HashMap<String, Entry>,
    /// Entries by insertion tick: the first is the next to evict.
    order: BTreeMap<u64, String>,
    tick: u64,
    bytes: usize,
    /// Fingerprints of tokens that are gone, and why.
    gone: HashMap<u64, Gone>,
    gone_order: VecDeque<u64>,
}

struct Entry {
    content: Producer,
    bytes: usize,
    created: Instant,
    tick: u64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Gone {
    Used,
    Expired,
    Evicted,
}

/// Tokens longer than this are echoed cut in error messages: they came from outside.
const ECHO_CHARS: usize = 64;

impl TokenStore {
    /// An empty store with these bounds.
    #[must_use]
    pub fn new(limits: StoreLimits) -> Self {
        Self {
            limits,
            hasher: RandomState::new(),
            state: Mutex::new(State::default()),
        }
    }

    /// The store's bounds.
    #[must_use]
    pub const fn limits(&self) -> &StoreLimits {
        &self.limits
    }

    /// Entries held now (expired ones count until the next insert or redeem drops them).
    #[must_use]
    pub fn len(&self) -> usize {
        self.lock().entries.len()
    }

    /// Whether the store holds no entries.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes of output held now.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    /// Keeps `text` and returns its token.
    ///
    /// # Errors
    ///
    /// [`Error::OutputTooLarge`] when `text` alone exceeds [`StoreLimits::max_bytes`] (the
    /// store is left as it was); [`Error::RandomUnavailable`] when no token can be made.
    pub fn insert_text(&self, text: String) -> Result<String, Error> {
        self.insert_text_at(text, Instant::now())
    }

    /// [`insert_text`](Self::insert_text) at the time `now`.
    ///
    /// # Errors
    ///
    /// As for [`insert_text`](Self::insert_text).
    pub fn insert_text_at(&self, text: String, now: Instant) -> Result<String, Error> {
        let bytes = text.len();
        self.insert_at(bytes, Box::new(move || text), now)
    }

    /// Keeps a producer of an output of about `bytes` bytes and returns its token. The producer
    /// runs once, when the token is redeemed, outside the store's lock; it is dropped unrun
    /// if the token expires or is evicted.
    ///
    /// # Errors
    ///
    /// As for [`insert_text`](Self::insert_text), with `bytes` as the size.
    pub fn insert_deferred(
        &self,
        bytes: usize,
        producer: impl FnOnce() -> String + Send + 'static,
    ) -> Result<String, Error> {
        self.insert_at(bytes, Box::new(producer), Instant::now())
    }

    /// [`insert_deferred`](Self::insert_deferred) at the time `now`.
    ///
    /// # Errors
    ///
    /// As for [`insert_text`](Self::insert_text).
    pub fn insert_deferred_at(
        &self,
        bytes: usize,
        producer: impl FnOnce() -> String + Send + 'static,
        now: Instant,
    ) -> Result<String, Error> {
        self.insert_at(bytes, Box::new(producer), now)
    }

    fn insert_at(&self, bytes: usize, content: Producer, now: Instant) -> Result<String, Error> {
        let max_bytes = self.limits.max_bytes;
        if bytes > max_bytes || self.limits.max_entries == 0 {
            return Err(Error::OutputTooLarge { bytes, max_bytes });
        }
        let token = crate::token::new_token()?;
        let evicted = {
            let mut state = self.lock();
            let expired = self.purge(&mut state, now);
            let mut evicted = Vec::new();
            while state.entries.len() >= self.limits.max_entries || state.bytes + bytes > max_bytes
            {
                let Some((_, oldest)) = state.order.pop_first() else {
                    break;
                };
                if let Some(entry) = state.entries.remove(&oldest) {
                    state.bytes -= entry.bytes;
                    evicted.push(entry);
                }
                self.remember(&mut state, &oldest, Gone::Evicted);
            }
            state.tick += 1;
            let tick = state.tick;
            state.order.insert(tick, token.clone());
            state.bytes += bytes;
            state.entries.insert(
                token.clone(),
                Entry {
                    content,
                    bytes,
                    created: now,
                    tick,
                },
            );
            (expired, evicted)
        };
        // Dropped producers may own large values; free them after the lock is released.
        drop(evicted);
        Ok(token)
    }

    /// Takes the output behind `token`, once.
    ///
    /// # Errors
    ///
    /// [`Error::TokenAlreadyUsed`], [`Error::TokenExpired`], [`Error::TokenEvicted`] or
    /// [`Error::UnknownToken`], each with a message that tells the model what to do next.
    pub fn redeem(&self, token: &str) -> Result<String, Error> {
        self.redeem_at(token, Instant::now())
    }

    /// [`redeem`](Self::redeem) at the time `now`.
    ///
    /// # Errors
    ///
    /// As for [`redeem`](Self::redeem).
    pub fn redeem_at(&self, token: &str, now: Instant) -> Result<String, Error> {
        let (taken, expired) = {
            let mut state = self.lock();
            let expired = self.purge(&mut state, now);
            let taken = state.entries.remove(token);
            match &taken {
                Some(entry) => {
                    state.order.remove(&entry.tick);
                    state.bytes -= entry.bytes;
                    self.remember(&mut state, token, Gone::Used);
                }
                None => {
                    let gone = state.gone.get(&self.hasher.hash_one(token)).copied();
                    drop(state);
                    drop(expired);
                    return Err(self.gone_error(token, gone));
                }
            }
            (taken, expired)
        };
        drop(expired);
        match taken {
            Some(entry) => Ok((entry.content)()),
            None => Err(self.gone_error(token, None)),
        }
    }

    fn gone_error(&self, token: &str, gone: Option<Gone>) -> Error {
        let token: String = token.chars().take(ECHO_CHARS).collect();
        match gone {
            Some(Gone::Used) => Error::TokenAlreadyUsed { token },
            Some(Gone::Expired) => Error::TokenExpired {
                token,
                ttl: self.limits.ttl,
            },
            Some(Gone::Evicted) => Error::TokenEvicted { token },
            None => Error::UnknownToken { token },
        }
    }

    /// Drops expired entries, oldest first, and returns them so they are freed outside the
    /// lock.
    fn purge(&self, state: &mut State, now: Instant) -> Vec<Entry> {
        let mut expired = Vec::new();
        while let Some((_, oldest)) = state.order.first_key_value() {
            let fresh = state
                .entries
                .get(oldest)
                .is_some_and(|e| now.saturating_duration_since(e.created) < self.limits.ttl);
            if fresh {
                break;
            }
            let Some((_, token)) = state.order.pop_first() else {
                break;
            };
            if let Some(entry) = state.entries.remove(&token) {
                state.bytes -= entry.bytes;
                expired.push(entry);
                self.remember(state, &token, Gone::Expired);
            }
        }
        expired
    }

    fn remember(&self, state: &mut State, token: &str, why: Gone) {
        if self.limits.remembered == 0 {
            return;
        }
        let print = self.hasher.hash_one(token);
        if state.gone.insert(print, why).is_none() {
            state.gone_order.push_back(print);
        }
        while state.gone_order.len() > self.limits.remembered {
            if let Some(old) = state.gone_order.pop_front() {
                state.gone.remove(&old);
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        // Producers run outside the lock and nothing inside it panics on input, so a poisoned
        // lock still guards consistent state.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
