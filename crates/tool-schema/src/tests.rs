//! Unit tests of the crate internals: identifier splitting, edit distance, `$ref` lookup,
//! property walks and the validator wrapper.

use serde_json::json;

use crate::lint::{name_words, words};
use crate::schema::{
    MAX_VALIDATED_NESTING, Validity, check_schema, is_described, lookup_ref, nesting, validate,
    walk_properties,
};

#[test]
fn identifiers_split_at_separators_and_camel_humps() {
    assert_eq!(
        name_words("jira_update_sprint"),
        ["jira", "update", "sprint"]
    );
    assert_eq!(name_words("API-get-users"), ["api", "get", "users"]);
    assert_eq!(name_words("getHTTPStatus2x"), ["get", "httpstatus2x"]);
    assert_eq!(name_words("browser.tabs"), ["browser", "tabs"]);
    assert_eq!(words("Update jira sprint."), ["update", "jira", "sprint"]);
}

#[test]
fn edit_distance_is_bounded() {
    use crate::lint::edit_distance;
    assert_eq!(edit_distance("get_issue", "get_issues", 2), Some(1));
    assert_eq!(
        edit_distance("list-connections", "list-collections", 2),
        Some(2)
    );
    assert_eq!(edit_distance("abc", "xyz", 2), None);
    assert_eq!(edit_distance("a", "abcd", 2), None);
}

#[test]
fn local_refs_resolve_by_pointer_percent_escape_and_anchor() {
    let root =
        json!({"$defs": {"a b": {"type": "string"}, "x": {"$anchor": "here", "type": "integer"}}});
    assert_eq!(
        lookup_ref(&root, "#/$defs/a%20b").map(|(v, _)| v["type"].clone()),
        Some(json!("string"))
    );
    assert_eq!(
        lookup_ref(&root, "#here").map(|(_, p)| p),
        Some("/$defs/x".to_owned())
    );
    assert!(lookup_ref(&root, "#/$defs/missing").is_none());
    assert!(lookup_ref(&root, "other.json#/a").is_none());
    assert!(lookup_ref(&root, "#").is_some());
}

#[test]
fn walk_visits_each_definition_once_and_survives_cycles() {
    let schema = json!({
        "type": "object",
        "properties": {
            "a": {"$ref": "#/$defs/node"},
            "b": {"$ref": "#/$defs/node"},
            "c": {"type": "array", "items": {"anyOf": [{"$ref": "#/$defs/node"}, {"type": "null"}]}}
        },
        "$defs": {"node": {"type": "object", "properties": {"child": {"$ref": "#/$defs/node"}, "label": {"type": "string"}}}}
    });
    let mut seen = Vec::new();
    walk_properties(&schema, |p| {
        seen.push((p.name.to_owned(), p.pointer.clone(), p.depth))
    });
    let names: Vec<&str> = seen.iter().map(|s| s.0.as_str()).collect();
    assert_eq!(names, ["a", "child", "label", "b", "c"]);
    assert_eq!(seen[1].1, "/$defs/node/properties/child");
    assert_eq!(seen[1].2, 2);
}

/// `levels` nested object properties, built by moving values into maps: json!'s interpolation
/// and serde_json's parser both recurse, and a debug-build test thread has only 2 MiB of stack.
fn nested(levels: usize) -> serde_json::Value {
    let mut schema = json!({"type": "string"});
    for _ in 0..levels {
        let mut props = serde_json::Map::new();
        props.insert("x".to_owned(), schema);
        let mut obj = serde_json::Map::new();
        obj.insert("type".to_owned(), json!("object"));
        obj.insert("properties".to_owned(), serde_json::Value::Object(props));
        schema = serde_json::Value::Object(obj);
    }
    schema
}

#[test]
fn deep_schemas_are_bounded_not_a_stack_overflow() {
    let deep = nested(60);
    let mut deepest = 0;
    walk_properties(&deep, |p| deepest = deepest.max(p.depth));
    assert_eq!(deepest, 49, "the walk stops past MAX_WALK_DEPTH");
    assert_eq!(nesting(&deep, 1000), 121);
    assert!(matches!(check_schema(&deep), Validity::Invalid(m) if m.contains("too deep")));
    assert_eq!(validate(&deep, &json!({})), Err(None));
    // Just under the validator's limit: validated for real.
    let ok = nested(MAX_VALIDATED_NESTING / 2 - 1);
    assert!(nesting(&ok, 1000) <= MAX_VALIDATED_NESTING);
    assert!(matches!(check_schema(&ok), Validity::Valid));
    assert!(matches!(validate(&ok, &json!({"x": 1})), Err(Some(_))));
}

#[test]
fn optional_wrappers_count_as_described_when_the_branch_is() {
    let root = json!({"$defs": {"u": {"type": "string", "enum": ["c"], "description": "Unit"}}});
    assert!(is_described(
        &root,
        &json!({"anyOf": [{"$ref": "#/$defs/u"}, {"type": "null"}]})
    ));
    assert!(!is_described(
        &root,
        &json!({"anyOf": [{"type": "string"}, {"type": "null"}]})
    ));
    assert!(!is_described(&root, &json!({"description": "   "})));
}

#[test]
fn validator_classifies_invalid_remote_and_unknown_dialects() {
    assert!(matches!(
        check_schema(&json!({"type": "object"})),
        Validity::Valid
    ));
    assert!(matches!(
        check_schema(&json!({"type": "objekt"})),
        Validity::Invalid(_)
    ));
    assert!(matches!(
        check_schema(&json!({"$ref": "https://example.com/s.json"})),
        Validity::Unresolvable
    ));
    assert!(matches!(
        check_schema(&json!({"$ref": "#/$defs/nope"})),
        Validity::Unresolvable
    ));
    assert!(matches!(
        check_schema(&json!({"$schema": "https://example.com/my-dialect", "type": "object"})),
        Validity::Invalid(_) | Validity::Unresolvable
    ));
    // draft-07 keywords are checked under draft-07 when declared.
    let draft7 = json!({"$schema": "http://json-schema.org/draft-07/schema#", "type": "object", "required": "x"});
    assert!(matches!(check_schema(&draft7), Validity::Invalid(_)));
    assert_eq!(validate(&json!({"type": "integer"}), &json!(3)), Ok(()));
    assert!(matches!(
        validate(&json!({"type": "integer"}), &json!("3")),
        Err(Some(_))
    ));
    assert_eq!(validate(&json!({"type": "objekt"}), &json!(3)), Err(None));
}
