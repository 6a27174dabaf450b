//! Parse + goal digest on the largest corpus page and over every goal of the dev set, with the
//! keyword-grep baseline (what Playwright MCP's `browser_find` does) in the same run.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mcp_lean_benches::baselines::keyword_grep;
use mcp_lean_benches::{ai_snapshots, corpus_dir, largest, median_page};

fn digest_benches(c: &mut Criterion) {
    let all = ai_snapshots();
    let largest = largest(&all);
    let goal = "Which part of the article covers the history of the project? Take me there.";

    let mut group = c.benchmark_group("digest/wikipedia-2");
    group.throughput(Throughput::Bytes(largest.len() as u64));
    group.bench_function("parse+goal-digest", |b| {
        b.iter(|| {
            let snap = snapshot_digest::parse(black_box(largest)).expect("parses");
            let d = snapshot_digest::digest(&snap, black_box(goal));
            assert!(d.stats.nodes_out > 0);
            d.text.len()
        });
    });
    group.bench_function("parse+full-digest", |b| {
        b.iter(|| {
            let snap = snapshot_digest::parse(black_box(largest)).expect("parses");
            snapshot_digest::full_digest(&snap).text.len()
        });
    });
    group.bench_function("keyword-grep-baseline", |b| {
        b.iter(|| keyword_grep(black_box(largest), black_box(goal)).len());
    });
    group.finish();

    // The page of median size among the real pages (30.7k chars): the usual case, where the
    // model of relatedness costs most relative to the rest.
    let (median_name, median) = median_page(&all);
    let goal = "I'd like to tell the author what I think of this piece";
    let mut group = c.benchmark_group("digest/median-page");
    group.throughput(Throughput::Bytes(median.len() as u64));
    group.bench_function("parse+goal-digest", |b| {
        b.iter(|| {
            let snap = snapshot_digest::parse(black_box(median)).expect("parses");
            let d = snapshot_digest::digest(&snap, black_box(goal));
            assert!(d.stats.nodes_out > 0, "{median_name}");
            d.text.len()
        });
    });
    group.finish();

    let goals_text =
        std::fs::read_to_string(corpus_dir().join("goals-dev.jsonl")).expect("goals-dev.jsonl");
    let cases: Vec<(String, String)> = goals_text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
            let file = v["file"].as_str().expect("file").to_owned();
            let text = std::fs::read_to_string(corpus_dir().join(&file)).expect("goal page");
            (text, v["goal"].as_str().expect("goal").to_owned())
        })
        .collect();
    let bytes: usize = cases.iter().map(|(t, _)| t.len()).sum();
    let mut group = c.benchmark_group("digest/dev-goals");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("parse+goal-digest", |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|(text, goal)| {
                    let snap = snapshot_digest::parse(black_box(text)).expect("parses");
                    snapshot_digest::digest(&snap, goal).text.len()
                })
                .sum::<usize>()
        });
    });
    group.bench_function("keyword-grep-baseline", |b| {
        b.iter(|| {
            cases
                .iter()
                .map(|(text, goal)| keyword_grep(black_box(text), goal).len())
                .sum::<usize>()
        });
    });
    group.finish();
}

criterion_group!(benches, digest_benches);
criterion_main!(benches);
