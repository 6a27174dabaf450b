//! Unit tests of the registry model.

use std::time::{Duration, SystemTime};

use super::*;

fn at(secs: u64) -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(secs)
}

#[test]
fn define_call_list_remove() {
    let mut r = Registry::new();
    let d = r.define("b", "() => 2", at(1)).unwrap();
    assert!(!d.replaced);
    assert_eq!(d.previous_init_script_id, None);
    r.define("a", "x => x", at(2)).unwrap();
    assert_eq!(
        r.functions().map(|f| f.name().as_str()).collect::<Vec<_>>(),
        ["a", "b"]
    );
    r.call("a", "[1]").unwrap();
    r.call("a", "[]").unwrap();
    let a = r.get("a").unwrap();
    assert_eq!(
        (a.calls(), a.size(), a.defined_at(), a.source()),
        (2, 6, at(2), "x => x")
    );
    assert_eq!(r.set_init_script_id("a", "id-1").unwrap(), None);
    assert_eq!(
        r.set_init_script_id("a", "id-2").unwrap().as_deref(),
        Some("id-1")
    );
    let removed = r.remove("a").unwrap();
    assert_eq!(removed.init_script_id.as_deref(), Some("id-2"));
    assert!(removed.script.contains("delete r[name]"));
    assert_eq!(r.len(), 1);
    assert!(matches!(r.remove("a"), Err(Error::UnknownFunction { .. })));
}

#[test]
fn redefinition_hands_back_the_init_script_and_resets_calls() {
    let mut r = Registry::new();
    r.define("f", "() => 1", at(1)).unwrap();
    r.set_init_script_id("f", "old").unwrap();
    r.call("f", "[]").unwrap();
    let d = r.define("f", "() => 2", at(5)).unwrap();
    assert!(d.replaced);
    assert_eq!(d.previous_init_script_id.as_deref(), Some("old"));
    let f = r.get("f").unwrap();
    assert_eq!(
        (f.calls(), f.defined_at(), f.init_script_id(), f.source()),
        (0, at(5), None, "() => 2")
    );
}

#[test]
fn limits_are_enforced() {
    let config = Config {
        max_source_bytes: 20,
        max_args_bytes: 10,
        max_functions: 2,
    };
    let mut r = Registry::with_config(config);
    let long = format!("() => {}", "1".repeat(20));
    assert_eq!(
        r.define("f", &long, at(0)).unwrap_err().to_string(),
        "source of function \"f\" has 26 bytes, more than the limit of 20; move data into arguments or split the function"
    );
    r.define("f", "() => 1", at(0)).unwrap();
    r.define("g", "() => 1", at(0)).unwrap();
    assert!(matches!(
        r.define("h", "() => 1", at(0)),
        Err(Error::TooManyFunctions { limit: 2, .. })
    ));
    // Replacing an existing name is not a new function.
    assert!(r.define("g", "() => 3", at(0)).is_ok());
    assert!(matches!(
        r.call("f", "[\"0123456789\"]"),
        Err(Error::ArgumentsTooLarge {
            size: 14,
            limit: 10,
            ..
        })
    ));
    assert_eq!(
        r.get("f").unwrap().calls(),
        0,
        "a refused call is not counted"
    );
}

#[test]
fn arguments_must_be_a_json_array() {
    let mut r = Registry::new();
    r.define("f", "() => 1", at(0)).unwrap();
    assert_eq!(
        r.call("f", "{\"a\": 1}").unwrap_err().to_string(),
        "arguments for \"f\" must be a JSON array such as [\"a\", 2]: got an object; wrap a single value as [value] and use [] for none"
    );
    assert!(matches!(
        r.call("f", "[1,"),
        Err(Error::InvalidArguments { .. })
    ));
    assert!(matches!(
        r.call("f", ""),
        Err(Error::InvalidArguments { .. })
    ));
    let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    let big = Registry::with_config(Config {
        max_args_bytes: 1 << 20,
        ..Config::default()
    });
    let mut big = big;
    big.define("f", "() => 1", at(0)).unwrap();
    assert!(
        matches!(big.call("f", &deep), Err(Error::InvalidArguments { .. })),
        "serde_json's depth limit"
    );
}

#[test]
fn unknown_function_lists_what_exists() {
    let mut r = Registry::new();
    assert_eq!(
        r.call("nope", "[]").unwrap_err().to_string(),
        "no function named \"nope\" is defined in this session; none is defined yet; define it first"
    );
    r.define("a", "() => 1", at(0)).unwrap();
    r.define("b", "() => 1", at(0)).unwrap();
    assert_eq!(
        r.call("c", "[]").unwrap_err().to_string(),
        "no function named \"c\" is defined in this session; defined: a, b"
    );
}

#[test]
fn names_and_sources_are_checked_before_anything_else() {
    let mut r = Registry::new();
    assert!(matches!(
        r.define("__proto__", "() => 1", at(0)),
        Err(Error::ReservedName { .. })
    ));
    assert!(matches!(
        r.define("f", "alert(1)", at(0)),
        Err(Error::NotAFunction { .. })
    ));
    assert!(r.is_empty());
}
