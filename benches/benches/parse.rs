//! Parse throughput on the largest corpus page and on the whole corpus, against a general YAML
//! parser (what a user would reach for) and a newline count (the floor: reading the bytes once).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mcp_lean_benches::{ai_snapshots, largest};

fn parse_benches(c: &mut Criterion) {
    let all = ai_snapshots();
    let largest = largest(&all);
    let nodes = snapshot_digest::parse(largest)
        .expect("wikipedia-2 parses")
        .len();

    let mut group = c.benchmark_group("parse/wikipedia-2");
    group.throughput(Throughput::Bytes(largest.len() as u64));
    group.bench_function("snapshot-digest", |b| {
        b.iter(|| {
            let snap = snapshot_digest::parse(black_box(largest)).expect("parses");
            assert_eq!(snap.len(), nodes);
            snap.len()
        });
    });
    group.bench_function("yaml-rust2", |b| {
        b.iter(|| {
            let docs =
                yaml_rust2::YamlLoader::load_from_str(black_box(largest)).expect("valid YAML");
            assert_eq!(docs.len(), 1);
            docs.len()
        });
    });
    group.bench_function("memchr-newlines", |b| {
        b.iter(|| memchr::memchr_iter(b'\n', black_box(largest).as_bytes()).count());
    });
    group.finish();

    let total: usize = all.iter().map(|(_, t)| t.len()).sum();
    let mut group = c.benchmark_group("parse/corpus-ai");
    group.throughput(Throughput::Bytes(total as u64));
    group.bench_function("snapshot-digest", |b| {
        b.iter(|| {
            all.iter()
                .map(|(_, text)| {
                    snapshot_digest::parse(black_box(text))
                        .expect("parses")
                        .len()
                })
                .sum::<usize>()
        });
    });
    group.bench_function("yaml-rust2", |b| {
        b.iter(|| {
            all.iter()
                .map(|(_, text)| {
                    yaml_rust2::YamlLoader::load_from_str(black_box(text))
                        .expect("valid YAML")
                        .len()
                })
                .sum::<usize>()
        });
    });
    group.bench_function("memchr-newlines", |b| {
        b.iter(|| {
            all.iter()
                .map(|(_, text)| memchr::memchr_iter(b'\n', black_box(text).as_bytes()).count())
                .sum::<usize>()
        });
    });
    group.finish();
}

criterion_group!(benches, parse_benches);
criterion_main!(benches);
