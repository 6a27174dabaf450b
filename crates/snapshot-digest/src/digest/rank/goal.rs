//! Turning a goal in plain words into weighted concepts to look for.

use super::hash::{FastMap, FastSet};
use super::lexicon::{GROUPS, folded_groups, is_stopword};
use super::question::{Value, asked, asks_a_measure, asks_a_way, is_question};
use super::text::{fold, for_each_word, is_cjk, stem, words_match};
use super::tuning::{
    CJK_PAIR_WEIGHT, CLOSE_WEIGHT, GOAL_CHARS_READ, GROUP_MATCH, NEIGHBOUR_WEIGHT, QUERY_WEIGHT,
    QUOTED_WEIGHT, QUOTED_WORD_WEIGHT, RELATED_WEIGHT, SYNONYM_WEIGHT, VALUE_WEIGHT,
};
use super::{Resources, languages, neighbours, stopwords, wordnet};

/// How an alternative is matched against page text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum AltKind {
    /// One stemmed word, matched word by word (with prefix matching).
    Word,
    /// Several words or CJK text, matched as a substring of the folded text.
    Phrase,
    /// A role: matches nodes of that role, whatever their text.
    Role,
    /// A value of the kind a question asks for, known by its form (`question.rs`).
    Value(Value),
    /// A language's code: matches a node whose whole name or text is the code, alone or
    /// with a region (`DE`, `pt-BR`), as a language switcher shows it.
    LanguageCode,
}

/// One way a concept can appear on the page.
#[derive(Debug, Clone)]
pub(crate) struct Alt {
    /// Light stem for words (the lookup key), the folded text for phrases and roles.
    pub(crate) text: String,
    /// The folded word before stemming, for Snowball comparison; empty for other kinds.
    pub(crate) word: String,
    pub(crate) kind: AltKind,
    pub(crate) weight: f32,
}

/// One thing the goal asks for: a goal word with its variants and lexicon synonyms.
#[derive(Debug, Clone, Default)]
pub(crate) struct Concept {
    pub(crate) alts: Vec<Alt>,
    /// Lexicon groups already merged in, so a group is added once per concept.
    groups: Vec<usize>,
}

/// Whether the goal asks to do something on the page or to read something from it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Intent {
    Act,
    Read,
}

/// The analysed goal.
#[derive(Debug, Clone)]
pub(crate) struct Goal {
    pub(crate) concepts: Vec<Concept>,
    pub(crate) intent: Intent,
    /// The goal carries an email address: a value to enter in a form.
    pub(crate) has_email: bool,
    /// The first `quoted` concepts are the quoted phrases.
    pub(crate) quoted: usize,
    /// Whether Snowball stems confirm word pairs.
    pub(crate) snowball: bool,
    /// The stems of the goal's own content words, quoted ones included, and its folded
    /// text: what the goal says, to tell a control it names from one that shares a word.
    pub(crate) said: Vec<String>,
    pub(crate) folded: String,
}

impl Concept {
    fn push(&mut self, text: String, kind: AltKind, weight: f32) {
        self.push_word(text, String::new(), kind, weight);
    }

    fn push_word(&mut self, text: String, word: String, kind: AltKind, weight: f32) {
        match self
            .alts
            .iter_mut()
            .find(|a| a.text == text && a.kind == kind)
        {
            Some(a) => a.weight = a.weight.max(weight),
            None => self.alts.push(Alt {
                text,
                word,
                kind,
                weight,
            }),
        }
    }

    /// Adds what WordNet relates to an English goal word: close words (synonyms, derived
    /// forms) and, lower, related ones (broader and narrower words, antonyms).
    fn add_wordnet(&mut self, word: &str) {
        let (close, wider) = wordnet::lookup(word);
        self.add_related(close, wider);
    }

    /// Adds WordNet's close and related words at their weights.
    fn add_related(&mut self, close: Vec<&str>, wider: Vec<&str>) {
        for (list, weight) in [(close, CLOSE_WEIGHT), (wider, RELATED_WEIGHT)] {
            for term in list {
                if term.len() < 3 || is_stopword(term) {
                    continue;
                }
                push_term(self, term, weight);
            }
        }
    }

    /// Adds, lowest of all, the words an embedding model places near an English goal word:
    /// meaning no dictionary relation records (`brain` → `neuroscience`). Low, because a
    /// neighbour is often only on the same topic.
    fn add_neighbours(&mut self, word: &str) {
        for term in neighbours::lookup(word) {
            if !is_stopword(term) {
                push_term(self, term, NEIGHBOUR_WEIGHT);
            }
        }
    }

    /// Adds, when `word` names a language in any language ("german", "allemand"), what a
    /// language switcher shows for it: its code, its own name and its English name.
    fn add_language_names(&mut self, word: &str) {
        for code in languages::named_by(word) {
            self.push(code.to_owned(), AltKind::LanguageCode, SYNONYM_WEIGHT);
            for name in languages::own_and_english(code) {
                push_term(self, &fold(name), SYNONYM_WEIGHT);
            }
        }
    }

    fn add_group(&mut self, group: usize) {
        if self.groups.contains(&group) {
            return;
        }
        self.groups.push(group);
        for term in &folded_groups()[group] {
            push_term(self, &term.folded, SYNONYM_WEIGHT);
        }
    }
}

/// Adds a folded lexicon term or goal word as the right kind of alternative.
fn push_term(concept: &mut Concept, folded: &str, weight: f32) {
    if let Some(role) = folded.strip_prefix("role:") {
        concept.push(role.to_owned(), AltKind::Role, weight);
        return;
    }
    let mut words = Vec::new();
    for_each_word(folded, |w| words.push(w.to_owned()));
    match words.as_slice() {
        [one] if !one.chars().any(is_cjk) => {
            concept.push_word(stem(one).to_owned(), one.clone(), AltKind::Word, weight);
        }
        // Symbols such as `$` have no words: matched as text.
        [] if !folded.trim().is_empty() => {
            concept.push(folded.trim().to_owned(), AltKind::Phrase, weight)
        }
        [] => {}
        _ => concept.push(folded.to_owned(), AltKind::Phrase, weight),
    }
}

/// The lexicon groups a single goal word triggers.
fn groups_for_word(word: &str) -> Vec<usize> {
    let stemmed = stem(word);
    folded_groups()
        .iter()
        .enumerate()
        .filter(|(_, terms)| {
            terms
                .iter()
                .any(|t| !t.stem.is_empty() && words_match(&t.stem, stemmed) >= GROUP_MATCH)
        })
        .map(|(i, _)| i)
        .collect()
}

/// Analyses a goal (its first [`GOAL_CHARS_READ`] chars) without the resources of `without`.
pub(crate) fn analyse(goal: &str, without: Resources) -> Goal {
    let goal = match goal.char_indices().nth(GOAL_CHARS_READ) {
        Some((end, _)) => &goal[..end],
        None => goal,
    };
    let folded = fold(goal);
    let mut concepts: Vec<Concept> = Vec::new();

    // Quoted text is one concept: the phrase whole, or its words at a lower weight. Its words
    // are not concepts of their own, so a long quote cannot outvote the rest of the goal.
    let quotes = quoted(&folded);
    // Sets, not lists: a goal may be of any length, and a word looked up in a list of the
    // words before it makes a long goal quadratic.
    let mut quoted_words: FastSet<String> = FastSet::default();
    for phrase in &quotes {
        let mut c = Concept::default();
        c.push(phrase.clone(), AltKind::Phrase, QUOTED_WEIGHT);
        let mut in_phrase: FastSet<&str> = FastSet::default();
        for_each_word(phrase, |w| {
            quoted_words.insert(w.to_owned());
            if in_phrase.insert(w) && !is_stopword(w) && w.len() > 1 && !w.chars().any(is_cjk) {
                c.push_word(
                    stem(w).to_owned(),
                    w.to_owned(),
                    AltKind::Word,
                    QUOTED_WORD_WEIGHT,
                );
            }
        });
        concepts.push(c);
    }
    let quoted_concepts = concepts.len();

    let mut words = Vec::new();
    for_each_word(&folded, |w| words.push(w.to_owned()));
    if !without.lexicon
        && words.iter().any(|w| w == "when")
        && let Some(g) = GROUPS.iter().position(|terms| terms.contains(&"published"))
    {
        let mut c = Concept::default();
        c.add_group(g);
        concepts.push(c);
    }
    let function_words = (!without.stopwords)
        .then(|| stopwords::of_goal(&words))
        .flatten();
    let mut said: Vec<String> = quoted_words
        .iter()
        .filter(|w| !is_stopword(w))
        .map(|w| stem(w).to_owned())
        .collect();
    let mut seen: FastSet<&str> = FastSet::default();
    for (at, word) in words.iter().enumerate() {
        if quoted_words.contains(word) || !seen.insert(word) {
            continue;
        }
        if word.chars().any(is_cjk) {
            concepts.push(cjk_concept(word, !without.lexicon));
            continue;
        }
        // The first word of an imperative is its verb: one the lexicon knows as an action on
        // a page ("Like the post by Ben Ross") says what to do, though the same word is a
        // function word elsewhere ("I'd like to…").
        let verb = at == 0
            && !without.lexicon
            && folded_groups()
                .iter()
                .any(|terms| terms.iter().any(|t| t.folded == *word));
        if !verb
            && (is_stopword(word)
                || function_words.is_some_and(|f| f.contains(word.as_str()))
                || (word.len() < 2 && !word.chars().all(|c| c.is_ascii_digit())))
        {
            continue;
        }
        said.push(stem(word).to_owned());
        let mut c = Concept::default();
        c.push_word(stem(word).to_owned(), word.clone(), AltKind::Word, 1.0);
        if !without.lexicon {
            for g in groups_for_word(word) {
                c.add_group(g);
            }
        }
        if !without.languages {
            c.add_language_names(word);
        }
        if word.is_ascii() {
            if !without.wordnet {
                c.add_wordnet(word);
            }
            if !without.neighbours {
                c.add_neighbours(word);
            }
        }
        concepts.push(c);
    }

    if !without.wordnet {
        add_phrasal(&mut concepts, &words);
    }
    // Multi-word and CJK lexicon entries found in the goal ("sign in", "検索").
    let spaced = format!(" {} ", words.join(" "));
    for (g, terms) in folded_groups().iter().enumerate() {
        let hit = !without.lexicon
            && terms.iter().any(|t| {
                let t = &t.folded;
                (t.contains(' ') && spaced.contains(&format!(" {t} ")))
                    || (t.chars().any(is_cjk) && folded.contains(t.as_str()))
            });
        if hit && !concepts.iter().any(|c| c.groups.contains(&g)) {
            let mut c = Concept::default();
            c.add_group(g);
            concepts.push(c);
        }
    }
    // In a search goal the quoted text is what to type, not what to find on the page.
    let search = GROUPS.iter().position(|terms| terms.contains(&"search"));
    if concepts[quoted_concepts..]
        .iter()
        .any(|c| search.is_some_and(|g| c.groups.contains(&g)))
    {
        for c in &mut concepts[..quoted_concepts] {
            for alt in &mut c.alts {
                alt.weight *= QUERY_WEIGHT;
            }
        }
    }
    // A question is answered by a value of the kind it asks for: that value is a concept,
    // when the kind has a form to find it by.
    let intent = intent(&words, goal);
    if intent == Intent::Read
        && let Some(kind) = asked(&folded, &words)
        && kind.has_form()
    {
        let mut c = Concept::default();
        c.push(kind.as_str().to_owned(), AltKind::Value(kind), VALUE_WEIGHT);
        concepts.push(c);
    }
    let has_email = goal
        .split_whitespace()
        .any(|w| w.contains('@') && w.contains('.'));
    Goal {
        concepts,
        intent,
        has_email,
        quoted: quoted_concepts,
        snowball: !without.snowball,
        said,
        folded,
    }
}

/// Adds what WordNet relates to the lemmas of two or three words the goal says ("chip in",
/// "get rid of") to the concept of their first word, or to a concept of their own when that
/// word is a function word ("get out").
fn add_phrasal(concepts: &mut Vec<Concept>, words: &[String]) {
    // A phrase the goal repeats adds its words once, as a repeated word does.
    let mut seen: FastSet<String> = FastSet::default();
    // The concept of each goal word, by the word.
    let mut of_word: FastMap<String, usize> = FastMap::default();
    for (k, c) in concepts.iter().enumerate() {
        if let Some(a) = c.alts.first().filter(|a| !a.word.is_empty()) {
            of_word.entry(a.word.clone()).or_insert(k);
        }
    }
    for (at, first) in words.iter().enumerate() {
        if !first.is_ascii() || first.len() < 2 {
            continue;
        }
        let mut rest = String::new();
        let mut function_words = is_stopword(first);
        for next in words.iter().skip(at + 1).take(2) {
            if !next.is_ascii() {
                break;
            }
            if !rest.is_empty() {
                rest.push(' ');
            }
            rest.push_str(next);
            // Function words alone ("in this", "so far") say nothing of the page.
            function_words &= is_stopword(next);
            if function_words {
                continue;
            }
            let (close, wider) = wordnet::lookup_phrase(first, &rest);
            if (close.is_empty() && wider.is_empty()) || !seen.insert(format!("{first} {rest}")) {
                continue;
            }
            match of_word
                .get(first.as_str())
                .and_then(|&k| concepts.get_mut(k))
            {
                Some(c) => c.add_related(close, wider),
                None => {
                    let mut c = Concept::default();
                    c.add_related(close, wider);
                    if !c.alts.is_empty() {
                        concepts.push(c);
                    }
                }
            }
        }
    }
}

/// A run of CJK text: the run itself, and its two-character pieces at `CJK_PAIR_WEIGHT`, since
/// words are not separated.
fn cjk_concept(run: &str, lexicon: bool) -> Concept {
    let mut c = Concept::default();
    c.push(run.to_owned(), AltKind::Phrase, 1.0);
    let chars: Vec<char> = run.chars().collect();
    if chars.len() > 2 {
        for pair in chars.windows(2) {
            c.push(pair.iter().collect(), AltKind::Phrase, CJK_PAIR_WEIGHT);
        }
    }
    for (g, terms) in folded_groups().iter().enumerate() {
        if lexicon
            && terms
                .iter()
                .any(|t| t.folded.chars().any(is_cjk) && run.contains(t.folded.as_str()))
        {
            c.add_group(g);
        }
    }
    c
}

/// Text between quotes: '…', "…", “…”, «…», 「…」.
fn quoted(folded: &str) -> Vec<String> {
    let pairs = [
        ('\'', '\''),
        ('"', '"'),
        ('\u{201c}', '\u{201d}'),
        ('\u{ab}', '\u{bb}'),
        ('\u{300c}', '\u{300d}'),
    ];
    let mut out = Vec::new();
    for (open, close) in pairs {
        let mut rest = folded;
        while let Some(start) = rest.find(open) {
            // An apostrophe inside a word (`Bartleby's`) opens nothing.
            let before = rest[..start].chars().next_back();
            let after_open = &rest[start + open.len_utf8()..];
            if open == '\'' && before.is_some_and(char::is_alphanumeric) {
                rest = after_open;
                continue;
            }
            let Some(end) = after_open.find(close) else {
                break;
            };
            let inner = after_open[..end].trim();
            if inner.chars().count() >= 2 {
                out.push(inner.to_owned());
            }
            rest = &after_open[end + close.len_utf8()..];
        }
    }
    out
}

/// Act or read. A goal that opens with an action verb, or names a strong one anywhere ("buy",
/// "subscribe"), acts; otherwise a question, or a goal that opens with a question word, reads.
fn intent(words: &[String], goal: &str) -> Intent {
    const OPENERS: &[&str] = &[
        "open",
        "go",
        "click",
        "take",
        "play",
        "follow",
        "share",
        "subscribe",
        "sign",
        "log",
        "search",
        "buy",
        "show",
        "jump",
        "continue",
        "leave",
        "post",
        "create",
        "join",
        "download",
        "bookmark",
        "print",
        "hide",
        "report",
        "move",
        "switch",
        "email",
        "give",
        "see",
        "look",
        "submit",
        "send",
        "add",
        "select",
        "choose",
        "enter",
        "type",
        "fill",
        "press",
        "visit",
        "watch",
        "scroll",
        "let",
        "get",
        "have",
        "rechercher",
        "lire",
    ];
    const STRONG: &[&str] = &[
        "buy",
        "subscribe",
        "sign",
        "log",
        "share",
        "follow",
        "download",
        "play",
        "search",
        "print",
        "bookmark",
        "join",
        "register",
        "contact",
        "ask",
        "comment",
        "watch",
    ];
    const READ: &[&str] = &["according", "check", "once"];
    let first = words.first().map(String::as_str).unwrap_or_default();
    if OPENERS.contains(&first)
        || words.iter().any(|w| STRONG.contains(&w.as_str()))
        || (asks_a_way(words) && !asks_a_measure(words))
    {
        return Intent::Act;
    }
    if is_question(goal, words) || READ.contains(&first) {
        Intent::Read
    } else {
        Intent::Act
    }
}

#[cfg(test)]
mod tests;
