//! The two baselines of the corpus README that a goal digest is compared with.

use snapshot_digest::{NodeKind, estimate_tokens, is_interactive_role, parse};

/// Baseline 1 of the corpus README: every interactive element on one line, with its `/url`.
pub fn interactive_only(text: &str) -> String {
    let Ok(snap) = parse(text) else {
        return String::new();
    };
    let mut out = String::new();
    for node in snap.nodes() {
        if node.kind() != NodeKind::Element || !is_interactive_role(node.role()) {
            continue;
        }
        out.push_str("- ");
        out.push_str(node.role());
        if let Some(name) = node.name() {
            out.push_str(&format!(" {name:?}"));
        }
        if let Some(r) = node.aria_ref() {
            out.push_str(&format!(" [ref={r}]"));
        }
        if let Some(url) = node.url() {
            out.push_str(&format!(" /url: {url}"));
        }
        out.push('\n');
    }
    out
}

/// Baseline 2 of the corpus README: like Playwright MCP's `browser_find`, one case-insensitive search per goal
/// word; each matching line with ±3 lines of context and its ancestor path, gaps as `...`.
pub fn keyword_grep(text: &str, goal: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let lower: Vec<String> = lines.iter().map(|l| l.to_lowercase()).collect();
    let indent = |l: &str| l.len() - l.trim_start().len();
    let mut keep = vec![false; lines.len()];
    let words: Vec<String> = goal
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3)
        .map(str::to_lowercase)
        .collect();
    for word in &words {
        for (i, l) in lower.iter().enumerate() {
            if !l.contains(word.as_str()) {
                continue;
            }
            keep[i.saturating_sub(3)..(i + 4).min(lines.len())].fill(true);
            let mut want = indent(lines[i]);
            for k in (0..i).rev() {
                if want == 0 {
                    break;
                }
                if indent(lines[k]) < want {
                    keep[k] = true;
                    want = indent(lines[k]);
                }
            }
        }
    }
    let mut out = String::new();
    let mut gap = false;
    for (i, l) in lines.iter().enumerate() {
        if keep[i] {
            if gap {
                out.push_str("...\n");
            }
            out.push_str(l);
            out.push('\n');
            gap = false;
        } else {
            gap = true;
        }
    }
    out
}

/// The first lines of `text` that fit `max_tokens` ([`estimate_tokens`]): a baseline cut to
/// the budget a digest is given, for a comparison at equal size.
#[must_use]
pub fn within_tokens(text: &str, max_tokens: usize) -> String {
    let mut out = String::new();
    let mut used = 0;
    for line in text.lines() {
        let cost = estimate_tokens(line) + 1;
        if used + cost > max_tokens {
            break;
        }
        used += cost;
        out.push_str(line);
        out.push('\n');
    }
    out
}
