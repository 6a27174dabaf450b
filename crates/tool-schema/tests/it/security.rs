//! The security rules against a set of poisoned definitions, one per published technique, and
//! their benign look-alikes; and the 35 real servers of the corpus, which must stay quiet.

use serde_json::Value;
use tool_schema::{Config, Level, Severity, lint_value, parse_tools_str};

fn fixture() -> Value {
    let text = include_str!("fixtures/poisoned.json");
    serde_json::from_str(text).expect("the fixture is JSON")
}

fn cases() -> Vec<Value> {
    fixture()["poisoned"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// The rules the poisoned set must trigger, for the test that every rule has a case.
pub(crate) fn covered_rules() -> Vec<String> {
    cases()
        .iter()
        .filter_map(|c| c["rule"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn every_poisoned_definition_is_caught_by_the_rule_that_should_catch_it() {
    let cases = cases();
    assert!(
        cases.len() >= 25,
        "only {} poisoned definitions",
        cases.len()
    );
    let mut techniques: Vec<&str> = cases
        .iter()
        .filter_map(|c| c["technique"].as_str())
        .collect();
    techniques.sort_unstable();
    techniques.dedup();
    assert_eq!(
        techniques.len(),
        cases.len(),
        "each case is a different technique"
    );
    let mut missed = Vec::new();
    for case in &cases {
        let rule = case["rule"].as_str().expect("a rule");
        let severity = match case["severity"].as_str() {
            Some("warn") => Severity::Warn,
            _ => Severity::Error,
        };
        let pointer = case["pointer"].as_str().expect("a pointer");
        let report = lint_value(&case["tools"], &Config::default()).expect("a tool list");
        let caught = report
            .findings()
            .iter()
            .any(|f| f.rule == rule && f.severity == severity && f.pointer == pointer);
        if !caught {
            missed.push(format!(
                "{}: no {rule} {severity} at {pointer}; got {:?}",
                case["technique"],
                report
                    .findings()
                    .iter()
                    .filter(|f| f.rule.starts_with("SEC-"))
                    .map(|f| (f.rule, f.severity, &f.pointer))
                    .collect::<Vec<_>>()
            ));
        }
    }
    assert!(missed.is_empty(), "missed:\n{}", missed.join("\n"));
}

#[test]
fn the_benign_look_alikes_raise_no_security_finding() {
    let report = lint_value(&fixture()["clean"], &Config::default()).expect("a tool list");
    let security: Vec<_> = report
        .findings()
        .iter()
        .filter(|f| f.rule.starts_with("SEC-"))
        .collect();
    assert!(security.is_empty(), "{security:#?}");
}

#[test]
fn a_security_rule_can_be_turned_off() {
    let case = &cases()[0];
    let config = Config::new()
        .with_rule("SEC-INSTRUCTION", Level::Off)
        .expect("a known rule");
    let report = lint_value(&case["tools"], &config).expect("a tool list");
    assert!(
        report
            .findings()
            .iter()
            .all(|f| f.rule != "SEC-INSTRUCTION")
    );
}

#[test]
fn the_real_servers_get_no_security_error() {
    let Ok(dir) = std::env::var("MCP_LEAN_CORPUS") else {
        return;
    };
    let mut warnings = Vec::new();
    let mut errors = Vec::new();
    let mut servers = 0;
    for entry in
        std::fs::read_dir(std::path::Path::new(&dir).join("tools")).expect("a tools folder")
    {
        let path = entry.expect("an entry").path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Some(server) = name.strip_suffix(".tools.json") else {
            continue;
        };
        servers += 1;
        let text = std::fs::read_to_string(&path).expect("readable");
        let tools = parse_tools_str(&text).expect("a tool list");
        for f in tool_schema::lint(&tools, &Config::default()).findings() {
            if !f.rule.starts_with("SEC-") {
                continue;
            }
            if f.severity == Severity::Error {
                errors.push(format!(
                    "{server} {} {:?} {}: {}",
                    f.rule, f.tool, f.pointer, f.message
                ));
                continue;
            }
            warnings.push(format!("{server} {} {:?} {}", f.rule, f.tool, f.pointer));
        }
    }
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(servers, 35);
    // Each is listed with a verdict in docs/lint-corpus.md; a new one needs a verdict there.
    assert_eq!(warnings.len(), 5, "{warnings:#?}");
}
