//! Every signal, in the order a text is tried against them: the prefilter's masks and the
//! verdict's loop both index this one list.

use std::sync::LazyLock;

use crate::english;
use crate::other_languages;
use crate::signal::{Mask, Signal, Strength};

/// Every signal, in the order they are tried: the strong ones of English, then those of the
/// other languages, then the weak ones (the first strong one found decides).
pub(crate) static SIGNALS: LazyLock<Vec<&'static Signal>> = LazyLock::new(|| {
    let strong = |s: &&Signal| s.strength == Strength::Strong;
    let mut all: Vec<&'static Signal> = english::SIGNALS.iter().copied().filter(strong).collect();
    all.extend(other_languages::SIGNALS.iter());
    all.extend(english::SIGNALS.iter().copied().filter(|s| !strong(s)));
    assert!(
        all.len() <= Mask::BITS,
        "the prefilter's masks hold {} signals",
        Mask::BITS
    );
    all
});

/// The signals, in the order [`scan`](crate::scan) tries them.
pub(crate) fn signals() -> Vec<&'static Signal> {
    SIGNALS.clone()
}
