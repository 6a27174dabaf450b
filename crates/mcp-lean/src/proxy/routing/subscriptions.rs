//! `subscriptions/listen` for clients of the 2026-07-28 revision, made from what a server of
//! either era sends anyway: its list-changed notifications and its resource updates go to every
//! open subscription stream whose filter asked for them (rmcp's sink holds the filter and tags
//! each notification with the subscription's id), and a resource some stream asked about is
//! subscribed to at the server with `resources/subscribe` while any stream wants it.
//!
//! A client may hold several streams at once (the revision allows it); each is one
//! `subscriptions/listen` request, identified by its id, and ends when the client cancels it
//! or the server's session ends (then gracefully, with the request's result).

// `resources/subscribe` is deprecated by the 2026 revision, but it is how a server of the older
// era is asked for updates.
#![allow(deprecated)]

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::Duration;

use rmcp::model::{
    ClientRequest, ErrorData, ServerNotification, SubscribeRequest, SubscribeRequestParams,
    UnsubscribeRequest, UnsubscribeRequestParams,
};
use rmcp::service::SubscriptionSink;
use rmcp::{Peer, RoleClient};

/// The open subscription streams of one server session.
#[derive(Debug, Default)]
pub(crate) struct Subscriptions {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    next: u64,
    sinks: BTreeMap<u64, SubscriptionSink>,
    /// How many open streams want updates of each resource.
    resources: HashMap<String, usize>,
}

fn lock(mutex: &Mutex<Inner>) -> std::sync::MutexGuard<'_, Inner> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Whether a server notification is one that subscription streams carry (and only they, for a
/// client of the 2026 era).
pub(crate) fn is_subscribed_kind(notification: &ServerNotification) -> bool {
    matches!(
        notification,
        ServerNotification::ToolListChangedNotification(_)
            | ServerNotification::PromptListChangedNotification(_)
            | ServerNotification::ResourceListChangedNotification(_)
            | ServerNotification::ResourceUpdatedNotification(_)
    )
}

impl Subscriptions {
    /// Wants updates of `resources` from `server` until the returned guard drops: those no
    /// stream wants yet are subscribed to at the server now.
    ///
    /// # Errors
    ///
    /// The server's refusal of a `resources/subscribe` (or its silence past `timeout`), naming
    /// the resource.
    pub(crate) async fn want(
        self: &Arc<Self>,
        server: &Peer<RoleClient>,
        resources: &[String],
        timeout: Duration,
    ) -> Result<Wanted, ErrorData> {
        let mut wanted = Wanted {
            resources: Vec::new(),
            subscriptions: Arc::downgrade(self),
            server: server.clone(),
        };
        for uri in resources {
            let first = {
                let mut inner = lock(&self.inner);
                let count = inner.resources.entry(uri.clone()).or_insert(0);
                *count += 1;
                *count == 1
            };
            // Counted before the request, so the guard gives it back whatever happens.
            wanted.resources.push(uri.clone());
            if first {
                subscribe(server, uri, timeout).await?;
            }
        }
        Ok(wanted)
    }

    /// Opens a stream for `sink`, until the returned guard drops.
    pub(crate) fn open(self: &Arc<Self>, sink: SubscriptionSink) -> Listening {
        let mut inner = lock(&self.inner);
        let key = inner.next;
        inner.next += 1;
        inner.sinks.insert(key, sink);
        Listening {
            key,
            subscriptions: Arc::downgrade(self),
        }
    }

    /// Passes a server's notification to every open stream whose filter asked for it.
    pub(crate) async fn deliver(&self, notification: &ServerNotification) {
        let sinks: Vec<SubscriptionSink> = lock(&self.inner).sinks.values().cloned().collect();
        for sink in sinks {
            // A stream that did not ask for this kind refuses it; one that just closed too.
            let _ = sink.send(notification.clone()).await;
        }
    }
}

async fn subscribe(
    server: &Peer<RoleClient>,
    uri: &str,
    timeout: Duration,
) -> Result<(), ErrorData> {
    let request =
        ClientRequest::SubscribeRequest(SubscribeRequest::new(SubscribeRequestParams::new(uri)));
    match tokio::time::timeout(timeout, server.send_request(request)).await {
        Ok(Ok(_)) => Ok(()),
        Ok(Err(e)) => Err(ErrorData::internal_error(
            format!(
                "the server refused resources/subscribe for {uri}: {e}; listen without that resource"
            ),
            None,
        )),
        Err(_) => Err(ErrorData::internal_error(
            format!(
                "the server did not answer resources/subscribe for {uri} within {} s; raise the proxy's --timeout if it needs longer",
                timeout.as_secs()
            ),
            None,
        )),
    }
}

/// An open subscription stream, closed when dropped.
pub(crate) struct Listening {
    key: u64,
    subscriptions: Weak<Subscriptions>,
}

impl Drop for Listening {
    fn drop(&mut self) {
        if let Some(subscriptions) = self.subscriptions.upgrade() {
            lock(&subscriptions.inner).sinks.remove(&self.key);
        }
    }
}

/// Resources a stream wants updates of: given back when dropped, and unsubscribed at the
/// server when no other stream wants them.
pub(crate) struct Wanted {
    resources: Vec<String>,
    subscriptions: Weak<Subscriptions>,
    server: Peer<RoleClient>,
}

impl Drop for Wanted {
    fn drop(&mut self) {
        let Some(subscriptions) = self.subscriptions.upgrade() else {
            return;
        };
        let mut unwanted = Vec::new();
        {
            let mut inner = lock(&subscriptions.inner);
            for uri in &self.resources {
                if let Some(count) = inner.resources.get_mut(uri) {
                    *count -= 1;
                    if *count == 0 {
                        inner.resources.remove(uri);
                        unwanted.push(uri.clone());
                    }
                }
            }
        }
        if unwanted.is_empty() {
            return;
        }
        let server = self.server.clone();
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                for uri in unwanted {
                    let request = ClientRequest::UnsubscribeRequest(UnsubscribeRequest::new(
                        UnsubscribeRequestParams::new(uri),
                    ));
                    // Best effort: a server gone or unwilling keeps sending updates nobody
                    // listens to, which the proxy drops.
                    let _ = server.send_request(request).await;
                }
            });
        }
    }
}
