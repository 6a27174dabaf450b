//! The JavaScript snippets handed to a browser backend, and the results they evaluate to.
//!
//! Every snippet is a fixed program followed by data: each outside value (name, source,
//! arguments) enters it only as a JSON string literal written by `serde_json`, with `<`, `>`,
//! `&`, U+2028 and U+2029 further escaped so the literal is also inert inside an HTML
//! `<script>` element and in pre-ES2019 engines. The snippet decodes the values at run time:
//! arguments with `JSON.parse`, the source with `Function("return (" + source + "\n)")`, which
//! compiles it in the global scope, apart from the snippet's own variables. No value is ever
//! pasted into the snippet's code.

use std::fmt;

use crate::error::Error;
use crate::name::FunctionName;

/// The property of `window` (or `globalThis`) that holds the page's functions: an object
/// without prototype, non-writable and non-configurable once created.
pub const REGISTRY_GLOBAL: &str = "__mcpLeanFunctions";

/// Helpers every snippet starts with. `registry()` returns the page's registry, creating it on
/// first use, or `null` when something else took the property.
const PRELUDE: &str = r#"(function () {
"use strict";
var g = (typeof window !== "undefined" && window) ? window : globalThis;
var fail = function (kind, message) { return { ok: false, error: { kind: kind, message: String(message) } }; };
var describe = function (e) {
  try {
    if (e !== null && typeof e === "object" && "message" in e) {
      return (typeof e.name === "string" && e.name ? e.name + ": " : "") + String(e.message);
    }
    return "uncaught " + String(e);
  } catch (_) { return "an exception that cannot be printed"; }
};
var registry = function () {
  var d = Object.getOwnPropertyDescriptor(g, KEY);
  if (d === undefined) {
    var fresh = Object.create(null);
    Object.defineProperty(g, KEY, { value: fresh, writable: false, enumerable: false, configurable: false });
    return fresh;
  }
  var r = d.value;
  if (!("value" in d) || r === null || typeof r !== "object" || Object.getPrototypeOf(r) !== null) { return null; }
  return r;
};
var taken = function () { return fail("registry", "window." + KEY + " is used by the page and is not a function registry; use an isolated world or another registry name"); };
var NAME = /^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/;
var badName = function () { return fail("bad_name", "invalid function name; use 1 to 64 characters from A-Z a-z 0-9 _ $, not starting with a digit"); };
"#;

const INSTALL: &str = r#"if (typeof name !== "string" || !NAME.test(name)) { return badName(); }
if (typeof source !== "string") { return fail("not_a_function", "the source is not a string"); }
var r = registry();
if (r === null) { return taken(); }
var make;
try { make = Function("return (" + source + "\n)"); }
catch (e) { return fail(e instanceof SyntaxError ? "syntax" : "thrown", describe(e)); }
var fn;
try { fn = make(); } catch (e) { return fail("thrown", describe(e)); }
if (typeof fn !== "function") {
  return fail("not_a_function", "the source evaluates to " + (fn === null ? "null" : typeof fn) + ", not a function");
}
r[name] = fn;
return { ok: true, value: { name: name, params: fn.length } };
})()"#;

const CALL: &str = r#"var settle = function (v) { return Promise.resolve(v); };
if (typeof name !== "string" || !NAME.test(name)) { return settle(badName()); }
var r = registry();
if (r === null) { return settle(taken()); }
if (!Object.prototype.hasOwnProperty.call(r, name) || typeof r[name] !== "function") {
  return settle(fail("unknown_function", "no function named " + name + " in this page; define it again (it is lost when a page loads before its init script is installed)"));
}
var args;
try { args = JSON.parse(argsJson); } catch (e) { return settle(fail("bad_arguments", describe(e))); }
if (!Array.isArray(args)) { return settle(fail("bad_arguments", "arguments must be a JSON array")); }
var fn = r[name];
return new Promise(function (resolve) { resolve(fn.apply(undefined, args)); }).then(
  function (v) { return { ok: true, value: v === undefined ? null : v }; },
  function (e) { return fail("thrown", describe(e)); }
);
})()"#;

const LIST: &str = r#"var r = registry();
if (r === null) { return taken(); }
return { ok: true, value: Object.keys(r).sort().map(function (n) {
  return { name: n, params: typeof r[n] === "function" ? r[n].length : 0 };
}) };
})()"#;

const REMOVE: &str = r#"if (typeof name !== "string" || !NAME.test(name)) { return badName(); }
var r = registry();
if (r === null) { return taken(); }
var had = Object.prototype.hasOwnProperty.call(r, name);
delete r[name];
return { ok: true, value: had };
})()"#;

/// Writes `value` as a JSON string literal that is also safe inside HTML and in any JS engine.
///
/// # Example
///
/// ```
/// let lit = fn_registry::js_string_literal("</script>\u{2028}\"");
/// assert_eq!(lit, r#""\u003c/script\u003e\u2028\"""#);
/// ```
pub fn js_string_literal(value: &str) -> String {
    // Serializing a `&str` cannot fail; should it ever, `null` makes every snippet refuse the
    // value instead of running with a half-written literal.
    let json = serde_json::to_string(value).unwrap_or_else(|_| "null".to_owned());
    let mut out = String::with_capacity(json.len() + 16);
    // Inside serde_json's output these characters only occur as themselves (a backslash is
    // always written as `\\`), so replacing them by escapes keeps the literal's meaning.
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

fn start(out: &mut String) {
    out.push_str(PRELUDE);
    out.push_str("var KEY = ");
    out.push_str(&js_string_literal(REGISTRY_GLOBAL));
    out.push_str(";\n");
}

fn var(out: &mut String, name: &str, value: &str) {
    out.push_str("var ");
    out.push_str(name);
    out.push_str(" = ");
    out.push_str(&js_string_literal(value));
    out.push_str(";\n");
}

/// The install snippet: it compiles `source`, checks that it is a function and stores it
/// under `name` in the page's registry. The same text serves as the init script.
pub(crate) fn install(name: &FunctionName, source: &str) -> String {
    let mut out = String::with_capacity(PRELUDE.len() + INSTALL.len() + source.len() * 2);
    start(&mut out);
    var(&mut out, "name", name.as_str());
    var(&mut out, "source", source);
    out.push_str(INSTALL);
    out
}

/// The call snippet for a function and the JSON text of its argument array.
pub(crate) fn call(name: &FunctionName, args_json: &str) -> String {
    let mut out = String::with_capacity(PRELUDE.len() + CALL.len() + args_json.len() * 2);
    start(&mut out);
    var(&mut out, "name", name.as_str());
    var(&mut out, "argsJson", args_json);
    out.push_str(CALL);
    out
}

/// The remove snippet for a function.
pub(crate) fn remove(name: &FunctionName) -> String {
    let mut out = String::with_capacity(PRELUDE.len() + REMOVE.len() + 64);
    start(&mut out);
    var(&mut out, "name", name.as_str());
    out.push_str(REMOVE);
    out
}

/// The list snippet: it evaluates to `{ok: true, value: [{name, params}, …]}`, sorted by name,
/// for the functions the page holds right now.
///
/// The page's list can differ from [`Registry::functions`](crate::registry::Registry::functions): a page
/// that loaded before an init script was installed has none of the earlier functions.
///
/// # Example
///
/// ```
/// let js = fn_registry::list_script();
/// assert!(js.contains("Object.keys"));
/// ```
pub fn list_script() -> String {
    let mut out = String::with_capacity(PRELUDE.len() + LIST.len() + 64);
    start(&mut out);
    out.push_str(LIST);
    out
}

/// How a snippet failed in the page.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FailureKind {
    /// The source does not compile (`SyntaxError`).
    Syntax,
    /// The source evaluated to something other than a function.
    NotAFunction,
    /// The function threw or its promise rejected (or, rarely, evaluating the source threw).
    Thrown,
    /// The page has no function of that name, e.g. after a navigation the init script missed.
    UnknownFunction,
    /// The arguments were not a JSON array.
    BadArguments,
    /// The name broke the grammar (the page checks it again).
    BadName,
    /// The page uses the registry's global for something else.
    Registry,
    /// A kind this version does not know, kept verbatim.
    Other(String),
}

impl FailureKind {
    fn parse(kind: &str) -> Self {
        match kind {
            "syntax" => Self::Syntax,
            "not_a_function" => Self::NotAFunction,
            "thrown" => Self::Thrown,
            "unknown_function" => Self::UnknownFunction,
            "bad_arguments" => Self::BadArguments,
            "bad_name" => Self::BadName,
            "registry" => Self::Registry,
            other => Self::Other(other.to_owned()),
        }
    }

    /// The kind as the snippets write it, e.g. `"syntax"`.
    pub fn as_str(&self) -> &str {
        match self {
            Self::Syntax => "syntax",
            Self::NotAFunction => "not_a_function",
            Self::Thrown => "thrown",
            Self::UnknownFunction => "unknown_function",
            Self::BadArguments => "bad_arguments",
            Self::BadName => "bad_name",
            Self::Registry => "registry",
            Self::Other(kind) => kind,
        }
    }
}

/// A failed snippet: its kind and the page's message.
///
/// `Display` gives one line for the model, e.g.
/// `syntax error in the function source: SyntaxError: Unexpected token ')'`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// What went wrong.
    pub kind: FailureKind,
    /// The message from the page, e.g. the exception's `name: message`.
    pub message: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match &self.kind {
            FailureKind::Syntax => "syntax error in the function source",
            FailureKind::NotAFunction => "the source is not a function",
            FailureKind::Thrown => "the function threw",
            FailureKind::UnknownFunction => "unknown function",
            FailureKind::BadArguments => "bad arguments",
            FailureKind::BadName => "bad function name",
            FailureKind::Registry => "the page's function registry is unavailable",
            FailureKind::Other(_) => "the snippet failed",
        };
        write!(f, "{what}: {}", self.message)
    }
}

/// What a snippet evaluated to, read from its `{ok, value}` / `{ok, error}` object.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    /// `{ok: true, value}`: the value (for a call, the function's result; `undefined` is `null`).
    Ok(serde_json::Value),
    /// `{ok: false, error: {kind, message}}`.
    Failed(Failure),
}

impl Outcome {
    /// Reads the value a snippet evaluated to (for the call snippet: the value its promise
    /// resolved to), as returned by value by the backend.
    ///
    /// # Errors
    ///
    /// [`Error::MalformedResult`] when the value is not an object of either shape.
    ///
    /// # Example
    ///
    /// ```
    /// use fn_registry::{FailureKind, Outcome};
    /// use serde_json::json;
    ///
    /// let ok = Outcome::from_value(&json!({"ok": true, "value": 3}))?;
    /// assert_eq!(ok, Outcome::Ok(json!(3)));
    /// let err = Outcome::from_value(&json!({"ok": false, "error": {"kind": "syntax", "message": "SyntaxError: x"}}))?;
    /// let Outcome::Failed(failure) = err else { panic!("a failure") };
    /// assert_eq!(failure.kind, FailureKind::Syntax);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_value(value: &serde_json::Value) -> Result<Self, Error> {
        let obj = value.as_object().ok_or(Error::MalformedResult {
            reason: "it is not an object",
        })?;
        match obj.get("ok") {
            Some(serde_json::Value::Bool(true)) => Ok(Self::Ok(
                obj.get("value").cloned().unwrap_or(serde_json::Value::Null),
            )),
            Some(serde_json::Value::Bool(false)) => {
                let error =
                    obj.get("error")
                        .and_then(|e| e.as_object())
                        .ok_or(Error::MalformedResult {
                            reason: "\"error\" is not an object",
                        })?;
                let kind =
                    error
                        .get("kind")
                        .and_then(|k| k.as_str())
                        .ok_or(Error::MalformedResult {
                            reason: "\"error.kind\" is not a string",
                        })?;
                let message = error
                    .get("message")
                    .and_then(|m| m.as_str())
                    .unwrap_or_default();
                Ok(Self::Failed(Failure {
                    kind: FailureKind::parse(kind),
                    message: message.to_owned(),
                }))
            }
            _ => Err(Error::MalformedResult {
                reason: "\"ok\" is not true or false",
            }),
        }
    }
}

#[cfg(test)]
mod tests;
