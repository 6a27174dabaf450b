//! The call metrics that need the tools: calls to tools not in the list, and arguments the
//! tool's own `inputSchema` rejects.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{Map, Value};

use super::{BadSchema, CallMetrics, MAX_LISTED, SchemaViolation, ratio};
use crate::score::{Tools, schema};
use crate::trajectory::ToolCall;

pub(super) fn check_schemas(actual: &[ToolCall], tools: &Tools<'_>, out: &mut CallMetrics) {
    let empty = Value::Object(Map::new());
    let mut unknown = 0usize;
    let mut unknown_seen = BTreeSet::new();
    let mut compiled: BTreeMap<&str, Option<schema::Compiled>> = BTreeMap::new();
    for (index, call) in actual.iter().enumerate() {
        let Some(spec) = tools.get(&call.name) else {
            unknown += 1;
            if unknown_seen.insert(call.name.as_str()) && out.unknown_tools.len() < MAX_LISTED {
                out.unknown_tools.push(call.name.clone());
            }
            continue;
        };
        if spec.input_schema.is_null() {
            continue;
        }
        let entry = compiled.entry(spec.name.as_str()).or_insert_with(|| {
            schema::compile(&spec.input_schema)
                .map_err(|message| {
                    out.bad_schemas.push(BadSchema {
                        tool: spec.name.clone(),
                        message,
                    });
                })
                .ok()
        });
        let Some(schema) = entry else {
            continue;
        };
        let args = if call.arguments.is_null() {
            &empty
        } else {
            &call.arguments
        };
        match schema.check(args) {
            Ok(true) => out.schema_checked += 1,
            Ok(false) => {}
            Err(message) => {
                out.schema_checked += 1;
                out.schema_invalid += 1;
                if out.schema_violations.len() < MAX_LISTED {
                    out.schema_violations.push(SchemaViolation {
                        index,
                        tool: call.name.clone(),
                        message,
                    });
                }
            }
        }
    }
    out.unknown_tool_share = Some(ratio(unknown as f64, actual.len() as f64, 0.0));
    out.schema_invalid_share = Some(ratio(
        out.schema_invalid as f64,
        out.schema_checked as f64,
        0.0,
    ));
}

#[cfg(test)]
mod tests;
