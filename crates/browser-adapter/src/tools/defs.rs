//! The tool definitions: names, descriptions, input and output schemas, annotations.

use std::sync::LazyLock;

use serde_json::{Value, json};

/// The definitions, built once: calls read their input schemas to check arguments.
static DEFINITIONS: LazyLock<Vec<Value>> = LazyLock::new(all);

/// The tools in the order `tools/list` shows them.
pub(crate) fn definitions() -> &'static [Value] {
    &DEFINITIONS
}

/// The argument names `tool` accepts, from its input schema (`additionalProperties: false`);
/// `None` for a tool this crate does not have.
pub(crate) fn argument_names(tool: &str) -> Option<Vec<&'static str>> {
    let def = definitions().iter().find(|d| d["name"] == tool)?;
    let mut names: Vec<&str> = def["inputSchema"]["properties"]
        .as_object()
        .map(|p| p.keys().map(String::as_str).collect())
        .unwrap_or_default();
    // Sorted, so messages do not depend on serde_json's map order.
    names.sort_unstable();
    Some(names)
}

fn all() -> Vec<Value> {
    vec![
        evaluate(),
        eval_define_function(),
        eval_call_function(),
        eval_list_functions(),
        snapshot(),
        confirm_output(),
    ]
}

/// The output schema shared by the tools that return a page value through output-guard.
fn guarded_output(text_desc: &str) -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "properties": {
            "text": {"type": "string", "description": text_desc},
            "truncated": {"type": "boolean", "description": "True when text is a preview of a larger result; pass confirmToken to confirm_output for all of it."},
            "totalLength": {"type": "integer", "minimum": 0, "description": "Length of the full result in characters."},
            "shownLength": {"type": "integer", "minimum": 0, "description": "Characters of the result shown in text; equal to totalLength when not truncated."},
            "estimatedTokens": {"type": "integer", "minimum": 0, "description": "Estimated tokens of the full result (characters / 4, rounded up)."},
            "confirmToken": {"type": "string", "description": "One-time token for confirm_output that returns the full result; present only when truncated."},
            "nudge": {"type": "string", "description": "A one-line hint about a better way to run this kind of script, when there is one."}
        },
        "required": ["text", "truncated", "totalLength", "shownLength", "estimatedTokens"]
    })
}

fn timeout_prop() -> Value {
    json!({
        "type": "integer",
        "minimum": 100,
        "maximum": 60000,
        "description": "Milliseconds before the script is stopped, 100 to 60000. Default 5000."
    })
}

fn evaluate() -> Value {
    json!({
        "name": "evaluate",
        "title": "Run JavaScript in the page",
        "description": "Run a JavaScript expression or statements in the current page and get the value of the last statement as JSON; promises are awaited. Use it for one-off reads or actions; for code you will run again, define a named function with eval_define_function. Small results come back unchanged; a large one comes back as a preview with counts and a confirmToken for confirm_output. A thrown exception or a timeout (default 5 s) returns isError with a message; a stopped script leaves the page usable.",
        "inputSchema": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "script": {"type": "string", "minLength": 1, "description": "JavaScript to run in the page, e.g. document.title or [...document.links].length."},
                "timeoutMs": timeout_prop()
            },
            "required": ["script"],
            "examples": [{"script": "document.querySelectorAll('a').length"}]
        },
        "outputSchema": guarded_output("The result as compact JSON, or a preview of it whose first line holds the counts."),
        "annotations": {
            "title": "Run JavaScript in the page",
            "readOnlyHint": false,
            "destructiveHint": true,
            "idempotentHint": false,
            "openWorldHint": true
        }
    })
}

fn eval_define_function() -> Value {
    json!({
        "name": "eval_define_function",
        "title": "Define a named page function",
        "description": "Define a JavaScript function once under a name so that eval_call_function can call it with arguments. Use it when you would run the same kind of script more than once. The function is installed in the current page now and survives navigations. Redefining a name replaces it. Returns the name, whether an older definition was replaced, and the source size. A bad or reserved name, a source that is not one function expression, or a syntax error returns isError with a message that says what to change.",
        "inputSchema": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "name": {"type": "string", "pattern": "^[A-Za-z_$][A-Za-z0-9_$]{0,63}$", "description": "Function name: 1 to 64 characters from A-Z a-z 0-9 _ $, not starting with a digit and not a JavaScript reserved word, e.g. linkTexts."},
                "source": {"type": "string", "minLength": 1, "description": "One function expression, e.g. (selector) => [...document.querySelectorAll(selector)].map(e => e.innerText)."}
            },
            "required": ["name", "source"],
            "examples": [{"name": "linkTexts", "source": "(selector) => [...document.querySelectorAll(selector)].map(e => e.innerText)"}]
        },
        "outputSchema": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "name": {"type": "string", "description": "The defined function's name, to pass to eval_call_function."},
                "replaced": {"type": "boolean", "description": "True when an earlier function of this name was replaced."},
                "size": {"type": "integer", "minimum": 0, "description": "Size of the source in bytes."}
            },
            "required": ["name", "replaced", "size"]
        },
        "annotations": {
            "title": "Define a named page function",
            "readOnlyHint": false,
            "destructiveHint": false,
            "idempotentHint": true,
            "openWorldHint": true
        }
    })
}

fn eval_call_function() -> Value {
    json!({
        "name": "eval_call_function",
        "title": "Call a named page function",
        "description": "Call a function defined with eval_define_function by name, with a JSON array of arguments, in the current page; promises are awaited. Use it instead of evaluate for any script you run repeatedly. Returns the function's result as JSON, unchanged when small, else a preview with counts and a confirmToken for confirm_output. An unknown name, arguments that are not an array, a throw or a timeout (default 5 s) returns isError with a message.",
        "inputSchema": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "name": {"type": "string", "minLength": 1, "description": "Name given to eval_define_function."},
                "args": {"type": "array", "description": "Arguments in order, as JSON values; default none.", "items": {}},
                "timeoutMs": timeout_prop()
            },
            "required": ["name"],
            "examples": [{"name": "linkTexts", "args": ["nav a"]}]
        },
        "outputSchema": guarded_output("The function's result as compact JSON, or a preview of it whose first line holds the counts."),
        "annotations": {
            "title": "Call a named page function",
            "readOnlyHint": false,
            "destructiveHint": true,
            "idempotentHint": false,
            "openWorldHint": true
        }
    })
}

fn eval_list_functions() -> Value {
    json!({
        "name": "eval_list_functions",
        "title": "List the named page functions",
        "description": "List the functions defined in this session with eval_define_function: name, source, size, definition time and call count. Use it before defining a function to reuse one that exists. It reads session state only and cannot fail; an empty list means none are defined.",
        "inputSchema": {
            "type": "object",
            "additionalProperties": false,
            "properties": {}
        },
        "outputSchema": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "functions": {
                    "type": "array",
                    "description": "The defined functions, sorted by name.",
                    "items": {
                        "type": "object",
                        "additionalProperties": false,
                        "properties": {
                            "name": {"type": "string", "description": "The function's name."},
                            "source": {"type": "string", "description": "The function's source as defined."},
                            "size": {"type": "integer", "minimum": 0, "description": "Size of the source in bytes."},
                            "definedAt": {"type": "integer", "minimum": 0, "description": "When it was defined, in seconds since the Unix epoch."},
                            "calls": {"type": "integer", "minimum": 0, "description": "How often eval_call_function called it."}
                        },
                        "required": ["name", "source", "size", "definedAt", "calls"]
                    }
                }
            },
            "required": ["functions"]
        },
        "annotations": {
            "title": "List the named page functions",
            "readOnlyHint": true,
            "destructiveHint": false,
            "idempotentHint": true,
            "openWorldHint": false
        }
    })
}

fn snapshot() -> Value {
    json!({
        "name": "snapshot",
        "title": "Accessibility snapshot of the page",
        "description": "Read the page as an ARIA snapshot in Playwright syntax with [ref=...] markers that identify elements. Use it to find elements and their refs before acting, and after an action to see what changed. With goal: the whole snapshot when it is small, otherwise the parts that serve the goal with their context, further candidate elements and a map of what was left out; page: 2 with the same goal lists the next candidates. Without arguments: a compact digest of every interactive element, heading and landmark. With full: true: the whole raw snapshot. With since_last: true: only what changed since the previous snapshot call. Returns the text, the mode used, the page URL and title. A page that cannot be read, or full and since_last together, returns isError with a message.",
        "inputSchema": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "goal": {"type": "string", "description": "What you want to do or find on the page, in plain words, e.g. sign in or the comments section."},
                "page": {"type": "integer", "minimum": 1, "description": "With goal: which page of candidates, from 1. Page 2 lists the next-ranked elements that page 1 did not show. Default 1."},
                "full": {"type": "boolean", "description": "True for the complete raw snapshot instead of a digest. Default false."},
                "since_last": {"type": "boolean", "description": "True for only the changes since the previous snapshot call. Default false."}
            },
            "required": [],
            "examples": [{"goal": "sign in"}, {"goal": "sign in", "page": 2}, {"since_last": true}]
        },
        "outputSchema": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "text": {"type": "string", "description": "The snapshot, digest or diff in ARIA snapshot syntax; refs are unchanged."},
                "mode": {"type": "string", "enum": ["goal", "digest", "full", "diff"], "description": "What text holds: a goal digest, a digest of the whole page, the raw snapshot, or a diff."},
                "url": {"type": "string", "description": "The page URL when the snapshot was taken."},
                "title": {"type": "string", "description": "The page title when the snapshot was taken."},
                "snapshotChars": {"type": "integer", "minimum": 0, "description": "Length of the raw snapshot in characters."}
            },
            "required": ["text", "mode", "url", "title", "snapshotChars"]
        },
        "annotations": {
            "title": "Accessibility snapshot of the page",
            "readOnlyHint": true,
            "destructiveHint": false,
            "idempotentHint": false,
            "openWorldHint": true
        }
    })
}

fn confirm_output() -> Value {
    json!({
        "name": "confirm_output",
        "title": "Get a full result by its token",
        "description": "Get the full result that an earlier preview cut short, by the confirmToken the preview carried. Use it only when the preview is not enough. Each token works once and expires after a while; a used, expired or unknown token returns isError with a message that says which.",
        "inputSchema": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "token": {"type": "string", "minLength": 1, "description": "The confirmToken from a truncated result."}
            },
            "required": ["token"],
            "examples": [{"token": "q3Vb9xk2TQe1rM8wYp0aLg"}]
        },
        "outputSchema": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "text": {"type": "string", "description": "The full result, exactly as it would have been returned without the limit."}
            },
            "required": ["text"]
        },
        "annotations": {
            "title": "Get a full result by its token",
            "readOnlyHint": true,
            "destructiveHint": false,
            "idempotentHint": false,
            "openWorldHint": false
        }
    })
}
