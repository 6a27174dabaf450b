//! One function per tool: arguments in, structured content or an error message out.

use std::time::{SystemTime, UNIX_EPOCH};

use fn_registry::{Nudge, Outcome};
use serde_json::{Value, json};
use snapshot_digest::{diff, digest_with, full_digest_with, parse_lenient};

use super::args::Args;
use crate::backend::{BrowserBackend, Script};
use crate::error::Error;
use crate::session::Session;

/// What a handler returns: structured content, or the message of an `isError` result.
type ToolOutcome = Result<Value, String>;

/// The message for a backend error; a timeout gets the policy's advice.
fn backend_message(session: &Session, error: &Error) -> String {
    match error {
        Error::Timeout { elapsed } => session.timeouts.message(*elapsed),
        other => other.to_string(),
    }
}

/// A page value through the output guard, as the shared guarded output shape.
fn guarded(session: &Session, value: Value, nudge: Option<Nudge>) -> Value {
    let preview = session.guard.json(value, &session.store);
    let mut out = json!({
        "text": preview.text,
        "truncated": preview.truncated,
        "totalLength": preview.total_length,
        "shownLength": preview.shown_length,
        "estimatedTokens": preview.estimated_tokens,
    });
    if let Some(token) = preview.confirm_token {
        out["confirmToken"] = Value::String(token);
    }
    if let Some(nudge) = nudge {
        out["nudge"] = Value::String(nudge.message().to_owned());
    }
    out
}

pub(super) async fn evaluate<B: BrowserBackend>(
    session: &mut Session,
    backend: &B,
    args: &Args<'_>,
) -> ToolOutcome {
    let script = args.required_str("script")?;
    if script.trim().is_empty() {
        return Err(
            "argument \"script\" of evaluate is empty; pass JavaScript such as document.title"
                .to_owned(),
        );
    }
    let timeout = session.timeouts.resolve(args.timeout()?);
    let nudge = session.nudger.observe(script);
    match backend.evaluate(Script::Expression(script), timeout).await {
        Ok(value) => Ok(guarded(session, value, nudge)),
        Err(e) => Err(backend_message(session, &e)),
    }
}

/// The definition a name had before a redefinition, to put back when the new one fails.
struct Previous {
    source: String,
    defined_at: SystemTime,
    init_script_id: Option<String>,
}

pub(super) async fn define_function<B: BrowserBackend>(
    session: &mut Session,
    backend: &B,
    args: &Args<'_>,
) -> ToolOutcome {
    let name = args.required_str("name")?;
    let source = args.required_str("source")?;
    let previous = session.registry.get(name).map(|f| Previous {
        source: f.source().to_owned(),
        defined_at: f.defined_at(),
        init_script_id: f.init_script_id().map(str::to_owned),
    });
    let defined = session
        .registry
        .define(name, source, SystemTime::now())
        .map_err(|e| e.to_string())?;
    match install(session, backend, &defined.script).await {
        Ok(id) => {
            // The old init script goes only once the new one is in place, so a failed
            // redefinition leaves the old function working after navigations.
            if let Some(old) = defined.previous_init_script_id
                && let Err(e) = backend.remove_init_script(&old).await
            {
                let _ = session.registry.set_init_script_id(name, id);
                return Err(format!(
                    "{name:?} is redefined, but its old init script could not be removed ({}); later pages may briefly hold the old version",
                    backend_message(session, &e)
                ));
            }
            session
                .registry
                .set_init_script_id(name, id)
                .map_err(|e| e.to_string())?;
            Ok(json!({"name": name, "replaced": defined.replaced, "size": source.len()}))
        }
        Err(message) => {
            restore(session, name, previous);
            Err(message)
        }
    }
}

/// Runs the install snippet now and, when it worked, keeps it as an init script.
async fn install<B: BrowserBackend>(
    session: &Session,
    backend: &B,
    script: &str,
) -> Result<String, String> {
    let value = backend
        .evaluate(Script::Expression(script), session.timeouts.default)
        .await
        .map_err(|e| backend_message(session, &e))?;
    match Outcome::from_value(&value).map_err(|e| e.to_string())? {
        Outcome::Ok(_) => {}
        Outcome::Failed(failure) => {
            return Err(format!("{failure}; fix the source and define it again"));
        }
    }
    backend
        .add_init_script(script)
        .await
        .map_err(|e| backend_message(session, &e))
}

/// Puts back what the registry held for `name` before a failed definition.
fn restore(session: &mut Session, name: &str, previous: Option<Previous>) {
    match previous {
        Some(p) => {
            // The old source was accepted before, so defining it again cannot fail on shape
            // or size; if it somehow does, the name stays removed rather than half-defined.
            if session
                .registry
                .define(name, &p.source, p.defined_at)
                .is_err()
            {
                let _ = session.registry.remove(name);
            } else if let Some(id) = p.init_script_id {
                let _ = session.registry.set_init_script_id(name, id);
            }
        }
        None => {
            let _ = session.registry.remove(name);
        }
    }
}

pub(super) async fn call_function<B: BrowserBackend>(
    session: &mut Session,
    backend: &B,
    args: &Args<'_>,
) -> ToolOutcome {
    let name = args.required_str("name")?;
    let call_args = args.value("args").cloned().unwrap_or_else(|| json!([]));
    let timeout = session.timeouts.resolve(args.timeout()?);
    let snippet = session
        .registry
        .call(name, &call_args.to_string())
        .map_err(|e| e.to_string())?;
    let value = backend
        .evaluate(Script::Expression(&snippet), timeout)
        .await
        .map_err(|e| backend_message(session, &e))?;
    match Outcome::from_value(&value).map_err(|e| e.to_string())? {
        Outcome::Ok(result) => Ok(guarded(session, result, None)),
        Outcome::Failed(failure) => Err(format!("{name}: {failure}")),
    }
}

pub(super) fn list_functions(session: &Session, _args: &Args<'_>) -> ToolOutcome {
    let functions: Vec<Value> = session
        .registry
        .functions()
        .map(|f| {
            let defined_at = f
                .defined_at()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            json!({
                "name": f.name().to_string(),
                "source": f.source(),
                "size": f.size(),
                "definedAt": defined_at,
                "calls": f.calls(),
            })
        })
        .collect();
    Ok(json!({ "functions": functions }))
}

pub(super) async fn snapshot<B: BrowserBackend>(
    session: &mut Session,
    backend: &B,
    args: &Args<'_>,
) -> ToolOutcome {
    let goal = args.optional_str("goal")?.filter(|g| !g.trim().is_empty());
    let page = args.optional_page("page")?;
    if page.is_some() && goal.is_none() {
        return Err(
            "page only applies with a goal; pass the same goal again with page: 2 for the next candidates"
                .to_owned(),
        );
    }
    let full = args.flag("full")?;
    let since_last = args.flag("since_last")?;
    if full && since_last {
        return Err(
            "snapshot takes full or since_last, not both; pass full: true for everything or since_last: true for the changes"
                .to_owned(),
        );
    }
    let message = |e: Error| backend_message(session, &e);
    let raw = backend.aria_snapshot().await.map_err(message)?;
    let url = backend.url().await.map_err(message)?;
    let title = backend.title().await.map_err(message)?;
    // Each mode parses only what it reads: `full` returns the raw text untouched.
    let (mode, text) = match (full, since_last, session.last_snapshot.as_deref(), goal) {
        (true, ..) => ("full", raw.clone()),
        (_, true, Some(old), _) => {
            let (old, _) = parse_lenient(old);
            ("diff", diff(&old, &parse_lenient(&raw).0).text)
        }
        (_, true, None, _) => {
            let digest = full_digest_with(&parse_lenient(&raw).0, &session.digest);
            let text = format!(
                "# no earlier snapshot in this session to diff against; digest of the whole page follows\n{}",
                digest.text
            );
            ("digest", text)
        }
        (_, _, _, Some(goal)) => {
            let config = snapshot_digest::DigestConfig {
                page: page.unwrap_or(1),
                ..session.digest.clone()
            };
            (
                "goal",
                digest_with(&parse_lenient(&raw).0, goal, &config).text,
            )
        }
        _ => (
            "digest",
            full_digest_with(&parse_lenient(&raw).0, &session.digest).text,
        ),
    };
    let snapshot_chars = raw.chars().count();
    session.last_snapshot = Some(raw);
    Ok(json!({
        "text": text,
        "mode": mode,
        "url": url,
        "title": title,
        "snapshotChars": snapshot_chars,
    }))
}

pub(super) fn confirm_output(session: &Session, args: &Args<'_>) -> ToolOutcome {
    let token = args.required_str("token")?;
    let text = session.store.redeem(token).map_err(|e| e.to_string())?;
    Ok(json!({ "text": text }))
}
