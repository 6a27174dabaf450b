//! The meaning stage's choices, in one place, each with the reason for it. (The forms a
//! question's value takes, in `question.rs`, are a grammar of values, not tuning.)

/// Words of a language's function-word list a goal must hold for that list to apply to it:
/// one word is shared by too many languages.
pub(crate) const MIN_WORDS: usize = 2;
/// Words of page text read to tell its language: enough for a stable count, few enough that
/// a long page costs no more than a short one.
pub(crate) const PAGE_WORDS: usize = 600;

/// Log-probability charged for a char no piece covers: below any real segmentation.
pub(crate) const UNKNOWN_LOGP: f32 = -30.0;
