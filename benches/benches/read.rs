//! Reading a stored 10 MB output by pattern and by slice with output-guard's `read` (what the
//! proxy's read tool runs), against the `regex` crate's own `find_iter` over the same text:
//! the least any search of the whole text can cost.

use std::hint::black_box;

use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use output_guard::{ReadLimits, ReadRequest, Unit, read};
use regex::Regex;

/// About `bytes` of a pretty-printed JSON array of links, as `browser_evaluate` returns a
/// page's links (`JSON.stringify(value, null, 2)`).
fn links(bytes: usize) -> String {
    let mut out = String::from("[\n");
    let mut i = 0;
    while out.len() < bytes {
        out.push_str(&format!(
            "  {{\n    \"text\": \"Link number {i}\",\n    \"href\": \"https://example.org/wiki/Page_{i}\"\n  }},\n"
        ));
        i += 1;
    }
    out.push_str("  {}\n]");
    out
}

fn search(pattern: &str) -> ReadRequest {
    // The same arguments the read tool takes.
    let args = serde_json::json!({"pattern": pattern, "context": 2});
    ReadRequest::from_arguments(args.as_object().expect("an object")).expect("valid")
}

fn read_benches(c: &mut Criterion) {
    let text = links(10 << 20);
    let limits = ReadLimits {
        max_tokens: 20_000,
        measure: snapshot_digest::estimate_tokens,
    };
    let mut group = c.benchmark_group("read/10MB");
    group
        .sample_size(20)
        .sampling_mode(SamplingMode::Flat)
        .throughput(Throughput::Bytes(text.len() as u64));
    for (name, pattern) in [
        ("one match", r#"Page_100000""#),
        ("1,000 matches", r#"Page_12[0-9]{3}""#),
        ("every 4th line", "href"),
    ] {
        let request = search(pattern);
        group.bench_function(format!("output-guard read, pattern ({name})"), |b| {
            b.iter(|| {
                let reading = read(black_box(&text), &request, &limits).expect("reads");
                assert!(!reading.body.is_empty());
                reading.body.len()
            });
        });
        let re = Regex::new(pattern).expect("compiles");
        group.bench_function(format!("regex find_iter ({name})"), |b| {
            b.iter(|| re.find_iter(black_box(&text)).count());
        });
    }
    let slice = ReadRequest::Slice {
        offset: 150_000,
        limit: Some(500),
        unit: Unit::Lines,
    };
    group.bench_function("output-guard read, 500 lines from line 150,000", |b| {
        b.iter(|| {
            read(black_box(&text), &slice, &limits)
                .expect("reads")
                .body
                .len()
        });
    });
    group.finish();
}

criterion_group!(benches, read_benches);
criterion_main!(benches);
