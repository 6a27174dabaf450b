//! A weak signal of a reader with a memory to write into: "save this note to your memory",
//! "store the following in your long-term memory".
//!
//! People are told to "commit it to memory" or to "keep this in your memory"; an agent is
//! told to save a text into a memory of its own, which is how an attack outlives the page it
//! came from. People are sometimes told that too ("store this number in your memory"), so it
//! weighs as a model's signal on a page and decides only beside another. A tool's own text is
//! not read: an honest memory tool says "store this in your memory" of itself.

use std::sync::LazyLock;

use super::classes::english;
use crate::signal::{PageWeight, Signal, Strength::PageOnly};

/// A text ordered saved, stored or written into "your memory".
pub(super) static MEMORY_WRITE: Signal = Signal {
    what: "an order to write into the model's memory",
    strength: PageOnly,
    page: PageWeight::Model,
    excused: None,
    needs: &[&[
        "your memory",
        "your long",
        "your persistent",
        "your permanent",
        "your internal",
    ]],
    pattern: LazyLock::new(|| {
        english(
            r"(?i)\b(?:save|store|write|add|record)\s+(?:this|these|it|that|the\s+following)(?:\s+[\w-]+){0,3}?\s+(?:to|in|into)\s+your\s+(?:(?:long[- ]term|persistent|permanent|internal)\s+)?memory\b",
        )
    }),
};
