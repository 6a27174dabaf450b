//! Unit tests of the name grammar.

use super::*;

#[test]
fn accepts_identifiers_up_to_64_chars() {
    for ok in [
        "a",
        "_",
        "$",
        "getLinks",
        "$el2",
        "_private_1",
        &"a".repeat(64),
    ] {
        assert!(validate_name(ok).is_ok(), "{ok} should be accepted");
    }
}

#[test]
fn refuses_bad_grammar_with_a_reason() {
    let cases = [
        ("", "it is empty"),
        ("1a", "it must start with a letter, _ or $"),
        ("a-b", "it has a character outside A-Z a-z 0-9 _ $"),
        ("é", "it must start with a letter, _ or $"),
        ("aé", "it has a character outside A-Z a-z 0-9 _ $"),
        ("a b", "it has a character outside A-Z a-z 0-9 _ $"),
    ];
    for (name, want) in cases {
        match validate_name(name) {
            Err(Error::InvalidName { reason, .. }) => assert_eq!(reason, want, "{name:?}"),
            other => panic!("{name:?}: {other:?}"),
        }
    }
    assert!(matches!(
        validate_name(&"a".repeat(65)),
        Err(Error::InvalidName { .. })
    ));
}

#[test]
fn refuses_reserved_and_inherited_names() {
    for name in [
        "__proto__",
        "constructor",
        "prototype",
        "toString",
        "hasOwnProperty",
        "valueOf",
        "class",
        "await",
        "eval",
    ] {
        assert_eq!(
            validate_name(name),
            Err(Error::ReservedName {
                name: name.to_owned()
            })
        );
    }
    // Case matters in JavaScript: `Class` is an ordinary name.
    assert!(validate_name("Class").is_ok());
}

#[test]
fn messages_are_lowercase_and_say_what_to_do() {
    let e = validate_name("x\"y").unwrap_err().to_string();
    assert_eq!(
        e,
        "invalid function name \"x\\\"y\": it has a character outside A-Z a-z 0-9 _ $; use 1 to 64 characters from A-Z a-z 0-9 _ $, not starting with a digit, e.g. \"getLinks\""
    );
    let e = validate_name("constructor").unwrap_err().to_string();
    assert_eq!(
        e,
        "function name \"constructor\" is reserved in JavaScript; choose another name, e.g. \"constructorFn\""
    );
}

#[test]
fn long_names_are_cut_in_messages() {
    let long = "-".repeat(10_000);
    let e = validate_name(&long).unwrap_err().to_string();
    assert!(e.len() < 400, "{}", e.len());
}
