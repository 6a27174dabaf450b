//! A hand-written validation pass over the JSON value, so that every problem is reported at once.

use std::collections::BTreeMap;

use serde_json::{Map, Value};

use super::{
    ArgPattern, ArgsMatcher, ArgsOptions, Expectations, ExpectedCall, NumberMatch, OrderMode,
    Scenario, ScoringMode, Suite, Weights,
};
use crate::error::Error;
use fields::{Validator, child, index, type_name, valid_pointer};

mod fields;

const SUITE_FIELDS: &[&str] = &[
    "$schema",
    "name",
    "description",
    "baseUrl",
    "mode",
    "passThreshold",
    "repeats",
    "weights",
    "scenarios",
];
const SCENARIO_FIELDS: &[&str] = &[
    "id",
    "prompt",
    "startPage",
    "expectations",
    "tags",
    "timeoutMs",
    "repeats",
    "passThreshold",
    "weight",
    "weights",
    "description",
];
const EXPECTATION_FIELDS: &[&str] = &[
    "toolCalls",
    "forbiddenToolCalls",
    "postConditions",
    "order",
    "argsMatch",
];
const CALL_FIELDS: &[&str] = &[
    "name",
    "args",
    "argsMode",
    "argsMatch",
    "min",
    "max",
    "count",
];
const ARGS_MATCH_FIELDS: &[&str] = &["numbers", "normalizeStrings", "ignoreKeys", "useDefaults"];
const WEIGHT_FIELDS: &[&str] = &["tools", "judge"];

/// Repeats above this are almost certainly a typo and would make a replay or live run explode.
const MAX_REPEATS: u64 = 1000;

pub(super) fn suite(root: &Value) -> Result<Suite, Error> {
    let mut v = Validator {
        problems: Vec::new(),
    };
    let suite = v.suite(root);
    match suite {
        Some(suite) if v.problems.is_empty() => Ok(suite),
        _ => {
            if v.problems.is_empty() {
                v.push("", "the suite could not be read");
            }
            Err(Error::InvalidSuite {
                problems: v.problems,
            })
        }
    }
}

impl Validator {
    fn repeats(&mut self, map: &Map<String, Value>, path: &str) -> Option<u32> {
        let n = self.unsigned(map, path, "repeats")?;
        if n == 0 || n > MAX_REPEATS {
            self.push(
                &child(path, "repeats"),
                format!("repeats must be from 1 to {MAX_REPEATS}, found {n}"),
            );
            return None;
        }
        u32::try_from(n).ok()
    }

    fn weights(&mut self, map: &Map<String, Value>, path: &str) -> Option<Weights> {
        let value = map.get("weights")?;
        let path = child(path, "weights");
        let obj = self.object(value, &path, "weights")?;
        self.unknown_fields(obj, &path, WEIGHT_FIELDS, "weights");
        let mut weights = Weights::default();
        for (key, slot) in [("tools", &mut weights.tools), ("judge", &mut weights.judge)] {
            if let Some(w) = obj.get(key) {
                match w.as_f64() {
                    Some(x) if x >= 0.0 && x.is_finite() => *slot = x,
                    _ => self.push(
                        &child(&path, key),
                        format!("{key} must be a number ≥ 0, found {w}"),
                    ),
                }
            }
        }
        if weights.tools + weights.judge <= 0.0 {
            self.push(
                &path,
                "weights must not both be 0; give the tool score or the judge some weight",
            );
        }
        Some(weights)
    }

    fn suite(&mut self, root: &Value) -> Option<Suite> {
        let map = self.object(root, "", "the suite")?;
        self.unknown_fields(map, "", SUITE_FIELDS, "the suite");
        let name = self.required_string(map, "", "name", "the suite");
        let description = self.string(map, "", "description");
        let base_url = self.string(map, "", "baseUrl");
        let mode = match map.get("mode") {
            None => ScoringMode::Standard,
            Some(Value::String(s)) if s == "standard" => ScoringMode::Standard,
            Some(Value::String(s)) if s == "webmcp" => ScoringMode::Webmcp,
            Some(other) => {
                self.push(
                    "/mode",
                    format!("mode must be \"standard\" or \"webmcp\", found {other}"),
                );
                ScoringMode::Standard
            }
        };
        let defaults = Defaults {
            threshold: self.fraction(map, "", "passThreshold"),
            repeats: self.repeats(map, "").unwrap_or(1),
            weights: self.weights(map, "").unwrap_or_default(),
        };
        let scenarios = match map.get("scenarios") {
            None => {
                self.push(
                    "",
                    "the suite has no \"scenarios\"; add an array of scenarios",
                );
                Vec::new()
            }
            Some(Value::Array(items)) => {
                if items.is_empty() {
                    self.push(
                        "/scenarios",
                        "scenarios is empty; add at least one scenario",
                    );
                }
                let mut seen: BTreeMap<String, usize> = BTreeMap::new();
                let mut out = Vec::new();
                for (i, item) in items.iter().enumerate() {
                    let path = index("/scenarios", i);
                    if let Some(s) = self.scenario(item, &path, &defaults) {
                        if let Some(first) = seen.get(&s.id) {
                            self.push(
                                &child(&path, "id"),
                                format!("duplicate scenario id {:?} (first used by /scenarios/{first}); ids must be unique", s.id),
                            );
                        } else {
                            seen.insert(s.id.clone(), i);
                        }
                        out.push(s);
                    }
                }
                out
            }
            Some(other) => {
                self.push(
                    "/scenarios",
                    format!("scenarios must be an array, found {}", type_name(other)),
                );
                Vec::new()
            }
        };
        Some(Suite {
            name: name?,
            description,
            base_url,
            mode,
            scenarios,
        })
    }

    fn scenario(&mut self, value: &Value, path: &str, defaults: &Defaults) -> Option<Scenario> {
        let map = self.object(value, path, "a scenario")?;
        self.unknown_fields(map, path, SCENARIO_FIELDS, "a scenario");
        let id = self.required_string(map, path, "id", "the scenario");
        if id.as_deref().is_some_and(|s| s.trim().is_empty()) {
            self.push(
                &child(path, "id"),
                "the scenario id is empty; give it a unique name",
            );
        }
        let prompt = self.required_string(map, path, "prompt", "the scenario");
        if prompt.as_deref().is_some_and(|s| s.trim().is_empty()) {
            self.push(
                &child(path, "prompt"),
                "the prompt is empty; write the task for the agent",
            );
        }
        let start_page = self.string(map, path, "startPage");
        let tags = self
            .string_list(map, path, "tags")
            .into_iter()
            .map(|(s, _)| s)
            .collect();
        let timeout_ms = self.unsigned(map, path, "timeoutMs");
        let repeats = self.repeats(map, path).unwrap_or(defaults.repeats);
        let pass_threshold = self
            .fraction(map, path, "passThreshold")
            .or(defaults.threshold);
        let weight = match map.get("weight") {
            None => 1.0,
            Some(w) => match w.as_f64() {
                Some(x) if x >= 0.0 && x.is_finite() => x,
                _ => {
                    self.push(
                        &child(path, "weight"),
                        format!("weight must be a number ≥ 0, found {w}"),
                    );
                    1.0
                }
            },
        };
        let weights = self.weights(map, path).unwrap_or(defaults.weights);
        let expectations = match map.get("expectations") {
            None => {
                self.push(path, "the scenario has no \"expectations\"; add toolCalls, forbiddenToolCalls or postConditions");
                None
            }
            Some(e) => self.expectations(e, &child(path, "expectations")),
        };
        Some(Scenario {
            id: id?,
            prompt: prompt?,
            start_page,
            expectations: expectations?,
            tags,
            timeout_ms,
            repeats,
            pass_threshold,
            weight,
            weights,
        })
    }

    fn expectations(&mut self, value: &Value, path: &str) -> Option<Expectations> {
        let map = self.object(value, path, "expectations")?;
        self.unknown_fields(map, path, EXPECTATION_FIELDS, "expectations");
        let order = match map.get("order") {
            None => OrderMode::Superset,
            Some(Value::String(s)) => match s.as_str() {
                "strict" => OrderMode::Strict,
                "unordered" => OrderMode::Unordered,
                "subset" => OrderMode::Subset,
                "superset" => OrderMode::Superset,
                _ => {
                    self.push(
                        &child(path, "order"),
                        format!("unknown order {s:?}; use strict, unordered, subset or superset"),
                    );
                    OrderMode::Superset
                }
            },
            Some(other) => {
                self.push(
                    &child(path, "order"),
                    format!("order must be a string, found {}", type_name(other)),
                );
                OrderMode::Superset
            }
        };
        let options = self
            .args_options(map, path)
            .map(|patch| patch.over(&ArgsOptions::default()))
            .unwrap_or_default();
        let mut tool_calls = Vec::new();
        let mut expected_at: BTreeMap<String, String> = BTreeMap::new();
        match map.get("toolCalls") {
            None => {}
            Some(Value::Array(items)) => {
                for (i, item) in items.iter().enumerate() {
                    let item_path = index(&child(path, "toolCalls"), i);
                    if let Some(call) = self.expected_call(item, &item_path, &options) {
                        expected_at.entry(call.name.clone()).or_insert(item_path);
                        tool_calls.push(call);
                    }
                }
            }
            Some(other) => self.push(
                &child(path, "toolCalls"),
                format!("toolCalls must be an array, found {}", type_name(other)),
            ),
        }
        let forbidden = self.string_list(map, path, "forbiddenToolCalls");
        for (name, at) in &forbidden {
            if let Some(exp) = expected_at.get(name) {
                self.push(
                    at,
                    format!("tool {name:?} is both expected (at {exp}) and forbidden; remove one"),
                );
            }
        }
        let post_conditions = self.string(map, path, "postConditions");
        Some(Expectations {
            tool_calls,
            forbidden_tool_calls: forbidden.into_iter().map(|(s, _)| s).collect(),
            post_conditions,
            order,
        })
    }

    fn expected_call(
        &mut self,
        value: &Value,
        path: &str,
        scenario_options: &ArgsOptions,
    ) -> Option<ExpectedCall> {
        let map = match value {
            Value::String(name) if !name.is_empty() => {
                let mut call = ExpectedCall::named(name);
                call.options = scenario_options.clone();
                return Some(call);
            }
            Value::String(_) => {
                self.push(path, "the tool name is empty");
                return None;
            }
            Value::Object(map) => map,
            other => {
                self.push(
                    path,
                    format!(
                        "an expected call must be a tool name or an object, found {}",
                        type_name(other)
                    ),
                );
                return None;
            }
        };
        self.unknown_fields(map, path, CALL_FIELDS, "an expected call");
        let name = self.required_string(map, path, "name", "the expected call");
        if name.as_deref().is_some_and(str::is_empty) {
            self.push(&child(path, "name"), "the tool name is empty");
        }
        let mode = self.string(map, path, "argsMode");
        let args = map.get("args");
        let matcher = match (mode.as_deref(), args) {
            (None | Some("any"), None) | (Some("any"), Some(_)) => ArgsMatcher::Any,
            (None | Some("subset"), Some(a)) => {
                if !a.is_object() {
                    self.push(
                        &child(path, "args"),
                        format!(
                            "args for subset matching must be an object, found {}",
                            type_name(a)
                        ),
                    );
                }
                ArgsMatcher::Subset(a.clone())
            }
            (Some("exact"), Some(a)) => ArgsMatcher::Exact(a.clone()),
            (Some("regex"), Some(a)) => self.regex_args(a, &child(path, "args")),
            (Some(m @ ("exact" | "subset" | "regex")), None) => {
                self.push(
                    path,
                    format!("argsMode {m:?} needs \"args\"; add them or drop argsMode"),
                );
                ArgsMatcher::Any
            }
            (Some(other), _) => {
                self.push(
                    &child(path, "argsMode"),
                    format!("unknown argsMode {other:?}; use exact, subset, regex or any"),
                );
                ArgsMatcher::Any
            }
        };
        let options = match self.args_options(map, path) {
            Some(patch) => patch.over(scenario_options),
            None => scenario_options.clone(),
        };
        let count = self
            .unsigned(map, path, "count")
            .and_then(|n| self.count(n, path, "count"));
        let mut min = self
            .unsigned(map, path, "min")
            .and_then(|n| self.count(n, path, "min"));
        let mut max = self
            .unsigned(map, path, "max")
            .and_then(|n| self.count(n, path, "max"));
        if let Some(c) = count {
            if min.is_some() || max.is_some() {
                self.push(
                    &child(path, "count"),
                    "count cannot be combined with min or max; use one or the other",
                );
            }
            min = Some(c);
            max = Some(c);
        }
        if let (Some(lo), Some(hi)) = (min, max)
            && lo > hi
        {
            self.push(path, format!("min ({lo}) is greater than max ({hi})"));
        }
        Some(ExpectedCall {
            name: name?,
            args: matcher,
            options,
            min,
            max,
        })
    }

    /// Reads `argsMatch` from `map`, `None` when it is absent or not an object.
    fn args_options(&mut self, map: &Map<String, Value>, path: &str) -> Option<OptionsPatch> {
        let value = map.get("argsMatch")?;
        let path = child(path, "argsMatch");
        let obj = self.object(value, &path, "argsMatch")?;
        self.unknown_fields(obj, &path, ARGS_MATCH_FIELDS, "argsMatch");
        let mut patch = OptionsPatch::default();
        match obj.get("numbers") {
            None => {}
            Some(Value::String(s)) => match s.as_str() {
                "value" => patch.numbers = Some(NumberMatch::Value),
                "exact" => patch.numbers = Some(NumberMatch::Exact),
                "strings" => patch.numbers = Some(NumberMatch::Strings),
                _ => self.push(
                    &child(&path, "numbers"),
                    format!("unknown numbers mode {s:?}; use value, exact or strings"),
                ),
            },
            Some(other) => self.push(
                &child(&path, "numbers"),
                format!(
                    "numbers must be a string (value, exact or strings), found {}",
                    type_name(other)
                ),
            ),
        }
        patch.normalize_strings = self.boolean(obj, &path, "normalizeStrings");
        patch.use_defaults = self.boolean(obj, &path, "useDefaults");
        if obj.contains_key("ignoreKeys") {
            let keys = self.string_list(obj, &path, "ignoreKeys");
            for (key, at) in &keys {
                if key.starts_with('/') && !valid_pointer(key) {
                    self.push(
                        at,
                        format!(
                            "{key:?} is not a valid JSON pointer (\"~\" must be followed by 0 or 1); write ~0 for ~ and ~1 for /"
                        ),
                    );
                }
            }
            patch.ignore_keys = Some(keys.into_iter().map(|(k, _)| k).collect());
        }
        Some(patch)
    }

    fn regex_args(&mut self, args: &Value, path: &str) -> ArgsMatcher {
        let Value::Object(map) = args else {
            self.push(
                path,
                format!(
                    "args for regex matching must be an object of argument → pattern, found {}",
                    type_name(args)
                ),
            );
            return ArgsMatcher::Any;
        };
        let mut patterns = Vec::new();
        for (key, pattern) in map {
            let at = child(path, key);
            match pattern {
                Value::String(p) => match ArgPattern::new(p) {
                    Ok(compiled) => patterns.push((key.clone(), compiled)),
                    Err(Error::Regex { message, .. }) => {
                        let first = message.lines().last().unwrap_or("").trim();
                        self.push(&at, format!("bad regular expression {p:?}: {first}"));
                    }
                    Err(e) => self.push(&at, e.to_string()),
                },
                other => self.push(
                    &at,
                    format!(
                        "a regex pattern must be a string, found {}",
                        type_name(other)
                    ),
                ),
            }
        }
        ArgsMatcher::Regex(patterns)
    }
}

/// The fields of one `argsMatch` object; the absent ones come from the level above.
#[derive(Default)]
struct OptionsPatch {
    numbers: Option<NumberMatch>,
    normalize_strings: Option<bool>,
    ignore_keys: Option<Vec<String>>,
    use_defaults: Option<bool>,
}

impl OptionsPatch {
    fn over(self, base: &ArgsOptions) -> ArgsOptions {
        ArgsOptions {
            numbers: self.numbers.unwrap_or(base.numbers),
            normalize_strings: self.normalize_strings.unwrap_or(base.normalize_strings),
            ignore_keys: self.ignore_keys.unwrap_or_else(|| base.ignore_keys.clone()),
            use_defaults: self.use_defaults.unwrap_or(base.use_defaults),
        }
    }
}

struct Defaults {
    threshold: Option<f64>,
    repeats: u32,
    weights: Weights,
}
