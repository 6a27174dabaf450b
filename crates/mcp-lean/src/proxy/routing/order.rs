//! The order of the server's messages, kept on the way to the client: a notification the server
//! sent before its response to a request reaches the client before that response, and the
//! requests a server sends at once are seen together.
//!
//! rmcp reads the server's messages in order but hands each notification and each request to a
//! task of its own and each response straight to the request that waits for it, so a response
//! could overtake the progress notification written just before it (and, once the request was
//! done, find the notification's progress token gone and drop it). [`Ordered`] sits between
//! rmcp and the server's transport and numbers the notifications as they are read; each carries
//! a [`Ticket`] that is given back when rmcp is done with it (after the proxy passed it on, or
//! dropped it). A response read after notification `n` waits, in [`Sequencer::settled`], until
//! every notification numbered below `n` is given back.
//!
//! The server's requests carry a ticket too, given back once the proxy has routed the request
//! (see [`take_ticket`]), and [`Ordered`] notes when the transport has nothing more to read
//! without waiting. [`Sequencer::quiet`] waits for both: the input-required bridge uses it to
//! gather every request a server wrote at once (an elicitation, a sampling and a roots request
//! of one tool call) into one answer to the client. No clock is involved: the waits end when
//! the tickets do and the transport runs dry.

use std::collections::{BTreeSet, HashMap};
use std::pin::pin;
use std::sync::{Arc, Mutex, PoisonError};

use rmcp::RoleClient;
use rmcp::model::{Extensions, GetExtensions as _, JsonRpcMessage, RequestId};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use tokio::sync::Notify;

/// Notifications read from the server and not yet passed on, and what each response read
/// since must wait for.
#[derive(Debug, Default)]
pub(crate) struct Sequencer {
    state: Mutex<State>,
    done: Notify,
}

#[derive(Debug, Default)]
struct State {
    /// The number the next notification read gets.
    next: u64,
    /// Numbers of notifications read and not yet given back.
    pending: BTreeSet<u64>,
    /// For a response read while notifications were pending: the number the next
    /// notification had then, so every number below it must be given back first.
    barriers: HashMap<RequestId, u64>,
    /// Requests read from the server and not yet routed.
    requests: usize,
    /// Whether the transport had nothing more to read when it was last asked; `false` from
    /// the moment a message is read until it is asked again and has none.
    dry: bool,
}

/// A message's place in the order; given back when the last copy is dropped.
#[derive(Debug)]
pub(crate) struct Ticket {
    /// The notification's number, or `None` for a request.
    seq: Option<u64>,
    sequencer: Arc<Sequencer>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut state = self.sequencer.lock();
        match self.seq {
            Some(seq) => {
                state.pending.remove(&seq);
                if state.pending.is_empty() {
                    // Every barrier is met once nothing is pending; a response nobody waits
                    // for (one that came after its request timed out) leaves nothing behind.
                    state.barriers.clear();
                }
            }
            None => state.requests = state.requests.saturating_sub(1),
        }
        drop(state);
        self.sequencer.done.notify_waiters();
    }
}

/// Takes a request's ticket out of the extensions rmcp handed over with it; the request counts
/// as routed when the ticket is dropped.
pub(crate) fn take_ticket(extensions: &mut Extensions) -> Option<Arc<Ticket>> {
    extensions.remove::<Arc<Ticket>>()
}

impl Sequencer {
    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Numbers a notification just read, as the next one.
    fn ticket(self: &Arc<Self>) -> Arc<Ticket> {
        let mut state = self.lock();
        let seq = state.next;
        state.next += 1;
        state.pending.insert(seq);
        state.dry = false;
        Arc::new(Ticket {
            seq: Some(seq),
            sequencer: Arc::clone(self),
        })
    }

    /// Counts a request just read until its ticket is dropped.
    fn request_ticket(self: &Arc<Self>) -> Arc<Ticket> {
        let mut state = self.lock();
        state.requests += 1;
        state.dry = false;
        Arc::new(Ticket {
            seq: None,
            sequencer: Arc::clone(self),
        })
    }

    /// Records that the transport had something to read (`dry` false) or had nothing more
    /// without waiting (`dry` true).
    fn set_dry(&self, dry: bool) {
        let mut state = self.lock();
        if state.dry == dry {
            return;
        }
        state.dry = dry;
        drop(state);
        if dry {
            self.done.notify_waiters();
        }
    }

    /// Records that the response to `id` was read after every notification numbered so far.
    fn response(&self, id: &RequestId) {
        let mut state = self.lock();
        state.dry = false;
        if !state.pending.is_empty() {
            let next = state.next;
            state.barriers.insert(id.clone(), next);
        }
    }

    /// Waits until `ready` holds for the state, woken by every ticket given back and by the
    /// transport running dry.
    async fn wait_until(&self, ready: impl Fn(&State) -> bool) {
        loop {
            let done = self.done.notified();
            let mut done = pin!(done);
            // Registered before the check, so a change between the check and the wait still
            // wakes it.
            done.as_mut().enable();
            if ready(&self.lock()) {
                return;
            }
            done.await;
        }
    }

    /// Waits until every notification the server sent before its response to `id` has been
    /// passed on (or dropped by rmcp). Returns at once when none was pending.
    pub(crate) async fn settled(&self, id: &RequestId) {
        let Some(barrier) = self.lock().barriers.remove(id) else {
            return;
        };
        self.wait_until(|state| state.pending.first().is_none_or(|first| *first >= barrier))
            .await;
    }

    /// Waits until the transport has nothing more to read without waiting and every request
    /// read so far has been routed: what the server wrote at once has all arrived.
    pub(crate) async fn quiet(&self) {
        self.wait_until(|state| state.dry && state.requests == 0)
            .await;
    }
}

/// A transport to the server whose notifications and requests carry their place in the order.
pub(crate) struct Ordered<T> {
    inner: T,
    sequencer: Arc<Sequencer>,
}

impl<T> Ordered<T> {
    pub(crate) fn new(inner: T, sequencer: Arc<Sequencer>) -> Self {
        Self { inner, sequencer }
    }
}

impl<T: Transport<RoleClient>> Transport<RoleClient> for Ordered<T> {
    type Error = T::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleClient>> {
        let sequencer = Arc::clone(&self.sequencer);
        let mut next = pin!(self.inner.receive());
        let received = std::future::poll_fn(|cx| {
            let polled = next.as_mut().poll(cx);
            // Pending means nothing more can be read without waiting; a message read marks
            // the transport busy again when it gets its ticket below.
            if polled.is_pending() {
                sequencer.set_dry(true);
            }
            polled
        })
        .await;
        let Some(mut message) = received else {
            // Nothing more will come: whoever waits for the rest has all of it.
            self.sequencer.set_dry(true);
            return None;
        };
        match &mut message {
            JsonRpcMessage::Notification(n) => {
                n.notification
                    .extensions_mut()
                    .insert(self.sequencer.ticket());
            }
            JsonRpcMessage::Request(r) => {
                r.request
                    .extensions_mut()
                    .insert(self.sequencer.request_ticket());
            }
            JsonRpcMessage::Response(r) => self.sequencer.response(&r.id),
            JsonRpcMessage::Error(e) => {
                if let Some(id) = &e.id {
                    self.sequencer.response(id);
                } else {
                    self.sequencer.set_dry(false);
                }
            }
        }
        Some(message)
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}

#[cfg(test)]
mod tests;
