//! The rmcp conversions keep every field of the definitions and results.

use serde_json::{Value, json};

use crate::call;
use crate::node_page::NodePage;

#[test]
fn tools_convert_without_loss() {
    let tools = browser_adapter::rmcp_tools().expect("tools convert");
    let back: Vec<Value> = tools
        .iter()
        .map(|t| serde_json::to_value(t).expect("serializes"))
        .collect();
    assert_eq!(back, browser_adapter::tool_definitions());
}

#[test]
fn results_convert_without_loss() {
    let mut session = browser_adapter::Session::new().expect("session");
    let page = NodePage::new();
    for args in [json!({"script": "[1, 2]"}), json!({"script": "null.x"})] {
        let result = call(&mut session, &page, "evaluate", args);
        let converted = browser_adapter::rmcp_result(result.clone()).expect("converts");
        assert_eq!(converted.is_error, Some(result["isError"] == true));
        let back = serde_json::to_value(&converted).expect("serializes");
        assert_eq!(back["content"], result["content"]);
        assert_eq!(
            back.get("structuredContent"),
            result.get("structuredContent")
        );
    }
    let not_a_result = browser_adapter::rmcp_result(json!({"content": 5}));
    assert!(not_a_result.is_err());
}
