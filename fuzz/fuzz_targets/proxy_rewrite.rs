//! Fuzz target: the proxy's rewriting rules never panic on server text (as a result, a linked
//! snapshot file or a `### Result` section) and show only refs of their input.

#![no_main]

use libfuzzer_sys::fuzz_target;

include!("../../crates/proxy-rules/tests/it/fuzz_property.rs");

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check_property(text);
    }
});
