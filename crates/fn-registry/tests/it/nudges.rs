//! Nudge tests: exact and near repeats must nudge, different scripts must not.
//!
//! The scripts are the data behind the thresholds documented on `Nudger`: the kind
//! of page scripts agents send, written the way agents write them.

use fn_registry::{Nudge, NudgeConfig, Nudger, similarity};

/// Distinct jobs: no two of these may nudge each other.
pub(crate) const DISTINCT: &[&str] = &[
    "return Array.from(document.querySelectorAll('a[href]')).map(a => ({ text: a.innerText.trim(), href: a.href }));",
    "const hs = document.querySelectorAll('h1, h2, h3'); return [...hs].map(h => h.tagName + ': ' + h.textContent.trim());",
    "const input = document.querySelector('#email'); input.value = 'a@b.c'; input.dispatchEvent(new Event('input', { bubbles: true })); return true;",
    "const btn = [...document.querySelectorAll('button')].find(b => b.textContent.includes('Submit')); if (!btn) return 'not found'; btn.click(); return 'clicked';",
    "window.scrollTo(0, document.body.scrollHeight); return { y: window.scrollY, max: document.body.scrollHeight };",
    "const rows = document.querySelectorAll('table tbody tr'); return Array.from(rows).map(r => Array.from(r.cells).map(c => c.innerText));",
    "const el = document.querySelector('.banner'); const cs = getComputedStyle(el); return { color: cs.color, display: cs.display, fontSize: cs.fontSize };",
    "const out = {}; for (let i = 0; i < localStorage.length; i++) { const k = localStorage.key(i); out[k] = localStorage.getItem(k); } return out;",
    "return await new Promise((resolve) => { const t = setInterval(() => { if (document.querySelector('.loaded')) { clearInterval(t); resolve(true); } }, 100); });",
    "return Object.fromEntries([...document.querySelectorAll('meta[name]')].map(m => [m.getAttribute('name'), m.getAttribute('content')]));",
    "const r = document.querySelector('#hero').getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height };",
    "return [...document.images].filter(img => !img.alt).map(img => img.src).slice(0, 20);",
    "const res = await fetch('/api/items?page=2'); if (!res.ok) throw new Error('HTTP ' + res.status); const data = await res.json(); return data.items.length;",
    "return document.cookie.split('; ').map(c => c.split('=')[0]).filter(Boolean).sort();",
    "const form = document.querySelector('form'); const data = new FormData(form); return Object.fromEntries(data.entries());",
    "const sel = window.getSelection(); return sel && sel.rangeCount ? sel.getRangeAt(0).toString() : null;",
];

/// Near repeats: (index into `DISTINCT`, a variant an agent would send later).
pub(crate) const VARIANTS: &[(usize, &str)] = &[
    // Renamed variables, other quotes, another selector.
    (
        0,
        "return Array.from(document.querySelectorAll(\"nav a[href]\")).map(link => ({ text: link.innerText.trim(), href: link.href }));",
    ),
    // Changed literals.
    (
        1,
        "const hs = document.querySelectorAll('h2, h3'); return [...hs].map(h => h.tagName + ' - ' + h.textContent.trim());",
    ),
    // Reformatted with comments.
    (
        5,
        "// read the price table\nconst rows = document.querySelectorAll(\"#prices tbody tr\");\nreturn Array.from(rows)\n  .map((r) => Array.from(r.cells).map((c) => c.innerText)); /* cells as text */",
    ),
    // Same steps on another control, every name changed.
    (
        2,
        "const field = document.querySelector('select#country');\nfield.value = 'DE';\nfield.dispatchEvent(new Event('change', { bubbles: true }));\nreturn true;",
    ),
    (
        3,
        "const target = [...document.querySelectorAll('button')].find(el => el.textContent.includes('Next')); if (!target) return 'missing'; target.click(); return 'ok';",
    ),
    // One property fewer.
    (
        6,
        "const node = document.querySelector('#main > h1'); const style = getComputedStyle(node); return { color: style.color, fontSize: style.fontSize };",
    ),
    (
        7,
        "const result = {}; for (let j = 0; j < localStorage.length; j++) { const key = localStorage.key(j); result[key] = localStorage.getItem(key); } return result;",
    ),
    (
        12,
        "const response = await fetch(\"/api/users?page=7\");\nif (!response.ok) throw new Error(`HTTP ${response.status}`);\nconst json = await response.json();\nreturn json.items.length;",
    ),
    // One step added.
    (
        0,
        "return Array.from(document.querySelectorAll('a[href]')).filter(a => a.href.startsWith('http')).map(a => ({ text: a.innerText.trim(), href: a.href }));",
    ),
    (
        10,
        "const box = document.querySelector('.cta').getBoundingClientRect();\nreturn { x: box.x, y: box.y, width: box.width, height: box.height };",
    ),
];

fn tools() -> [&'static str; 5] {
    [
        "evaluate",
        "snapshot",
        "eval_define_function",
        "eval_call_function",
        "eval_list_functions",
    ]
}

fn quiet() -> Nudger {
    let config = NudgeConfig {
        first_use_reminder: false,
        ..NudgeConfig::default()
    };
    Nudger::new(config, &tools()).expect("the tools exist")
}

#[test]
fn first_use_reminder_names_the_tools() {
    let mut n = Nudger::new(NudgeConfig::default(), &tools()).unwrap();
    let first = n.observe("document.title").expect("a reminder");
    assert_eq!(
        first.message(),
        "Tip: check whether a specialized tool does the job without a script (snapshot, eval_list_functions); to reuse a script, define it once with eval_define_function and call it with eval_call_function"
    );
    assert_eq!(
        n.observe("document.title"),
        None,
        "the reminder comes once, and tiny scripts never nudge"
    );
}

#[test]
fn exact_repeats_nudge_with_a_count() {
    let mut n = quiet();
    let script = DISTINCT[5];
    assert_eq!(n.observe(script), None);
    let reformatted = script
        .replace("; ", ";\n  /* again */ ")
        .replace("=>", " =>  ");
    match n.observe(&reformatted) {
        Some(Nudge::Repeated {
            count: 2,
            exact: true,
            suggested_name,
            message,
        }) => {
            assert_eq!(suggested_name.as_str(), "querySelectorAllCells");
            assert_eq!(
                message,
                "You've run the same script ×2; define it once with eval_define_function and call it with eval_call_function (suggested name: querySelectorAllCells)"
            );
        }
        other => panic!("{other:?}"),
    }
    let third = n.observe(script).expect("a third run");
    assert!(
        third
            .message()
            .starts_with("You've run the same script ×3;"),
        "{third}"
    );
}

#[test]
fn near_repeats_nudge() {
    for &(base, variant) in VARIANTS {
        let mut n = quiet();
        assert_eq!(n.observe(DISTINCT[base]), None);
        match n.observe(variant) {
            Some(Nudge::Repeated {
                count: 2,
                exact: false,
                message,
                ..
            }) => {
                assert!(message.starts_with(
                    "You've run a similar script ×2; define it once with eval_define_function"
                ));
            }
            other => panic!("variant of {base} did not nudge: {other:?}\n{variant}"),
        }
    }
}

#[test]
fn different_scripts_never_nudge() {
    // A history as long as the data, so every script is compared with every other one.
    let config = NudgeConfig {
        history: DISTINCT.len(),
        first_use_reminder: false,
        ..NudgeConfig::default()
    };
    let mut n = Nudger::new(config, &tools()).unwrap();
    for script in DISTINCT {
        assert_eq!(n.observe(script), None, "{script}");
    }
}

#[test]
fn thresholds_sit_in_the_gap_of_the_data() {
    let mut distinct_max = 0.0f32;
    for (i, a) in DISTINCT.iter().enumerate() {
        for b in &DISTINCT[i + 1..] {
            distinct_max = distinct_max.max(similarity(a, b));
        }
    }
    let variant_min = VARIANTS
        .iter()
        .map(|&(i, v)| similarity(DISTINCT[i], v))
        .fold(1.0f32, f32::min);
    let threshold = NudgeConfig::default().similarity;
    assert!(
        distinct_max < threshold && threshold <= variant_min,
        "{distinct_max} {threshold} {variant_min}"
    );
    // The figures quoted in the docs of `Nudger`.
    assert_eq!((round2(distinct_max), round2(variant_min)), (0.66, 0.84));
}

fn round2(x: f32) -> f32 {
    (x * 100.0).round() / 100.0
}

#[test]
fn the_ring_buffer_forgets_old_scripts() {
    let config = NudgeConfig {
        history: 2,
        first_use_reminder: false,
        ..NudgeConfig::default()
    };
    let mut n = Nudger::new(config, &tools()).unwrap();
    assert_eq!(n.observe(DISTINCT[0]), None);
    assert_eq!(n.observe(DISTINCT[1]), None);
    assert_eq!(n.observe(DISTINCT[2]), None);
    assert_eq!(
        n.observe(DISTINCT[0]),
        None,
        "the first script fell out of a two-script history"
    );
    assert!(
        n.observe(DISTINCT[2]).is_some(),
        "the third is still remembered"
    );
}

#[test]
fn renamed_tools_appear_in_messages_and_are_checked() {
    let config = NudgeConfig {
        define_tool: "define_fn".into(),
        call_tool: "call_fn".into(),
        specialized_tools: vec!["read_page".into()],
        first_use_reminder: false,
        ..NudgeConfig::default()
    };
    assert!(Nudger::new(config.clone(), &tools()).is_err());
    let mut n = Nudger::new(config, &["define_fn", "call_fn", "read_page"]).unwrap();
    n.observe(DISTINCT[3]);
    let nudge = n.observe(DISTINCT[3]).unwrap();
    assert!(
        nudge
            .message()
            .contains("define it once with define_fn and call it with call_fn"),
        "{nudge}"
    );
}
