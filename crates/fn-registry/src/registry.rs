//! The per-session registry of named page functions.

use std::collections::BTreeMap;
use std::time::SystemTime;

use crate::error::Error;
use crate::name::FunctionName;
use crate::{expression, snippet};

/// Limits of a [`Registry`].
///
/// # Example
///
/// ```
/// let config = fn_registry::Config { max_functions: 16, ..Default::default() };
/// let registry = fn_registry::Registry::with_config(config);
/// assert_eq!(registry.config().max_functions, 16);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// The largest accepted function source, in bytes. Default 32 KiB: ten times the
    /// 40-line scripts agents resend, and small enough to install on every navigation.
    pub max_source_bytes: usize,
    /// The largest accepted argument list (its JSON text), in bytes. Default 256 KiB: data
    /// larger than that belongs in the page or in a file, not in a tool call.
    pub max_args_bytes: usize,
    /// The most functions one session may hold. Default 64: each one is an init script run on
    /// every navigation.
    pub max_functions: usize,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            max_source_bytes: 32 * 1024,
            max_args_bytes: 256 * 1024,
            max_functions: 64,
        }
    }
}

impl Config {
    /// The default limits; the same as [`Config::default`].
    pub fn new() -> Self {
        Self::default()
    }
}

/// One defined function and what the session knows about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Function {
    name: FunctionName,
    source: String,
    defined_at: SystemTime,
    calls: u64,
    init_script_id: Option<String>,
}

impl Function {
    /// The function's name.
    pub fn name(&self) -> &FunctionName {
        &self.name
    }

    /// The source as defined.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// The source size in bytes.
    pub fn size(&self) -> usize {
        self.source.len()
    }

    /// When it was (last) defined, as passed to [`Registry::define`].
    pub fn defined_at(&self) -> SystemTime {
        self.defined_at
    }

    /// How many call snippets were made for it since it was (last) defined.
    pub fn calls(&self) -> u64 {
        self.calls
    }

    /// The backend's id for its init script, once [`Registry::set_init_script_id`] was called.
    pub fn init_script_id(&self) -> Option<&str> {
        self.init_script_id.as_deref()
    }
}

/// What [`Registry::define`] hands back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Defined {
    /// The install snippet. Evaluate it now (it evaluates to `{ok, value}` or `{ok, error}`,
    /// see [`Outcome`](crate::snippet::Outcome)) and, when it succeeds, register the same text as an
    /// init script (CDP `Page.addScriptToEvaluateOnNewDocument`, Playwright `addInitScript`) so
    /// the function survives navigations; then store the script's id with
    /// [`Registry::set_init_script_id`].
    pub script: String,
    /// Whether a function of that name existed and was replaced.
    pub replaced: bool,
    /// The init-script id of the replaced function: remove that init script, or the old
    /// version comes back on the next navigation.
    pub previous_init_script_id: Option<String>,
}

/// What [`Registry::remove`] hands back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Removed {
    /// The remove snippet: evaluate it to delete the function from the current page.
    pub script: String,
    /// The init script to remove from the backend, if one was recorded.
    pub init_script_id: Option<String>,
}

/// The named page functions of one session.
///
/// The registry is a model: it validates, counts and writes JavaScript, and a backend evaluates
/// what it gets. It does no I/O and reads no clock; the definition time is a parameter.
///
/// # Example
///
/// ```
/// use std::time::SystemTime;
/// use fn_registry::Registry;
///
/// let mut registry = Registry::new();
/// let defined = registry.define("countLinks", "(sel) => document.querySelectorAll(sel).length", SystemTime::UNIX_EPOCH)?;
/// assert!(!defined.replaced);
/// // The backend evaluates `defined.script` now, adds it as an init script, and records the id.
/// registry.set_init_script_id("countLinks", "7")?;
///
/// let call = registry.call("countLinks", r#"["a[href]"]"#)?;
/// assert!(call.contains("JSON.parse"));
/// assert_eq!(registry.get("countLinks").map(|f| f.calls()), Some(1));
///
/// // Redefining hands back the old init script so the backend can remove it.
/// let again = registry.define("countLinks", "(sel) => document.querySelectorAll(sel).length + 0", SystemTime::UNIX_EPOCH)?;
/// assert_eq!(again.previous_init_script_id.as_deref(), Some("7"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Registry {
    config: Config,
    functions: BTreeMap<FunctionName, Function>,
}

impl Registry {
    /// An empty registry with the default [`Config`].
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty registry with the given limits.
    pub fn with_config(config: Config) -> Self {
        Self {
            config,
            functions: BTreeMap::new(),
        }
    }

    /// The limits in force.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Defines or replaces a function and returns its install snippet.
    ///
    /// `source` must be one function expression: `(a, b) => …`, `async (sel) => { … }`,
    /// `function (x) { … }`, `async function name() { … }`. Only the page can tell whether it
    /// compiles; the install snippet reports a syntax error as [`FailureKind::Syntax`]. A
    /// replaced function's call count starts again at zero.
    ///
    /// [`FailureKind::Syntax`]: crate::snippet::FailureKind::Syntax
    ///
    /// # Errors
    ///
    /// [`Error::InvalidName`] / [`Error::ReservedName`] for the name,
    /// [`Error::SourceTooLarge`], [`Error::NotAFunction`] for the source, and
    /// [`Error::TooManyFunctions`] when a new name would exceed [`Config::max_functions`].
    pub fn define(&mut self, name: &str, source: &str, now: SystemTime) -> Result<Defined, Error> {
        let name = FunctionName::new(name)?;
        if source.len() > self.config.max_source_bytes {
            return Err(Error::SourceTooLarge {
                name: name.to_string(),
                size: source.len(),
                limit: self.config.max_source_bytes,
            });
        }
        expression::check(source).map_err(|reason| Error::NotAFunction {
            name: name.to_string(),
            reason,
        })?;
        let previous = self.functions.get(&name);
        if previous.is_none() && self.functions.len() >= self.config.max_functions {
            return Err(Error::TooManyFunctions {
                name: name.to_string(),
                limit: self.config.max_functions,
            });
        }
        let replaced = previous.is_some();
        let previous_init_script_id = previous.and_then(|f| f.init_script_id.clone());
        let script = snippet::install(&name, source);
        let function = Function {
            name: name.clone(),
            source: source.to_owned(),
            defined_at: now,
            calls: 0,
            init_script_id: None,
        };
        self.functions.insert(name, function);
        Ok(Defined {
            script,
            replaced,
            previous_init_script_id,
        })
    }

    /// Records the backend's id for a function's init script, returning the id it replaces.
    ///
    /// # Errors
    ///
    /// [`Error::UnknownFunction`] when no function has that name.
    pub fn set_init_script_id(
        &mut self,
        name: &str,
        id: impl Into<String>,
    ) -> Result<Option<String>, Error> {
        let Some(function) = self.functions.get_mut(name) else {
            return Err(self.unknown(name));
        };
        Ok(function.init_script_id.replace(id.into()))
    }

    /// Returns the call snippet for a function and counts the call.
    ///
    /// `args_json` is the JSON text of an array (`[]` for no arguments); it reaches the page as
    /// a string that the snippet decodes with `JSON.parse`. The snippet evaluates to a
    /// `Promise` that resolves, never rejects, to `{ok, value}` or `{ok, error}`, and async
    /// functions are awaited: the backend must await it (CDP `Runtime.evaluate` with
    /// `awaitPromise: true, returnByValue: true`; Playwright's `evaluate` does this itself).
    ///
    /// # Errors
    ///
    /// [`Error::UnknownFunction`], [`Error::ArgumentsTooLarge`], and
    /// [`Error::InvalidArguments`] when `args_json` is not a JSON array.
    pub fn call(&mut self, name: &str, args_json: &str) -> Result<String, Error> {
        let limit = self.config.max_args_bytes;
        let Some(function) = self.functions.get_mut(name) else {
            return Err(self.unknown(name));
        };
        if args_json.len() > limit {
            return Err(Error::ArgumentsTooLarge {
                name: name.to_owned(),
                size: args_json.len(),
                limit,
            });
        }
        match serde_json::from_str::<serde_json::Value>(args_json) {
            Ok(serde_json::Value::Array(_)) => {}
            Ok(other) => {
                let reason = format!("got {}", json_type(&other));
                return Err(Error::InvalidArguments {
                    name: name.to_owned(),
                    reason,
                });
            }
            Err(e) => {
                return Err(Error::InvalidArguments {
                    name: name.to_owned(),
                    reason: e.to_string(),
                });
            }
        }
        function.calls = function.calls.saturating_add(1);
        Ok(snippet::call(&function.name, args_json))
    }

    /// Forgets a function and returns the snippet that deletes it from the page, with the init
    /// script to remove.
    ///
    /// # Errors
    ///
    /// [`Error::UnknownFunction`] when no function has that name.
    pub fn remove(&mut self, name: &str) -> Result<Removed, Error> {
        let Some(function) = self.functions.remove(name) else {
            return Err(self.unknown(name));
        };
        Ok(Removed {
            script: snippet::remove(&function.name),
            init_script_id: function.init_script_id,
        })
    }

    /// The function of that name, if defined.
    pub fn get(&self, name: &str) -> Option<&Function> {
        self.functions.get(name)
    }

    /// All functions, sorted by name.
    pub fn functions(&self) -> impl Iterator<Item = &Function> {
        self.functions.values()
    }

    /// The number of functions.
    pub fn len(&self) -> usize {
        self.functions.len()
    }

    /// Whether no function is defined.
    pub fn is_empty(&self) -> bool {
        self.functions.is_empty()
    }

    fn unknown(&self, name: &str) -> Error {
        Error::UnknownFunction {
            name: name.chars().take(80).collect(),
            hint: self.hint(),
        }
    }

    fn hint(&self) -> String {
        if self.functions.is_empty() {
            return "none is defined yet; define it first".to_owned();
        }
        let names: Vec<&str> = self
            .functions
            .keys()
            .take(20)
            .map(FunctionName::as_str)
            .collect();
        let more = if self.functions.len() > 20 {
            ", …"
        } else {
            ""
        };
        format!("defined: {}{more}", names.join(", "))
    }
}

fn json_type(value: &serde_json::Value) -> &'static str {
    match value {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests;
