//! Client-compatibility rules on the input schema: a `required` array where parameters exist,
//! and, under the `openai-strict` profile, the closed and fully required objects OpenAI's
//! strict function calling demands.

use serde_json::{Map, Value};

use super::{At, Sink};
use crate::finding::Severity::{Error as E, Info as I};
use crate::schema;

pub(super) fn check(sink: &mut Sink<'_>, at: At<'_>) {
    let Some(input) = at.tool.input_schema().filter(|v| v.is_object()) else {
        return;
    };
    no_required(sink, at, input);
    if sink.on("TP-STRICT-OPEN") || sink.on("TP-STRICT-OPTIONAL") {
        strict(sink, at, input);
    }
}

fn no_required(sink: &mut Sink<'_>, at: At<'_>, input: &Value) {
    let (root, _) = schema::resolve(input, input);
    let Some(map) = root.as_object() else { return };
    let params = map
        .get("properties")
        .and_then(Value::as_object)
        .map_or(0, Map::len);
    if params > 0 && !map.contains_key("required") {
        sink.emit(
            "TP-NO-REQUIRED",
            I,
            Some(at),
            "/inputSchema",
            format!(
                "inputSchema has {params} parameter(s) and no \"required\" array; list the ones a \
                 call needs (\"required\": [] when none is) so models and clients that read the \
                 array need not guess"
            ),
        );
    }
}

fn strict(sink: &mut Sink<'_>, at: At<'_>, input: &Value) {
    let mut found = Vec::new();
    schema::walk_schemas(input, |map, pointer| {
        if !schema::is_object_schema(map) {
            return;
        }
        let at_ptr = format!("/inputSchema{pointer}");
        let shown = if pointer.is_empty() {
            "the root"
        } else {
            pointer
        };
        if map.get("additionalProperties") != Some(&Value::Bool(false)) {
            found.push((
                "TP-STRICT-OPEN",
                at_ptr.clone(),
                format!(
                    "the object at {shown} does not set \"additionalProperties\": false, and \
                     OpenAI strict mode rejects the tool; add it"
                ),
            ));
        }
        let required: Vec<&str> = map
            .get("required")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect();
        let optional: Vec<&str> = map
            .get("properties")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
            .map(|(k, _)| k.as_str())
            .filter(|k| !required.contains(k))
            .collect();
        if !optional.is_empty() {
            found.push((
                "TP-STRICT-OPTIONAL",
                if map.contains_key("required") {
                    format!("{at_ptr}/required")
                } else {
                    at_ptr.clone()
                },
                format!(
                    "the object at {shown} leaves {} out of \"required\", and OpenAI strict mode \
                     needs every property listed; require them and let an optional one take \
                     null (\"type\": [\"string\", \"null\"])",
                    optional
                        .iter()
                        .map(|k| format!("{k:?}"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            ));
        }
    });
    for (rule, pointer, message) in found {
        sink.emit(rule, E, Some(at), pointer, message);
    }
}
