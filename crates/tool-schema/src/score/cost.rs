//! Glama TDQS `invocationCost`: how much work it is for an agent to fill a schema in.
//!
//! The signals are measured over the *required subtree*: what is reachable from the root of
//! `inputSchema` through required properties only, after `$ref` resolution. Where TDQS v1.2
//! leaves a case open, this module picks the reading that reproduces every number the
//! specification publishes, and says so below.
//!
//! - `required_field_count`: every required property met, containers included (a required
//!   object counts once for itself and again for each of its own required properties), and
//!   names in `required` that `properties` lacks. Required properties of an array's object
//!   `items` count too. In a `oneOf`/`anyOf` only the branch with the most required fields
//!   counts. `allOf` members merge into the schema they sit on; a name required twice counts
//!   once. Nothing inside `not` counts.
//! - `schema_depth`: 1 for an object of scalars, one more for each object reached through a
//!   required property or an array's `items`. Branches of `allOf`/`oneOf`/`anyOf`/`not`
//!   merge into the level of the schema that holds them (the deepest branch counts): reading
//!   them as a level of their own would price the specification's own `query_panel` at 15,
//!   not 13. Capped at 10, as the specification caps traversal.
//! - `union_choice_count`: `branches − 1` for each `oneOf`/`anyOf`, summed over every union met
//!   (also those inside branches that are not the widest). `{"type": "null"}` members do not
//!   count as branches, so `[T, null]` (the nullable idiom) adds nothing and `[A, B, null]`
//!   adds 1; `enum` and type arrays are enumerated, not constructed, and add nothing.
//! - A `$ref` pointer already followed on the way down is not followed again (per path, so two
//!   properties sharing one definition both count, and a recursive schema ends). An
//!   unresolvable or remote `$ref` adds nothing (`TS-REF-REMOTE` reports it). A budget of
//!   visits bounds the work on a hostile schema; past it the numbers are a lower bound.
//! - An absent, empty or property-less `inputSchema` (no `properties` and no union anywhere at
//!   its root) scores 0 on every signal.
//!
//! `default`, `const`, `if`/`then`/`else`, `patternProperties` and `additionalProperties` are
//! not priced: the specification does not mention them.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::schema::{is_null_type, is_object_schema, lookup_ref};

/// The specification's traversal cap.
const MAX_LEVEL: usize = 10;
/// Schemas visited per tool before the count stops; real tools visit under a hundred.
const MAX_VISITS: usize = 20_000;

/// The invocation-cost signals of one tool, as TDQS names them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct InvocationCost {
    /// Required properties anywhere in the required subtree, containers included.
    pub required_field_count: u32,
    /// Nesting depth of the required subtree: 1 for a flat object of scalars, 0 without one.
    pub schema_depth: u32,
    /// `branches − 1` summed over the unions of the required subtree, nullable idiom excluded.
    pub union_choice_count: u32,
    /// `required_field_count + 2·max(0, schema_depth − 1) + 2·union_choice_count`.
    pub invocation_cost: u32,
}

/// The invocation cost of a tool's `inputSchema` (TDQS v1.2, see the module docs for how its
/// open cases are read).
///
/// # Example
///
/// ```
/// use serde_json::json;
/// use tool_schema::score::invocation_cost;
///
/// // Eight required scalars cost 8; wrapped in one required object they cost 9 + 2 = 11.
/// let flat: serde_json::Map<String, serde_json::Value> = (0..8)
///     .map(|i| (format!("f{i}"), json!({"type": "string"})))
///     .collect();
/// let names: Vec<String> = flat.keys().cloned().collect();
/// let inner = json!({"type": "object", "properties": flat, "required": names});
/// assert_eq!(invocation_cost(&inner).invocation_cost, 8);
/// let wrapped = json!({"type": "object", "properties": {"q": inner}, "required": ["q"]});
/// let cost = invocation_cost(&wrapped);
/// assert_eq!((cost.required_field_count, cost.schema_depth), (9, 2));
/// assert_eq!(cost.invocation_cost, 11);
/// ```
pub fn invocation_cost(input_schema: &Value) -> InvocationCost {
    let mut walk = Walk {
        root: input_schema,
        path: Vec::new(),
        visits: 0,
    };
    let flat = walk.flatten(input_schema);
    if flat.props.iter().all(|p| p.is_empty()) && flat.unions.is_empty() {
        return InvocationCost::default();
    }
    let t = walk.tally(flat, 1);
    let small = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
    let depth = t.depth.min(MAX_LEVEL) as u64;
    let cost = t
        .fields
        .saturating_add(2 * depth.saturating_sub(1))
        .saturating_add(t.unions.saturating_mul(2));
    InvocationCost {
        required_field_count: small(t.fields),
        schema_depth: small(depth),
        union_choice_count: small(t.unions),
        invocation_cost: small(cost),
    }
}

/// What a subtree adds: fields and unions add up, depth is the deepest level reached.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    fields: u64,
    depth: usize,
    unions: u64,
}

impl Tally {
    fn add(&mut self, other: Tally) {
        self.fields = self.fields.saturating_add(other.fields);
        self.depth = self.depth.max(other.depth);
        self.unions = self.unions.saturating_add(other.unions);
    }
}

/// One schema with its `$ref` targets and `allOf` members merged in.
#[derive(Default)]
struct Flat<'a> {
    object_like: bool,
    required: Vec<&'a str>,
    props: Vec<&'a Map<String, Value>>,
    unions: Vec<&'a [Value]>,
    items: Vec<&'a Value>,
    nots: Vec<&'a Value>,
    /// `$ref` pointers followed while merging; they stay on the path below this schema.
    refs: Vec<String>,
}

impl<'a> Flat<'a> {
    fn property(&self, name: &str) -> Option<&'a Value> {
        self.props.iter().find_map(|p| p.get(name))
    }
}

struct Walk<'a> {
    root: &'a Value,
    /// `$ref` pointers followed on the way down to the current schema.
    path: Vec<String>,
    visits: usize,
}

impl<'a> Walk<'a> {
    fn spent(&mut self) -> bool {
        self.visits += 1;
        self.visits > MAX_VISITS
    }

    /// The tally of `schema` when an object there sits at `level`.
    fn node(&mut self, schema: &'a Value, level: usize) -> Tally {
        if level > MAX_LEVEL || self.spent() {
            return Tally::default();
        }
        let flat = self.flatten(schema);
        self.tally(flat, level)
    }

    /// The tally of an already flattened schema at `level`.
    fn tally(&mut self, flat: Flat<'a>, level: usize) -> Tally {
        let kept = self.path.len();
        self.path.extend(flat.refs.iter().cloned());
        let mut t = Tally {
            depth: if flat.object_like { level } else { 0 },
            ..Tally::default()
        };
        for name in &flat.required {
            t.fields += 1;
            if let Some(p) = flat.property(name) {
                t.add(self.node(p, level + 1));
            }
        }
        for items in &flat.items {
            // The array is no level of its own; an object in it is one below the holder.
            t.add(self.node(items, level));
        }
        for branches in &flat.unions {
            t.add(self.union(branches, level));
        }
        for not in &flat.nots {
            t.depth = t.depth.max(self.node(not, level).depth);
        }
        self.path.truncate(kept);
        t
    }

    fn union(&mut self, branches: &'a [Value], level: usize) -> Tally {
        let real: Vec<&'a Value> = branches
            .iter()
            .filter(|b| !is_null_type(self.resolved(b)))
            .collect();
        let mut widest = 0u64;
        let mut t = Tally {
            unions: real.len().saturating_sub(1) as u64,
            ..Tally::default()
        };
        for branch in real {
            let b = self.node(branch, level);
            widest = widest.max(b.fields);
            t.depth = t.depth.max(b.depth);
            t.unions = t.unions.saturating_add(b.unions);
        }
        t.fields = widest;
        t
    }

    /// The target of a `$ref` chain, for a look at its `type` only.
    fn resolved(&self, schema: &'a Value) -> &'a Value {
        crate::schema::resolve(self.root, schema).0
    }

    fn flatten(&mut self, schema: &'a Value) -> Flat<'a> {
        let mut flat = Flat::default();
        let mut stack = vec![schema];
        while let Some(s) = stack.pop() {
            let Some(map) = s.as_object() else { continue };
            if self.spent() {
                break;
            }
            if let Some(r) = map.get("$ref").and_then(Value::as_str)
                && let Some((target, pointer)) = lookup_ref(self.root, r)
                && !self.path.contains(&pointer)
                && !flat.refs.contains(&pointer)
            {
                flat.refs.push(pointer);
                stack.push(target);
            }
            flat.object_like |= is_object_schema(map);
            if let Some(props) = map.get("properties").and_then(Value::as_object) {
                flat.props.push(props);
            }
            for name in map
                .get("required")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
            {
                if !flat.required.contains(&name) {
                    flat.required.push(name);
                }
            }
            for key in ["oneOf", "anyOf"] {
                if let Some(branches) = map.get(key).and_then(Value::as_array) {
                    flat.unions.push(branches);
                }
            }
            match map.get("items") {
                Some(Value::Array(tuple)) => flat.items.extend(tuple),
                Some(items) => flat.items.push(items),
                None => {}
            }
            if let Some(prefix) = map.get("prefixItems").and_then(Value::as_array) {
                flat.items.extend(prefix);
            }
            if let Some(not) = map.get("not") {
                flat.nots.push(not);
            }
            if let Some(all) = map.get("allOf").and_then(Value::as_array) {
                stack.extend(all.iter().rev());
            }
        }
        flat
    }
}
