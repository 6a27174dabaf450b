//! The names of the tools, apart from their definitions and handlers, so that a session can
//! tell the nudger which tools exist without depending on the handlers.

/// The names of the tools this crate provides, in `tools/list` order.
pub const TOOL_NAMES: [&str; 6] = [
    "evaluate",
    "eval_define_function",
    "eval_call_function",
    "eval_list_functions",
    "snapshot",
    "confirm_output",
];
