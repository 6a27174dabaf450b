//! The deterministic inputs of the guard benchmarks, shared by the criterion bench
//! (`benches/guard.rs`) and the `guard_measure` binary so that time and memory are measured on
//! the same values.

use serde_json::{Value, json};

/// One record of the array: the shape of a typical API or page-script result.
fn record(i: u64) -> Value {
    json!({
        "id": i,
        "name": format!("item {i}"),
        "email": format!("user{i}@example.com"),
        "active": !i.is_multiple_of(3),
        "score": (i * 7919 % 100_000) as f64 / 100.0,
        "tags": ["alpha", "beta", if i.is_multiple_of(2) { "even" } else { "odd" }],
        "note": "The quick brown fox jumps over the lazy dog — café",
    })
}

/// A JSON array of records whose compact serialization is about `bytes` bytes.
pub fn array_of_objects(bytes: usize) -> Value {
    let sample: usize = (0..1000)
        .map(|i| serde_json::to_string(&record(i)).map_or(0, |s| s.len() + 1))
        .sum();
    let count = bytes * 1000 / sample.max(1);
    Value::Array((0..count as u64).map(record).collect())
}

/// A JSON string of about `bytes` bytes of log lines (quotes and newlines to escape, some
/// non-ASCII).
pub fn long_string(bytes: usize) -> Value {
    let mut text = String::with_capacity(bytes + 100);
    let mut i = 0u64;
    while text.len() < bytes {
        text.push_str(&format!(
            "2026-11-22T02:{:02}:{:02}Z INFO request {i} \"GET /api/items?page={}\" took {} ms – ok\n",
            i / 60 % 60,
            i % 60,
            i % 97,
            i * 31 % 500
        ));
        i += 1;
    }
    Value::String(text)
}
