//! The model of relatedness: how near in meaning a goal is to each of a page's candidate
//! controls, in any language, where the goal and the control share no word.
//!
//! [`Relatedness`] is the seam: anything that scores texts against a goal can rank the part
//! of the candidate list the digest gives to meaning. [`StaticEmbeddings`] is the built-in
//! model: a static, multilingual embedding of 64,000 pieces of text (words and parts of
//! words of many languages) distilled from Google's Universal Sentence Encoder multilingual
//! v3 by `scripts/relatedness-table.py` (`relatedness.bin`, Apache License 2.0; the script's
//! header says where each input came from). A text's vector is the sum of its pieces'
//! vectors, each weighted by how rare the piece is among the texts scored together (so that
//! words every control shares, a site's name or a section's heading, say little); the score
//! is the cosine of the text's vector and the goal's. Beside the table,
//! `relatedness-whole.bin` lists the pieces that are whole words segmented as themselves
//! (written by the `model_whole_words` bench binary from the table alone), so that most
//! words of a page take one hash lookup instead of a search.

mod format;
mod trie;

use std::sync::OnceLock;

use self::format::{Table, piece_texts, u32_at};
use self::trie::{ROOT, Trie};
use super::hash::FastMap;
use super::lexicon::is_stopword;
use super::text::{fold_into, for_each_word};
use super::tuning::UNKNOWN_LOGP;
use crate::shares::{cores, in_shares};

/// A model that scores texts by how related they are to a goal.
///
/// The goal digest asks it to score the page's candidates, each described in one line of
/// text (its name or first label, the heading of its section); the scores, their rank and
/// their z-score on the page are features of the learned ranking that orders the
/// candidates after the best matches. The built-in model is [`StaticEmbeddings`]; a server
/// with a model of its own (a transformer, a remote service with a cache) implements this
/// trait and passes it to [`digest_with_model`](crate::digest_with_model).
///
/// # Example
///
/// ```
/// use snapshot_digest::{Relatedness, StaticEmbeddings};
///
/// let model = StaticEmbeddings::builtin();
/// let scores = model.scores("sign in", &["Anmelden", "Impressum", "Datenschutz"]);
/// assert_eq!(scores.len(), 3);
/// assert!(scores[0] > scores[1] && scores[0] > scores[2]);
/// ```
pub trait Relatedness: Send + Sync {
    /// One score per text, in the order given: higher is more related to `goal`. Scores are
    /// compared only with each other, within one call. A text the model cannot read scores
    /// `f32::NEG_INFINITY` and is not ranked.
    fn scores(&self, goal: &str, texts: &[&str]) -> Vec<f32>;
}

/// The built-in [`Relatedness`]: static multilingual embeddings of text pieces, compiled
/// into the crate and used where it lies in the binary.
///
/// Text is folded (lowercase, Latin accents stripped), split into words, and each word cut
/// into pieces of the table by the most probable segmentation under the teacher's unigram
/// model (`anmelden` → `▁an` `melden`); a piece the table lacks is skipped. Goal words that
/// carry no intent (`the`, `to`, `my`) are dropped.
pub struct StaticEmbeddings {
    dims: usize,
    /// The number of pieces.
    pieces: usize,
    /// `pieces × dims` int8 components; one scale for all.
    vectors: &'static [u8],
    /// The pieces as a byte trie with their log-probabilities, for segmentation.
    trie: Trie,
    /// A bit per piece, lowest bit first: set for the whole words (`▁word`) whose best
    /// segmentation is their own piece, which a walk down the trie finds without the
    /// search. Empty for a table without its
    /// [`StaticEmbeddings::whole_words_table`]: every word searched.
    whole: &'static [u8],
    /// The part of the table that lists the pieces' texts, one a line (UTF-8, checked where
    /// they are read).
    texts: &'static [u8],
}

/// The marker, on a segmentation's path, of a char no piece covers.
const UNKNOWN: u32 = u32::MAX;
/// The mark SentencePiece puts before a word.
const WORD_START: char = '\u{2581}';
/// The first bytes of a table of whole words.
const WHOLE_MAGIC: &[u8; 8] = b"MLWHOLE1";

impl std::fmt::Debug for StaticEmbeddings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StaticEmbeddings")
            .field("pieces", &self.pieces)
            .field("dims", &self.dims)
            .finish_non_exhaustive()
    }
}

impl StaticEmbeddings {
    /// The built-in model, read where it lies in the binary (its trie laid out at compile
    /// time): its first use costs microseconds, and only the pages of the table a page's
    /// words reach are ever read.
    #[must_use]
    pub fn builtin() -> &'static Self {
        static MODEL: OnceLock<StaticEmbeddings> = OnceLock::new();
        MODEL.get_or_init(|| {
            Self::from_builtin(
                include_bytes!("relatedness.bin"),
                include_bytes!(concat!(env!("OUT_DIR"), "/relatedness-trie.bin")),
            )
            .with_whole_words(include_bytes!("relatedness-whole.bin"))
        })
    }

    /// The model with `table` (as [`whole_words_table`](Self::whole_words_table) writes
    /// it) as its list of whole words that need no search; a table for another number of
    /// pieces is not read (every word is searched, with the same result).
    fn with_whole_words(mut self, table: &'static [u8]) -> Self {
        let bits = table.get(WHOLE_MAGIC.len() + 4..).unwrap_or_default();
        let pieces = u32_at(table, WHOLE_MAGIC.len()).map(|n| n as usize);
        if table.starts_with(WHOLE_MAGIC)
            && pieces == Some(self.pieces)
            && bits.len() == self.pieces.div_ceil(8)
        {
            self.whole = bits;
        }
        self
    }

    /// The table of the pieces that are whole words (`▁word`) and whose best segmentation
    /// is themselves, in the format the built-in model reads beside its table
    /// (`relatedness-whole.bin`: `MLWHOLE1`, the number of pieces as a little-endian `u32`,
    /// then a bit per piece, lowest bit first). It holds no new knowledge, only what
    /// segmenting each such piece computes; written once, it spares every digest that
    /// search for most of a page's words. Regenerate it whenever `relatedness.bin`
    /// changes:
    /// `cargo run --release -p mcp-lean-benches --bin model_whole_words -- crates/snapshot-digest/src/digest/meaning/relatedness-whole.bin`.
    ///
    /// # Example
    ///
    /// ```
    /// use snapshot_digest::StaticEmbeddings;
    ///
    /// let table = StaticEmbeddings::builtin().whole_words_table();
    /// assert!(table.starts_with(b"MLWHOLE1"));
    /// ```
    #[must_use]
    pub fn whole_words_table(&self) -> Vec<u8> {
        let n = self.pieces;
        let mut out = WHOLE_MAGIC.to_vec();
        out.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
        let start = out.len();
        out.resize(start + n.div_ceil(8), 0);
        let mut scratch = Scratch::default();
        let mut pieces = Vec::new();
        for (id, text) in piece_texts(self.texts, n)
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            if !text.starts_with(WORD_START) {
                continue;
            }
            pieces.clear();
            self.search(text, &mut scratch, &mut pieces);
            if pieces.len() == 1 && pieces[0] as usize == id {
                out[start + id / 8] |= 1 << (id % 8);
            }
        }
        out
    }

    /// The built-in table with its trie when both read (the trie built here when it does
    /// not fit the table), else a model that knows no piece (every text unranked): a broken
    /// build gives a digest without the model, never a panic.
    fn from_builtin(data: &'static [u8], trie: &'static [u8]) -> Self {
        Table::read(data)
            .and_then(|table| {
                let trie = match Trie::from_bytes(trie, table.pieces) {
                    Some(trie) => trie,
                    None => Trie::new(&table.piece_texts()?, &table.logp()),
                };
                Some(Self::with_trie(&table, trie))
            })
            .unwrap_or(Self {
                dims: 0,
                pieces: 0,
                vectors: &[],
                trie: Trie::new(&[], &[]),
                whole: &[],
                texts: &[],
            })
    }

    /// A model from a table in the format `scripts/relatedness-table.py` writes (the
    /// built-in's, or one distilled from another teacher the same way); `None` when `data`
    /// is not such a table. Its trie is built here (about 20 ms for 64,000 pieces).
    #[must_use]
    pub fn from_table(data: &'static [u8]) -> Option<Self> {
        let table = Table::read(data)?;
        let trie = Trie::new(&table.piece_texts()?, &table.logp());
        Some(Self::with_trie(&table, trie))
    }

    fn with_trie(table: &Table<'static>, trie: Trie) -> Self {
        Self {
            dims: table.dims,
            pieces: table.pieces,
            vectors: table.vectors,
            trie,
            whole: &[],
            texts: table.texts,
        }
    }

    /// The piece `word` (folded, with its word-start mark) is, when the whole-word table
    /// says that is its best segmentation.
    fn whole_word(&self, word: &str) -> Option<u32> {
        if self.whole.is_empty() {
            return None;
        }
        let (id, _) = self.trie.piece(self.trie.walk(word.as_bytes())?)?;
        let bits = self.whole.get(id as usize / 8)?;
        (bits & (1 << (id % 8)) != 0).then_some(id)
    }

    /// Appends the pieces of one folded word (with its word-start mark) to `out`: the
    /// segmentation of highest total log-probability. A word the whole-word table lists is
    /// its own piece; another is searched.
    fn segment(&self, word: &str, scratch: &mut Scratch, out: &mut Vec<u32>) {
        if let Some(id) = self.whole_word(word) {
            out.push(id);
            return;
        }
        self.search(word, scratch, out);
    }

    /// [`segment`](Self::segment) by search (Viterbi over char boundaries). `scratch`
    /// holds the search's buffers between calls.
    fn search(&self, word: &str, scratch: &mut Scratch, out: &mut Vec<u32>) {
        let Scratch { bounds, best, back } = scratch;
        bounds.clear();
        bounds.extend(word.char_indices().map(|(i, _)| i));
        bounds.push(word.len());
        let n = bounds.len() - 1;
        best.clear();
        best.resize(n + 1, f32::NEG_INFINITY);
        // (start char, piece id or UNKNOWN for an uncovered char) of the best path to each end.
        back.clear();
        back.resize(n + 1, (0, UNKNOWN));
        best[0] = 0.0;
        let bytes = word.as_bytes();
        for i in 0..n {
            if best[i] == f32::NEG_INFINITY {
                continue;
            }
            let mut covered = false;
            // Down the trie from char `i`, one byte at a time; a piece can only end where a
            // char does, so `j` follows the char bounds.
            let mut node = ROOT;
            let mut j = i + 1;
            for (at, &b) in bytes.iter().enumerate().skip(bounds[i]) {
                let Some(next) = self.trie.child(node, b) else {
                    break;
                };
                node = next;
                if at + 1 != bounds[j] {
                    continue;
                }
                if let Some((id, logp)) = self.trie.piece(node) {
                    covered |= j == i + 1;
                    let score = best[i] + logp;
                    if score > best[j] {
                        best[j] = score;
                        back[j] = (i, id);
                    }
                }
                j += 1;
            }
            if !covered && best[i] + UNKNOWN_LOGP > best[i + 1] {
                best[i + 1] = best[i] + UNKNOWN_LOGP;
                back[i + 1] = (i, UNKNOWN);
            }
        }
        let start = out.len();
        let mut j = n;
        while j > 0 {
            let (i, id) = back[j];
            if id != UNKNOWN {
                out.push(id);
            }
            j = i;
        }
        out[start..].reverse();
    }

    /// The ids of the table's pieces that `text` is cut into, as the model reads a page's
    /// text (folded, split into words, each word segmented; a piece the table lacks is
    /// skipped), in order, repeats kept. For fitting a table offline to what the model
    /// computes at run time (`scripts/relatedness-tokenlearn.py`).
    #[must_use]
    pub fn pieces(&self, text: &str) -> Vec<u32> {
        let mut out = Vec::new();
        Pieces::new(self).of(text, false, &mut out);
        out
    }

    fn row(&self, id: u32) -> &[u8] {
        let at = id as usize * self.dims;
        &self.vectors[at..at + self.dims]
    }
}

/// The buffers of one segmentation, kept between words.
#[derive(Default)]
struct Scratch {
    bounds: Vec<usize>,
    best: Vec<f32>,
    back: Vec<(usize, u32)>,
}

/// Pieces of many texts, segmented once per distinct word.
struct Pieces<'m> {
    model: &'m StaticEmbeddings,
    memo: FastMap<String, (u32, u32)>,
    pool: Vec<u32>,
    word: String,
    scratch: Scratch,
    folded: String,
}

impl<'m> Pieces<'m> {
    fn new(model: &'m StaticEmbeddings) -> Self {
        Self {
            model,
            memo: FastMap::default(),
            pool: Vec::new(),
            word: String::new(),
            scratch: Scratch::default(),
            folded: String::new(),
        }
    }

    /// The pieces of `text` (any case), appended to `out`; with `goal`, words without
    /// intent are left out.
    fn of(&mut self, text: &str, goal: bool, out: &mut Vec<u32>) {
        let mut folded = std::mem::take(&mut self.folded);
        folded.clear();
        fold_into(&mut folded, text);
        for_each_word(&folded, |w| {
            if goal && is_stopword(w) {
                return;
            }
            let (start, len) = match self.memo.get(w) {
                Some(&span) => span,
                None => {
                    self.word.clear();
                    self.word.push(WORD_START);
                    self.word.push_str(w);
                    let start = self.pool.len();
                    self.model
                        .segment(&self.word, &mut self.scratch, &mut self.pool);
                    let span = (
                        u32::try_from(start).unwrap_or(u32::MAX),
                        u32::try_from(self.pool.len() - start).unwrap_or(0),
                    );
                    self.memo.insert(w.to_owned(), span);
                    span
                }
            };
            let start = start as usize;
            out.extend_from_slice(&self.pool[start..start + len as usize]);
        });
        self.folded = folded;
    }
}

/// The fewest texts a thread of their own is worth: it costs more than reading fewer saves
/// (`wikipedia-2`'s question digest reads about 4,100 texts in 4 ms on one core; a page of
/// median size a few hundred, on the calling thread alone).
const SHARE_TEXTS: usize = 500;

/// The pieces of a share of the texts, one after another, and where each text's lie.
struct Cut {
    pieces: Vec<u32>,
    spans: Vec<std::ops::Range<usize>>,
}

impl Relatedness for StaticEmbeddings {
    fn scores(&self, goal: &str, texts: &[&str]) -> Vec<f32> {
        let mut goal_pieces = Vec::new();
        Pieces::new(self).of(goal, true, &mut goal_pieces);
        // Each text is cut and weighed on its own, so the texts are split among the cores
        // when they are many; every share segments its own words, with the same result.
        let threads = (texts.len() / SHARE_TEXTS).clamp(1, cores());
        let cuts = in_shares(texts, threads, |texts| self.cut(texts));
        let weight = self.weights(&cuts, texts.len());
        let mut goal_vector = vec![0.0f32; self.dims];
        // A goal has a few pieces: each is looked for among those summed before it.
        let mut summed = Vec::new();
        self.weighted_sum(&goal_pieces, &weight, &mut goal_vector, |p| {
            let first = !summed.contains(&p);
            summed.push(p);
            first
        });
        if norm(&goal_vector) == 0.0 {
            return vec![f32::NEG_INFINITY; texts.len()];
        }
        in_shares(&cuts, cuts.len(), |cuts| {
            cuts.iter()
                .flat_map(|cut| self.cosines(cut, &weight, &goal_vector))
                .collect::<Vec<f32>>()
        })
        .concat()
    }
}

impl StaticEmbeddings {
    /// `texts` cut into pieces.
    fn cut(&self, texts: &[&str]) -> Cut {
        let mut pieces = Pieces::new(self);
        let mut cut = Cut {
            pieces: Vec::new(),
            spans: Vec::with_capacity(texts.len()),
        };
        for text in texts {
            let start = cut.pieces.len();
            pieces.of(text, false, &mut cut.pieces);
            cut.spans.push(start..cut.pieces.len());
        }
        cut
    }

    /// Each piece's weight among the `texts` texts cut into `cuts`: the rarer among them, the
    /// more it says (a piece in every control, the site's name or a section's heading, says
    /// little about which one the goal needs). A piece no text has is weighed as such.
    fn weights(&self, cuts: &[Cut], texts: usize) -> Vec<f32> {
        let mut df = vec![0u32; self.pieces];
        let mut on_page = Vec::new();
        let mut seen = Vec::new();
        for cut in cuts {
            for span in &cut.spans {
                seen.clear();
                seen.extend_from_slice(&cut.pieces[span.clone()]);
                seen.sort_unstable();
                seen.dedup();
                for &p in &seen {
                    if df[p as usize] == 0 {
                        on_page.push(p);
                    }
                    df[p as usize] += 1;
                }
            }
        }
        #[allow(clippy::cast_precision_loss, reason = "counts far below 2^24")]
        let total = texts as f32 + 1.0;
        #[allow(clippy::cast_precision_loss, reason = "counts far below 2^24")]
        let idf = |count: u32| (total / (count as f32 + 0.5)).ln();
        // Computed once for each piece on the page, not for each text it is in: a page's texts
        // hold tens of thousands of pieces and a few thousand distinct ones.
        let mut weight = vec![idf(0); self.pieces];
        for &p in &on_page {
            weight[p as usize] = idf(df[p as usize]);
        }
        weight
    }

    /// The cosine of each text of `cut` with `goal` (a vector of norm above 0), weighed by
    /// `weight`; `NEG_INFINITY` for a text of no piece.
    fn cosines(&self, cut: &Cut, weight: &[f32], goal: &[f32]) -> Vec<f32> {
        let goal_norm = norm(goal);
        // The text each piece was last summed for, so that a repeated piece counts once
        // without a search of the text's earlier pieces (a paragraph has hundreds).
        let mut last = vec![u32::MAX; self.pieces];
        let mut v = vec![0.0f32; self.dims];
        cut.spans
            .iter()
            .zip(0u32..)
            .map(|(span, k)| {
                self.weighted_sum(&cut.pieces[span.clone()], weight, &mut v, |p| {
                    last.get_mut(p as usize)
                        .is_some_and(|seen| std::mem::replace(seen, k) != k)
                });
                let n = norm(&v);
                if n == 0.0 {
                    return f32::NEG_INFINITY;
                }
                v.iter().zip(goal).map(|(a, b)| a * b).sum::<f32>() / (n * goal_norm)
            })
            .collect()
    }

    /// The sum of the pieces' vectors into `sum`, each weighted by its `weight`, a repeated
    /// piece counted once (a name that repeats a word is no nearer for it): `first` says
    /// whether a piece is met for the first time in this sum.
    fn weighted_sum(
        &self,
        pieces: &[u32],
        weight: &[f32],
        sum: &mut [f32],
        mut first: impl FnMut(u32) -> bool,
    ) {
        sum.fill(0.0);
        for &p in pieces {
            let Some(&w) = weight.get(p as usize) else {
                continue;
            };
            if !first(p) {
                continue;
            }
            for (s, &c) in sum.iter_mut().zip(self.row(p)) {
                *s += w * f32::from(c.cast_signed());
            }
        }
    }
}

fn norm(v: &[f32]) -> f32 {
    v.iter().map(|x| x * x).sum::<f32>().sqrt()
}

#[cfg(test)]
mod tests;
