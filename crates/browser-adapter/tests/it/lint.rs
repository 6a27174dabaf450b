//! The tool definitions lint clean under tool-schema.

use tool_schema::{Config, lint_value};

#[test]
fn definitions_have_zero_findings() {
    let report = lint_value(&browser_adapter::tools_list(), &Config::default())
        .expect("tools_list is a tool list");
    assert!(
        report.findings().is_empty(),
        "{}",
        report.to_text("browser-adapter")
    );
}

#[test]
fn every_definition_has_examples_and_output_schema() {
    for tool in browser_adapter::tool_definitions() {
        let name = tool["name"].as_str().unwrap_or_default();
        assert!(
            tool["outputSchema"].is_object(),
            "{name} has no outputSchema"
        );
        assert!(tool["annotations"].is_object(), "{name} has no annotations");
        let takes_args = tool["inputSchema"]["properties"]
            .as_object()
            .is_some_and(|p| !p.is_empty());
        if takes_args {
            assert!(
                tool["inputSchema"]["examples"].is_array(),
                "{name} has no examples"
            );
        }
    }
}
