//! Who asked what, so that the server's progress and the notifications that name no request
//! reach the client connection that asked: the progress tokens of forwarded requests, and the
//! requests in flight with the log level each asked for.

// Logging is deprecated by the 2026 revision, but servers still send log messages, and clients
// of either era ask for them.
#![allow(deprecated)]

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, PoisonError};

use rmcp::model::{LoggingLevel, ProgressToken};
use rmcp::service::RequestContext;
use rmcp::{Peer, RoleServer};

use super::super::era::of_older_era;

/// The token a client gave a request, and the client connection that sent it.
type Asker = (ProgressToken, Peer<RoleServer>);

/// Who asked what, for routing the server's notifications back: the progress tokens of
/// forwarded requests (the token rmcp gave the server's copy of a request, to the token the
/// client gave the original and the client connection that asked: over HTTP, a request of the
/// 2026 era has a connection of its own), and the requests in flight, with the log level each
/// asked for.
#[derive(Debug, Clone, Default)]
pub(crate) struct Askers {
    progress: Arc<Mutex<HashMap<ProgressToken, Asker>>>,
    in_flight: Arc<Mutex<InFlight>>,
    /// Whether each request comes on a connection of its own (HTTP clients of the 2026 era):
    /// then a notification that names no request goes to the connections of the requests in
    /// flight, as the server sent it while answering them.
    stateless: bool,
}

#[derive(Debug, Default)]
struct InFlight {
    next: u64,
    flights: BTreeMap<u64, Flight>,
}

/// A request in flight.
#[derive(Debug)]
struct Flight {
    peer: Peer<RoleServer>,
    /// The lowest level of log message it asked for (`io.modelcontextprotocol/logLevel` in its
    /// `_meta`), when it is of the 2026 era and asked; such a request gets no log message
    /// without it.
    log_level: Option<LoggingLevel>,
}

/// A request in flight, taken out of [`Askers`] when dropped.
pub(crate) struct Flying {
    key: u64,
    in_flight: Arc<Mutex<InFlight>>,
}

impl Drop for Flying {
    fn drop(&mut self) {
        lock(&self.in_flight).flights.remove(&self.key);
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// The severity of a log level, for comparing (the revision's order, debug lowest).
fn severity(level: LoggingLevel) -> u8 {
    level as u8
}

impl Askers {
    /// Askers for a proxy whose every request has a connection of its own (`stateless`), or
    /// one whose requests share the session's.
    pub(crate) fn new(stateless: bool) -> Self {
        Self {
            stateless,
            ..Self::default()
        }
    }

    /// Maps the server's progress under `upstream` to the client's `downstream` token on `peer`.
    pub(crate) fn insert(
        &self,
        upstream: ProgressToken,
        downstream: ProgressToken,
        peer: Peer<RoleServer>,
    ) {
        lock(&self.progress).insert(upstream, (downstream, peer));
    }

    /// Forgets the mapping of `upstream`.
    pub(crate) fn remove(&self, upstream: &ProgressToken) {
        lock(&self.progress).remove(upstream);
    }

    pub(crate) fn get(&self, upstream: &ProgressToken) -> Option<Asker> {
        lock(&self.progress).get(upstream).cloned()
    }

    /// Records a request in flight until the returned guard is dropped.
    pub(crate) fn fly(&self, context: &RequestContext<RoleServer>) -> Flying {
        let log_level = context.meta.log_level();
        let mut in_flight = lock(&self.in_flight);
        let key = in_flight.next;
        in_flight.next += 1;
        in_flight.flights.insert(
            key,
            Flight {
                peer: context.peer.clone(),
                log_level,
            },
        );
        Flying {
            key,
            in_flight: Arc::clone(&self.in_flight),
        }
    }

    /// Where a notification that names no request goes: the client's session when it is of
    /// the older era; else (a client of the 2026 era) the connections of the requests in
    /// flight, or, over standard input and output, the one connection while any is. A log
    /// message goes only where a request asked for its level (`level`).
    pub(crate) fn recipients(
        &self,
        session: &Peer<RoleServer>,
        level: Option<LoggingLevel>,
    ) -> Vec<Peer<RoleServer>> {
        if of_older_era(session) && !self.stateless {
            return vec![session.clone()];
        }
        let in_flight = lock(&self.in_flight);
        let wanted = in_flight.flights.values().filter(|flight| match level {
            None => true,
            Some(level) => flight
                .log_level
                .is_some_and(|asked| severity(level) >= severity(asked)),
        });
        if self.stateless {
            wanted.map(|flight| flight.peer.clone()).collect()
        } else if wanted.count() > 0 {
            vec![session.clone()]
        } else {
            Vec::new()
        }
    }
}
