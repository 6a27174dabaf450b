//! The input-required bridge between a client and a server of different protocol eras: a
//! server of the older era with a client of the 2026-07-28 revision ([`calls`], [`round`]),
//! and a server of the 2026 revision with a client of the older era ([`fulfil`](mod@fulfil)).
//!
//! A server of the older era asks its client things in the middle of a call: it sends an
//! elicitation, sampling or roots request and waits for the answer. A client of the 2026
//! revision can only be asked through the call's own answer: an `InputRequiredResult` whose
//! `inputRequests` hold the questions and whose `requestState` the client sends back with its
//! `inputResponses` when it calls again. The proxy keeps the server's call running between
//! those rounds: the server's questions wait in a call ([`calls`]), parked under a random id the
//! request state names (signed, see [`state`]), and the client's retry delivers the answers to the
//! waiting questions, after which the same call goes on, to its result or to the next round.
//!
//! A server of the older era names no call in its requests, so a question goes to the one call
//! of this server session that is in a round; with none in a round, to the one parked call;
//! otherwise the server gets an error, never a guess. The questions a server writes at once go
//! out together: the round waits until the server's transport has nothing more to read and
//! every request read is routed (`Sequencer::quiet`, in `routing::order`), with no clock
//! involved.
//!
//! Every way a round can end without an answer ends the server's question with an error too:
//! a question the client did not declare the capability for gets the revision's
//! missing-capability error (-32021) at once; a call the client abandons is cancelled when its
//! state expires (after `--timeout`), and its questions fail.

mod calls;
mod fulfil;
mod input;
mod round;
mod state;

use rmcp::RoleServer;
use rmcp::model::{ClientRequest, InitializeResult};
use rmcp::service::RequestContext;

use super::era;
pub(crate) use calls::Bridge;
pub(crate) use fulfil::fulfil;
pub(crate) use round::{SessionParts, call};

/// Whether `request` from this client goes through the bridge: a call that may be answered
/// with an `InputRequiredResult` (tools/call, prompts/get, resources/read), from a client of
/// the 2026-07-28 revision, to a server of the older era (one of the 2026 era asks through its
/// own results, which pass through unchanged).
pub(crate) fn applies(
    request: &ClientRequest,
    context: &RequestContext<RoleServer>,
    server: &InitializeResult,
) -> bool {
    matches!(
        request,
        ClientRequest::CallToolRequest(_)
            | ClientRequest::GetPromptRequest(_)
            | ClientRequest::ReadResourceRequest(_)
    ) && era::is_modern(context.protocol_version().as_ref())
        && server.protocol_version.has_initialize()
}
