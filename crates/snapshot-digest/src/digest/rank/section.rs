//! Links within the page take their meaning from the part of the page they lead to.
//!
//! An entry of a table of contents ("3.7.2 SpiderMonkey", "Cuisine", "Use Median") names a
//! section in a word or two; what the section is about is written in the section. A link whose
//! URL fragment names a heading of this same page leads there (`#Use_Median`, `#use-median`
//! and "Use Median" name the same place once case, accents and punctuation are set aside).
//! The goal's words found in that section, from its anchor to the next anchor any such link
//! leads to, count for the link as context: "which part of the article covers its JavaScript
//! engine? take me there" finds the contents entry of the section about the engine.
//!
//! chrome-devtools-mcp's snapshot can leave a section's heading node out and keep its text
//! alone; there a short text that names the fragment, after the link, is the anchor.

use super::hash::{FastMap, FastSet};
use super::index::Matches;
use super::text::fold_into;
use super::tuning::{ANCHOR_CHARS, SECTION_NODES};
use crate::tree::Snapshot;

/// The best match of each concept in the section each in-page link leads to.
#[derive(Debug, Default)]
pub(crate) struct Sections {
    /// A link's node to its section's row in `best`.
    row_of: FastMap<usize, usize>,
    /// One row of `concepts` credits per section.
    best: Vec<f32>,
    concepts: usize,
}

impl Sections {
    /// The credits of the section link `i` leads to, one per concept; `None` for a node that
    /// is no such link.
    pub(crate) fn of(&self, i: usize) -> Option<&[f32]> {
        let row = *self.row_of.get(&i)?;
        self.best
            .get(row * self.concepts..(row + 1) * self.concepts)
    }
}

/// The sections the page's in-page links lead to, with the goal's best match in each.
pub(crate) fn section_context(
    snap: &Snapshot<'_>,
    actionable: &[bool],
    matches: &Matches,
) -> Sections {
    let nodes = snap.nodes();
    let c = matches.concepts;
    if c == 0 {
        return Sections::default();
    }
    let links: Vec<(usize, String)> = nodes
        .iter()
        .enumerate()
        .filter(|&(i, _)| actionable[i])
        .filter_map(|(i, node)| {
            let fragment = node.url()?.split_once('#')?.1;
            let mut key = String::new();
            slug_into(&mut key, &percent_decoded(fragment));
            (key.chars().count() >= 2).then_some((i, key))
        })
        .collect();
    if links.is_empty() {
        return Sections::default();
    }
    let wanted: FastSet<&str> = links.iter().map(|(_, k)| k.as_str()).collect();
    // A label is folded only when it has as many letters and digits as some fragment: most
    // of a page's text is then passed over at the cost of a count.
    let lengths: FastSet<usize> = links.iter().map(|(_, k)| k.chars().count()).collect();
    // Headings anywhere, then short texts, for each slug a link asks for, in document order.
    let mut headings: FastMap<String, usize> = FastMap::default();
    let mut texts: FastMap<String, Vec<usize>> = FastMap::default();
    let mut key = String::new();
    for (i, node) in nodes.iter().enumerate() {
        if actionable[i] {
            continue;
        }
        let heading = node.role() == "heading";
        let Some(label) = node.name().or(node.text()).or_else(|| {
            // A heading whose text is a child (`- heading [level=2]:` / `- text: Cuisine`).
            heading
                .then(|| nodes.get(i + 1).filter(|_| (node.end as usize) > i + 1))
                .flatten()
                .and_then(|child| child.name().or(child.text()))
        }) else {
            continue;
        };
        if label.len() > 4 * ANCHOR_CHARS
            || label.chars().count() > ANCHOR_CHARS
            || !lengths.contains(&label.chars().filter(|c| c.is_alphanumeric()).count())
        {
            continue;
        }
        slug_into(&mut key, label);
        if !wanted.contains(key.as_str()) {
            continue;
        }
        if heading {
            headings.entry(key.clone()).or_insert(i);
        } else {
            texts.entry(key.clone()).or_default().push(i);
        }
    }
    let anchor_of = |link: usize, key: &str| {
        headings.get(key).copied().or_else(|| {
            texts
                .get(key)
                .and_then(|at| at.iter().copied().find(|&j| j > link))
        })
    };
    let resolved: Vec<(usize, usize)> = links
        .iter()
        .filter_map(|(i, key)| Some((*i, anchor_of(*i, key)?)))
        .collect();
    let mut anchors: Vec<usize> = resolved.iter().map(|&(_, a)| a).collect();
    anchors.sort_unstable();
    anchors.dedup();
    // Each anchor's section, read once however many links lead to it.
    let mut best = vec![0.0f32; anchors.len() * c];
    for (row, &a) in anchors.iter().enumerate() {
        let end = anchors
            .get(row + 1)
            .copied()
            .unwrap_or(nodes.len())
            .min(a + SECTION_NODES)
            .min(nodes.len());
        let credits = &mut best[row * c..(row + 1) * c];
        for j in a..end {
            for (k, slot) in credits.iter_mut().enumerate() {
                *slot = slot.max(matches.get(j, k));
            }
        }
    }
    let row_of = resolved
        .into_iter()
        .filter_map(|(i, a)| Some((i, anchors.binary_search(&a).ok()?)))
        .collect();
    Sections {
        row_of,
        best,
        concepts: c,
    }
}

/// Text as a fragment names it, folded, letters and digits only, in `out` (cleared first):
/// most labels are slugged only to be compared, so one buffer serves them all.
fn slug_into(out: &mut String, text: &str) {
    out.clear();
    fold_into(out, text);
    out.retain(char::is_alphanumeric);
}

/// `%XX` escapes decoded (`%C3%A9` → `é`); anything else kept as it is.
fn percent_decoded(fragment: &str) -> String {
    if !fragment.contains('%') {
        return fragment.to_owned();
    }
    let bytes = fragment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%'
            && let (Some(hi), Some(lo)) = (
                bytes.get(i + 1).copied().and_then(hex),
                bytes.get(i + 2).copied().and_then(hex),
            )
        {
            out.push((hi * 16 + lo) as u8);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests;
