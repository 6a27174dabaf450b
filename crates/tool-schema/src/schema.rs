//! JSON Schema helpers: local `$ref` resolution, property walks, and validity checks with a
//! real validator (boon) that never loads anything from outside the document.

use std::collections::HashSet;
use std::error::Error as StdError;

use serde_json::{Map, Value};

/// How deep the walks go into a schema. Real tool schemas stop at 6 or 7; this only keeps a
/// hostile schema from costing more than linear time.
const MAX_WALK_DEPTH: usize = 48;

/// How many `$ref` hops one lookup follows before giving up (a chain of refs to refs).
const MAX_REF_HOPS: usize = 16;

/// The target of a local `$ref` (`#`, `#/a/b`, `#anchor`) in `root`, with its JSON pointer.
pub(crate) fn lookup_ref<'a>(root: &'a Value, reference: &str) -> Option<(&'a Value, String)> {
    let frag = reference.strip_prefix('#')?;
    if frag.is_empty() {
        return Some((root, String::new()));
    }
    if frag.starts_with('/') {
        let pointer = percent_decode(frag);
        return root.pointer(&pointer).map(|v| (v, pointer));
    }
    find_anchor(root, frag)
}

fn find_anchor<'a>(root: &'a Value, anchor: &str) -> Option<(&'a Value, String)> {
    let mut stack: Vec<(&'a Value, String, usize)> = vec![(root, String::new(), 0)];
    while let Some((node, at, depth)) = stack.pop() {
        if depth > MAX_WALK_DEPTH {
            continue;
        }
        match node {
            Value::Object(map) => {
                if map.get("$anchor").and_then(Value::as_str) == Some(anchor) {
                    return Some((node, at));
                }
                let children: Vec<_> = map
                    .iter()
                    .map(|(k, v)| (v, child(&at, k), depth + 1))
                    .collect();
                stack.extend(children.into_iter().rev());
            }
            Value::Array(items) => {
                let children: Vec<_> = items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| (v, format!("{at}/{i}"), depth + 1))
                    .collect();
                stack.extend(children.into_iter().rev());
            }
            _ => {}
        }
    }
    None
}

fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(hex) = s.get(i + 1..i + 3)
            && let Ok(b) = u8::from_str_radix(hex, 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// `base` + `/` + `key`, escaped per RFC 6901.
pub(crate) fn child(base: &str, key: &str) -> String {
    let mut out = String::with_capacity(base.len() + key.len() + 1);
    out.push_str(base);
    out.push('/');
    for c in key.chars() {
        match c {
            '~' => out.push_str("~0"),
            '/' => out.push_str("~1"),
            _ => out.push(c),
        }
    }
    out
}

/// Follows `$ref` chains from `schema` to the schema that holds the content. Returns the
/// schema and, when a ref was followed, the pointer (relative to `root`) of the target.
pub(crate) fn resolve<'a>(root: &'a Value, schema: &'a Value) -> (&'a Value, Option<String>) {
    let mut current = schema;
    let mut at = None;
    for _ in 0..MAX_REF_HOPS {
        let Some(reference) = current.get("$ref").and_then(Value::as_str) else {
            break;
        };
        match lookup_ref(root, reference) {
            Some((target, pointer)) => {
                current = target;
                at = Some(pointer);
            }
            None => break,
        }
    }
    (current, at)
}

/// Whether `schema` carries a non-empty description, on itself, on its `$ref` target, or (for
/// the `anyOf: [T, null]` shape generators emit for optional values) on every non-null branch.
pub(crate) fn is_described(root: &Value, schema: &Value) -> bool {
    if has_text(schema, "description") {
        return true;
    }
    let (target, _) = resolve(root, schema);
    if has_text(target, "description") {
        return true;
    }
    for key in ["anyOf", "oneOf", "allOf"] {
        if let Some(branches) = target.get(key).and_then(Value::as_array) {
            let mut real = branches.iter().filter(|b| !is_null_type(b)).peekable();
            if real.peek().is_some() && real.all(|b| has_text(resolve(root, b).0, "description")) {
                return true;
            }
        }
    }
    false
}

fn has_text(schema: &Value, key: &str) -> bool {
    schema
        .get(key)
        .and_then(Value::as_str)
        .is_some_and(|s| !s.trim().is_empty())
}

/// Whether a schema describes an object: its `type` is or includes `"object"`, or it has
/// `properties`.
pub(crate) fn is_object_schema(map: &Map<String, Value>) -> bool {
    let typed = match map.get("type") {
        Some(Value::String(t)) => t == "object",
        Some(Value::Array(ts)) => ts.iter().any(|t| t == "object"),
        _ => false,
    };
    typed || map.contains_key("properties")
}

pub(crate) fn is_null_type(schema: &Value) -> bool {
    schema.get("type").and_then(Value::as_str) == Some("null")
}

/// One property met by [`walk_properties`].
pub(crate) struct Property<'a> {
    /// The property's key.
    pub(crate) name: &'a str,
    /// The property's schema as written (possibly a `$ref`).
    pub(crate) schema: &'a Value,
    /// JSON pointer of the property schema, relative to the schema root.
    pub(crate) pointer: String,
    /// Object nesting depth: 1 for top-level properties.
    pub(crate) depth: usize,
}

/// Visits every property of `root` (top level, nested objects, array items, composition
/// branches and `$ref` targets), each definition once, depth-first in document order.
///
/// Iterative with an explicit stack: debug builds spend kilobytes of stack per recursive
/// frame, and a test thread has 2 MiB.
pub(crate) fn walk_properties<'a>(root: &'a Value, mut visit: impl FnMut(&Property<'a>)) {
    enum Work<'a> {
        Schema(&'a Value, String, usize),
        Visit(Property<'a>),
    }
    let mut seen = HashSet::new();
    let mut stack = vec![Work::Schema(root, String::new(), 0)];
    while let Some(work) = stack.pop() {
        let (schema, pointer, depth) = match work {
            Work::Visit(p) => {
                visit(&p);
                continue;
            }
            Work::Schema(schema, pointer, depth) => (schema, pointer, depth),
        };
        if depth > MAX_WALK_DEPTH {
            continue;
        }
        let (schema, target) = resolve(root, schema);
        let pointer = match target {
            Some(target) => {
                if !seen.insert(target.clone()) {
                    continue;
                }
                target
            }
            None => pointer,
        };
        let Some(map) = schema.as_object() else {
            continue;
        };
        let mut children = Vec::new();
        if let Some(props) = map.get("properties").and_then(Value::as_object) {
            let base = child(&pointer, "properties");
            for (name, prop) in props {
                let at = child(&base, name);
                children.push(Work::Visit(Property {
                    name,
                    schema: prop,
                    pointer: at.clone(),
                    depth: depth + 1,
                }));
                children.push(Work::Schema(prop, at, depth + 1));
            }
        }
        for key in ["items", "additionalProperties"] {
            if let Some(sub) = map.get(key).filter(|v| v.is_object()) {
                children.push(Work::Schema(sub, child(&pointer, key), depth));
            }
        }
        for key in ["anyOf", "oneOf", "allOf"] {
            if let Some(branches) = map.get(key).and_then(Value::as_array) {
                let base = child(&pointer, key);
                for (i, branch) in branches.iter().enumerate() {
                    children.push(Work::Schema(branch, format!("{base}/{i}"), depth));
                }
            }
        }
        stack.extend(children.into_iter().rev());
    }
}

/// Every subschema of `root` with its pointer (object keys that hold schemas only, so `enum`,
/// `const`, `default` and `examples` values are never mistaken for schemas), in document order.
pub(crate) fn walk_schemas<'a>(
    root: &'a Value,
    mut visit: impl FnMut(&'a Map<String, Value>, &str),
) {
    let mut stack: Vec<(&'a Value, String, usize)> = vec![(root, String::new(), 0)];
    while let Some((node, pointer, depth)) = stack.pop() {
        if depth > MAX_WALK_DEPTH {
            continue;
        }
        let Some(map) = node.as_object() else {
            continue;
        };
        visit(map, &pointer);
        let mut children = Vec::new();
        for (key, value) in map {
            match key.as_str() {
                "properties" | "patternProperties" | "$defs" | "definitions"
                | "dependentSchemas" => {
                    if let Some(subs) = value.as_object() {
                        let base = child(&pointer, key);
                        for (name, sub) in subs {
                            children.push((sub, child(&base, name), depth + 1));
                        }
                    }
                }
                "anyOf"
                | "oneOf"
                | "allOf"
                | "prefixItems"
                | "items"
                | "additionalProperties"
                | "not"
                | "if"
                | "then"
                | "else"
                | "contains"
                | "propertyNames"
                | "unevaluatedProperties"
                | "unevaluatedItems"
                | "additionalItems" => match value {
                    Value::Array(items) => {
                        for (i, sub) in items.iter().enumerate() {
                            children.push((sub, format!("{pointer}/{key}/{i}"), depth + 1));
                        }
                    }
                    other => children.push((other, child(&pointer, key), depth + 1)),
                },
                _ => {}
            }
        }
        stack.extend(children.into_iter().rev());
    }
}

/// The outcome of checking a schema against its dialect.
pub(crate) enum Validity {
    Valid,
    /// Invalid, with a message for the user.
    Invalid(String),
    /// Could not be checked because a `$ref` points outside the document; `TS-REF-REMOTE`
    /// reports that.
    Unresolvable,
}

/// A loader that refuses every URL: schemas are checked as sent, and nothing is fetched.
struct NoLoader;

impl boon::UrlLoader for NoLoader {
    fn load(&self, url: &str) -> Result<Value, Box<dyn StdError>> {
        Err(format!("tool-schema never loads external schemas ({url})").into())
    }
}

/// The id under which a schema is compiled; never fetched (the document is added as a
/// resource and the loader refuses everything).
const SCHEMA_URL: &str = "https://tool-schema.invalid/schema.json";

fn compile(schema: &Value) -> Result<(boon::Schemas, boon::SchemaIndex), Validity> {
    let mut compiler = boon::Compiler::new();
    compiler.use_loader(Box::new(NoLoader));
    compiler.set_default_draft(boon::Draft::V2020_12);
    let mut schemas = boon::Schemas::new();
    compiler
        .add_resource(SCHEMA_URL, schema.clone())
        .map_err(|e| Validity::Invalid(one_line(&e.to_string())))?;
    match compiler.compile(SCHEMA_URL, &mut schemas) {
        Ok(index) => Ok((schemas, index)),
        Err(e) => Err(classify(&e)),
    }
}

fn classify(e: &boon::CompileError) -> Validity {
    use boon::CompileError as C;
    match e {
        C::LoadUrlError { .. }
        | C::UnsupportedUrlScheme { .. }
        | C::JsonPointerNotFound(_)
        | C::AnchorNotFound { .. } => Validity::Unresolvable,
        C::ValidationError { src, .. } => Validity::Invalid(one_line(&format!("{src:#}"))),
        C::UnsupportedDraft { url } => {
            Validity::Invalid(format!("unknown $schema dialect {url:?}"))
        }
        other => Validity::Invalid(one_line(&other.to_string())),
    }
}

/// JSON nesting the validator is given. Real tool schemas nest at most 21 levels (the corpus);
/// boon recurses per level with large frames, and at about 60 levels a debug-build thread with
/// 2 MiB of stack overflows, which would abort the process instead of reporting. Deeper
/// schemas get a finding that says so (and `TP-DEPTH` has long fired for them).
pub(crate) const MAX_VALIDATED_NESTING: usize = 32;

/// Nesting depth of `value` (a scalar is 0), counted without recursion and capped at `cap + 1`.
pub(crate) fn nesting(value: &Value, cap: usize) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(value, 0usize)];
    while let Some((v, d)) = stack.pop() {
        let kids: Box<dyn Iterator<Item = &Value>> = match v {
            Value::Object(m) => Box::new(m.values()),
            Value::Array(a) => Box::new(a.iter()),
            _ => continue,
        };
        deepest = deepest.max(d + 1);
        if deepest > cap {
            return deepest;
        }
        stack.extend(kids.map(|k| (k, d + 1)));
    }
    deepest
}

/// Checks `schema` against the metaschema of its `$schema` dialect (2020-12 when absent).
pub(crate) fn check_schema(schema: &Value) -> Validity {
    if nesting(schema, MAX_VALIDATED_NESTING) > MAX_VALIDATED_NESTING {
        return Validity::Invalid(format!(
            "it nests more than {MAX_VALIDATED_NESTING} levels deep, too deep to validate safely"
        ));
    }
    match compile(schema) {
        Ok(_) => Validity::Valid,
        Err(v) => v,
    }
}

/// Validates `instance` against `schema`. `Ok(None)` when the schema itself cannot be used.
pub(crate) fn validate(schema: &Value, instance: &Value) -> Result<(), Option<String>> {
    if nesting(schema, MAX_VALIDATED_NESTING) > MAX_VALIDATED_NESTING {
        return Err(None);
    }
    if nesting(instance, MAX_VALIDATED_NESTING) > MAX_VALIDATED_NESTING {
        return Err(Some(format!(
            "the value nests more than {MAX_VALIDATED_NESTING} levels deep"
        )));
    }
    let (schemas, index) = compile(schema).map_err(|_| None)?;
    schemas
        .validate(instance, index)
        .map_err(|e| Some(one_line(&format!("{e}"))))
}

/// Collapses a multi-line validator message and strips our internal URL from it.
fn one_line(msg: &str) -> String {
    let text = msg.replace(SCHEMA_URL, "").replace('\n', "; ");
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() > 300 {
        let cut: String = text.chars().take(300).collect();
        format!("{cut}…")
    } else {
        text
    }
}
