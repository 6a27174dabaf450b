//! The per-session store of full outputs behind tokens.

use std::collections::hash_map::RandomState;
use std::collections::{BTreeMap, HashMap, VecDeque};
use std::fmt;
use std::hash::BuildHasher;
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use crate::error::Error;

/// A deferred producer of a full output: run once, only if its token is redeemed or read.
pub type Producer = Box<dyn FnOnce() -> String + Send>;

/// Bounds of a [`TokenStore`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreLimits {
    /// Most entries kept; the least recently used is evicted first. Default 32.
    pub max_entries: usize,
    /// Most bytes of full output kept, counted as the UTF-8 size of each output (for a deferred
    /// producer, the size its caller declares until it has run). Default 64 MiB.
    pub max_bytes: usize,
    /// How long after it was made a token can be redeemed or read. Default 10 minutes.
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

/// Full outputs behind tokens, for one session.
///
/// A token is either redeemed once ([`redeem`](Self::redeem): the output is taken out) or read
/// as often as needed ([`read`](Self::read): the output stays, shared, until it expires or is
/// evicted); a server picks one style per store. Create one store per MCP session (there is no
/// global store, so one client can never reach another's output). The store is `Send + Sync`:
/// share it by reference or `Arc` between the session's request handlers. Each method has an
/// `_at` twin that takes the current time, so tests can move the clock instead of sleeping.
///
/// # Example
///
/// ```
/// use output_guard::{Error, StoreLimits, TokenStore};
///
/// let store = TokenStore::new(StoreLimits::default());
/// let token = store.insert_text("the full output".to_owned())?;
/// assert_eq!(&*store.read(&token)?, "the full output");
/// assert_eq!(&*store.read(&token)?, "the full output");
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
    /// Entries by last use: the first is the next to evict.
    by_use: BTreeMap<u64, String>,
    /// Entries by creation: the first is the next to expire.
    by_age: BTreeMap<u64, String>,
    tick: u64,
    bytes: usize,
    /// Fingerprints of tokens that are gone, and why.
    gone: HashMap<u64, Gone>,
    gone_order: VecDeque<u64>,
}

struct Entry {
    content: Arc<Content>,
    bytes: usize,
    created: Instant,
    /// Key in `by_use`.
    used: u64,
    /// Key in `by_age`.
    born: u64,
}

/// An output, made at most once: reads share the text, and concurrent first reads of a
/// deferred output wait for the one producer run.
struct Content {
    producer: Mutex<Option<Producer>>,
    text: OnceLock<Arc<str>>,
}

impl Content {
    fn text(text: String) -> Self {
        Self {
            producer: Mutex::new(None),
            text: OnceLock::from(Arc::from(text)),
        }
    }

    fn deferred(producer: Producer) -> Self {
        Self {
            producer: Mutex::new(Some(producer)),
            text: OnceLock::new(),
        }
    }

    /// The text, running the producer on the first call.
    fn get(&self) -> Arc<str> {
        Arc::clone(self.text.get_or_init(|| {
            let producer = self
                .producer
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .take();
            producer.map_or_else(|| Arc::from(""), |p| Arc::from(p()))
        }))
    }
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

    /// Entries held now (expired ones count until the next insert, redeem or read drops them).
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
        self.insert_at(bytes, Content::text(text), now)
    }

    /// Keeps a producer of an output of about `bytes` bytes and returns its token. The producer
    /// runs once, when the token is first redeemed or read, outside the store's lock; it is
    /// dropped unrun if the token expires or is evicted first.
    ///
    /// # Errors
    ///
    /// As for [`insert_text`](Self::insert_text), with `bytes` as the size.
    pub fn insert_deferred(
        &self,
        bytes: usize,
        producer: impl FnOnce() -> String + Send + 'static,
    ) -> Result<String, Error> {
        self.insert_deferred_at(bytes, producer, Instant::now())
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
        self.insert_at(bytes, Content::deferred(Box::new(producer)), now)
    }

    fn insert_at(&self, bytes: usize, content: Content, now: Instant) -> Result<String, Error> {
        let max_bytes = self.limits.max_bytes;
        if bytes > max_bytes || self.limits.max_entries == 0 {
            return Err(Error::OutputTooLarge { bytes, max_bytes });
        }
        let token = crate::token::new_token()?;
        let dropped = {
            let mut state = self.lock();
            let mut dropped = self.purge(&mut state, now);
            dropped.extend(self.evict(&mut state, 1, bytes, None));
            state.tick += 1;
            let tick = state.tick;
            state.by_use.insert(tick, token.clone());
            state.by_age.insert(tick, token.clone());
            state.bytes += bytes;
            state.entries.insert(
                token.clone(),
                Entry {
                    content: Arc::new(content),
                    bytes,
                    created: now,
                    used: tick,
                    born: tick,
                },
            );
            dropped
        };
        // Dropped producers may own large values; free them after the lock is released.
        drop(dropped);
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
            let Some(entry) = self.remove(&mut state, token) else {
                let gone = state.gone.get(&self.hasher.hash_one(token)).copied();
                drop(state);
                drop(expired);
                return Err(self.gone_error(token, gone));
            };
            self.remember(&mut state, token, Gone::Used);
            (entry, expired)
        };
        drop(expired);
        Ok(taken.content.get().to_string())
    }

    /// The output behind `token`, which stays in the store for later reads until it expires
    /// or is evicted; a read makes it the most recently used. A deferred output is produced on
    /// the first read, and the store's byte count then takes its real size.
    ///
    /// # Errors
    ///
    /// As for [`redeem`](Self::redeem).
    pub fn read(&self, token: &str) -> Result<Arc<str>, Error> {
        self.read_at(token, Instant::now())
    }

    /// [`read`](Self::read) at the time `now`.
    ///
    /// # Errors
    ///
    /// As for [`redeem`](Self::redeem).
    pub fn read_at(&self, token: &str, now: Instant) -> Result<Arc<str>, Error> {
        let (content, expired) = {
            let mut state = self.lock();
            let expired = self.purge(&mut state, now);
            state.tick += 1;
            let tick = state.tick;
            let Some(entry) = state.entries.get_mut(token) else {
                let gone = state.gone.get(&self.hasher.hash_one(token)).copied();
                drop(state);
                drop(expired);
                return Err(self.gone_error(token, gone));
            };
            let old = std::mem::replace(&mut entry.used, tick);
            let content = Arc::clone(&entry.content);
            state.by_use.remove(&old);
            state.by_use.insert(tick, token.to_owned());
            (content, expired)
        };
        drop(expired);
        let fresh = content.text.get().is_none();
        let text = content.get();
        if fresh {
            self.resize(token, &content, text.len());
        }
        Ok(text)
    }

    /// Counts a deferred output at its real size once it is made, evicting others if it
    /// grew past the bounds.
    fn resize(&self, token: &str, content: &Arc<Content>, bytes: usize) {
        let dropped = {
            let mut state = self.lock();
            let Some(entry) = state.entries.get_mut(token) else {
                return;
            };
            if !Arc::ptr_eq(&entry.content, content) || entry.bytes == bytes {
                return;
            }
            let old = std::mem::replace(&mut entry.bytes, bytes);
            state.bytes = state.bytes - old + bytes;
            self.evict(&mut state, 0, 0, Some(token))
        };
        drop(dropped);
    }

    /// Evicts the least recently used entries (never `keep`) until `entries` more entries of
    /// `bytes` more bytes fit the bounds, or only `keep` is left.
    fn evict(
        &self,
        state: &mut State,
        entries: usize,
        bytes: usize,
        keep: Option<&str>,
    ) -> Vec<Entry> {
        let mut evicted = Vec::new();
        while state.entries.len() + entries > self.limits.max_entries
            || state.bytes + bytes > self.limits.max_bytes
        {
            let Some(victim) = state
                .by_use
                .values()
                .find(|t| keep != Some(t.as_str()))
                .cloned()
            else {
                break;
            };
            evicted.extend(self.remove(state, &victim));
            self.remember(state, &victim, Gone::Evicted);
        }
        evicted
    }

    /// Takes an entry out of every index.
    fn remove(&self, state: &mut State, token: &str) -> Option<Entry> {
        let entry = state.entries.remove(token)?;
        state.by_use.remove(&entry.used);
        state.by_age.remove(&entry.born);
        state.bytes -= entry.bytes;
        Some(entry)
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
            None => Error::UnknownToken {
                token,
                ttl: self.limits.ttl,
            },
        }
    }

    /// Drops expired entries, oldest first, and returns them so they are freed outside the
    /// lock.
    fn purge(&self, state: &mut State, now: Instant) -> Vec<Entry> {
        let mut expired = Vec::new();
        while let Some((_, oldest)) = state.by_age.first_key_value() {
            let fresh = state
                .entries
                .get(oldest)
                .is_some_and(|e| now.saturating_duration_since(e.created) < self.limits.ttl);
            if fresh {
                break;
            }
            let token = oldest.clone();
            match self.remove(state, &token) {
                Some(entry) => expired.push(entry),
                None => {
                    state.by_age.pop_first();
                }
            }
            self.remember(state, &token, Gone::Expired);
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
