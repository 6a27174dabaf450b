//! The client-compatibility rules beyond their one case each: languages, name and description
//! words, and the openai-strict profile.

use serde_json::{Value, json};
use tool_schema::{Config, Finding, Level, Profile, Severity, lint_value};

fn tool(name: &str, description: &str) -> Value {
    json!({"name": name, "description": description,
        "inputSchema": {"type": "object", "additionalProperties": false, "required": [],
            "properties": {}}})
}

fn findings(list: &Value, rule: &str, config: &Config) -> Vec<Finding> {
    lint_value(list, config)
        .expect("a tool list")
        .findings()
        .iter()
        .filter(|f| f.rule == rule)
        .cloned()
        .collect()
}

fn mixed(list: &Value) -> Vec<Finding> {
    findings(list, "TD-MIXED-LANG", &Config::default())
}

#[test]
fn identifiers_acronyms_and_one_script_are_not_mixed_languages() {
    for description in [
        // Chinese naming an identifier, a format and a URL.
        "打开 `browser_navigate` 返回的页面并读取 JSON 数据，例如 https://example.com/a 的内容。",
        // Japanese writes kanji and kana together.
        "指定したページのスクリーンショットを撮影して画像として返します。",
        // English quoting one foreign word.
        "Search the catalogue for a dish such as \"paella\" and return its recipe.",
        "Возвращает список файлов в каталоге.",
    ] {
        assert_eq!(
            mixed(&json!([tool("read_page", description)])),
            vec![],
            "{description}"
        );
    }
}

#[test]
fn a_description_with_two_scripts_is_mixed() {
    let list = json!([tool(
        "get_forecast",
        "Get the weather forecast for a city. Возвращает прогноз погоды для города на три дня."
    )]);
    let found = mixed(&list);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].severity, Severity::Info);
    let m = &found[0].message;
    assert!(m.contains("Latin") && m.contains("Cyrillic"), "{m}");
}

#[test]
fn a_tool_in_another_language_than_the_list_is_named() {
    let list = json!([
        tool(
            "get_forecast",
            "Get the weather forecast for a city when the user asks for it."
        ),
        tool(
            "get_alerts",
            "Return the weather alerts that are active for a region."
        ),
        tool(
            "get_history",
            "Return the weather of a past day for a city, with the source."
        ),
        tool(
            "get_radar",
            "Devuelve la imagen del radar para una ciudad cuando el usuario la pide."
        ),
    ]);
    let found = mixed(&list);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].tool.as_deref(), Some("get_radar"));
    assert!(
        found[0].message.contains("in Spanish while 3 of the 4"),
        "{}",
        found[0].message
    );
    // One tool each way: no majority to compare with.
    let even = json!([list[0].clone(), list[3].clone()]);
    assert_eq!(mixed(&even), vec![]);
    // A Chinese tool in an English list.
    let cjk = json!([
        list[0].clone(),
        list[1].clone(),
        tool(
            "get_radar",
            "返回指定城市的雷达图像，在用户询问降雨时使用。"
        ),
    ]);
    let found = mixed(&cjk);
    assert_eq!(found.len(), 1);
    assert!(
        found[0].message.contains("Chinese/Japanese"),
        "{}",
        found[0].message
    );
}

#[test]
fn inflections_abbreviations_and_identifiers_tie_a_name_to_its_description() {
    let unrelated = |name: &str, description: &str| {
        !findings(
            &json!([tool(name, description)]),
            "TD-NAME-UNRELATED",
            &Config::default(),
        )
        .is_empty()
    };
    assert!(!unrelated("get_repo", "Fetches a repository's metadata."));
    assert!(!unrelated("create_issue", "Creating issues in a project."));
    assert!(!unrelated(
        "search_queries",
        "Run a query against the index."
    ));
    assert!(!unrelated(
        "get_paper_latex",
        "Return the LaTeX source of a paper."
    ));
    assert!(!unrelated("do_it", "Calls `do_it` on the server."));
    assert!(!unrelated("x", "Anything at all."));
    assert!(unrelated(
        "git_commit",
        "Records changes to the repository."
    ));
    assert!(unrelated("ping", "Verify that the connection is alive."));
}

#[test]
fn the_strict_profile_reports_every_open_object_with_its_pointer() {
    let list = json!([{
        "name": "book_trip",
        "description": "Book a trip to a place.",
        "inputSchema": {
            "type": "object", "additionalProperties": false, "required": ["to", "legs"],
            "properties": {
                "to": {"$ref": "#/$defs/place"},
                "legs": {"type": "array", "items": {"type": "object", "additionalProperties": true,
                    "properties": {"from": {"type": "string"}}, "required": ["from"]}}
            },
            "$defs": {"place": {"type": "object", "properties": {"city": {"type": "string"}}}}
        }
    }]);
    let strict = Config::default().with_profile(Profile::OpenaiStrict);
    let open: Vec<String> = findings(&list, "TP-STRICT-OPEN", &strict)
        .into_iter()
        .map(|f| f.pointer)
        .collect();
    assert_eq!(
        open,
        vec![
            "/inputSchema/properties/legs/items",
            "/inputSchema/$defs/place"
        ]
    );
    let optional: Vec<String> = findings(&list, "TP-STRICT-OPTIONAL", &strict)
        .into_iter()
        .map(|f| f.pointer)
        .collect();
    assert_eq!(optional, vec!["/inputSchema/$defs/place"]);
    // Off by default; an explicit level turns one rule on without the profile.
    assert!(findings(&list, "TP-STRICT-OPEN", &Config::default()).is_empty());
    let one = Config::default()
        .with_rule("TP-STRICT-OPEN", Level::Set(Severity::Warn))
        .expect("a rule");
    assert_eq!(findings(&list, "TP-STRICT-OPEN", &one).len(), 2);
    assert!(findings(&list, "TP-STRICT-OPTIONAL", &one).is_empty());
    assert_eq!(
        Profile::parse("OpenAI-Strict").ok(),
        Some(Profile::OpenaiStrict)
    );
}
