//! Previewing large values with output-guard, against what a server does by hand:
//! `serde_json::to_string` then slice. Peak memory of the same variants, and the two timed
//! interleaved in one process: the `guard_measure` binary (src/bin/guard_measure.rs).

use std::hint::black_box;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use mcp_lean_benches::guard_inputs;
use output_guard::Guard;
use serde_json::Value;

/// The hand-written preview: serialize everything, then keep the first 2,000 chars.
fn to_string_then_slice(value: &Value) -> (String, usize) {
    let full = serde_json::to_string(value).expect("a Value serializes");
    let end = full.char_indices().nth(2000).map_or(full.len(), |(i, _)| i);
    (full[..end].to_owned(), full.len())
}

fn bench_value(c: &mut Criterion, name: &str, value: &Value) {
    let guard = Guard::default();
    let full = serde_json::to_string(value).expect("a Value serializes");
    let (bytes, chars) = (full.len(), full.chars().count());
    drop(full);

    let mut group = c.benchmark_group(format!("guard/{name}"));
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("output-guard preview_json", |b| {
        b.iter(|| {
            let preview = guard.preview_json(black_box(value));
            assert!(preview.truncated && preview.total_length == chars);
            assert!(output_guard::char_len(&preview.text) <= 2000);
            preview.text.len()
        });
    });
    group.bench_function("serde_json to_string + slice", |b| {
        b.iter(|| {
            let (preview, total) = to_string_then_slice(black_box(value));
            assert_eq!(total, bytes);
            preview.len()
        });
    });
    group.finish();
}

fn guard_benches(c: &mut Criterion) {
    bench_value(
        c,
        "json-array-50MB",
        &guard_inputs::array_of_objects(50 << 20),
    );
    bench_value(c, "json-string-10MB", &guard_inputs::long_string(10 << 20));
}

criterion_group!(benches, guard_benches);
criterion_main!(benches);
