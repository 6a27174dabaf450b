//! Fuzz target: the injection detector never panics on any text, its prefilter changes no
//! verdict, and its spans lie on char boundaries.

#![no_main]

use libfuzzer_sys::fuzz_target;

include!("../../crates/injection/tests/it/fuzz_property.rs");

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check_property(text);
    }
});
