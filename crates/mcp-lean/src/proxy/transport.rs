//! How clients reach the proxy: standard input and output (one client), or streamable HTTP
//! (any number, behind a gate); both put the client side behind the same rmcp `ServerHandler`.

mod handler;
pub(crate) mod stdio;
pub(crate) mod streamable_http;
