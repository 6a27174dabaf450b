use super::*;

#[test]
fn knows_units_of_languages_the_hand_lists_do_not() {
    assert!(is_unit_of("dakika", Value::Duration));
    assert!(is_unit_of("dk", Value::Duration));
    assert!(is_unit_of("dakika", Value::Duration) && !is_unit_of("dakika", Value::Mass));
    assert!(is_unit_of(&fold("χιλιόγραμμα"), Value::Mass));
    assert!(is_unit_of(&fold("литра"), Value::Volume));
    assert!(!is_unit_of("d", Value::Duration));
    assert!(!is_unit_of("", Value::Duration));
    assert!(!is_unit_of("the", Value::Length));
    assert!(!is_unit_of("den", Value::Duration), "a German article");
}
