//! Whether a page is written in one of the translation table's languages (Portuguese,
//! Italian), told by its most common function words, so that the translations of an English
//! goal's words are looked for only where they can mean what the goal means: Italian `parte`
//! or Portuguese `uma` on an English page would only add noise. A Spanish page reads the
//! Portuguese column: the two languages share most of their vocabulary (`cerebro`, `clima`),
//! and no permissively licensed English–Spanish table ships in a registry.

use super::text::{fold_into, for_each_word};
use crate::{NodeKind, Snapshot};

/// A set of the translation table's language columns (see `translations.rs`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Languages(u8);

impl Languages {
    /// Whether column `column` of the translation table is one of the page's languages.
    pub(crate) fn has(self, column: usize) -> bool {
        column < COLUMNS && self.0 & (1 << column) != 0
    }

    #[cfg(test)]
    pub(crate) fn of(columns: &[usize]) -> Self {
        Self(columns.iter().fold(0, |m, &c| m | (1 << c)))
    }
}

/// Chars of page text read to tell its languages: the first screenfuls say it, and the
/// cost stays the same on any page size.
const SAMPLE_CHARS: usize = 12_000;
/// A language counts when its function words are at least this many in the sample…
const MIN_HITS: u32 = 12;
/// …at least this many of them distinct, since a few short words are frequent in other
/// languages too (Czech `na` and `do`, German `das`, `com` of a site's name)…
const MIN_DISTINCT: u32 = 5;
/// …and at least this share of the most frequent language's (English included).
const MIN_SHARE: f32 = 0.3;

/// Frequent function words (folded: lowercase, no accents) of Portuguese, Italian and Spanish,
/// then of English, which is never a translation column but keeps a few borrowed words (`da Silva`,
/// `per cent`) on an English page from counting. Words the languages share with each other or
/// with French (`que`, `para`, `dos`, `il`, `una`) are left out, so that a page in one does
/// not count as another; Spanish keeps `y` and `es`, which French has in `il y a` and `tu es`,
/// and the distinct-word rule keeps a French page from counting as Spanish.
const FUNCTION_WORDS: [&[&str]; 4] = [
    &[
        "ao", "com", "da", "das", "do", "em", "na", "nao", "os", "pela", "pelo", "seu", "sua",
        "uma",
    ],
    &[
        "alla", "anche", "che", "dei", "della", "delle", "di", "gli", "nel", "non", "per", "sono",
    ],
    &[
        "del", "donde", "el", "es", "hay", "las", "lo", "los", "muy", "sus", "tambien", "y",
    ],
    &[
        "and", "are", "by", "for", "from", "in", "is", "it", "of", "on", "that", "the", "this",
        "to", "with", "you", "your",
    ],
];
/// Columns of the translation table: Portuguese, Italian.
const COLUMNS: usize = 2;
/// The column each language of `FUNCTION_WORDS` reads: Spanish, which has no table of its
/// own, reads Portuguese, the language closest to it.
const COLUMN_OF: [Option<usize>; 4] = [Some(0), Some(1), Some(0), None];

/// The table languages `snap` is written in.
pub(crate) fn detect(snap: &Snapshot<'_>) -> Languages {
    let mut hits = [0u32; FUNCTION_WORDS.len()];
    // Which of each language's function words were seen, one bit a word.
    let mut seen = [0u32; FUNCTION_WORDS.len()];
    let mut folded = String::new();
    let mut read = 0usize;
    for node in snap.nodes() {
        if read >= SAMPLE_CHARS {
            break;
        }
        if node.kind() == NodeKind::Unchanged {
            continue;
        }
        for text in [node.name(), node.text()].into_iter().flatten() {
            folded.clear();
            fold_into(&mut folded, text);
            read += folded.len();
            for_each_word(&folded, |w| {
                for (language, words) in FUNCTION_WORDS.iter().enumerate() {
                    if let Some(i) = words.iter().position(|&f| f == w) {
                        hits[language] += 1;
                        seen[language] |= 1 << i;
                    }
                }
            });
        }
    }
    let most = hits.iter().copied().max().unwrap_or(0);
    let mut set = 0u8;
    for ((&count, words), column) in hits.iter().zip(seen).zip(COLUMN_OF) {
        #[allow(clippy::cast_precision_loss, reason = "counts far below 2^24")]
        if let Some(column) = column
            && count >= MIN_HITS
            && words.count_ones() >= MIN_DISTINCT
            && count as f32 >= MIN_SHARE * most as f32
        {
            set |= 1 << column;
        }
    }
    Languages(set)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn langs(text: &str) -> Languages {
        detect(&crate::parse(text).expect("parses"))
    }

    #[test]
    fn tells_the_languages_of_a_page() {
        let pt = "- paragraph: O governo disse que os preços das casas vão subir com a procura e que não é para tanto, como se vê no relatório do banco, com uma queda dos salários em todo o país pela crise.\n".repeat(3);
        assert_eq!(langs(&pt), Languages::of(&[0]));
        let it = "- paragraph: Il governo ha detto che i prezzi delle case saliranno per la domanda e che non è il caso di preoccuparsi, come si vede nel rapporto della banca, anche con un calo dei salari.\n".repeat(3);
        assert_eq!(langs(&it), Languages::of(&[1]));
        let en = "- paragraph: The government said that the price of the houses is up for the year and that this is what you see in the report of the bank, with a fall in wages.\n".repeat(3);
        assert_eq!(langs(&en), Languages::default());
        // Spanish has no column of its own and reads Portuguese's.
        let es = "- paragraph: El gobierno dijo que los precios de las casas subirán por la demanda y que no es para tanto, como se ve en el informe del banco, con una caída de los salarios.\n".repeat(3);
        assert_eq!(langs(&es), Languages::of(&[0]));
        let de = "- paragraph: Die Regierung sagte, dass es mit den Preisen der Häuser so weitergeht, und es ist, wie man im Bericht der Bank sieht, ein Rückgang der Löhne.\n".repeat(4);
        assert_eq!(langs(&de), Languages::default());
        let cs = "- paragraph: Vláda řekla, že ceny domů na trhu porostou do konce roku, na jaře i na podzim, podle zprávy banky na webu.\n".repeat(4);
        assert_eq!(langs(&cs), Languages::default());
    }
}
