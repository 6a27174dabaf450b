//! Text addressed to the agent: the scan of a whole snapshot (`held_back`, every string of
//! every node) on the largest corpus page and the page of median size, and what holding back
//! adds to a goal digest (the digest with `HoldBack` on against off, in the same run); beside
//! them, the alternative a user would pick, tool-schema's English grammar of text addressed
//! to the model run over the same strings with no prefilter (`scan_unfiltered`).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mcp_lean_benches::{ai_snapshots, largest, median_page};
use mcp_lean_injection::Origin;
use snapshot_digest::{DigestConfig, HoldBack, digest_with, held_back, parse};

fn injection_benches(c: &mut Criterion) {
    let all = ai_snapshots();
    let median = median_page(&all).1.as_str();
    let pages = [("wikipedia-2", largest(&all)), ("median-page", median)];
    for (name, text) in pages {
        let snap = parse(text).expect("parses");
        let strings: Vec<&str> = snap
            .nodes()
            .iter()
            .flat_map(|n| {
                n.name()
                    .into_iter()
                    .chain(n.text())
                    .chain(n.props().iter().map(|p| p.value()))
            })
            .collect();
        let mut group = c.benchmark_group(format!("injection/{name}"));
        group.throughput(Throughput::Bytes(text.len() as u64));
        group.bench_function("held-back-scan", |b| {
            b.iter(|| held_back(black_box(&snap)).len());
        });
        group.bench_function("grammar-without-prefilter", |b| {
            b.iter(|| {
                strings
                    .iter()
                    .filter(|s| {
                        mcp_lean_injection::scan_unfiltered(black_box(s), Origin::Page).is_some()
                    })
                    .count()
            });
        });
        let goal = "add a comment to the discussion";
        let on = DigestConfig::default();
        let off = DigestConfig {
            hold_back: HoldBack::off(),
            ..DigestConfig::default()
        };
        group.bench_function("goal-digest/hold-back-on", |b| {
            b.iter(|| digest_with(black_box(&snap), goal, &on).text.len());
        });
        group.bench_function("goal-digest/hold-back-off", |b| {
            b.iter(|| digest_with(black_box(&snap), goal, &off).text.len());
        });
        group.finish();
    }
}

criterion_group!(benches, injection_benches);
criterion_main!(benches);
