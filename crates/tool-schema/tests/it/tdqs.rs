//! Glama TDQS v1.2 invocation cost and shadowing prefilter, against the numbers the
//! specification publishes. It gives those as prose and signal tuples, not as schemas, so
//! each schema here is the smallest one its prose describes.

use serde_json::{Map, Value, json};
use tool_schema::score::{InvocationCost, invocation_cost, is_shadow_candidate, shadow_pairs};
use tool_schema::{Config, lint_value};

fn scalars(names: &[&str]) -> Value {
    let props: Map<String, Value> = names
        .iter()
        .map(|n| ((*n).to_owned(), json!({"type": "string"})))
        .collect();
    json!({"type": "object", "properties": props, "required": names})
}

/// (requiredFieldCount, schemaDepth, unionChoiceCount, invocationCost)
fn signals(schema: &Value) -> (u32, u32, u32, u32) {
    let InvocationCost {
        required_field_count,
        schema_depth,
        union_choice_count,
        invocation_cost: cost,
    } = invocation_cost(schema);
    (required_field_count, schema_depth, union_choice_count, cost)
}

const EIGHT: [&str; 8] = ["a", "b", "c", "d", "e", "f", "g", "h"];

#[test]
fn eight_required_scalars_cost_8_and_11_when_wrapped() {
    // "Eight required scalars cost 8 + 0 + 0 = 8 flat; wrapped in one required object they
    // cost 9 + 2 + 0 = 11."
    assert_eq!(signals(&scalars(&EIGHT)), (8, 1, 0, 8));
    let wrapped =
        json!({"type": "object", "properties": {"args": scalars(&EIGHT)}, "required": ["args"]});
    assert_eq!(signals(&wrapped), (9, 2, 0, 11));
}

/// `get_stat [cost 4: 4 required, depth 1, 0 union choices]`
fn get_stat() -> Value {
    scalars(&["player", "season", "stat", "league"])
}

/// `query_panel [cost 13: 5 required, depth 3, 2 union choices]`: one required object that
/// requires three fields, one of them a nested object holding a three-branch discriminated
/// union whose widest branch requires one field.
fn query_panel() -> Value {
    let branch = |kind: &str, field: &str| json!({"properties": {"kind": {"const": kind}, field: {"type": "string"}}, "required": [field]});
    json!({"type": "object", "required": ["query"], "properties": {"query": {
        "type": "object", "required": ["population", "window", "measure"], "properties": {
            "population": {"type": "string"},
            "window": {"type": "string"},
            "measure": {"type": "object", "oneOf": [
                branch("count", "event"), branch("rate", "per"), branch("value", "stat")
            ]}
        }
    }}})
}

#[test]
fn the_calibration_tools_cost_what_the_specification_says() {
    assert_eq!(signals(&get_stat()), (4, 1, 0, 4));
    assert_eq!(signals(&query_panel()), (5, 3, 2, 13));
    // get_repo [cost 2: 2 required, depth 1, 0 union choices]
    assert_eq!(signals(&scalars(&["owner", "repo"])), (2, 1, 0, 2));
    // search_code [cost 8: 4 required, depth 2, 1 union choices]
    let search_code = json!({"type": "object", "required": ["query", "scope"], "properties": {
        "query": {"type": "string"},
        "scope": {"type": "object", "required": ["owner", "language"], "properties": {
            "owner": {"type": "string"},
            "language": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}
        }}
    }});
    assert_eq!(signals(&search_code), (4, 2, 1, 8));
}

#[test]
fn the_union_may_be_the_property_value_itself() {
    // The same 13 when the union sits directly on the property: its object branches are the
    // third level.
    let obj =
        |f: &str| json!({"type": "object", "required": [f], "properties": {f: {"type": "string"}}});
    let schema = json!({"type": "object", "required": ["q"], "properties": {"q": {
        "type": "object", "required": ["a", "b", "c"], "properties": {
            "a": {"type": "string"}, "b": {"type": "string"},
            "c": {"oneOf": [obj("x"), obj("y"), obj("z")]}
        }
    }}});
    assert_eq!(signals(&schema), (5, 3, 2, 13));
}

#[test]
fn the_published_context_signals_example_costs_1() {
    // paramCount 4, requiredParamCount 1, schemaDepth 1 → invocationCost 1.
    let schema = json!({"type": "object", "required": ["q"], "properties": {
        "q": {"type": "string", "description": "Query"},
        "limit": {"type": "integer", "description": "Max"},
        "offset": {"type": "integer"},
        "filter": {"type": "object", "properties": {"deep": {"type": "object"}}}
    }});
    assert_eq!(signals(&schema), (1, 1, 0, 1));
}

#[test]
fn only_the_required_subtree_counts() {
    // Deep optional filters cost nothing until the agent chooses them.
    let schema = json!({"type": "object", "required": ["q"], "properties": {
        "q": {"type": "string"},
        "filters": {"type": "object", "required": ["a"], "properties": {
            "a": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "boolean"}]}
        }}
    }});
    assert_eq!(signals(&schema), (1, 1, 0, 1));
    assert_eq!(
        signals(&json!({"type": "object", "properties": {"a": {"type": "string"}}})).3,
        0
    );
}

#[test]
fn empty_and_property_less_schemas_score_0() {
    for schema in [
        json!(null),
        json!({}),
        json!({"type": "object"}),
        json!({"type": "object", "properties": {}}),
        json!({"type": "object", "additionalProperties": false}),
        json!(true),
        json!("object"),
    ] {
        assert_eq!(signals(&schema), (0, 0, 0, 0), "{schema}");
    }
}

#[test]
fn refs_are_resolved_and_shared_definitions_count_at_each_use() {
    let schema = json!({
        "type": "object",
        "required": ["from", "to"],
        "properties": {"from": {"$ref": "#/$defs/point"}, "to": {"$ref": "#/definitions/point"}},
        "$defs": {"point": {"type": "object", "required": ["x", "y"], "properties": {
            "x": {"type": "number"}, "y": {"type": "number"}
        }}},
        "definitions": {"point": {"$ref": "#/$defs/point"}}
    });
    // from + x + y, to + x + y; depth 2.
    assert_eq!(signals(&schema), (6, 2, 0, 8));
}

#[test]
fn nullable_idiom_enums_and_type_arrays_are_not_unions() {
    let schema = json!({"type": "object", "required": ["a", "b", "c", "d"], "properties": {
        "a": {"anyOf": [{"type": "string"}, {"type": "null"}]},
        "b": {"enum": ["x", "y", "z"]},
        "c": {"type": ["string", "integer", "null"]},
        "d": {"oneOf": [{"$ref": "#/$defs/n"}, {"type": "integer"}]}
    }, "$defs": {"n": {"type": "null"}}});
    assert_eq!(signals(&schema), (4, 1, 0, 4));
    // A null member does not count as a branch of a real union either.
    let three = json!({"type": "object", "required": ["a"], "properties": {
        "a": {"anyOf": [{"type": "string"}, {"type": "integer"}, {"type": "null"}]}
    }});
    assert_eq!(signals(&three), (1, 1, 1, 3));
}

#[test]
fn arrays_of_objects_add_a_level_and_their_required_fields() {
    let schema = json!({"type": "object", "required": ["rows", "tags"], "properties": {
        "rows": {"type": "array", "items": {"type": "object", "required": ["id"], "properties": {"id": {"type": "string"}}}},
        "tags": {"type": "array", "items": {"type": "string"}}
    }});
    assert_eq!(signals(&schema), (3, 2, 0, 5));
}

#[test]
fn all_of_members_merge_and_a_name_required_twice_counts_once() {
    let schema = json!({"type": "object", "allOf": [
        {"properties": {"a": {"type": "string"}}, "required": ["a"]},
        {"properties": {"b": {"type": "object", "properties": {}}}, "required": ["a", "b"]}
    ]});
    // a, b; b is an object one level down.
    assert_eq!(signals(&schema), (2, 2, 0, 4));
}

#[test]
fn recursive_and_exploding_schemas_end_with_a_bounded_count() {
    let recursive = json!({"type": "object", "required": ["node"], "properties": {"node": {"$ref": "#/$defs/node"}},
        "$defs": {"node": {"type": "object", "required": ["child"], "properties": {"child": {"$ref": "#/$defs/node"}}}}});
    // node, child; the repeat of #/$defs/node stops the walk.
    assert_eq!(signals(&recursive), (2, 2, 0, 4));
    // Ten definitions, each requiring ten properties that refer to the next: 10^10 paths.
    let mut defs = Map::new();
    for i in 0..10 {
        let next = json!({"$ref": format!("#/$defs/d{}", i + 1)});
        let props: Map<String, Value> = (0..10).map(|k| (format!("p{k}"), next.clone())).collect();
        let names: Vec<String> = props.keys().cloned().collect();
        defs.insert(
            format!("d{i}"),
            json!({"type": "object", "properties": props, "required": names}),
        );
    }
    defs.insert("d10".into(), json!({"type": "string"}));
    let exploding = json!({"$ref": "#/$defs/d0", "$defs": defs});
    let s = signals(&exploding);
    assert!(s.0 >= 10 && s.1 <= 10, "{s:?}");
    // Nested past the cap of 10 levels.
    let mut deep = json!({"type": "string"});
    for _ in 0..40 {
        deep = json!({"type": "object", "required": ["x"], "properties": {"x": deep}});
    }
    assert_eq!(signals(&deep).1, 10);
}

#[test]
fn the_shadowing_prefilter_follows_the_published_pairs() {
    assert!(is_shadow_candidate(4, 13));
    assert!(is_shadow_candidate(2, 8));
    assert!(is_shadow_candidate(0, 4));
    assert!(!is_shadow_candidate(0, 3));
    assert!(!is_shadow_candidate(10, 19));
    assert!(!is_shadow_candidate(13, 4));
    assert!(!is_shadow_candidate(u32::MAX, u32::MAX));
    // At most one candidate per tool, the dearest qualifying sibling; ties go to the first.
    assert_eq!(
        shadow_pairs(&[0, 4, 13, 4, 20]),
        vec![(1, 0), (2, 1), (3, 0), (4, 1)]
    );
    assert_eq!(shadow_pairs(&[3, 3, 3]), Vec::<(usize, usize)>::new());
    assert!(shadow_pairs(&[]).is_empty());
}

#[test]
fn the_report_names_each_candidate_with_both_costs() {
    let list = json!([
        {"name": "get_stat", "description": "Return a single stat for a player and season.", "inputSchema": get_stat()},
        {"name": "query_panel", "description": "Run a qualified query over the panel.", "inputSchema": query_panel()}
    ]);
    let report = lint_value(&list, &Config::default()).expect("a list");
    let json = report.to_json();
    assert_eq!(json["tools"][1]["invocationCost"], 13);
    assert_eq!(json["tools"][1]["requiredFieldCount"], 5);
    assert_eq!(json["tools"][1]["schemaDepth"], 3);
    assert_eq!(json["tools"][1]["unionChoiceCount"], 2);
    assert_eq!(
        json["server"]["shadowCandidates"],
        json!([{
            "toolIndex": 1, "tool": "query_panel", "invocationCost": 13,
            "cheaperSiblingIndex": 0, "cheaperSibling": "get_stat", "cheaperSiblingInvocationCost": 4
        }])
    );
    let summary = report.to_text("tools.json");
    assert!(
        summary
            .lines()
            .last()
            .is_some_and(|l| l.ends_with("1 shadowing candidate(s) to review in the JSON report")),
        "{summary}"
    );
}
