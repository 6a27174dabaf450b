//! Checking call arguments against a tool's own `inputSchema` with a real JSON Schema
//! validator (boon, as `tool-schema` uses it): every draft, 2020-12 when `$schema` is absent
//! (the MCP default), nothing fetched.

use std::error::Error as StdError;

use serde_json::Value;

/// Nesting the validator is given. boon recurses per level with large frames; at about 60
/// levels a debug-build thread with 2 MiB of stack overflows, which would abort the process
/// instead of reporting (`tool-schema` keeps the same limit for the same reason).
pub(super) const MAX_NESTING: usize = 32;

/// The id under which a schema is compiled; never fetched.
const SCHEMA_URL: &str = "https://eval-core.invalid/input-schema.json";

/// A compiled `inputSchema`.
pub(super) struct Compiled {
    schemas: boon::Schemas,
    index: boon::SchemaIndex,
}

/// A loader that refuses every URL: schemas are used as the server sent them.
struct NoLoader;

impl boon::UrlLoader for NoLoader {
    fn load(&self, url: &str) -> Result<Value, Box<dyn StdError>> {
        Err(format!("external schemas are never loaded ({url})").into())
    }
}

/// Compiles `schema`, or says why it cannot be used.
pub(super) fn compile(schema: &Value) -> Result<Compiled, String> {
    if nesting(schema, MAX_NESTING) > MAX_NESTING {
        return Err(format!(
            "the schema nests more than {MAX_NESTING} levels deep, too deep to validate safely"
        ));
    }
    let mut compiler = boon::Compiler::new();
    compiler.use_loader(Box::new(NoLoader));
    compiler.set_default_draft(boon::Draft::V2020_12);
    compiler
        .add_resource(SCHEMA_URL, schema.clone())
        .map_err(|e| one_line(&e.to_string()))?;
    let mut schemas = boon::Schemas::new();
    let index = compiler
        .compile(SCHEMA_URL, &mut schemas)
        .map_err(|e| match e {
            boon::CompileError::ValidationError { src, .. } => {
                format!("the metaschema rejects it: {}", leaves(&src))
            }
            boon::CompileError::LoadUrlError { url, .. }
            | boon::CompileError::UnsupportedUrlScheme { url } => one_line(&format!(
                "it refers to {url}, and external schemas are never fetched; inline it in $defs"
            )),
            other => one_line(&other.to_string()),
        })?;
    Ok(Compiled { schemas, index })
}

impl Compiled {
    /// `Ok(true)` when `instance` is valid, `Err` with the reasons when not, `Ok(false)` when
    /// it nests too deep to check.
    pub(super) fn check(&self, instance: &Value) -> Result<bool, String> {
        if nesting(instance, MAX_NESTING) > MAX_NESTING {
            return Ok(false);
        }
        match self.schemas.validate(instance, self.index) {
            Ok(()) => Ok(true),
            Err(e) => Err(leaves(&e)),
        }
    }
}

/// The innermost reasons of a validation error, `at /path: reason`, at most three.
fn leaves(error: &boon::ValidationError<'_, '_>) -> String {
    let mut out = Vec::new();
    let mut stack = vec![error];
    while let Some(e) = stack.pop() {
        if e.causes.is_empty() {
            let at = e.instance_location.to_string();
            let at = if at.is_empty() { "/" } else { at.as_str() };
            out.push(format!("at {at}: {}", e.kind));
            if out.len() == 3 {
                break;
            }
        } else {
            stack.extend(e.causes.iter().rev());
        }
    }
    one_line(&out.join("; "))
}

/// Nesting depth of `value` (a scalar is 0), counted without recursion and capped at
/// `cap + 1`.
pub(super) fn nesting(value: &Value, cap: usize) -> usize {
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

/// One line of at most 300 characters, without our internal URL.
fn one_line(msg: &str) -> String {
    let text = msg.replace(SCHEMA_URL, "");
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() > 300 {
        let cut: String = text.chars().take(299).collect();
        format!("{cut}…")
    } else {
        text
    }
}
