//! Matching a goal's concepts against every node of a snapshot.
//!
//! All node strings are folded once into one buffer. Words are matched through a map keyed by
//! the first four characters of each alternative (so `twitteru` finds `twitter` in one
//! lookup), phrases and CJK text by a substring search over the buffer. The result is, for
//! each node and concept, the best weighted match: `own[node * concepts + concept]`.

use memchr::memmem;

use super::goal::{AltKind, Goal};
use super::hash::FastMap;
use super::kept::is_kept;
use super::languages::is_code_of;
use super::question::{Value, has_value};
use super::stopwords::PageLanguage;
use super::text::{
    fold_into, for_each_word, is_cjk, light_stem, same_stem, snowball_stems, stem, words_match,
};
use super::tuning::{
    IDF_FLOOR, PLACEHOLDER_WEIGHT, SNOWBALL_MIN_WEIGHT, SNOWBALL_QUALITY, URL_WEIGHT,
};
use crate::addressed::is_marker;
use crate::tree::{NodeKind, Snapshot};

/// Which string of a node a match came from, with its weight.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Field {
    Name,
    Text,
    Url,
    /// The `#fragment` of a URL: an anchor named for what it leads to (`#comments`).
    Fragment,
    Placeholder,
}

impl Field {
    fn weight(self) -> f32 {
        match self {
            Self::Name | Self::Text | Self::Fragment => 1.0,
            Self::Placeholder => PLACEHOLDER_WEIGHT,
            Self::Url => URL_WEIGHT,
        }
    }
}

/// A node string's place in the folded buffer.
struct Span {
    start: u32,
    end: u32,
    node: u32,
    field: Field,
}

/// Per-node, per-concept match strengths.
pub(crate) struct Matches {
    pub(crate) concepts: usize,
    pub(crate) own: Vec<f32>,
    /// `(concept, alternative)` pairs found anywhere on the page.
    found: Vec<(u16, u16)>,
    /// Whether the page's text reads as English.
    pub(crate) english_page: bool,
}

impl Matches {
    pub(crate) fn get(&self, node: usize, concept: usize) -> f32 {
        self.own[node * self.concepts + concept]
    }

    /// Whether alternative `alt` of `concept` occurs anywhere on the page.
    pub(crate) fn found(&self, concept: usize, alt: usize) -> bool {
        self.found.contains(&(index_u16(concept), index_u16(alt)))
    }
}

/// Computes how strongly each node's own strings match each concept of the goal.
pub(crate) fn match_goal(snap: &Snapshot<'_>, goal: &Goal) -> Matches {
    let concepts = goal.concepts.len();
    let n = snap.len();
    let (buffer, spans) = fold_nodes(snap);

    // Raw match quality per (node, concept, alt), before idf: kept sparse.
    let mut hits: Vec<(u32, u16, u16, f32)> = Vec::new();
    // Words and multi-word phrases are looked up where a page word has the same key: the
    // first four chars of its light stem (the whole stem when shorter), so that `twitteru`
    // finds `twitter` and `log` finds "log in" in one lookup. Other phrases (CJK runs,
    // symbols, quoted text) are found by a scan of the buffer.
    let mut by_key: FastMap<&str, Vec<(u16, u16, bool)>> = FastMap::default();
    for (ci, concept) in goal.concepts.iter().enumerate() {
        for (ai, alt) in concept.alts.iter().enumerate() {
            let key = (index_u16(ci), index_u16(ai));
            match alt.kind {
                AltKind::Word => by_key
                    .entry(word_key(&alt.text))
                    .or_default()
                    .push((key.0, key.1, false)),
                AltKind::Role => {
                    for (i, node) in snap.nodes().iter().enumerate() {
                        if node.role() == alt.text {
                            hits.push((u32::try_from(i).unwrap_or(u32::MAX), key.0, key.1, 1.0));
                        }
                    }
                }
                AltKind::Value(value) => {
                    for span in &spans {
                        let text = &buffer[span.start as usize..span.end as usize];
                        if matches!(span.field, Field::Name | Field::Text) && has_value(text, value)
                        {
                            hits.push((span.node, key.0, key.1, 1.0));
                        }
                    }
                    if value == Value::Date {
                        for (i, node) in snap.nodes().iter().enumerate() {
                            if node.role() == "time" {
                                hits.push((
                                    u32::try_from(i).unwrap_or(u32::MAX),
                                    key.0,
                                    key.1,
                                    1.0,
                                ));
                            }
                        }
                    }
                }
                AltKind::LanguageCode => {
                    for span in &spans {
                        let text = &buffer[span.start as usize..span.end as usize];
                        if matches!(span.field, Field::Name | Field::Text)
                            && is_code_of(text, &alt.text)
                        {
                            hits.push((span.node, key.0, key.1, 1.0));
                        }
                    }
                }
                AltKind::Phrase if let Some(first) = leading_word(&alt.text) => {
                    by_key
                        .entry(word_key(stem(first)))
                        .or_default()
                        .push((key.0, key.1, true));
                }
                AltKind::Phrase => {
                    for at in memmem::find_iter(buffer.as_bytes(), alt.text.as_bytes()) {
                        if let Some(span) = span_at(&spans, at) {
                            hits.push((span.node, key.0, key.1, span.field.weight()));
                        }
                    }
                }
            }
        }
    }
    // Snowball stems, computed once per distinct word: a page repeats its words, and a goal
    // word meets many page words.
    let mut page_stems: FastMap<&str, Vec<String>> = FastMap::default();
    let mut alt_stems: FastMap<(u16, u16), Vec<String>> = FastMap::default();
    let starts = KeyStarts::new(by_key.keys());
    for span in &spans {
        let text = &buffer[span.start as usize..span.end as usize];
        for_each_word(text, |raw| {
            if !starts.may_start(raw) {
                return;
            }
            // The light strip first; whether the word must stay whole (`kept.rs`) is only
            // asked when the goal has a word under either key, which few page words do.
            let mut word = light_stem(raw);
            let mut candidates = by_key.get(word_key(word));
            if word.len() < raw.len() {
                // A stem of four chars or more has the whole word's key.
                let whole = if prefix4(word).is_some() {
                    candidates
                } else {
                    by_key.get(word_key(raw))
                };
                if (candidates.is_some() || whole.is_some()) && is_kept(raw) {
                    word = raw;
                    candidates = whole;
                }
            }
            let Some(candidates) = candidates else {
                return;
            };
            for &(ci, ai, phrase) in candidates {
                let alt = &goal.concepts[ci as usize].alts[ai as usize];
                if phrase {
                    // `raw` lies inside `buffer`: its offset is where the phrase would start.
                    let at = raw.as_ptr() as usize - buffer.as_ptr() as usize;
                    if buffer[at..].starts_with(alt.text.as_str()) {
                        hits.push((span.node, ci, ai, span.field.weight()));
                    }
                    continue;
                }
                let mut quality = words_match(word, &alt.text);
                // Snowball confirms what the light stem misses, for the goal's own words and
                // close synonyms; looser relatives must match as they are.
                if quality == 0.0
                    && goal.snowball
                    && !alt.word.is_empty()
                    && alt.weight >= SNOWBALL_MIN_WEIGHT
                {
                    let mine = page_stems.entry(raw).or_insert_with(|| snowball_stems(raw));
                    let theirs = alt_stems
                        .entry((ci, ai))
                        .or_insert_with(|| snowball_stems(&alt.word));
                    if same_stem(mine, theirs) {
                        quality = SNOWBALL_QUALITY;
                    }
                }
                if quality > 0.0 {
                    hits.push((span.node, ci, ai, quality * span.field.weight()));
                }
            }
        });
    }

    // Document frequency per alternative: rare words say more about where the goal is.
    let mut df: FastMap<(u16, u16), u32> = FastMap::default();
    hits.sort_unstable_by_key(|h| (h.1, h.2, h.0));
    hits.dedup_by(|a, b| {
        let same = a.0 == b.0 && a.1 == b.1 && a.2 == b.2;
        if same {
            b.3 = b.3.max(a.3);
        }
        same
    });
    for h in &hits {
        *df.entry((h.1, h.2)).or_default() += 1;
    }
    let total = n as f32 + 1.0;
    let mut own = vec![0.0f32; n * concepts];
    for &(node, ci, ai, quality) in &hits {
        let alt = &goal.concepts[ci as usize].alts[ai as usize];
        let count = df.get(&(ci, ai)).copied().unwrap_or(1) as f32;
        let idf = (total / (count + 0.5)).ln().max(IDF_FLOOR);
        let slot = &mut own[node as usize * concepts + ci as usize];
        *slot = slot.max(quality * alt.weight * idf);
    }
    let found = df.into_keys().collect();
    // The page's language from its first words of text, apart from the matching loop, which
    // reads every word and runs faster without it.
    let mut language = PageLanguage::default();
    for span in spans
        .iter()
        .filter(|s| matches!(s.field, Field::Name | Field::Text))
    {
        if language.is_full() {
            break;
        }
        for_each_word(&buffer[span.start as usize..span.end as usize], |w| {
            language.add(w);
        });
    }
    Matches {
        concepts,
        own,
        found,
        english_page: language.is_english(),
    }
}

/// The first bytes of the lookup map's keys. Every key a page word is looked up by is a
/// prefix of the word (of its light stem or of itself), so a word that starts as no key
/// does is passed over without its stem or a hash: most of a page's words.
struct KeyStarts {
    /// Keys of one byte, by that byte.
    one: [bool; 256],
    /// Keys of two bytes or more, a bit for their first two.
    two: Vec<u64>,
}

impl KeyStarts {
    fn new<'k>(keys: impl Iterator<Item = &'k &'k str>) -> Self {
        let mut starts = Self {
            one: [false; 256],
            two: vec![0; 1 << 10],
        };
        for key in keys {
            match *key.as_bytes() {
                [] => {}
                [a] => starts.one[usize::from(a)] = true,
                [a, b, ..] => {
                    let bit = usize::from(a) << 8 | usize::from(b);
                    starts.two[bit >> 6] |= 1 << (bit & 63);
                }
            }
        }
        starts
    }

    /// Whether some key is a prefix of `word` as far as its first two bytes tell.
    fn may_start(&self, word: &str) -> bool {
        match *word.as_bytes() {
            [] => false,
            [a] => self.one[usize::from(a)],
            [a, b, ..] => {
                let bit = usize::from(a) << 8 | usize::from(b);
                self.one[usize::from(a)] || self.two[bit >> 6] & 1 << (bit & 63) != 0
            }
        }
    }
}

fn index_u16(i: usize) -> u16 {
    u16::try_from(i).unwrap_or(u16::MAX)
}

/// The first word of a phrase of several plain (non-CJK) words that starts with a word char.
fn leading_word(phrase: &str) -> Option<&str> {
    let (first, rest) = phrase.split_once(' ')?;
    let plain = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_alphanumeric() && !is_cjk(c));
    (plain(first) && !rest.is_empty()).then_some(first)
}

/// A stem's key in the lookup map: its first four chars, or the whole stem when shorter.
fn word_key(word: &str) -> &str {
    prefix4(word).unwrap_or(word)
}

/// The first four characters, when the word has at least four.
fn prefix4(word: &str) -> Option<&str> {
    let (end, _) = word.char_indices().nth(3)?;
    let end = end + word[end..].chars().next().map_or(0, char::len_utf8);
    Some(&word[..end])
}

fn span_at(spans: &[Span], at: usize) -> Option<&Span> {
    let at = u32::try_from(at).ok()?;
    let i = spans.partition_point(|s| s.start <= at).checked_sub(1)?;
    spans.get(i).filter(|s| at < s.end)
}

/// Folds every node's name, text, url and placeholder into one buffer, `\n`-separated so that
/// a phrase cannot match across two strings.
fn fold_nodes(snap: &Snapshot<'_>) -> (String, Vec<Span>) {
    let mut buffer = String::with_capacity(snap.source().len());
    let mut spans = Vec::with_capacity(snap.len() * 2);
    for (i, node) in snap.nodes().iter().enumerate() {
        let node_id = u32::try_from(i).unwrap_or(u32::MAX);
        let mut add = |text: &str, field: Field| {
            if text.is_empty() {
                return;
            }
            let start = u32::try_from(buffer.len()).unwrap_or(u32::MAX);
            fold_into(&mut buffer, text);
            let end = u32::try_from(buffer.len()).unwrap_or(u32::MAX);
            buffer.push('\n');
            spans.push(Span {
                start,
                end,
                node: node_id,
                field,
            });
        };
        // A held-back node is never matched by its words: its marker's words are the
        // digest's, and its own are the page's attack on the agent.
        if node.kind() == NodeKind::Unchanged || node.name().or(node.text()).is_some_and(is_marker)
        {
            continue;
        }
        if let Some(name) = node.name() {
            add(name, Field::Name);
        }
        if let Some(text) = node.text() {
            add(text, Field::Text);
        }
        // Playwright writes a URL or placeholder as a `/url:` prop; chrome-devtools-mcp as an
        // attribute, with the title tooltip as `description`; agent-browser its URL as an
        // attribute.
        let props = node.props().iter().map(|p| (p.name(), p.value()));
        let attrs = node
            .attributes()
            .iter()
            .filter(|a| match node.syntax() {
                crate::tree::Syntax::DevTools => true,
                crate::tree::Syntax::AgentBrowser => a.name() == "url",
                crate::tree::Syntax::Playwright => false,
            })
            .filter_map(|a| Some((a.name(), a.value()?)));
        for (key, value) in props.chain(attrs) {
            match key {
                "url" => match value.split_once('#') {
                    Some((path, fragment)) => {
                        add(path, Field::Url);
                        add(fragment, Field::Fragment);
                    }
                    None => add(value, Field::Url),
                },
                "placeholder" => add(value, Field::Placeholder),
                "description" => add(value, Field::Text),
                _ => {}
            }
        }
    }
    (buffer, spans)
}

#[cfg(test)]
mod tests;
