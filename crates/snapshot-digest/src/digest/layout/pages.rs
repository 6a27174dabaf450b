//! The full digest in pages of a token limit, for clients that cannot take a large result:
//! its nodes in document order, each page ending at a node boundary, a control never apart
//! from what it contains, and a map of where the rest of the page's regions are.

use std::fmt::Write as _;
use std::ops::Range;

use super::credit::is_actionable;
use super::emit::{EmitOptions, emit};
use super::outline::{full_digest, outline_keep, outline_options};
use super::output::{Digest, finish};
use super::regions::{region_rank, section_end};
use super::settings::DigestConfig;
use super::text::clip;
use super::tuning::{
    MAP_NAME_CHARS, OUTLINE_HEADER_TOKENS, OUTLINE_MAP_DIVISOR, OUTLINE_MAP_TOKENS,
};
use crate::syntax::render_node_at;
use crate::tokens::estimate_tokens;
use crate::tree::Snapshot;

/// Nodes of the outline that stay on one page: a control with the outline nodes in it, or one
/// other node.
struct Unit {
    nodes: Range<usize>,
    tokens: usize,
}

/// Page `config.page` of the full digest, each page within `page_tokens`; see
/// [`full_digest_page`](crate::full_digest_page).
pub(crate) fn full_digest_page(
    snapshot: &Snapshot<'_>,
    config: &DigestConfig,
    page_tokens: usize,
) -> Digest {
    let input_tokens = estimate_tokens(snapshot.source());
    let keep = outline_keep(snapshot);
    let options = outline_options(config);
    let page = config.page.max(1);
    if page == 1 {
        let whole = full_digest(snapshot, config);
        if whole.stats.output_tokens <= page_tokens {
            return whole;
        }
    }
    let map_tokens = (page_tokens / OUTLINE_MAP_DIVISOR).min(OUTLINE_MAP_TOKENS);
    let body_tokens = page_tokens
        .saturating_sub(OUTLINE_HEADER_TOKENS + map_tokens)
        .max(1);
    let units = units(snapshot, &keep, &options, body_tokens);
    let pages = pack(snapshot, &keep, &units, &options, body_tokens);
    let count = pages.len();
    let Some(range) = pages.get(page - 1) else {
        let header = format!(
            "# page outline: page {page} was asked, and the outline has {count} pages; ask for a page from 1 to {count}\n"
        );
        return finish(snapshot, input_tokens, header, String::new(), 0, 0);
    };
    let mask = page_mask(snapshot, &keep, &units, range.clone());
    let mut body = String::new();
    let kept = emit(&mut body, snapshot, &mask, &options);
    let mut page_of = vec![usize::MAX; snapshot.len()];
    for (p, r) in pages.iter().enumerate() {
        for unit in &units[r.clone()] {
            for i in unit.nodes.clone().filter(|&i| keep[i]) {
                page_of[i] = p + 1;
            }
        }
    }
    write_map(&mut body, snapshot, &page_of, page, map_tokens);
    let first = units[range.start].nodes.start;
    let last = units[range.end - 1].nodes.end;
    let mut header = format!(
        "# page outline, page {page} of {count}: {kept} nodes of {} (controls, headings, landmarks, forms; text and wrappers omitted), nodes {}-{} in document order",
        snapshot.len(),
        first + 1,
        last
    );
    if page < count {
        let _ = write!(
            header,
            "; {}",
            config
                .outline_page_hint
                .replace("{page}", &(page + 1).to_string())
        );
    } else {
        header.push_str("; the last page");
    }
    header.push('\n');
    finish(snapshot, input_tokens, header, body, kept, 0)
}

/// The outline's nodes grouped into units, with the tokens of their lines. A unit larger than
/// a page is split into its nodes.
fn units(
    snapshot: &Snapshot<'_>,
    keep: &[bool],
    options: &EmitOptions<'_>,
    body_tokens: usize,
) -> Vec<Unit> {
    let nodes = snapshot.nodes();
    let mut key = String::new();
    let mut line = String::new();
    let mut cost = |i: usize| {
        line.clear();
        render_node_at(&mut line, &mut key, &nodes[i], 0, options.brief());
        line.push('\n');
        estimate_tokens(&line)
    };
    let mut units = Vec::new();
    let mut i = 0;
    while i < nodes.len() {
        if !keep[i] {
            i += 1;
            continue;
        }
        let end = if is_actionable(&nodes[i]) {
            nodes[i].end as usize
        } else {
            i + 1
        };
        let tokens: usize = (i..end).filter(|&j| keep[j]).map(&mut cost).sum();
        if tokens > body_tokens && end > i + 1 {
            units.extend((i..end).filter(|&j| keep[j]).map(|j| Unit {
                nodes: j..j + 1,
                tokens: cost(j),
            }));
        } else {
            units.push(Unit {
                nodes: i..end,
                tokens,
            });
        }
        i = end;
    }
    units
}

/// Splits the units into pages, greedily by their tokens, then checks each page as written
/// (its omission lines and context) and moves units on until it fits.
fn pack(
    snapshot: &Snapshot<'_>,
    keep: &[bool],
    units: &[Unit],
    options: &EmitOptions<'_>,
    body_tokens: usize,
) -> Vec<Range<usize>> {
    let mut pages = Vec::new();
    let mut start = 0;
    let mut body = String::new();
    while start < units.len() {
        let mut end = start;
        let mut used = 0;
        while end < units.len() && (end == start || used + units[end].tokens <= body_tokens) {
            used += units[end].tokens;
            end += 1;
        }
        while end > start + 1 {
            body.clear();
            emit(
                &mut body,
                snapshot,
                &page_mask(snapshot, keep, units, start..end),
                options,
            );
            if estimate_tokens(&body) <= body_tokens {
                break;
            }
            end -= 1;
        }
        pages.push(start..end);
        start = end;
    }
    if pages.is_empty() {
        pages.push(0..0);
    }
    pages
}

/// The nodes one page writes: its units, and the outline nodes around its first one
/// (landmarks, forms, tables) that an earlier page opened, so it reads in context. Controls
/// are never repeated as context: each ref is on one page.
fn page_mask(
    snapshot: &Snapshot<'_>,
    keep: &[bool],
    units: &[Unit],
    range: Range<usize>,
) -> Vec<bool> {
    let nodes = snapshot.nodes();
    let mut mask = vec![false; nodes.len()];
    for unit in &units[range.clone()] {
        for i in unit.nodes.clone() {
            mask[i] = keep[i];
        }
    }
    if let Some(first) = units.get(range.start) {
        let mut at = nodes[first.nodes.start].parent();
        while let Some(a) = at {
            let a = a.index();
            if keep[a] && !is_actionable(&nodes[a]) {
                mask[a] = true;
            }
            at = nodes[a].parent();
        }
    }
    mask
}

/// Comment lines naming the regions (landmarks, then headings of levels 1 to 3) whose outline
/// nodes are on other pages, with those pages, as long as they fit `max_tokens`.
fn write_map(
    out: &mut String,
    snapshot: &Snapshot<'_>,
    page_of: &[usize],
    page: usize,
    max_tokens: usize,
) {
    let nodes = snapshot.nodes();
    let n = nodes.len();
    // For each node, the page of the nearest outline node at or after it and at or before it.
    let mut after = vec![usize::MAX; n + 1];
    for i in (0..n).rev() {
        after[i] = if page_of[i] == usize::MAX {
            after[i + 1]
        } else {
            page_of[i]
        };
    }
    let mut before = vec![usize::MAX; n + 1];
    for i in 0..n {
        before[i + 1] = if page_of[i] == usize::MAX {
            before[i]
        } else {
            page_of[i]
        };
    }
    let title = "# regions on other pages (pages with their outline nodes):\n";
    let mut used = estimate_tokens(title);
    let mut picked: Vec<(usize, String)> = Vec::new();
    'ranks: for rank in 0..3 {
        for (i, node) in nodes.iter().enumerate() {
            if region_rank(node) != Some(rank) {
                continue;
            }
            let end = if rank > 0 {
                section_end(snapshot, i)
            } else {
                node.end as usize
            };
            let (from, to) = (after[i], before[end]);
            if from == usize::MAX || to == usize::MAX || from > to || (from == page && to == page) {
                continue;
            }
            let mut line = format!("#   {}", node.role());
            if let Some(level) = node.level().filter(|_| rank > 0) {
                let _ = write!(line, " h{level}");
            }
            if let Some(name) = node.name() {
                let _ = write!(line, " {:?}", clip(name, MAP_NAME_CHARS));
            }
            if from == to {
                let _ = writeln!(line, ": page {from}");
            } else {
                let _ = writeln!(line, ": pages {from}-{to}");
            }
            let cost = estimate_tokens(&line);
            if used + cost > max_tokens {
                break 'ranks;
            }
            used += cost;
            picked.push((i, line));
        }
    }
    if picked.is_empty() {
        return;
    }
    picked.sort_by_key(|(i, _)| *i);
    out.push_str(title);
    for (_, line) in picked {
        out.push_str(&line);
    }
}
