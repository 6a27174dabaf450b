//! Fuzz target: the tool-definition lint never panics on a tool list, and its invocation-cost
//! signals keep their formula and cap.

#![no_main]

use libfuzzer_sys::fuzz_target;

include!("../../crates/tool-schema/tests/it/fuzz_property.rs");

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check_property(text);
    }
});
