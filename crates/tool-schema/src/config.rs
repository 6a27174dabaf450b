//! Lint configuration: per-rule overrides and the limits some rules use.

use std::collections::BTreeMap;

use crate::error::Error;
use crate::finding::{Severity, rule_info};
use crate::profile::Profile;

/// What to do with a rule: turn it off or force a severity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// The rule does not run.
    Off,
    /// Every finding of the rule gets this severity.
    Set(Severity),
}

impl Level {
    /// Parses `off`, `info`, `warn` (or `warning`) or `error`.
    ///
    /// # Errors
    ///
    /// Returns [`Error::UnknownLevel`] for any other name.
    pub fn parse(name: &str) -> Result<Self, Error> {
        match name.to_ascii_lowercase().as_str() {
            "off" | "allow" => Ok(Self::Off),
            "info" => Ok(Self::Set(Severity::Info)),
            "warn" | "warning" => Ok(Self::Set(Severity::Warn)),
            "error" | "deny" => Ok(Self::Set(Severity::Error)),
            _ => Err(Error::UnknownLevel {
                name: name.to_owned(),
            }),
        }
    }
}

/// Lint settings. `Config::default()` runs every rule at its default severity with the limits
/// documented on each field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    overrides: BTreeMap<&'static str, Level>,
    profiles: Vec<Profile>,
    /// `TD-SHORT`: descriptions shorter than this many chars. Default 30.
    pub min_description_chars: usize,
    /// `TD-LONG`: descriptions longer than this many chars. Default 1,500: the reference's 500
    /// flags a third of the well-written corpus descriptions, which is noise, not signal.
    pub max_description_chars: usize,
    /// `TP-COUNT`: more top-level parameters than this. Default 8.
    pub max_params: usize,
    /// `TP-DEPTH`: object nesting deeper than this (top-level parameters are depth 1). Default 3.
    pub max_depth: usize,
    /// `TT-TOOL`: estimated tokens of one tool definition. Default 1,200.
    pub max_tool_tokens: usize,
    /// `TT-CATALOG`: estimated tokens of the whole list. Default 8,000.
    pub max_catalog_tokens: usize,
    /// `TT-COUNT`: number of tools. Default 25.
    pub max_tools: usize,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            overrides: BTreeMap::new(),
            profiles: Vec::new(),
            min_description_chars: 30,
            max_description_chars: 1500,
            max_params: 8,
            max_depth: 3,
            max_tool_tokens: 1200,
            max_catalog_tokens: 8000,
            max_tools: 25,
        }
    }
}

impl Config {
    /// Same as [`Config::default`].
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the level of the rule `id` (`Level::Off` turns it off).
    ///
    /// # Errors
    ///
    /// Returns [`Error::UnknownRule`] when `id` is not in [`RULES`](crate::finding::RULES).
    ///
    /// # Example
    ///
    /// ```
    /// use tool_schema::{Config, Level, Severity};
    /// let config = Config::new()
    ///     .with_rule("TD-NO-USAGE", Level::Off)?
    ///     .with_rule("TD-SHORT", Level::Set(Severity::Error))?;
    /// assert_eq!(config.level("TD-NO-USAGE"), Some(Level::Off));
    /// # Ok::<(), tool_schema::Error>(())
    /// ```
    pub fn with_rule(mut self, id: &str, level: Level) -> Result<Self, Error> {
        let info = rule_info(id).ok_or_else(|| Error::UnknownRule { id: id.to_owned() })?;
        self.overrides.insert(info.id, level);
        Ok(self)
    }

    /// Turns on the rules of `profile` (see [`RuleInfo::profile`](crate::finding::RuleInfo::profile)).
    ///
    /// # Example
    ///
    /// ```
    /// use tool_schema::{Config, Profile, lint_value};
    /// let tools = serde_json::json!([{"name": "get_weather", "description": "Get the weather.",
    ///     "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}}]);
    /// let strict = Config::new().with_profile(Profile::OpenaiStrict);
    /// let rules = |c: &Config| -> Vec<&str> {
    ///     lint_value(&tools, c).unwrap().findings().iter().map(|f| f.rule).collect()
    /// };
    /// assert!(rules(&strict).contains(&"TP-STRICT-OPEN"));
    /// assert!(!rules(&Config::new()).contains(&"TP-STRICT-OPEN"));
    /// ```
    #[must_use]
    pub fn with_profile(mut self, profile: Profile) -> Self {
        if !self.profiles.contains(&profile) {
            self.profiles.push(profile);
        }
        self
    }

    /// The profiles turned on.
    pub fn profiles(&self) -> &[Profile] {
        &self.profiles
    }

    /// The override set for `id`, if any.
    pub fn level(&self, id: &str) -> Option<Level> {
        self.overrides.get(id).copied()
    }

    /// Whether the rule `id` runs: not turned off, and either set explicitly or outside any
    /// profile, or in a profile turned on.
    pub fn enabled(&self, id: &str) -> bool {
        match self.level(id) {
            Some(Level::Off) => false,
            Some(Level::Set(_)) => true,
            None => self.profile_allows(id),
        }
    }

    /// Whether a rule without an explicit level runs: outside any profile, or in one turned on.
    fn profile_allows(&self, id: &str) -> bool {
        rule_info(id)
            .and_then(|r| r.profile)
            .is_none_or(|p| self.profiles.contains(&p))
    }

    /// The severity a finding of `id` gets when the rule wants `default`, or `None` when off.
    pub(crate) fn severity(&self, id: &str, default: Severity) -> Option<Severity> {
        match self.level(id) {
            Some(Level::Off) => None,
            Some(Level::Set(s)) => Some(s),
            None => self.profile_allows(id).then_some(default),
        }
    }
}
