//! fn-registry costs per `evaluate` call: the nudger's observe with a full history, snippet
//! generation for a define and a call, and the worst case the `max_tokens` bound allows.
//! The scripts are built in: the corpus holds page snapshots, not page scripts.

use std::hint::black_box;
use std::time::SystemTime;

use criterion::{Criterion, criterion_group, criterion_main};
use fn_registry::{NudgeConfig, Nudger, Registry};

/// Agent-style page scripts (a subset of the crate's nudge test data).
const SCRIPTS: &[&str] = &[
    "return Array.from(document.querySelectorAll('a[href]')).map(a => ({ text: a.innerText.trim(), href: a.href }));",
    "const hs = document.querySelectorAll('h1, h2, h3'); return [...hs].map(h => h.tagName + ': ' + h.textContent.trim());",
    "const input = document.querySelector('#email'); input.value = 'a@b.c'; input.dispatchEvent(new Event('input', { bubbles: true })); return true;",
    "const btn = [...document.querySelectorAll('button')].find(b => b.textContent.includes('Submit')); if (!btn) return 'not found'; btn.click(); return 'clicked';",
    "const rows = document.querySelectorAll('table tbody tr'); return Array.from(rows).map(r => Array.from(r.cells).map(c => c.innerText));",
    "const el = document.querySelector('.banner'); const cs = getComputedStyle(el); return { color: cs.color, display: cs.display, fontSize: cs.fontSize };",
    "const out = {}; for (let i = 0; i < localStorage.length; i++) { const k = localStorage.key(i); out[k] = localStorage.getItem(k); } return out;",
    "const res = await fetch('/api/items?page=2'); if (!res.ok) throw new Error('HTTP ' + res.status); const data = await res.json(); return data.items.length;",
];

const TOOLS: &[&str] = &[
    "evaluate",
    "snapshot",
    "eval_define_function",
    "eval_call_function",
    "eval_list_functions",
];

fn nudger() -> Nudger {
    let config = NudgeConfig {
        first_use_reminder: false,
        ..NudgeConfig::default()
    };
    Nudger::new(config, TOOLS).expect("the tools exist")
}

/// A script of `lines` statements drawn from four templates by a fixed-seed generator.
fn templated_script(seed: u64, lines: usize) -> String {
    let words = [
        "querySelector",
        "getAttribute",
        "innerText",
        "push",
        "map",
        "filter",
        "click",
        "value",
        "style",
        "dataset",
        "length",
        "children",
    ];
    let mut x = seed;
    let mut out = String::new();
    for i in 0..lines {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let w = words[usize::try_from(x >> 33).unwrap_or(0) % words.len()];
        let w2 = words[usize::try_from(x >> 40).unwrap_or(0) % words.len()];
        let line = match (x >> 50) % 4 {
            0 => format!("const a{i} = document.{w}('#x').{w2};\n"),
            1 => format!("if (b.{w}) {{ c.{w2}(d, {i}); }}\n"),
            2 => format!("for (const e of f.{w}) g.{w2}(e);\n"),
            _ => format!("h = [...k.{w}].map(m => m.{w2});\n"),
        };
        out.push_str(&line);
    }
    out
}

fn benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("fn-registry");
    // A session that already holds 8 different scripts; each new one is compared with all.
    group.bench_function("observe/new script vs 8 in history", |b| {
        let mut n = nudger();
        for s in SCRIPTS {
            assert!(n.observe(s).is_none());
        }
        let fresh =
            "return [...document.images].filter(img => !img.alt).map(img => img.src).slice(0, 20);";
        b.iter(|| {
            let mut n = n.clone();
            assert!(n.observe(black_box(fresh)).is_none());
        });
    });
    group.bench_function("observe/near repeat vs 8 in history", |b| {
        let mut n = nudger();
        for s in SCRIPTS {
            n.observe(s);
        }
        let variant = "const trs = document.querySelectorAll(\"#prices tr\");\nreturn Array.from(trs)\n  .map((x) => Array.from(x.cells).map((c) => c.innerText));";
        b.iter(|| {
            let mut n = n.clone();
            assert!(n.observe(black_box(variant)).is_some());
        });
    });
    // The worst case the bounds allow: scripts just under `max_tokens` (1,500), made from the
    // same few statement templates so that neither the length nor the token-bag bound prunes,
    // against 8 of them in history.
    let large: Vec<String> = (0..9).map(|seed| templated_script(seed, 92)).collect();
    group.bench_function("observe/1.4k-token script vs 8 unrelated", |b| {
        let mut n = nudger();
        for s in &large[..8] {
            n.observe(s);
        }
        b.iter(|| {
            let mut n = n.clone();
            assert!(n.observe(black_box(&large[8])).is_none());
        });
    });
    let source = SCRIPTS
        .iter()
        .map(|s| format!("  {s}"))
        .collect::<Vec<_>>()
        .join("\n");
    let source = format!("async (sel) => {{\n{source}\n}}");
    group.bench_function("define + call snippets (1 KB source)", |b| {
        b.iter(|| {
            let mut r = Registry::new();
            let d = r
                .define("scrape", black_box(&source), SystemTime::UNIX_EPOCH)
                .expect("definable");
            let call = r
                .call("scrape", black_box(r#"["table tr", {"limit": 20}]"#))
                .expect("callable");
            d.script.len() + call.len()
        });
    });
    group.finish();
}

criterion_group!(group, benches);
criterion_main!(group);
