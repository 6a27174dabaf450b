//! The sequencer's barrier, driven by hand.

use std::sync::Arc;

use rmcp::model::{NumberOrString, RequestId};

use super::Sequencer;

fn id(n: i64) -> RequestId {
    NumberOrString::Number(n)
}

#[tokio::test(flavor = "current_thread")]
async fn a_response_waits_for_the_notifications_read_before_it_only() {
    let sequencer = Arc::new(Sequencer::default());
    let first = sequencer.ticket();
    let second = sequencer.ticket();
    sequencer.response(&id(1));
    let later = sequencer.ticket();
    let waiting = tokio::spawn({
        let sequencer = Arc::clone(&sequencer);
        async move { sequencer.settled(&id(1)).await }
    });
    tokio::task::yield_now().await;
    assert!(
        !waiting.is_finished(),
        "two notifications are still pending"
    );
    drop(second);
    tokio::task::yield_now().await;
    assert!(!waiting.is_finished(), "one notification is still pending");
    drop(first);
    waiting.await.expect("settles once both are given back");
    // The notification read after the response never held it up.
    drop(later);
}

#[tokio::test(flavor = "current_thread")]
async fn nothing_pending_means_no_wait_and_no_leftovers() {
    let sequencer = Arc::new(Sequencer::default());
    sequencer.response(&id(1));
    sequencer.settled(&id(1)).await;
    let ticket = sequencer.ticket();
    sequencer.response(&id(2));
    drop(ticket);
    assert!(
        sequencer.lock().barriers.is_empty(),
        "met barriers are cleared"
    );
    sequencer.settled(&id(2)).await;
    // A response nobody waited for leaves no entry behind.
    sequencer.settled(&id(3)).await;
}

#[tokio::test(flavor = "current_thread")]
async fn quiet_waits_for_every_request_read_and_a_dry_transport() {
    let sequencer = Arc::new(Sequencer::default());
    let first = sequencer.request_ticket();
    let second = sequencer.request_ticket();
    let waiting = tokio::spawn({
        let sequencer = Arc::clone(&sequencer);
        async move { sequencer.quiet().await }
    });
    tokio::task::yield_now().await;
    drop(first);
    drop(second);
    tokio::task::yield_now().await;
    assert!(
        !waiting.is_finished(),
        "both requests are routed, but the transport may hold more"
    );
    sequencer.set_dry(true);
    tokio::task::yield_now().await;
    waiting.await.expect("quiet once the transport ran dry");
    // A request read after that makes it busy again until it is routed.
    let third = sequencer.request_ticket();
    sequencer.set_dry(true);
    let again = tokio::spawn({
        let sequencer = Arc::clone(&sequencer);
        async move { sequencer.quiet().await }
    });
    tokio::task::yield_now().await;
    assert!(!again.is_finished(), "a request is still on its way");
    drop(third);
    again.await.expect("quiet once it is routed");
}
