//! A signal's grammar, compiled for what a one-shot process asks of it: most grammars a page
//! needs only ever answer "no match", so only that question is compiled at first.

use std::ops::Range;
use std::panic::{RefUnwindSafe, UnwindSafe};
use std::sync::OnceLock;

use regex_automata::hybrid::dfa::{Cache, DFA};
use regex_automata::nfa::thompson::{self, WhichCaptures};
use regex_automata::util::pool::Pool;
use regex_automata::{Input, meta};

/// A grammar written with `\b` as an ASCII word boundary (cheaper, and every English word
/// class is ASCII) and `{NAME}` standing for a word class of `classes`; each pattern says with
/// `(?i)` whether case matters (role labels and shouted claims keep theirs).
pub(crate) fn grammar(pattern: &str, classes: &[(&str, &str)]) -> Grammar {
    let mut out = pattern.replace(r"\b", r"(?-u:\b)");
    for (name, class) in classes {
        out = out.replace(name, class);
    }
    compile(&out)
}

/// A constant pattern, compiled.
pub(crate) fn compile(pattern: &str) -> Grammar {
    Grammar::new(pattern)
}

/// The lazy DFA's caches, one per thread that searches at once.
type Caches = Pool<Cache, Box<dyn Fn() -> Cache + Send + Sync + UnwindSafe + RefUnwindSafe>>;

/// A compiled grammar. Whether it matches at all is asked first of its looser grammar
/// ([`approx`]), then of a forward lazy DFA, built from the forward automaton alone; where the
/// matches are, of the regex engine whole (forward and reverse automata). Each is built the
/// first time a text gets that far.
///
/// A one-shot process compiles each grammar a page's prefilter leaves in, and the compile is
/// most of its scan (`wikipedia-2`'s strings need 25 grammars): a looser grammar compiles in a
/// fraction of the time (no case folding, no bounded repetitions copied out), and on an honest
/// page few texts match one, so the grammar itself is seldom built there. No capture groups (a
/// signal wants the match, never a group), no engines made for captures (one-pass DFA,
/// backtracker) and no literal prefilter of the grammar's own (the prefilter of pieces has
/// already chosen the text) cut the rest. The answers are the engine's, the same.
pub(crate) struct Grammar {
    /// The looser grammar's forward lazy DFA, read in the lowered text; `None` when there is
    /// no looser grammar written down for this one.
    looser: Option<Box<(DFA, Caches)>>,
    /// `None` inside when the pattern is one the lazy DFA cannot take (the engine whole then
    /// answers).
    forward: OnceLock<Option<Box<(DFA, Caches)>>>,
    whole: OnceLock<meta::Regex>,
    source: String,
}

impl Grammar {
    fn new(pattern: &str) -> Self {
        let looser = approx::approximation(pattern)
            .and_then(forward_dfa)
            .map(with_caches);
        Self {
            looser,
            forward: OnceLock::new(),
            whole: OnceLock::new(),
            source: pattern.to_owned(),
        }
    }

    /// The grammar's own forward lazy DFA, built on first use.
    fn forward(&self) -> Option<&(DFA, Caches)> {
        self.forward
            .get_or_init(|| forward_dfa(&self.source).map(with_caches))
            .as_deref()
    }

    /// The regex engine whole, built on first use.
    fn whole(&self) -> &meta::Regex {
        self.whole.get_or_init(|| {
            let config = meta::Config::new()
                .which_captures(WhichCaptures::Implicit)
                .onepass(false)
                .backtrack(false)
                .auto_prefilter(false);
            meta::Builder::new()
                .configure(config)
                .build(&self.source)
                .unwrap_or_else(|e| unreachable!("constant regex {}: {e}", self.source))
        })
    }

    /// Builds what [`find_iter`](Self::find_iter) needs now rather than on the first match: a
    /// long-running process pays for it once, before any page.
    pub(crate) fn warm(&self) {
        let _ = self.forward();
        let _ = self.whole();
    }

    /// Whether the grammar matches somewhere in `text`.
    pub(crate) fn is_match(&self, text: &str) -> bool {
        // What the looser grammar does not match, the grammar does not either.
        if self.looser_lets_go(text) {
            return false;
        }
        if let Some((dfa, caches)) = self.forward() {
            let mut cache = caches.get();
            // A quit byte (a Unicode word boundary beside a non-ASCII byte) or a cache the
            // search gave up on leave the answer to the engine whole.
            if let Ok(found) = dfa.try_search_fwd(&mut cache, &Input::new(text).earliest(true)) {
                return found.is_some();
            }
        }
        self.whole().is_match(text)
    }

    /// Whether the grammar matches `text` where its looser grammar does not: never, or the
    /// looser grammar lets go a text it must keep. For the test over every public payload.
    pub(crate) fn looser_misses(&self, text: &str) -> bool {
        self.looser_lets_go(text) && self.whole().is_match(text)
    }

    /// Whether the looser grammar is sure not to match `text` (false without one, or when its
    /// search gave up).
    fn looser_lets_go(&self, text: &str) -> bool {
        let Some((dfa, caches)) = self.looser.as_deref() else {
            return false;
        };
        let mut cache = caches.get();
        let found = approx::lowered(text, |lowered| {
            dfa.try_search_fwd(&mut cache, &Input::new(lowered).earliest(true))
        });
        matches!(found, Ok(None))
    }

    /// The ranges of the grammar's successive non-overlapping matches in `text`.
    pub(crate) fn find_iter<'t>(
        &'t self,
        text: &'t str,
    ) -> impl Iterator<Item = Range<usize>> + 't {
        self.is_match(text)
            .then(|| self.whole().find_iter(text).map(|m| m.range()))
            .into_iter()
            .flatten()
    }

    /// The pattern compiled.
    #[cfg(test)]
    pub(crate) fn as_str(&self) -> &str {
        &self.source
    }
}

/// A lazy DFA with its pool of caches, boxed: a signal holds its grammar inline, and the
/// other languages' signals are built in arrays on the stack.
fn with_caches(dfa: DFA) -> Box<(DFA, Caches)> {
    let maker = dfa.clone();
    let caches: Caches = Pool::new(Box::new(move || maker.create_cache()));
    Box::new((dfa, caches))
}

/// The forward lazy DFA of `pattern`, or `None` when the lazy DFA cannot take it.
fn forward_dfa(pattern: &str) -> Option<DFA> {
    let nfa = thompson::Compiler::new()
        .configure(thompson::Config::new().which_captures(WhichCaptures::None))
        .build(pattern)
        .ok()?;
    DFA::builder()
        .configure(DFA::config().unicode_word_boundary(true))
        .build_from_nfa(nfa)
        .ok()
}

mod approx;

#[cfg(test)]
mod tests;
