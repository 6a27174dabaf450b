//! The order of the server's messages, kept on the way to the client: a notification the server
//! sent before its response to a request reaches the client before that response.
//!
//! rmcp reads the server's messages in order but hands each notification to a task of its own
//! and each response straight to the request that waits for it, so a response could overtake
//! the progress notification written just before it (and, once the request was done, find the
//! notification's progress token gone and drop it). [`Ordered`] sits between rmcp and the
//! server's transport and numbers the notifications as they are read; each carries a
//! [`Ticket`] that is given back when rmcp is done with it (after the proxy passed it on, or
//! dropped it). A response read after notification `n` waits, in [`Sequencer::settled`],
//! until every notification numbered below `n` is given back. No clock is involved: the wait
//! ends when the tickets do.

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Mutex, PoisonError};

use rmcp::RoleClient;
use rmcp::model::{GetExtensions as _, JsonRpcMessage, RequestId};
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
}

/// A notification's place in the order; given back when the last copy is dropped.
#[derive(Debug)]
struct Ticket {
    seq: u64,
    sequencer: Arc<Sequencer>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut state = self.sequencer.lock();
        state.pending.remove(&self.seq);
        if state.pending.is_empty() {
            // Every barrier is met once nothing is pending; a response nobody waits for
            // (one that came after its request timed out) leaves nothing behind.
            state.barriers.clear();
        }
        drop(state);
        self.sequencer.done.notify_waiters();
    }
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
        Arc::new(Ticket {
            seq,
            sequencer: Arc::clone(self),
        })
    }

    /// Records that the response to `id` was read after every notification numbered so far.
    fn response(&self, id: &RequestId) {
        let mut state = self.lock();
        if !state.pending.is_empty() {
            let next = state.next;
            state.barriers.insert(id.clone(), next);
        }
    }

    /// Waits until every notification the server sent before its response to `id` has been
    /// passed on (or dropped by rmcp). Returns at once when none was pending.
    pub(crate) async fn settled(&self, id: &RequestId) {
        let Some(barrier) = self.lock().barriers.remove(id) else {
            return;
        };
        loop {
            let done = self.done.notified();
            tokio::pin!(done);
            // Registered before the check, so a ticket given back between the check and
            // the wait still wakes it.
            done.as_mut().enable();
            if self
                .lock()
                .pending
                .first()
                .is_none_or(|first| *first >= barrier)
            {
                return;
            }
            done.await;
        }
    }
}

/// A transport to the server whose notifications carry their place in the order.
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
        let mut message = self.inner.receive().await?;
        match &mut message {
            JsonRpcMessage::Notification(n) => {
                n.notification
                    .extensions_mut()
                    .insert(self.sequencer.ticket());
            }
            JsonRpcMessage::Response(r) => self.sequencer.response(&r.id),
            JsonRpcMessage::Error(e) => {
                if let Some(id) = &e.id {
                    self.sequencer.response(id);
                }
            }
            JsonRpcMessage::Request(_) => {}
        }
        Some(message)
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}

#[cfg(test)]
mod tests;
