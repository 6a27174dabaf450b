//! The full digest in pages: each page within its limit, ending at a node boundary, and the
//! pages together holding every control of the full digest exactly once.

use std::collections::HashMap;

use snapshot_digest::{
    DigestConfig, Snapshot, estimate_tokens, full_digest, full_digest_page, is_interactive_role,
    parse,
};

use crate::digest::check_refs;

/// Every page of the full digest at `page_tokens`, checked: within the limit, parsing, refs
/// from the input only.
fn all_pages(snap: &Snapshot<'_>, page_tokens: usize) -> Vec<String> {
    let mut pages = Vec::new();
    for page in 1.. {
        let config = DigestConfig {
            page,
            ..DigestConfig::default()
        };
        let d = full_digest_page(snap, &config, page_tokens);
        assert!(
            d.stats.output_tokens <= page_tokens,
            "page {page} is {} tokens, over {page_tokens}",
            d.stats.output_tokens
        );
        check_refs(&d.text, snap);
        let last = !d
            .text
            .lines()
            .next()
            .unwrap_or("")
            .contains("; the same request with page");
        pages.push(d.text);
        if last {
            break;
        }
        assert!(page < 1_000, "no last page");
    }
    pages
}

/// Interactive refs in a digest text, with how often each appears.
fn controls(text: &str, counts: &mut HashMap<String, usize>) {
    let snap = parse(text).expect("a page parses");
    for node in snap.nodes() {
        if is_interactive_role(node.role())
            && let Some(r) = node.aria_ref()
        {
            *counts.entry(r.as_str().to_owned()).or_default() += 1;
        }
    }
}

#[track_caller]
fn pages_hold_every_control_once(snap: &Snapshot<'_>, page_tokens: usize) -> usize {
    let pages = all_pages(snap, page_tokens);
    let mut full = HashMap::new();
    controls(&full_digest(snap).text, &mut full);
    let mut paged = HashMap::new();
    for page in &pages {
        controls(page, &mut paged);
    }
    for (r, n) in &paged {
        assert_eq!(*n, 1, "{r} is on {n} pages");
    }
    let mut missing: Vec<_> = full.keys().filter(|r| !paged.contains_key(*r)).collect();
    missing.sort();
    assert!(missing.is_empty(), "controls on no page: {missing:?}");
    assert_eq!(paged.len(), full.len());
    pages.len()
}

#[test]
fn a_small_outline_is_one_page_the_full_digest_itself() {
    let text = crate::digest::sample();
    let snap = parse(&text).unwrap();
    let d = full_digest_page(&snap, &DigestConfig::default(), 20_000);
    assert_eq!(d.text, full_digest(&snap).text);
}

#[test]
fn pages_split_a_long_list_with_context_and_a_map() {
    let mut text = String::from(
        "- banner:\n  - link \"Home\" [ref=e1]:\n    - /url: /\n- main:\n  - heading \"Products\" [level=1]\n  - list:\n",
    );
    for i in 0..800 {
        text.push_str(&format!(
            "    - listitem:\n      - link \"Teapot model {i}, stoneware\" [ref=e{}]:\n        - /url: /p/{i}\n",
            i + 10
        ));
    }
    text.push_str("- contentinfo:\n  - link \"Terms\" [ref=e9000]:\n    - /url: /terms\n");
    let snap = parse(&text).unwrap();
    let count = pages_hold_every_control_once(&snap, 3_000);
    assert!(count >= 3, "{count} pages");
    let config = DigestConfig {
        page: 2,
        ..DigestConfig::default()
    };
    let page2 = full_digest_page(&snap, &config, 3_000).text;
    // The landmark an earlier page opened is repeated for context.
    assert!(page2.contains("\n- main:\n"), "{page2}");
    assert!(page2.contains("# regions on other pages"), "{page2}");
    assert!(page2.contains("#   banner: page 1"), "{page2}");
    assert!(page2.contains("#   contentinfo: page "), "{page2}");
    assert!(
        page2
            .lines()
            .next()
            .unwrap()
            .starts_with(&format!("# page outline, page 2 of {count}:"))
    );
    // Past the last page: how many there are.
    let config = DigestConfig {
        page: count + 1,
        ..DigestConfig::default()
    };
    let past = full_digest_page(&snap, &config, 3_000).text;
    assert_eq!(
        past,
        format!(
            "# page outline: page {} was asked, and the outline has {count} pages; ask for a page from 1 to {count}",
            count + 1
        )
    );
}

#[test]
fn a_control_larger_than_a_page_is_split_and_its_options_kept_once() {
    let mut text = String::from("- listbox \"Country\" [ref=e1]:\n");
    for i in 0..3_000 {
        text.push_str(&format!(
            "  - option \"Country number {i}\" [ref=e{}]\n",
            i + 2
        ));
    }
    let snap = parse(&text).unwrap();
    pages_hold_every_control_once(&snap, 2_000);
}

#[test]
fn a_devtools_snapshot_pages_in_its_own_syntax() {
    let mut text = String::from("uid=1_0 RootWebArea \"Shop\"\n  uid=1_1 main\n");
    for i in 0..1_500 {
        text.push_str(&format!(
            "    uid=1_{} link \"Teapot model {i}\" url=\"/p/{i}\"\n",
            i + 2
        ));
    }
    let snap = parse(&text).unwrap();
    let config = DigestConfig {
        page: 2,
        ..DigestConfig::default()
    };
    let d = full_digest_page(&snap, &config, 2_000);
    assert!(
        d.text.contains("\n    uid=1_") || d.text.contains("\n  uid=1_"),
        "{}",
        d.text
    );
    assert!(!d.text.contains("[ref="));
}

#[test]
fn corpus_pages_hold_every_control_once_within_the_limit() {
    let Some(dir) = crate::corpus() else { return };
    let mut paged = 0;
    for path in crate::corpus_snapshots(&dir) {
        if !path.to_string_lossy().ends_with(".ai.yaml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let snap = parse(&text).unwrap();
        if estimate_tokens(&full_digest(&snap).text) <= 4_000 {
            continue;
        }
        let pages = pages_hold_every_control_once(&snap, 4_000);
        assert!(pages > 1, "{}", path.display());
        paged += 1;
    }
    assert!(paged > 20, "only {paged} corpus pages needed paging");
    // The proxy's default limit on the largest page.
    let text = std::fs::read_to_string(dir.join("readability/wikipedia-2.ai.yaml")).unwrap();
    let snap = parse(&text).unwrap();
    let pages = pages_hold_every_control_once(&snap, 20_000);
    assert!(pages >= 3, "{pages} pages");
}
