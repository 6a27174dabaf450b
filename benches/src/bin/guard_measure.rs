//! Peak memory of one guard-bench variant, each in its own process:
//! `cargo run --release -p mcp-lean-benches --bin guard_peak -- VARIANT`, where VARIANT is
//! `array-build`, `array-guard`, `array-guard-store`, `array-to-string`, `string-build`,
//! `string-guard` or `string-to-string` (`-build` only builds the input: the floor for the
//! others). Prints the process's peak resident set (`VmHWM` in /proc/self/status) after
//! building the input and after previewing it.

#![allow(clippy::print_stdout, reason = "prints the measurement")]

use output_guard::{Guard, StoreLimits, TokenStore};
use serde_json::Value;

#[path = "../../benches/guard/data.rs"]
mod data;

/// `VmHWM` in KiB: the peak resident set size of this process so far.
fn peak_kib() -> u64 {
    let status =
        std::fs::read_to_string("/proc/self/status").expect("/proc/self/status is readable");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/self/status")
}

fn main() {
    let variant = std::env::args().nth(1).unwrap_or_default();
    let (input, action) = variant.split_once('-').unwrap_or(("", ""));
    let value: Value = match input {
        "array" => data::array_of_objects(50 << 20),
        "string" => data::long_string(10 << 20),
        _ => panic!("unknown variant {variant:?}; see the file's header"),
    };
    let built = peak_kib();
    let shown = match action {
        "build" => 0,
        "guard" => Guard::default().preview_json(&value).text.len(),
        "guard-store" => {
            // What a server does: the value moves into the session's store and is serialized
            // only if the token is redeemed.
            let store = TokenStore::new(StoreLimits {
                max_bytes: 1 << 30,
                ..StoreLimits::default()
            });
            Guard::default().json(value, &store).text.len()
        }
        "to-string" => {
            let full = serde_json::to_string(&value).expect("a Value serializes");
            let end = full.char_indices().nth(2000).map_or(full.len(), |(i, _)| i);
            full[..end].len()
        }
        _ => panic!("unknown variant {variant:?}; see the file's header"),
    };
    let after = peak_kib();
    println!(
        "{variant}: peak RSS after building the input {} MiB, after previewing {} MiB ({:+} KiB); preview {shown} bytes",
        built / 1024,
        after / 1024,
        // Signed: the kernel batches per-thread RSS counters, so the two readings can differ
        // by a few pages either way.
        i128::from(after) - i128::from(built)
    );
}
