//! Suite parsing and validation.

use super::*;

const WEBMCP_SUITE: &str = r#"{"name":"Shop","description":"A shop","baseUrl":"http://localhost:3000","scenarios":[
 {"id":"s1","prompt":"Find red shoes","startPage":"/","expectations":{"toolCalls":["search"],
  "forbiddenToolCalls":["checkout"],"postConditions":"Red shoes listed"},"tags":["search"],"timeoutMs":60000}]}"#;

fn problems(json: &str) -> Vec<(String, String)> {
    match parse_suite(json) {
        Err(Error::InvalidSuite { problems }) => {
            problems.into_iter().map(|p| (p.path, p.message)).collect()
        }
        Err(other) => panic!("expected an invalid suite, got {other}"),
        Ok(_) => panic!("expected an invalid suite, it parsed"),
    }
}

#[test]
fn webmcp_suite_is_accepted_as_is() -> Result<(), Error> {
    let suite = parse_suite(WEBMCP_SUITE)?;
    assert_eq!(suite.name, "Shop");
    assert_eq!(suite.mode, ScoringMode::Standard);
    let s = &suite.scenarios[0];
    assert_eq!(s.expectations.tool_calls, [ExpectedCall::named("search")]);
    assert_eq!(s.expectations.forbidden_tool_calls, ["checkout"]);
    assert_eq!(
        s.expectations.post_conditions.as_deref(),
        Some("Red shoes listed")
    );
    assert_eq!(s.expectations.order, OrderMode::Superset);
    assert_eq!((s.repeats, s.weight, s.timeout_ms), (1, 1.0, Some(60000)));
    assert_eq!(
        suite.start_url(s).as_deref(),
        Some("http://localhost:3000/")
    );
    Ok(())
}

#[test]
fn start_url_follows_webmcp() -> Result<(), Error> {
    let mut suite = parse_suite(WEBMCP_SUITE)?;
    let mut s = suite.scenarios[0].clone();
    s.start_page = Some("https://example.com/x".to_owned());
    assert_eq!(
        suite.start_url(&s).as_deref(),
        Some("https://example.com/x")
    );
    // Plain concatenation, no slash handling, as in the pull request.
    s.start_page = Some("cart".to_owned());
    assert_eq!(
        suite.start_url(&s).as_deref(),
        Some("http://localhost:3000cart")
    );
    suite.base_url = None;
    assert_eq!(suite.start_url(&s).as_deref(), Some("cart"));
    s.start_page = None;
    assert_eq!(suite.start_url(&s), None);
    Ok(())
}

#[test]
fn extensions_parse() -> Result<(), Error> {
    let suite = parse_suite(
        r#"{"name":"x","mode":"webmcp","passThreshold":0.6,"repeats":3,"weights":{"tools":1,"judge":3},"scenarios":[
        {"id":"a","prompt":"p","weight":2,"repeats":5,"expectations":{"order":"strict","toolCalls":[
          {"name":"t","args":{"q":"x"},"argsMode":"exact","count":2},
          {"name":"u","args":{"q":"^a"},"argsMode":"regex","min":0,"max":4},
          {"name":"v","args":{"q":"x"}}]}},
        {"id":"b","prompt":"p","passThreshold":0.9,"expectations":{}}]}"#,
    )?;
    assert_eq!(suite.mode, ScoringMode::Webmcp);
    let [a, b] = &suite.scenarios[..] else {
        panic!("two scenarios")
    };
    assert_eq!((a.repeats, a.weight, a.pass_threshold), (5, 2.0, Some(0.6)));
    assert_eq!((b.repeats, b.pass_threshold), (3, Some(0.9)));
    assert_eq!(
        a.weights,
        Weights {
            tools: 1.0,
            judge: 3.0
        }
    );
    let calls = &a.expectations.tool_calls;
    assert_eq!(
        calls[0].args,
        ArgsMatcher::Exact(serde_json::json!({"q": "x"}))
    );
    assert_eq!((calls[0].min, calls[0].max), (Some(2), Some(2)));
    assert!(matches!(&calls[1].args, ArgsMatcher::Regex(p) if p[0].1.as_str() == "^a"));
    assert_eq!(
        calls[2].args,
        ArgsMatcher::Subset(serde_json::json!({"q": "x"}))
    );
    assert_eq!(a.expectations.order, OrderMode::Strict);
    Ok(())
}

#[test]
fn every_problem_is_reported_at_once_with_its_path() {
    let got = problems(
        r#"{"name":"x","colour":"red","scenarios":[
        {"id":"a","prompt":"  ","expectations":{"toolCalls":["t",{"name":"u","args":{"q":"(unclosed"},"argsMode":"regex"}],
          "forbiddenToolCalls":["t"],"ordre":"strict"}},
        {"id":"a","prompt":"p","expectations":{"toolCalls":[{"name":"t","min":3,"max":1,"extra":1}]}},
        {"id":"c","prompt":"p","repeats":0,"passThreshold":2,"expectations":{"order":"sideways","toolCalls":[7]}}]}"#,
    );
    let want = [
        ("/colour", "unknown field \"colour\""),
        ("/scenarios/0/prompt", "the prompt is empty"),
        ("/scenarios/0/expectations/ordre", "unknown field \"ordre\""),
        (
            "/scenarios/0/expectations/toolCalls/1/args/q",
            "bad regular expression \"(unclosed\"",
        ),
        (
            "/scenarios/0/expectations/forbiddenToolCalls/0",
            "both expected (at /scenarios/0/expectations/toolCalls/0) and forbidden",
        ),
        (
            "/scenarios/1/expectations/toolCalls/0/extra",
            "unknown field \"extra\"",
        ),
        (
            "/scenarios/1/expectations/toolCalls/0",
            "min (3) is greater than max (1)",
        ),
        (
            "/scenarios/1/id",
            "duplicate scenario id \"a\" (first used by /scenarios/0)",
        ),
        (
            "/scenarios/2/repeats",
            "repeats must be from 1 to 1000, found 0",
        ),
        (
            "/scenarios/2/passThreshold",
            "passThreshold must be a number from 0 to 1, found 2",
        ),
        (
            "/scenarios/2/expectations/order",
            "unknown order \"sideways\"",
        ),
        (
            "/scenarios/2/expectations/toolCalls/0",
            "an expected call must be a tool name or an object, found a number",
        ),
    ];
    for (path, message) in want {
        assert!(
            got.iter().any(|(p, m)| p == path && m.contains(message)),
            "missing problem at {path}: {message}\ngot: {got:#?}"
        );
    }
    assert_eq!(got.len(), want.len(), "unexpected extra problems: {got:#?}");
}

#[test]
fn missing_and_mistyped_fields() {
    let got = problems(r#"{"scenarios":[{"prompt":3},{"id":"b","prompt":"p"}, 5]}"#);
    let paths: Vec<&str> = got.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(
        paths,
        [
            "",
            "/scenarios/0",
            "/scenarios/0/prompt",
            "/scenarios/0",
            "/scenarios/1",
            "/scenarios/2"
        ],
        "{got:#?}"
    );
    assert!(got[0].1.contains("no \"name\""));
    assert!(
        problems("[]")[0]
            .1
            .contains("must be an object, found an array")
    );
    assert!(
        problems(r#"{"name":"x","scenarios":[]}"#)[0]
            .1
            .contains("scenarios is empty")
    );
}

#[test]
fn pointer_tokens_are_escaped() {
    let got = problems(
        r#"{"name":"x","a/b~c":1,"scenarios":[{"id":"a","prompt":"p","expectations":{}}]}"#,
    );
    assert_eq!(got[0].0, "/a~1b~0c");
}

#[test]
fn not_json_gives_a_position() {
    match parse_suite("{\n  \"name\": }") {
        Err(Error::Json { line, column, .. }) => assert_eq!((line, column), (2, 11)),
        other => panic!("expected a JSON error, got {other:?}"),
    }
}

#[test]
fn deeply_nested_input_is_an_error_not_a_crash() {
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(matches!(parse_suite(&deep), Err(Error::Json { .. })));
}

#[test]
fn error_message_counts_and_shows_the_first_problem() {
    let Err(e) =
        parse_suite(r#"{"name":"x","scenarios":[{"id":"a","prompt":"","expectations":{}}]}"#)
    else {
        panic!("invalid")
    };
    assert_eq!(
        e.to_string(),
        "1 problem in the suite; the first is at /scenarios/0/prompt: the prompt is empty; write the task for the agent; fix them and validate again"
    );
}

#[test]
fn args_match_options_merge_per_field_over_the_scenario() -> Result<(), Error> {
    let suite = parse_suite(
        r#"{"name":"x","scenarios":[{"id":"a","prompt":"p","expectations":{
          "argsMatch":{"numbers":"strings","normalizeStrings":true,"ignoreKeys":["timeout"]},
          "toolCalls":["plain",
            {"name":"t","args":{"q":"x"},"argsMatch":{"ignoreKeys":["/page"],"useDefaults":true}},
            {"name":"u","args":{"q":"x"},"argsMatch":{"numbers":"exact","normalizeStrings":false}}]}},
          {"id":"b","prompt":"p","expectations":{"toolCalls":["plain"]}}]}"#,
    )?;
    let calls = &suite.scenarios[0].expectations.tool_calls;
    let scenario = ArgsOptions {
        numbers: NumberMatch::Strings,
        normalize_strings: true,
        ignore_keys: vec!["timeout".to_owned()],
        use_defaults: false,
    };
    assert_eq!(calls[0].options, scenario);
    assert_eq!(
        calls[1].options,
        ArgsOptions {
            ignore_keys: vec!["/page".to_owned()],
            use_defaults: true,
            ..scenario.clone()
        }
    );
    assert_eq!(
        calls[2].options,
        ArgsOptions {
            numbers: NumberMatch::Exact,
            normalize_strings: false,
            ..scenario
        }
    );
    assert_eq!(
        suite.scenarios[1].expectations.tool_calls[0].options,
        ArgsOptions::default()
    );
    Ok(())
}

#[test]
fn bad_args_match_options_are_reported_with_their_paths() {
    let got = problems(
        r#"{"name":"x","scenarios":[{"id":"a","prompt":"p","expectations":{
          "argsMatch":{"numbers":"loose","normalise":true,"ignoreKeys":"timeout"},
          "toolCalls":[{"name":"t","argsMatch":{"numbers":1,"useDefaults":"yes","normalizeStrings":null,
            "ignoreKeys":["", 3, "/a~2b", "/ok~0~1"]}},
            {"name":"u","argsMatch":[]}]}}]}"#,
    );
    let want = [
        (
            "/scenarios/0/expectations/argsMatch/normalise",
            "unknown field \"normalise\" in argsMatch",
        ),
        (
            "/scenarios/0/expectations/argsMatch/numbers",
            "unknown numbers mode \"loose\"; use value, exact or strings",
        ),
        (
            "/scenarios/0/expectations/argsMatch/ignoreKeys",
            "ignoreKeys must be an array of strings, found a string",
        ),
        (
            "/scenarios/0/expectations/toolCalls/0/argsMatch/numbers",
            "numbers must be a string (value, exact or strings), found a number",
        ),
        (
            "/scenarios/0/expectations/toolCalls/0/argsMatch/normalizeStrings",
            "normalizeStrings must be true or false, found null",
        ),
        (
            "/scenarios/0/expectations/toolCalls/0/argsMatch/useDefaults",
            "useDefaults must be true or false, found a string",
        ),
        (
            "/scenarios/0/expectations/toolCalls/0/argsMatch/ignoreKeys/0",
            "ignoreKeys entries must not be empty",
        ),
        (
            "/scenarios/0/expectations/toolCalls/0/argsMatch/ignoreKeys/1",
            "ignoreKeys entries must be strings, found a number",
        ),
        (
            "/scenarios/0/expectations/toolCalls/0/argsMatch/ignoreKeys/2",
            "\"/a~2b\" is not a valid JSON pointer",
        ),
        (
            "/scenarios/0/expectations/toolCalls/1/argsMatch",
            "argsMatch must be an object, found an array",
        ),
    ];
    for (path, message) in want {
        assert!(
            got.iter().any(|(p, m)| p == path && m.contains(message)),
            "missing problem at {path}: {message}\ngot: {got:#?}"
        );
    }
    assert_eq!(got.len(), want.len(), "unexpected extra problems: {got:#?}");
}
