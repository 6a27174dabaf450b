//! Linting the whole tools/list corpus (35 servers, 557 tools), and the parts that cost most:
//! schema validation with boon, and the list-wide rules.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mcp_lean_benches::corpus_files;
use tool_schema::{Config, Level, Tool, lint, parse_tools_str};

fn tool_lists() -> Vec<(String, Vec<Tool>)> {
    corpus_files("tools", ".tools.json")
        .into_iter()
        .map(|(name, text)| (name, parse_tools_str(&text).expect("a tool list")))
        .collect()
}

fn lint_benches(c: &mut Criterion) {
    let lists = tool_lists();
    let tools: usize = lists.iter().map(|(_, t)| t.len()).sum();
    assert_eq!(tools, 557);
    let default = Config::default();
    let expected: usize = lists
        .iter()
        .map(|(_, t)| lint(t, &default).findings().len())
        .sum();
    let no_validator = Config::new()
        .with_rule("TS-SCHEMA-VALID", Level::Off)
        .expect("a rule");

    let mut group = c.benchmark_group("lint/corpus-557-tools");
    group.throughput(Throughput::Elements(tools as u64));
    group.bench_function("all-rules", |b| {
        b.iter(|| {
            let n: usize = lists
                .iter()
                .map(|(_, t)| lint(black_box(t), &default).findings().len())
                .sum();
            assert_eq!(n, expected);
            n
        });
    });
    group.bench_function("without-schema-validation", |b| {
        b.iter(|| {
            lists
                .iter()
                .map(|(_, t)| lint(black_box(t), &no_validator).findings().len())
                .sum::<usize>()
        });
    });
    group.finish();

    let texts: Vec<String> = lists
        .iter()
        .map(|(_, t)| serde_json::to_string(t).expect("serializable"))
        .collect();
    let bytes: usize = texts.iter().map(String::len).sum();
    let mut group = c.benchmark_group("lint/corpus-parse-and-lint");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("from-json-text", |b| {
        b.iter(|| {
            texts
                .iter()
                .map(|t| {
                    lint(
                        &parse_tools_str(black_box(t)).expect("a tool list"),
                        &default,
                    )
                    .findings()
                    .len()
                })
                .sum::<usize>()
        });
    });
    group.finish();
}

criterion_group!(benches, lint_benches);
criterion_main!(benches);
