//! The one tool this server adds to browser-adapter's: open a URL. It shows how a server puts
//! its own tools beside the ready ones, with the same result shape and the same lint.

use std::time::Duration;

use browser_adapter::{BrowserBackend, Chromium, error_result, success_result};
use serde_json::{Value, json};

/// The tool's name.
pub(crate) const NAME: &str = "navigate";

/// How long a page may take to load before the call gives up.
const LOAD_TIMEOUT: Duration = Duration::from_secs(30);

/// The schemes an agent may open; `javascript:` and the like would be `evaluate` in disguise.
const SCHEMES: [&str; 4] = ["http://", "https://", "file://", "about:"];

/// The definition, as an rmcp `Tool`.
pub(crate) fn definition() -> Result<rmcp::model::Tool, browser_adapter::Error> {
    let tool = json!({
        "name": NAME,
        "title": "Open a URL in the page",
        "description": "Navigate the browser page to a URL and wait until it has loaded. Use it to open the page you want to work on, then call snapshot to read it. Returns the URL reached (after redirects) and the page title. A URL that is not http, https, file or about, or a page that fails or takes longer than 30 s to load, returns isError with a message.",
        "inputSchema": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "url": {"type": "string", "minLength": 1, "description": "Absolute URL to open, e.g. https://example.com/ or http://127.0.0.1:8080/login."}
            },
            "required": ["url"],
            "examples": [{"url": "https://example.com/"}]
        },
        "outputSchema": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
                "url": {"type": "string", "description": "The URL of the loaded page, after redirects."},
                "title": {"type": "string", "description": "The title of the loaded page; empty when it has none."}
            },
            "required": ["url", "title"]
        },
        "annotations": {
            "title": "Open a URL in the page",
            "readOnlyHint": false,
            "destructiveHint": false,
            "idempotentHint": true,
            "openWorldHint": true
        }
    });
    serde_json::from_value(tool).map_err(|source| browser_adapter::Error::Rmcp {
        target: "Tool",
        source,
    })
}

/// Opens `url` in `page`, or says why not.
pub(crate) async fn open(page: &Chromium, url: &str) -> Result<(), String> {
    if !SCHEMES.iter().any(|s| url.starts_with(s)) {
        return Err(format!(
            "cannot open {url:?}: only http, https, file and about URLs are allowed; pass an absolute URL such as https://example.com/"
        ));
    }
    match tokio::time::timeout(LOAD_TIMEOUT, page.goto(url)).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(format!(
            "cannot open {url:?}: {e}; check the URL and that the site is up"
        )),
        Err(_) => Err(format!(
            "{url:?} did not finish loading in {} s; try again, or snapshot the page as it is",
            LOAD_TIMEOUT.as_secs()
        )),
    }
}

/// The `CallToolResult` JSON of a `navigate` call.
pub(crate) async fn call(page: &Chromium, arguments: &Value) -> Value {
    let url = match arguments {
        Value::Object(map) => {
            if let Some(key) = map.keys().find(|k| *k != "url") {
                return error_result(&format!(
                    "unknown argument {key:?} for navigate; it takes url"
                ));
            }
            map.get("url").and_then(Value::as_str)
        }
        _ => None,
    };
    let Some(url) = url else {
        return error_result(
            "missing argument \"url\" for navigate; pass it as a string such as https://example.com/",
        );
    };
    if let Err(message) = open(page, url).await {
        return error_result(&message);
    }
    let (reached, title) = match (page.url().await, page.title().await) {
        (Ok(reached), Ok(title)) => (reached, title),
        (Err(e), _) | (_, Err(e)) => return error_result(&e.to_string()),
    };
    success_result(json!({"url": reached, "title": title}))
}
