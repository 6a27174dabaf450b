//! The JavaScript snippet that turns page values into JSON-safe descriptors.

/// A JavaScript function expression, `(function describe(value, options) { … })`, that turns
/// any value into JSON the [`summarize`](crate::summary::summarize) function understands.
///
/// DOM elements become `{"$type": "element", "tag", "id", "classes", "rect", "text"}`;
/// NodeLists, Maps, Sets, functions, cyclic references, `BigInt`, `undefined`, `NaN`, dates,
/// regexps and errors become objects with a `"$type"` key. Plain objects and arrays stay
/// plain. Options (all optional): `maxDepth` (default 8), `maxItems` (100, as CDP's array
/// indices), `maxProps` (100), `maxEntries` (100, Map and Set entries), `maxStringLength`
/// (10000, as Node's `util.inspect`). The limits keep the JSON that crosses the wire bounded;
/// the summary's own, smaller limits apply afterwards.
///
/// Call it with the value as an argument, never spliced into the source: with Playwright,
/// `page.evaluate(\`(${DESCRIBE_JS})(${expr})\`)` is wrong for untrusted `expr`; evaluate the
/// user's expression first and pass the result handle to `(${DESCRIBE_JS})` through
/// `evaluate(fn, handle)` or CDP `Runtime.callFunctionOn`.
///
/// # Example
///
/// ```
/// assert!(output_guard::DESCRIBE_JS.contains("function describe(value, options)"));
/// ```
pub const DESCRIBE_JS: &str = include_str!("describe.js");
