//! Time and peak memory of the guard-bench variants, for BENCHMARKS.md.
//!
//! `cargo run --release -p mcp-lean-benches --bin guard_measure -- VARIANT`:
//!
//! - `array-time`, `string-time`: output-guard's `preview_json` and `serde_json::to_string`
//!   then slice, interleaved for 15 rounds in one process; prints the minimum and median of
//!   each. Interleaving keeps a busy machine from favouring whichever runs first, which
//!   criterion's one-function-after-the-other groups cannot.
//! - `array-build`, `array-guard`, `array-guard-store`, `array-to-string`, `string-build`,
//!   `string-guard`, `string-to-string`: one variant per process; prints the peak resident set
//!   (`VmHWM` in /proc/self/status) after building the input and after previewing it
//!   (`-build` only builds the input: the floor for the others).
//!
//! The inputs are those of `benches/guard.rs` (`mcp_lean_benches::guard_inputs`): a ~50 MB JSON
//! array of objects and a ~10 MB JSON string, both deterministic.

#![allow(clippy::print_stdout, reason = "prints the measurement")]

use std::hint::black_box;
use std::time::{Duration, Instant};

use mcp_lean_benches::guard_inputs;
use output_guard::{Guard, StoreLimits, TokenStore};
use serde_json::Value;

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

/// The hand-written preview: serialize everything, keep the first 2,000 chars.
fn to_string_then_slice(value: &Value) -> String {
    let full = serde_json::to_string(value).expect("a Value serializes");
    let end = full.char_indices().nth(2000).map_or(full.len(), |(i, _)| i);
    full[..end].to_owned()
}

fn min_median(mut times: Vec<Duration>) -> (f64, f64) {
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    (ms(times[0]), ms(times[times.len() / 2]))
}

fn time(name: &str, value: &Value) {
    let guard = Guard::default();
    let (mut guarded, mut by_hand) = (Vec::new(), Vec::new());
    for _ in 0..15 {
        let start = Instant::now();
        let preview = guard.preview_json(black_box(value));
        guarded.push(start.elapsed());
        assert!(preview.truncated);
        let start = Instant::now();
        let sliced = to_string_then_slice(black_box(value));
        by_hand.push(start.elapsed());
        assert!(!sliced.is_empty());
    }
    let (g_min, g_med) = min_median(guarded);
    let (h_min, h_med) = min_median(by_hand);
    println!(
        "{name}: output-guard preview_json min {g_min:.1} ms, median {g_med:.1} ms; \
         to_string + slice min {h_min:.1} ms, median {h_med:.1} ms; \
         speedup {:.1}x (min), {:.1}x (median)",
        h_min / g_min,
        h_med / g_med
    );
}

fn main() {
    let variant = std::env::args().nth(1).unwrap_or_default();
    let (input, action) = variant.split_once('-').unwrap_or(("", ""));
    let value: Value = match input {
        "array" => guard_inputs::array_of_objects(50 << 20),
        "string" => guard_inputs::long_string(10 << 20),
        _ => panic!("unknown variant {variant:?}; see the file's header"),
    };
    if action == "time" {
        let bytes = serde_json::to_string(&value).map_or(0, |s| s.len());
        time(&format!("{input} ({bytes} bytes of JSON)"), &value);
        return;
    }
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
        "to-string" => to_string_then_slice(&value).len(),
        _ => panic!("unknown variant {variant:?}; see the file's header"),
    };
    let after = peak_kib();
    println!(
        "{variant}: peak RSS after building the input {} MiB, after previewing {} MiB ({:+} KiB); preview {shown} bytes",
        built / 1024,
        after / 1024,
        // Signed: the kernel batches per-thread RSS counters, so two readings can differ by a
        // few pages either way.
        i128::from(after) - i128::from(built)
    );
}
