//! The client: one request, asked again in simpler forms and retried until an answer the
//! caller can use comes back or the attempts run out.

use std::time::{Duration, Instant};

use serde_json::Value;

use crate::config::Config;
use crate::error::Error;
use crate::message::{Answer, Format, body, read_answer};
use crate::message::{Completion, Request, Usage};
use crate::text::one_line;
use crate::tls;

/// Chars of a refused request's answer body quoted in the error.
const BODY_CHARS: usize = 200;

/// A blocking client for an OpenAI-compatible `/chat/completions` endpoint. Cheap to share
/// between threads (`&Client` is `Sync`); each request has its own connection.
#[derive(Debug)]
pub struct Client {
    config: Config,
    agent: ureq::Agent,
    url: String,
}

/// Where the attempts of one request stand.
struct Attempts {
    failures: u32,
    requests: u32,
    last: String,
    usage: Usage,
}

impl Client {
    /// A client with `config`. No request is made.
    ///
    /// # Errors
    ///
    /// [`Error::BadUrl`] when `config.base_url` is not http(s); [`Error::CaCert`] when a file
    /// of `config.ca_certs`, or the bundle `SSL_CERT_FILE` names, cannot be read or holds no
    /// certificate (a private key, another PEM section, nothing).
    pub fn new(config: Config) -> Result<Client, Error> {
        let base = config.base_url.trim();
        if !(base.starts_with("http://") || base.starts_with("https://"))
            || base.len() <= "https://".len()
        {
            return Err(Error::BadUrl {
                url: config.base_url.clone(),
            });
        }
        let url = format!("{}/chat/completions", base.trim_end_matches('/'));
        let agent = tls::agent(&config.ca_certs, config.timeout)?;
        Ok(Client { config, agent, url })
    }

    /// The settings.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Sends `request` and returns the first usable answer: one with text or tool calls,
    /// and, when the request has a schema, not cut off at the token limit.
    ///
    /// # Errors
    ///
    /// As [`complete_with`](Client::complete_with).
    pub fn complete(&self, request: &Request) -> Result<Completion, Error> {
        self.complete_with(request, |c| Ok(c.clone()))
    }

    /// Sends `request` and hands each answer to `accept`; an answer it rejects (with the
    /// reason) counts as a failed attempt, like a 5xx, and the request is sent again.
    ///
    /// # Errors
    ///
    /// [`Error::Refused`] when the model refuses; [`Error::Rejected`] on a 4xx other than
    /// 429 (after asking without the schema, then without `temperature`, for a 400);
    /// [`Error::Tls`] when the TLS handshake fails for good (the server's certificate is not
    /// trusted, or it does not speak TLS);
    /// [`Error::GaveUp`] when [`Config::max_attempts`] requests failed.
    ///
    /// # Example
    ///
    /// ```no_run
    /// use mcp_lean_llm::{Client, Config, Message, Request};
    /// let client = Client::new(Config::default())?;
    /// let request = Request::new(vec![Message::user("A number from 1 to 9, digits only.")]);
    /// let n: u8 = client.complete_with(&request, |c| {
    ///     let text = c.content.as_deref().unwrap_or("").trim();
    ///     text.parse().map_err(|_| format!("not a number: {text}"))
    /// })?;
    /// # Ok::<(), mcp_lean_llm::Error>(())
    /// ```
    pub fn complete_with<T>(
        &self,
        request: &Request,
        mut accept: impl FnMut(&Completion) -> Result<T, String>,
    ) -> Result<T, Error> {
        let mut format = Format::Schema;
        let mut temperature = self.config.temperature;
        let mut state = Attempts {
            failures: 0,
            requests: 0,
            last: "no request was made (max_attempts is 0)".to_owned(),
            usage: Usage::default(),
        };
        // Each pass either counts a failure or asks in a simpler form (at most three times),
        // so the loop ends.
        while state.failures < self.config.max_attempts {
            let left = request
                .deadline
                .map(|d| d.saturating_duration_since(Instant::now()));
            if left == Some(Duration::ZERO) {
                state.last = format!("the deadline passed ({})", state.last);
                break;
            }
            state.requests += 1;
            let payload = body(
                request,
                &self.config.model,
                format,
                temperature,
                self.config.seed,
            );
            let mut http = self
                .agent
                .post(&self.url)
                .header("Content-Type", "application/json");
            if let Some(left) = left.filter(|left| *left < self.config.timeout) {
                http = http.config().timeout_global(Some(left)).build();
            }
            if let Some(key) = &self.config.api_key {
                http = http.header("Authorization", &format!("Bearer {key}"));
            }
            let mut response = match http.send_json(payload) {
                Ok(r) => r,
                // A refused certificate stays refused: asking again only delays the answer.
                Err(ureq::Error::Other(e)) if e.is::<tls::Refused>() => {
                    return Err(Error::Tls {
                        url: self.url.clone(),
                        reason: e.to_string(),
                    });
                }
                Err(e) => {
                    let why = format!("request to {} failed: {e}", self.url);
                    self.fail(&mut state, why, None, request);
                    continue;
                }
            };
            let status = response.status().as_u16();
            let retry_after = retry_after(response.headers().get("retry-after"));
            match status {
                200..=299 => {
                    let answer: Value = match response.body_mut().read_json() {
                        Ok(v) => v,
                        Err(e) => {
                            self.fail(
                                &mut state,
                                format!("the answer is not JSON: {e}"),
                                None,
                                request,
                            );
                            continue;
                        }
                    };
                    let mut completion = match read_answer(&answer) {
                        Answer::Completion(c) => c,
                        Answer::Refusal(refusal) => return Err(Error::Refused { refusal }),
                        Answer::Unusable(why, usage) => {
                            state.usage.add(usage);
                            self.fail(&mut state, why, None, request);
                            continue;
                        }
                    };
                    state.usage.add(completion.usage);
                    if request.schema.is_some()
                        && completion.finish_reason.as_deref() == Some("length")
                    {
                        let why = "the answer was cut off (finish_reason length)".to_owned();
                        self.fail(&mut state, why, None, request);
                        continue;
                    }
                    completion.total_usage = state.usage;
                    completion.requests = state.requests;
                    match accept(&completion) {
                        Ok(value) => return Ok(value),
                        Err(why) => self.fail(&mut state, why, None, request),
                    }
                }
                400 => {
                    let text = one_line(
                        &response.body_mut().read_to_string().unwrap_or_default(),
                        BODY_CHARS,
                    );
                    if temperature.is_some() && text.contains("temperature") {
                        temperature = None;
                    } else if request.schema.is_some() && format == Format::Schema {
                        format = Format::JsonObject;
                    } else if request.schema.is_some() && format == Format::JsonObject {
                        format = Format::Plain;
                    } else {
                        return Err(self.rejected(status, text));
                    }
                }
                429 | 500..=599 => {
                    let why = format!("the server answered {status}");
                    self.fail(&mut state, why, retry_after, request);
                }
                _ => {
                    let text = one_line(
                        &response.body_mut().read_to_string().unwrap_or_default(),
                        BODY_CHARS,
                    );
                    return Err(self.rejected(status, text));
                }
            }
        }
        Err(Error::GaveUp {
            attempts: state.requests,
            last: state.last,
        })
    }

    /// Counts a failed attempt and waits before the next one, if there is one, but not past
    /// the request's deadline.
    fn fail(
        &self,
        state: &mut Attempts,
        why: String,
        retry_after: Option<Duration>,
        request: &Request,
    ) {
        state.last = why;
        state.failures += 1;
        if state.failures < self.config.max_attempts {
            let mut wait = self.config.retry_wait(state.failures - 1, retry_after);
            if let Some(deadline) = request.deadline {
                wait = wait.min(deadline.saturating_duration_since(Instant::now()));
            }
            std::thread::sleep(wait);
        }
    }

    fn rejected(&self, status: u16, body: String) -> Error {
        Error::Rejected {
            url: self.url.clone(),
            status,
            body,
        }
    }
}

/// `Retry-After` in seconds (fractions allowed), at most a day; an HTTP date or anything
/// else is ignored and the backoff applies.
fn retry_after(value: Option<&ureq::http::HeaderValue>) -> Option<Duration> {
    value
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(|s| Duration::from_secs_f64(s.min(86_400.0)))
}
