//! Unit tests of masking, local-name detection and name suggestions.

use super::*;

fn shape(src: &str) -> Vec<String> {
    mask(&lex(src).tokens)
}

#[test]
fn masks_literals_and_renames_locals() {
    assert_eq!(
        shape("const a = el.querySelector('x'); f(a, 3, /r/g, `t${a}u`)").join(" "),
        "const $0 = el . querySelector ( \"S\" ) ; f ( $0 , 0 , /R/ , `S${ $0 }S` )"
    );
    // Property names and globals stay; a property that shares a local's name is not renamed.
    assert_eq!(
        shape("let text = document.body.text").join(" "),
        "let $0 = document . body . text"
    );
}

#[test]
fn finds_declared_names() {
    let src = "var a, b = 1; let {c, d: e, ...f} = o; const [g, h] = p; function i(j, {k}) {} \
               class L {} try {} catch (m) {} (n, o2) => 1; q => 2; for (let r of s) {}";
    let mut got: Vec<&str> = declared(&lex(src).tokens).into_iter().collect();
    got.sort_unstable();
    assert_eq!(
        got,
        [
            "L", "a", "b", "c", "e", "f", "g", "h", "i", "j", "k", "m", "n", "o2", "q", "r"
        ]
    );
}

#[test]
fn suggests_names_from_members() {
    let name = |src: &str| suggest_name(&lex(src).tokens).to_string();
    assert_eq!(
        name("[...document.querySelectorAll('a')].map(a => a.innerText)"),
        "querySelectorAllInnerText"
    );
    assert_eq!(name("window.scrollTo(0, 1)"), "scrollTo");
    assert_eq!(name("return 1 + 2"), "pageScript");
    assert_eq!(name("x.constructor"), "constructorFn");
    assert_eq!(name("x.ünï"), "n");
    let long = format!("x.{}", "a".repeat(200));
    assert_eq!(name(&long).len(), 62);
}

#[test]
fn bounds_skip_hopeless_pairs() {
    let shape = |v: &[u64]| Shape::new(v.to_vec());
    assert!(
        !ratio(&shape(&[1; 10]), &shape(&[1; 40]), 0.8),
        "lengths too far apart"
    );
    assert!(ratio(&shape(&[1; 10]), &shape(&[1; 11]), 0.8));
    assert!(ratio(&shape(&[]), &shape(&[]), 0.8));
    // Same length, disjoint vocabularies: the bag bound says no without a diff.
    assert!(!ratio(
        &shape(&[1, 2, 3, 4, 5]),
        &shape(&[6, 7, 8, 9, 10]),
        0.8
    ));
    assert_eq!(bag_overlap(&[1, 1, 2, 5, 7], &[1, 2, 2, 5, 6, 7, 7]), 4);
}

#[test]
fn unknown_tools_are_refused() {
    let err = Nudger::new(
        NudgeConfig::default(),
        &["evaluate", "eval_define_function"],
    )
    .unwrap_err();
    assert_eq!(
        err.to_string(),
        "nudge configuration names tool \"eval_call_function\", which the server does not have; add the tool or change the configuration (server tools: eval_define_function, evaluate)"
    );
}

#[test]
fn history_zero_remembers_nothing() {
    let tools = [
        "eval_define_function",
        "eval_call_function",
        "snapshot",
        "eval_list_functions",
    ];
    let config = NudgeConfig {
        history: 0,
        first_use_reminder: false,
        ..NudgeConfig::default()
    };
    let mut n = Nudger::new(config, &tools).unwrap();
    let s = "const rows = document.querySelectorAll('tr'); return rows.length;";
    assert_eq!(n.observe(s), None);
    assert_eq!(n.observe(s), None);
}

#[test]
fn capped_edit_distance_agrees_with_similar() {
    // Deterministic pseudo-random sequences over a small alphabet, so matches are common.
    let mut x = 7u64;
    let mut next = |modulus: u64| {
        x = x
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (x >> 33) % modulus
    };
    for _ in 0..300 {
        let alphabet = next(6) + 1;
        let a: Vec<u64> = (0..next(30)).map(|_| next(alphabet)).collect();
        let b: Vec<u64> = (0..next(30)).map(|_| next(alphabet)).collect();
        let ops = capture_diff_slices(Algorithm::Myers, &a, &b);
        let matched: usize = ops
            .iter()
            .map(|op| {
                if let similar::DiffOp::Equal { len, .. } = op {
                    *len
                } else {
                    0
                }
            })
            .sum();
        let distance = a.len() + b.len() - 2 * matched;
        for cap in [0, distance.saturating_sub(1), distance, distance + 3] {
            assert_eq!(
                edit_distance_within(&a, &b, cap),
                distance <= cap,
                "{a:?} {b:?} cap {cap}"
            );
        }
    }
}
