//! Unit tests of the nudger's configuration checks and history.

use super::*;

#[test]
fn unknown_tools_are_refused() {
    let err = Nudger::new(
        NudgeConfig::default(),
        &["evaluate", "eval_define_function"],
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "nudge configuration names tool \"eval_call_function\", which the server does not have; add the tool or change the configuration (server tools: eval_define_function, evaluate)"
    );
}

#[test]
fn history_zero_remembers_nothing() {
    let tools = [
        "eval_define_function",
        "eval_call_function",
        "snapshot",
        "eval_list_functions",
    ];
    let config = NudgeConfig {
        history: 0,
        first_use_reminder: false,
        ..NudgeConfig::default()
    };
    let mut n = Nudger::new(config, &tools).unwrap();
    let s = "const rows = document.querySelectorAll('tr'); return rows.length;";
    assert_eq!(n.observe(s), None);
    assert_eq!(n.observe(s), None);
}
