//! Public attack templates translated into the detector's nine languages
//! (`fixtures/translated.json`: eight templates of AgentDojo, spikee and PromptInject, two goals
//! each, translated for this test before it was run), measured per language as page text.
//!
//! The figure in BENCHMARKS.md comes from
//! `cargo test -p mcp-lean-injection --test integration translated -- --nocapture`.

use std::fmt::Write as _;

use mcp_lean_injection::addressed_to_agent;

/// Detection each language must keep, in percent: the aim, 85 in every language.
const FLOOR_PERCENT: usize = 85;

#[test]
fn translated_attacks_are_found_in_every_language() {
    let fixture: serde_json::Value =
        serde_json::from_str(include_str!("fixtures/translated.json")).expect("the fixture");
    let languages = fixture["languages"].as_object().expect("languages");
    let mut report =
        String::from("| language | found | missed (template, goal) |\n|---|--:|---|\n");
    let mut low = Vec::new();
    for (lang, set) in languages {
        let strings = |key: &str| -> Vec<&str> {
            set[key]
                .as_array()
                .expect("a list")
                .iter()
                .map(|v| v.as_str().expect("a string"))
                .collect()
        };
        let (templates, goals) = (strings("templates"), strings("goals"));
        let (mut found, mut total, mut missed) = (0, 0, Vec::new());
        for (t, template) in templates.iter().enumerate() {
            for (g, goal) in goals.iter().enumerate() {
                let text = template.replace("{goal}", goal);
                total += 1;
                if addressed_to_agent(&text).is_some() {
                    found += 1;
                } else {
                    missed.push(format!("T{}G{}", t + 1, g + 1));
                }
            }
        }
        let _ = writeln!(
            report,
            "| {lang} | {found} of {total} | {} |",
            missed.join(" ")
        );
        if found * 100 < total * FLOOR_PERCENT {
            low.push(lang.clone());
        }
    }
    #[allow(
        clippy::print_stderr,
        reason = "the figure BENCHMARKS.md quotes, seen with --nocapture"
    )]
    {
        eprintln!("{report}");
    }
    assert!(low.is_empty(), "under the floor in {low:?}\n{report}");
}
