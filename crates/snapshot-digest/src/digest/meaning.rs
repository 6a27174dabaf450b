//! What words mean, the digest's first stage: text folded and split into words, stems, the
//! word tables (stop words, the lexicon of concepts, WordNet relatives and neighbours, the
//! names of languages, the English words kept whole), the question words and answer types,
//! and the static model of relatedness. Everything here is data compiled in and the code
//! that reads it; nothing here knows a page's structure.

use super::hash;

pub(super) mod kept;
pub(super) mod languages;
pub(super) mod lexicon;
pub(super) mod neighbours;
pub(super) mod question;
pub(super) mod relatedness;
pub(super) mod stopwords;
pub(super) mod table;
pub(super) mod text;
pub(super) mod tuning;
pub(super) mod wordnet;
