//! Where the server's messages go on their way back, and in what order: progress and
//! notifications to the client connection that asked ([`askers`]), each answer after what the
//! server sent before it ([`order`]), and list and resource updates to the
//! `subscriptions/listen` streams that asked ([`subscriptions`]).

pub(crate) mod askers;
pub(crate) mod order;
pub(crate) mod subscriptions;
