//! Which sets of candidate signals can decide a text, against the weights the verdict asks
//! for.

use super::{Origin, can_decide};
use crate::order::SIGNALS;
use crate::signal::{Mask, PageWeight, Strength};

/// The index of the first signal that `pick` accepts, as a mask bit.
fn first(pick: impl Fn(&crate::signal::Signal) -> bool) -> Mask {
    let i = SIGNALS
        .iter()
        .position(|s| pick(s))
        .expect("a signal of that kind");
    Mask::one(i)
}

#[test]
fn lone_or_unaddressed_signals_cannot_decide() {
    let model = first(|s| s.page == PageWeight::Model && s.strength == Strength::Weak);
    let model_what = SIGNALS[model.ones().next().unwrap_or_default()].what;
    let reader = first(|s| s.page == PageWeight::Reader && s.strength == Strength::Weak);
    let other_reader = first(|s| {
        s.page == PageWeight::Reader
            && s.strength == Strength::Weak
            && s.what != SIGNALS[reader.ones().next().unwrap_or_default()].what
    });
    // Another weak signal of the same meaning ("a message claiming to come from the user or
    // the system" has several grammars).
    let same_what: Mask = SIGNALS
        .iter()
        .enumerate()
        .filter(|(i, s)| {
            Mask::one(*i) != model && s.what == model_what && s.strength == Strength::Weak
        })
        .map(|(i, _)| Mask::one(i))
        .next()
        .unwrap_or_default();
    let strong = first(|s| s.page == PageWeight::Strong);

    assert!(!can_decide(Mask::EMPTY, Origin::Page));
    assert!(!can_decide(model, Origin::Page));
    assert!(
        !can_decide(reader | other_reader, Origin::Page),
        "no sign of a model"
    );
    assert!(can_decide(model | reader, Origin::Page));
    assert!(can_decide(strong, Origin::Page));
    assert!(can_decide(strong, Origin::Tool));
    assert!(can_decide(reader | other_reader, Origin::Tool));
    if !same_what.is_empty() {
        assert!(
            !can_decide(model | same_what, Origin::Tool),
            "one meaning twice"
        );
        assert!(
            !can_decide(model | same_what, Origin::Page),
            "one meaning twice"
        );
    }
}
