//! The proxy's rewriting of one result, with page text that addresses the agent held back
//! (the default) and without (`holdBack: false`, what the proxy did before), in the same run:
//! a goal `browser_snapshot` of the median corpus page and of `wikipedia-2`, and a
//! `browser_evaluate` of a page's whole text (one JSON string of thousands of lines).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mcp_lean_benches::{ai_snapshots, largest, median_page};
use mcp_proxy_rules::{Prepared, Profile, Rewriter};
use serde_json::{Value, json};

fn rewriter(hold: bool) -> Rewriter {
    let profile = Profile::playwright()
        .with_file(&format!(r#"{{"holdBack": {hold}}}"#))
        .expect("a valid profile");
    Rewriter::new(profile).expect("a valid rewriter")
}

fn call(rw: &Rewriter, tool: &str, args: Value) -> mcp_proxy_rules::Call {
    match rw.prepare(tool, args.as_object().cloned()) {
        Prepared::Forward { call, .. } => call,
        _ => unreachable!("{tool} is forwarded"),
    }
}

fn proxy_benches(c: &mut Criterion) {
    let all = ai_snapshots();
    let median = median_page(&all).1.as_str();
    let no_files = |_: &str| Err("no files".to_owned());
    for (name, snapshot) in [("median-page", median), ("wikipedia-2", largest(&all))] {
        let result = json!({"content": [{"type": "text", "text": format!(
            "### Page\n- Page URL: http://x.test/\n- Page Title: t\n### Snapshot\n```yaml\n{snapshot}\n```"
        )}]});
        // The page's text as `document.body.innerText` gives it: one line per block.
        let (snap, _) = snapshot_digest::parse_lenient(snapshot);
        let inner: String = snap
            .nodes()
            .iter()
            .filter_map(|n| n.text().or(n.name()))
            .map(|t| format!("{t}\n"))
            .collect();
        let evaluated = json!({"content": [{"type": "text", "text": format!(
            "### Result\n{}\n### Ran Playwright code\n```js\nawait page.evaluate('() => document.body.innerText');\n```",
            serde_json::to_string(&inner).expect("a JSON string")
        )}]});
        let mut group = c.benchmark_group(format!("proxy/{name}"));
        group.throughput(Throughput::Bytes(snapshot.len() as u64));
        for hold in [true, false] {
            let rw = rewriter(hold);
            let label = if hold { "hold-back" } else { "no-hold-back" };
            let goal = call(&rw, "browser_snapshot", json!({"goal": "leave a comment"}));
            group.bench_function(format!("goal-snapshot/{label}"), |b| {
                b.iter(|| {
                    let mut r = result.clone();
                    rw.rewrite(&goal, black_box(&mut r), &no_files)
                        .client_tokens
                });
            });
            let eval = call(
                &rw,
                "browser_evaluate",
                json!({"function": "() => document.body.innerText"}),
            );
            group.bench_function(format!("evaluate-inner-text/{label}"), |b| {
                b.iter(|| {
                    let mut r = evaluated.clone();
                    rw.rewrite(&eval, black_box(&mut r), &no_files)
                        .client_tokens
                });
            });
        }
        group.finish();
    }
}

criterion_group!(benches, proxy_benches);
criterion_main!(benches);
