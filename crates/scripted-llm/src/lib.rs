//! A model endpoint for tests: a real HTTP/1.1 server on 127.0.0.1 (plain, or TLS with a
//! certificate the test makes) that answers the n-th connection with the n-th scripted
//! reply and records every request. No model can run where the tests run; this is the one
//! part of an integration we script, and it speaks the real chat-completions wire format.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};

mod pki;
pub use pki::{TestPki, server_config_from_pem};

/// One scripted answer.
pub enum Reply {
    /// Write this raw HTTP response and close.
    Raw(String),
    /// Read the request, then say nothing for this long.
    Hang(Duration),
}

/// A received request: its head (request line and headers) and its JSON body.
#[derive(Debug, Clone)]
pub struct Request {
    /// Request line and headers, CRLF-separated.
    pub head: String,
    /// The body as JSON (`Null` when it was not JSON).
    pub body: Value,
}

impl Request {
    fn messages(&self) -> &[Value] {
        self.body["messages"].as_array().map_or(&[], Vec::as_slice)
    }

    /// The first user message: the task a scripted agent answers.
    pub fn prompt(&self) -> &str {
        self.messages()
            .iter()
            .find(|m| m["role"] == "user")
            .and_then(|m| m["content"].as_str())
            .unwrap_or("")
    }

    /// How many model steps came before this request (assistant messages so far).
    pub fn steps(&self) -> usize {
        self.messages()
            .iter()
            .filter(|m| m["role"] == "assistant")
            .count()
    }

    /// The tool results the model was sent, the latest first, joined by newlines.
    pub fn tool_results(&self) -> String {
        self.messages()
            .iter()
            .rev()
            .filter(|m| m["role"] == "tool")
            .filter_map(|m| m["content"].as_str())
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// A running server.
pub struct Server {
    /// Its base URL, up to `/v1`.
    pub url: String,
    requests: Arc<Mutex<Vec<Request>>>,
    /// For [`Server::unreachable`]: the socket that holds its port while it lives.
    _port: Option<socket2::Socket>,
}

impl Server {
    /// The requests received so far, in order.
    pub fn requests(&self) -> Vec<Request> {
        self.requests.lock().map(|r| r.clone()).unwrap_or_default()
    }

    /// A base URL on a port nobody listens on: a connection to it is refused.
    ///
    /// The port stays bound, and not listening, while the value lives. A port freed at once
    /// could be given to the next server a test of the same process starts: the client meant
    /// for nobody would then take that server's one scripted connection, and leave the
    /// other test's own client waiting until its timeout.
    ///
    /// # Panics
    ///
    /// When no socket can be bound on 127.0.0.1.
    pub fn unreachable() -> Server {
        let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)
            .expect("a TCP socket");
        socket
            .bind(&std::net::SocketAddr::from(([127, 0, 0, 1], 0)).into())
            .expect("bind 127.0.0.1");
        let port = socket
            .local_addr()
            .ok()
            .and_then(|a| a.as_socket())
            .map(|a| a.port())
            .expect("the bound port");
        Server {
            url: format!("http://127.0.0.1:{port}/v1"),
            requests: Arc::default(),
            _port: Some(socket),
        }
    }
}

/// Starts a server that answers the n-th connection with the n-th reply, then stops
/// listening (later connections are refused).
pub fn serve(replies: Vec<Reply>) -> Server {
    serve_with(replies, None)
}

/// [`serve`], over TLS with `tls` when given (`https://127.0.0.1:…/v1`).
pub fn serve_with(replies: Vec<Reply>, tls: Option<Arc<rustls::ServerConfig>>) -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
    let scheme = if tls.is_some() { "https" } else { "http" };
    let url = format!(
        "{scheme}://{}/v1",
        listener.local_addr().expect("local addr")
    );
    let requests = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&requests);
    std::thread::spawn(move || {
        for reply in replies {
            let Ok((stream, _)) = listener.accept() else {
                return;
            };
            let seen = Arc::clone(&seen);
            let tls = tls.clone();
            // Each connection on its own thread, so a hanging reply does not block the next.
            std::thread::spawn(move || match tls {
                Some(config) => {
                    let Ok(conn) = rustls::ServerConnection::new(config) else {
                        return;
                    };
                    handle(
                        &mut rustls::StreamOwned::new(conn, stream),
                        |_| reply,
                        &seen,
                    );
                }
                None => handle(&mut &stream, |_| reply, &seen),
            });
        }
    });
    Server {
        url,
        requests,
        _port: None,
    }
}

/// Starts a server that answers every connection with what `answer` makes of its request
/// (the conversation so far, the tools), so that the replies do not depend on the order in
/// which parallel clients connect. It listens until the test process ends.
pub fn serve_fn(answer: impl Fn(&Request) -> Reply + Send + Sync + 'static) -> Server {
    serve_fn_with(answer, None)
}

/// [`serve_fn`], over TLS with `tls` when given (`https://127.0.0.1:…/v1`). A connection
/// whose handshake fails (a client that refuses the certificate) is dropped and counts as no
/// request.
pub fn serve_fn_with(
    answer: impl Fn(&Request) -> Reply + Send + Sync + 'static,
    tls: Option<Arc<rustls::ServerConfig>>,
) -> Server {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
    let scheme = if tls.is_some() { "https" } else { "http" };
    let url = format!(
        "{scheme}://{}/v1",
        listener.local_addr().expect("local addr")
    );
    let requests = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&requests);
    let answer = Arc::new(answer);
    std::thread::spawn(move || {
        while let Ok((stream, _)) = listener.accept() {
            let seen = Arc::clone(&seen);
            let answer = Arc::clone(&answer);
            let tls = tls.clone();
            std::thread::spawn(move || match tls {
                Some(config) => {
                    let Ok(conn) = rustls::ServerConnection::new(config) else {
                        return;
                    };
                    handle(
                        &mut rustls::StreamOwned::new(conn, stream),
                        |r| answer(r),
                        &seen,
                    );
                }
                None => handle(&mut &stream, |r| answer(r), &seen),
            });
        }
    });
    Server {
        url,
        requests,
        _port: None,
    }
}

fn handle<S: Read + Write>(
    stream: &mut S,
    reply: impl FnOnce(&Request) -> Reply,
    seen: &Mutex<Vec<Request>>,
) {
    let Some(request) = read_request(stream) else {
        return;
    };
    let reply = reply(&request);
    if let Ok(mut all) = seen.lock() {
        all.push(request);
    }
    match reply {
        Reply::Raw(text) => {
            let _ = stream.write_all(text.as_bytes());
            let _ = stream.flush();
        }
        Reply::Hang(d) => std::thread::sleep(d),
    }
}

fn read_request<S: Read>(stream: &mut S) -> Option<Request> {
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    let mut length = 0usize;
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        if line == "\r\n" {
            break;
        }
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().ok()?;
        }
        head.push_str(&line);
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body).ok()?;
    Some(Request {
        head,
        body: serde_json::from_slice(&body).unwrap_or(Value::Null),
    })
}

/// A raw HTTP/1.1 response with a JSON content type.
pub fn http(status: &str, extra_headers: &str, body: &str) -> Reply {
    Reply::Raw(format!(
        "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n{extra_headers}\r\n{body}",
        body.len()
    ))
}

/// A 200 answer whose message says `content`.
pub fn chat(content: &str) -> Reply {
    chat_full(
        json!({"role": "assistant", "content": content, "refusal": null}),
        "stop",
    )
}

/// A 200 answer whose message calls these tools: `(name, arguments)` pairs, with ids
/// `call_1`, `call_2`, ….
pub fn tool_calls(calls: &[(&str, Value)]) -> Reply {
    let calls: Vec<Value> = calls
        .iter()
        .enumerate()
        .map(|(i, (name, args))| {
            json!({"id": format!("call_{}", i + 1), "type": "function",
                "function": {"name": name, "arguments": args.to_string()}})
        })
        .collect();
    chat_full(
        json!({"role": "assistant", "content": null, "tool_calls": calls}),
        "tool_calls",
    )
}

/// A 200 answer with this message and finish reason, and a usage of 10 prompt tokens and 5
/// completion tokens.
pub fn chat_full(message: Value, finish_reason: &str) -> Reply {
    let body = json!({"id": "chatcmpl-1", "object": "chat.completion", "created": 1_700_000_000, "model": "m",
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
        "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}});
    http("200 OK", "", &body.to_string())
}

#[cfg(test)]
mod tests;
