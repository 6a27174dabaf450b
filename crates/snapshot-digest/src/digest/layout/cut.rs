//! A match whose context alone is over the budget, cut by whole lines from its end: what
//! remains still parses and shows whole refs, and the controls cut off go back to the
//! candidates.

use crate::syntax::starts_node;
use crate::tokens::estimate_tokens;
use crate::tree::{Snapshot, Syntax};

/// Drops whole lines from the end of `body` until it and a closing note fit `budget`.
pub(crate) fn cut_to_fit(body: &mut String, budget: usize, syntax: Syntax) {
    const NOTE: &str = "# … the rest of this match was cut to fit the budget\n";
    let limit = budget.saturating_sub(estimate_tokens(NOTE));
    let mut used = 0;
    let mut end = 0;
    // Where the last whole node ends: a node of chrome-devtools-mcp's syntax can span lines
    // (a name with line breaks), and a cut inside it would leave its quote open.
    let mut node_end = 0;
    for line in body.split_inclusive('\n') {
        if starts_node(syntax, line) {
            node_end = end;
        }
        let cost = estimate_tokens(line);
        if used + cost > limit {
            end = node_end;
            break;
        }
        used += cost;
        end += line.len();
    }
    body.truncate(end);
    body.push_str(NOTE);
}

/// Marks as not kept the kept nodes a cut dropped: the body is written in document order and
/// cut from its end, so from the first kept control whose ref the body no longer shows, every
/// kept node after it is gone.
pub(crate) fn unkeep_cut(snap: &Snapshot<'_>, body: &str, keep: &mut [bool]) {
    let shows = |r: &str| match snap.syntax() {
        Syntax::Playwright => body.contains(&format!("[ref={r}]")),
        // The ref shares its bracket: `[level=1, ref=e1]`, `[ref=e2, url=/a]`.
        Syntax::AgentBrowser => {
            let mark = format!("ref={r}");
            body.match_indices(&mark)
                .any(|(at, _)| matches!(body.as_bytes().get(at + mark.len()), Some(b']' | b',')))
        }
        Syntax::DevTools => {
            let mark = format!("uid={r}");
            body.match_indices(&mark).any(|(at, _)| {
                body[at + mark.len()..]
                    .chars()
                    .next()
                    .is_none_or(char::is_whitespace)
            })
        }
    };
    let first_cut = snap.nodes().iter().enumerate().find_map(|(i, node)| {
        let r = node.aria_ref()?;
        (keep.get(i).copied().unwrap_or(false) && !shows(r.as_str())).then_some(i)
    });
    if let Some(first) = first_cut {
        for k in keep.iter_mut().skip(first) {
            *k = false;
        }
    }
}
