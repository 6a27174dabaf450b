//! A mask's bits in each of its words.

use super::Mask;

#[test]
fn bits_in_every_word_are_set_read_and_listed_in_order() {
    let mut mask = Mask::EMPTY;
    for i in [0, 63, 64, 127, 128, 191] {
        mask |= Mask::one(i);
    }
    assert_eq!(mask.ones().collect::<Vec<_>>(), [0, 63, 64, 127, 128, 191]);
    assert_eq!(mask.count(), 6);
    assert!(mask.has(128) && !mask.has(129) && !mask.has(Mask::BITS));
    assert_eq!(
        (mask & !Mask::one(64)).ones().collect::<Vec<_>>(),
        [0, 63, 127, 128, 191]
    );
    assert!(Mask::EMPTY.is_empty() && !mask.is_empty());
    assert_eq!(Mask::ALL.count() as usize, Mask::BITS);
}
