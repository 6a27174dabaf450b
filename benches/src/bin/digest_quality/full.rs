//! The full digest (no goal) over every AI snapshot of the corpus: the refs of interactive
//! elements it keeps, and its compression.

use std::time::Instant;

use mcp_lean_benches::ai_snapshots;
use mcp_lean_benches::stats::{median, percentile};
use snapshot_digest::{full_digest, is_interactive_role, parse};

/// The full digest over every AI snapshot of the corpus: refs of interactive elements kept,
/// and compression.
pub(crate) fn full_digest_report() {
    let mut ratios = Vec::new();
    let mut sizes = Vec::new();
    let mut micros = Vec::new();
    let (mut refs, mut kept, mut pages_complete, mut pages) = (0usize, 0usize, 0usize, 0usize);
    for (name, text) in ai_snapshots() {
        if text.is_empty() {
            continue;
        }
        let start = Instant::now();
        let snap = parse(&text).expect("corpus parses");
        let d = full_digest(&snap);
        micros.push(start.elapsed().as_secs_f64() * 1e6);
        let wanted: Vec<String> = snap
            .nodes()
            .iter()
            .filter(|n| is_interactive_role(n.role()))
            .filter_map(|n| n.aria_ref().map(|r| format!("[ref={r}]")))
            .collect();
        let found = wanted
            .iter()
            .filter(|r| d.text.contains(r.as_str()))
            .count();
        refs += wanted.len();
        kept += found;
        pages += 1;
        if found == wanted.len() {
            pages_complete += 1;
        } else {
            println!(
                "full digest of {name} lost {} interactive refs",
                wanted.len() - found
            );
        }
        ratios.push(text.chars().count() as f64 / d.text.chars().count().max(1) as f64);
        sizes.push(d.text.chars().count() as f64);
    }
    println!();
    println!(
        "| full digest | pages | interactive refs kept | pages with all kept | median compression | median output chars | p90 output chars | median time |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    println!(
        "| no goal | {pages} | {:.1} % ({kept}/{refs}) | {pages_complete}/{pages} | {:.1}x | {:.0} | {:.0} | {:.2} ms |",
        100.0 * kept as f64 / refs.max(1) as f64,
        median(&ratios),
        median(&sizes),
        percentile(&sizes, 0.9),
        median(&micros) / 1000.0
    );
}
