//! Strong signals in German, French, Spanish, Portuguese, Russian, Chinese and Japanese.
use crate::signal::Signal;

/// The strong signals of the other languages.
pub(crate) static SIGNALS: [Signal; 0] = [];
