//! `tools/list` as the client sees it: the server's tools, with `goal` and `page` on the tools
//! that carry snapshots, plus the confirm tool; and the arguments split back apart on a call.

use serde_json::{Map, Value, json};

use crate::profile::Profile;

/// The proxy's own parameters, taken out of a call's arguments before it is forwarded.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct LeanArgs {
    /// What the agent wants from the page, when it said.
    pub goal: Option<String>,
    /// Which page, from 1: of the goal digest with a goal, of the page's outline without.
    pub page: usize,
}

impl Default for LeanArgs {
    /// No goal, page 1.
    fn default() -> Self {
        Self {
            goal: None,
            page: 1,
        }
    }
}

/// What [`augment_tools`] changed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ToolsReport {
    /// Tools that got `goal` and `page`.
    pub with_goal: Vec<String>,
    /// Tools the profile names that already have a `goal` or `page` parameter of their own,
    /// left as they are.
    pub conflicts: Vec<String>,
    /// Whether the confirm tool was added (false when the server has a tool of that name).
    pub confirm_added: bool,
    /// Tools the profile's [`ToolFilter`](crate::filter::ToolFilter) hid from the list.
    pub hidden: Vec<String>,
}

const GOAL_DESCRIPTION: &str = "What you want to do or find on the page, in plain words, e.g. \
     \"sign in\" or \"the comments on this story\". With a goal, the page snapshot in the result \
     keeps the elements that serve it with their context and refs, lists further candidates and \
     maps what was left out. Without one, a snapshot call lists every interactive element, and an \
     action shows what changed (an outline of a new page).";
const PAGE_DESCRIPTION: &str = "Which page, from 1 (default 1). With goal: page 2 lists the \
     next-ranked elements that page 1 did not show. Without goal, on a snapshot too long for one \
     result: the next part of the page's outline, as its first line says.";
const SENTENCE: &str = " Accepts goal (what you want on the page) to get a snapshot cut to \
     what serves it, refs unchanged.";

/// Adds `goal` and `page` to the tools `profile` names, and the confirm tool, to a
/// `tools/list` result, in place, and takes out the tools its
/// [`ToolFilter`](crate::filter::ToolFilter) hides. Everything else in the result stays as the server
/// sent it.
///
/// A tool whose schema already has a `goal` or `page` property is left alone (reported in
/// [`ToolsReport::conflicts`]), so the proxy never takes an argument the server expects.
///
/// # Example
///
/// ```
/// use mcp_proxy_rules::{Profile, augment_tools};
/// use serde_json::json;
///
/// let mut result = json!({"tools": [
///     {"name": "browser_snapshot", "description": "Capture the page.",
///      "inputSchema": {"type": "object", "properties": {}}}
/// ]});
/// let report = augment_tools(&mut result, &Profile::playwright());
/// assert_eq!(report.with_goal, ["browser_snapshot"]);
/// assert!(result["tools"][0]["inputSchema"]["properties"]["goal"].is_object());
/// assert_eq!(result["tools"][1]["name"], "confirm_output");
/// ```
pub fn augment_tools(result: &mut Value, profile: &Profile) -> ToolsReport {
    let mut report = ToolsReport::default();
    let Some(tools) = result.get_mut("tools").and_then(Value::as_array_mut) else {
        return report;
    };
    tools.retain(|tool| {
        let name = tool.get("name").and_then(Value::as_str).unwrap_or("");
        let shown = name == profile.confirm_tool || profile.tools.allows(name);
        if !shown {
            report.hidden.push(name.to_owned());
        }
        shown
    });
    let mut has_confirm = false;
    for tool in tools.iter_mut() {
        let Some(name) = tool.get("name").and_then(Value::as_str).map(str::to_owned) else {
            continue;
        };
        has_confirm |= name == profile.confirm_tool;
        if !profile.takes_goal(&name) {
            continue;
        }
        if add_goal(tool) {
            report.with_goal.push(name);
        } else {
            report.conflicts.push(name);
        }
    }
    if !has_confirm {
        tools.push(if profile.one_time_outputs {
            confirm_tool(&profile.confirm_tool)
        } else {
            read_tool(&profile.confirm_tool)
        });
        report.confirm_added = true;
    }
    report
}

/// [`augment_tools`], and with a content boundary nonce (a session's
/// [`Rewriter::boundary_nonce`](crate::rewrite::Rewriter::boundary_nonce)), one more line in every
/// tool's description that says what the markers around page text mean.
///
/// # Example
///
/// ```
/// use mcp_proxy_rules::{Profile, Rewriter, augment_tools_with};
/// use serde_json::json;
///
/// let profile = Profile::playwright().with_file(r#"{"contentBoundaries": true}"#)?;
/// let rw = Rewriter::new(profile)?;
/// let nonce = rw.boundary_nonce().expect("boundaries on");
/// let mut result = json!({"tools": [{"name": "browser_snapshot", "description": "Capture the page.",
///     "inputSchema": {"type": "object", "properties": {}}}]});
/// augment_tools_with(&mut result, rw.profile(), Some(nonce));
/// let description = result["tools"][0]["description"].as_str().unwrap();
/// assert!(description.contains(&format!("<<page-content {nonce}>>")));
/// # Ok::<(), mcp_proxy_rules::Error>(())
/// ```
pub fn augment_tools_with(
    result: &mut Value,
    profile: &Profile,
    nonce: Option<&str>,
) -> ToolsReport {
    let report = augment_tools(result, profile);
    if let Some(nonce) = nonce
        && let Some(tools) = result.get_mut("tools").and_then(Value::as_array_mut)
    {
        let line = crate::boundary::description_line(nonce);
        for tool in tools {
            let described = match tool.get("description").and_then(Value::as_str) {
                Some(d) if !d.trim().is_empty() => format!("{}\n\n{line}", d.trim_end()),
                _ => line.clone(),
            };
            if let Some(object) = tool.as_object_mut() {
                object.insert("description".to_owned(), Value::String(described));
            }
        }
    }
    report
}

/// Adds the two properties to one tool; false when it cannot without shadowing its own.
fn add_goal(tool: &mut Value) -> bool {
    let Some(schema) = tool.get_mut("inputSchema").and_then(Value::as_object_mut) else {
        return false;
    };
    let properties = schema
        .entry("properties")
        .or_insert_with(|| Value::Object(Map::new()));
    let Some(properties) = properties.as_object_mut() else {
        return false;
    };
    if properties.contains_key("goal") || properties.contains_key("page") {
        return false;
    }
    properties.insert(
        "goal".to_owned(),
        json!({"type": "string", "minLength": 1, "description": GOAL_DESCRIPTION}),
    );
    properties.insert(
        "page".to_owned(),
        json!({"type": "integer", "minimum": 1, "description": PAGE_DESCRIPTION}),
    );
    if let Some(Value::String(description)) = tool.get_mut("description") {
        description.push_str(SENTENCE);
    }
    true
}

/// The definition of the tool that redeems preview tokens.
#[must_use]
pub fn confirm_tool(name: &str) -> Value {
    json!({
        "name": name,
        "title": "Get a full result by its token",
        "description": "Get the full output that an earlier result showed only as a preview, by the confirmToken the preview carried. Use it only when the preview is not enough. Returns the output byte for byte as the server sent it. Each token works once and expires after a while; a used, expired or unknown token returns isError with a message that says which.",
        "inputSchema": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "token": {"type": "string", "minLength": 1, "description": "The confirmToken from a preview's counts line."}
            },
            "required": ["token"],
            "examples": [{"token": "q3Vb9xk2TQe1rM8wYp0aLg"}]
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

/// The definition of the tool that reads stored outputs by their token: whole, a slice by
/// lines or chars, or the lines that match a pattern, as often as needed until the output
/// expires. [`confirm_tool`] is its one-time form.
#[must_use]
pub fn read_tool(name: &str) -> Value {
    let mut properties = output_guard::read_properties();
    properties.insert(
        "token".to_owned(),
        json!({"type": "string", "minLength": 1, "description": "The token from a preview's counts line (confirmToken)."}),
    );
    json!({
        "name": name,
        "title": "Read a stored output by its token",
        "description": "Read the full output that an earlier result showed only as a preview, by the confirmToken the preview carried. Use it only when the preview is not enough, and read a part or search rather than the whole when the output is large. The token alone returns the whole output when it fits one result, else its first lines; offset and limit return a slice (lines from 1, or chars with unit chars); pattern returns the matching lines with line numbers and context, as grep -n does, each match of a long line in a window of its own. Each reading's first line gives the sizes and the offset (and unit) to go on with. A script's value that is one JSON string is stored decoded, as its text, and its preview says so (output=decodedJsonString). A token can be read as often as needed until it expires (15 minutes by default); an expired or unknown token returns isError with a message that says so. The stored output never changes.",
        "inputSchema": {
            "type": "object",
            "additionalProperties": false,
            "properties": properties,
            "required": ["token"],
            "examples": [
                {"token": "q3Vb9xk2TQe1rM8wYp0aLg"},
                {"token": "q3Vb9xk2TQe1rM8wYp0aLg", "offset": 200, "limit": 100},
                {"token": "q3Vb9xk2TQe1rM8wYp0aLg", "pattern": "price|total", "context": 2}
            ]
        },
        "annotations": {
            "title": "Read a stored output by its token",
            "readOnlyHint": true,
            "destructiveHint": false,
            "idempotentHint": true,
            "openWorldHint": false
        }
    })
}

/// Takes `goal` and `page` out of the arguments of a call to a tool that got them.
///
/// # Errors
///
/// A message for the agent when `goal` is not a string or `page` not a whole number from 1.
///
/// # Example
///
/// ```
/// use mcp_proxy_rules::split_args;
/// use serde_json::json;
///
/// let mut args = json!({"target": "e6", "goal": "sign in", "page": 2});
/// let lean = split_args(args.as_object_mut())?;
/// assert_eq!(args, json!({"target": "e6"}));
/// assert_eq!((lean.goal.as_deref(), lean.page), (Some("sign in"), 2));
/// # Ok::<(), String>(())
/// ```
pub fn split_args(args: Option<&mut Map<String, Value>>) -> Result<LeanArgs, String> {
    let mut lean = LeanArgs::default();
    let Some(args) = args else {
        return Ok(lean);
    };
    match args.remove("goal") {
        None | Some(Value::Null) => {}
        Some(Value::String(goal)) if goal.trim().is_empty() => {}
        Some(Value::String(goal)) => lean.goal = Some(goal),
        Some(other) => {
            return Err(format!(
                "goal must be a string, such as \"sign in\", not {}",
                kind(&other)
            ));
        }
    }
    match args.remove("page") {
        None | Some(Value::Null) => {}
        Some(value) => {
            let page = value
                .as_u64()
                .filter(|&p| p >= 1)
                .and_then(|p| usize::try_from(p).ok())
                .ok_or_else(|| format!("page must be a whole number from 1, not {value}"))?;
            lean.page = page;
        }
    }
    Ok(lean)
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
