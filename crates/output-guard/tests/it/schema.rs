//! The preview's JSON Schema: a description on every field, and real previews validate
//! against it in a real validator (boon, Draft 2020-12).

use output_guard::{Guard, Kind, Preview, StoreLimits, TokenStore};
use serde_json::{Value, json};

fn schema() -> Value {
    serde_json::to_value(schemars::schema_for!(Preview)).unwrap()
}

/// Whether `instance` is valid against `schema`, according to boon (a full JSON Schema
/// validator, drafts 4 to 2020-12); compiling checks the schema against its metaschema first.
fn validates(schema: &Value, instance: &Value) -> bool {
    let mut compiler = boon::Compiler::new();
    compiler.set_default_draft(boon::Draft::V2020_12);
    let url = "urn:output-guard:preview";
    compiler
        .add_resource(url, schema.clone())
        .expect("the schema is a resource");
    let mut schemas = boon::Schemas::new();
    let index = compiler
        .compile(url, &mut schemas)
        .unwrap_or_else(|e| panic!("the schema does not compile: {e}"));
    schemas.validate(instance, index).is_ok()
}

#[test]
fn every_field_has_a_description() {
    let schema = schema();
    let props = schema["properties"].as_object().unwrap();
    assert!(props.len() >= 10, "{props:?}");
    for (name, prop) in props {
        let described = prop
            .get("description")
            .and_then(Value::as_str)
            .is_some_and(|d| d.len() > 10);
        assert!(described, "field {name} has no description: {prop}");
    }
    for name in [
        "truncated",
        "totalLength",
        "shownLength",
        "estimatedTokens",
        "text",
        "kind",
    ] {
        assert!(
            schema["required"]
                .as_array()
                .unwrap()
                .contains(&json!(name)),
            "{name}"
        );
    }
    let kind = &schema["$defs"]["Kind"];
    assert!(kind["description"].is_string(), "{kind}");
    for variant in kind["oneOf"].as_array().unwrap() {
        assert!(variant["description"].is_string(), "{variant}");
    }
}

#[test]
fn previews_validate_against_the_schema() {
    let schema = schema();
    let guard = Guard::default();
    let store = TokenStore::new(StoreLimits::default());
    let truncated = guard.text("z\n".repeat(5000), Kind::Console, &store);
    let unchanged = guard.json(json!({"ok": true}), &store);
    for preview in [&truncated, &unchanged] {
        let instance = serde_json::to_value(preview).unwrap();
        assert!(validates(&schema, &instance), "{instance}");
        let back: Preview = serde_json::from_value(instance).unwrap();
        assert_eq!(&back, preview);
    }
    let instance = serde_json::to_value(&truncated).unwrap();
    assert_eq!(instance["kind"], "console");
    assert_eq!(instance["totalLength"], 10_000);
    assert!(instance["confirmToken"].is_string());
}

#[test]
fn the_schema_rejects_malformed_previews() {
    let schema = schema();
    let good = serde_json::to_value(Guard::default().preview_text("a", Kind::Text)).unwrap();
    assert!(validates(&schema, &good));
    for (field, bad) in [
        ("totalLength", json!(-1)),
        ("kind", json!("video")),
        ("text", json!(3)),
    ] {
        let mut instance = good.clone();
        instance[field] = bad;
        assert!(!validates(&schema, &instance), "{field}: {instance}");
    }
    let mut missing = good;
    missing.as_object_mut().unwrap().remove("text");
    assert!(!validates(&schema, &missing));
}
