//! The header line of a goal digest or an outline: what was kept, what was cut, and how to
//! get more; written last, its widest form measured first so that its cost is set aside.

use super::settings::DigestConfig;
use super::text::clip;
use super::tuning::GOAL_CHARS;

/// What the header line reports.
pub(crate) struct Counts {
    pub(crate) hits: usize,
    pub(crate) listed: usize,
    pub(crate) regions: usize,
    pub(crate) shown: usize,
    pub(crate) more: bool,
    /// The matches were chosen by someone else (the LLM digest's model).
    pub(crate) given: bool,
}

/// The header of page `page` of a goal digest, or of an outline when the goal is empty.
pub(crate) fn header(
    goal: &str,
    config: &DigestConfig,
    page: usize,
    parts: &Counts,
    total: usize,
    site: Option<&str>,
) -> String {
    let shown = parts.shown;
    // The goal is not quoted back: the agent wrote it in the same call, and a long one would
    // take the budget of what serves it.
    let mut h = if goal.trim().is_empty() {
        format!("# outline of the page, page {page}: ")
    } else {
        format!("# goal digest, page {page}: ")
    };
    if page == 1 {
        let n = parts.hits;
        let what = match (parts.given, n == 1) {
            (true, _) => "chosen by the model",
            (false, true) => "match",
            (false, false) => "matches",
        };
        h.push_str(&format!("{n} {what} in context, "));
    }
    h.push_str(&format!(
        "{} more {}",
        parts.listed,
        if parts.listed == 1 {
            "candidate"
        } else {
            "candidates"
        }
    ));
    if parts.regions > 0 {
        h.push_str(&format!(", {} regions mapped", parts.regions));
    }
    h.push_str(&format!(
        "; {shown} of {total} nodes, \"# …\" marks omissions; "
    ));
    if let Some(site) = site {
        h.push_str(&format!("links to {site} show only their path; "));
    }
    if parts.more {
        h.push_str(
            &config
                .next_page_hint
                .replace("{page}", &(page + 1).to_string()),
        );
        h.push_str(", or ");
    }
    h.push_str(&config.full_snapshot_hint);
    h.push('\n');
    h
}

/// The header of a snapshot that came back whole.
pub(crate) fn whole_header(goal: &str, input_tokens: usize, budget: usize) -> String {
    if goal.trim().is_empty() {
        return format!(
            "# snapshot: whole, {input_tokens} tokens within the budget of {budget}; nothing omitted\n"
        );
    }
    format!(
        "# snapshot for goal {goal:?}: whole, {input_tokens} tokens within the budget of {budget}; nothing omitted\n"
    )
}

/// The goal as the header quotes it: at most `GOAL_CHARS` chars, so that a long goal cannot
/// take the budget.
pub(crate) fn shorten(goal: &str) -> String {
    clip(goal, GOAL_CHARS)
}
