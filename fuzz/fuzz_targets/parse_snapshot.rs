//! Fuzz target: the snapshot parser, digests and diff never panic; whatever parses survives
//! `parse(render(tree)) == tree`; outputs parse and show only refs of their input.

#![no_main]

use libfuzzer_sys::fuzz_target;

include!("../../crates/snapshot-digest/tests/it/fuzz_property.rs");

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        check_property(text);
    }
});
