//! The MCP handler: browser-adapter's tools plus `navigate`, one session, one lazily started
//! browser.

use browser_adapter::{Chromium, Session, TOOL_NAMES, error_result};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, Implementation, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::Value;
use tokio::sync::{Mutex, OnceCell};

use crate::{Options, navigate};

const INSTRUCTIONS: &str = "Open a page with navigate, read it with snapshot (pass a goal to get only what serves it), \
run JavaScript with evaluate, and define scripts you reuse with eval_define_function.";

/// The server's state: one browser page and one session, as this server has one client.
pub(crate) struct BrowserServer {
    options: Options,
    tools: Vec<Tool>,
    browser: OnceCell<Chromium>,
    // Tool calls are serialized: there is one page, and a script that navigates while a
    // snapshot is read would give a torn answer.
    session: Mutex<Session>,
}

impl BrowserServer {
    pub(crate) fn new(options: Options) -> Result<Self, browser_adapter::Error> {
        let mut tools = browser_adapter::rmcp_tools()?;
        tools.push(navigate::definition()?);
        Ok(Self {
            options,
            tools,
            browser: OnceCell::new(),
            session: Mutex::new(Session::new()?),
        })
    }

    /// Closes the browser, if it was started.
    pub(crate) async fn close(self) -> Result<(), String> {
        match self.browser.into_inner() {
            Some(page) => page
                .close()
                .await
                .map_err(|e| format!("the browser did not close cleanly: {e}")),
            None => Ok(()),
        }
    }

    /// The page, launched on first use.
    async fn page(&self) -> Result<&Chromium, String> {
        self.browser
            .get_or_try_init(|| async {
                let page = Chromium::launch_with(&self.options.chromium)
                    .await
                    .map_err(|e| format!("{e} (the server's --chromium option)"))?;
                if let Some(url) = &self.options.start_url {
                    navigate::open(&page, url).await?;
                }
                Ok(page)
            })
            .await
    }

    /// The `CallToolResult` JSON of one call.
    async fn answer(&self, name: &str, arguments: &Value) -> Value {
        if name != navigate::NAME && !TOOL_NAMES.contains(&name) {
            return error_result(&format!(
                "unknown tool {name:?}; the tools are {}, {}",
                TOOL_NAMES.join(", "),
                navigate::NAME
            ));
        }
        let mut session = self.session.lock().await;
        let page = match self.page().await {
            Ok(page) => page,
            Err(message) => return error_result(&message),
        };
        if name == navigate::NAME {
            navigate::call(page, arguments).await
        } else {
            browser_adapter::call_tool(&mut session, page, name, arguments).await
        }
    }
}

impl ServerHandler for BrowserServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new(
                "browser-mcp-server",
                env!("CARGO_PKG_VERSION"),
            ))
            .with_instructions(INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.clone()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let arguments = request.arguments.map_or(Value::Null, Value::Object);
        let result = self.answer(&request.name, &arguments).await;
        // Only our own results reach this conversion; a failure is a bug, reported as such.
        browser_adapter::rmcp_result(result)
            .map(CallToolResponse::from)
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))
    }
}
