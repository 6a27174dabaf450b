//! Goal digest, full digest and diff: outputs parse, never show a ref the input lacks, and keep
//! what they promise; a few outputs are pinned with insta.

use std::collections::HashSet;

use snapshot_digest::{
    DiffKind, DigestConfig, KeptAs, Snapshot, diff, digest, digest_with, estimate_tokens,
    explain_digest, full_digest, full_digest_with, outline_with, parse,
};

/// Every `[ref=…]` and `ref=… [unchanged]` in a text.
fn refs_in(text: &str) -> HashSet<String> {
    let snap = parse(text).unwrap_or_else(|e| panic!("output does not parse: {e}\n{text}"));
    snap.nodes()
        .iter()
        .filter_map(|n| n.aria_ref().map(|r| r.as_str().to_owned()))
        .collect()
}

pub(crate) fn refs_of(snap: &Snapshot<'_>) -> HashSet<String> {
    snap.nodes()
        .iter()
        .filter_map(|n| n.aria_ref().map(|r| r.as_str().to_owned()))
        .collect()
}

/// The output parses and every ref in it is one of the input's, written byte for byte.
#[track_caller]
pub(crate) fn check_refs(output: &str, input: &Snapshot<'_>) {
    let known = refs_of(input);
    for r in refs_in(output) {
        assert!(
            known.contains(&r),
            "output shows ref {r} that the input does not have:\n{output}"
        );
    }
}

pub(crate) fn sample() -> String {
    example("shop.snapshot.yaml")
}

/// The larger shipped sample: a news article page of about 5,700 tokens.
fn news() -> String {
    example("news.snapshot.yaml")
}

pub(crate) fn example(name: &str) -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../examples")
        .join(name);
    std::fs::read_to_string(path).expect("the shipped sample")
}

/// A budget small enough that the shop sample (about 700 tokens) must be digested.
/// Links `e{i}` for each `i` of `refs`, one level in, named by `name`, to `{url}/{i}`.
fn push_links(
    text: &mut String,
    refs: std::ops::Range<usize>,
    name: impl Fn(usize) -> String,
    url: &str,
) {
    for i in refs {
        text.push_str(&format!(
            "  - link \"{}\" [ref=e{i}]:\n    - /url: {url}/{i}\n",
            name(i)
        ));
    }
}

/// Asserts that each of `refs` is shown in page 1's matches, not merely among the candidates
/// listed after them.
fn assert_in_context(digest: &str, refs: &[&str]) {
    let context = digest
        .split("# further candidates")
        .next()
        .unwrap_or_default();
    for r in refs {
        assert!(
            context.contains(&format!("[ref={r}]")),
            "{r} missing from the matches:\n{digest}"
        );
    }
}

fn tight() -> DigestConfig {
    DigestConfig {
        max_tokens: 300,
        ..DigestConfig::default()
    }
}

#[test]
fn goal_digests_of_the_samples_are_pinned() {
    let text = news();
    let snap = parse(&text).unwrap();
    for (name, goal) in [
        ("news-comments", "read the comments on this story"),
        ("news-newsletter", "sign up for the newsletter"),
        ("news-cost", "how much will the lanes cost?"),
        ("news-nothing", "zzz qqq"),
    ] {
        let d = digest(&snap, goal);
        check_refs(&d.text, &snap);
        insta::assert_snapshot!(name, d.text);
    }
    let text = sample();
    let snap = parse(&text).unwrap();
    let d = digest_with(&snap, "add the kettle to my basket", &tight());
    check_refs(&d.text, &snap);
    insta::assert_snapshot!("sample-basket", d.text);
    insta::assert_snapshot!("sample-full", full_digest(&snap).text);
}

#[test]
fn a_snapshot_within_the_budget_comes_back_whole() {
    let text = sample();
    let snap = parse(&text).unwrap();
    let d = digest(&snap, "add the kettle to my basket");
    let (header, body) = d.text.split_once('\n').unwrap();
    assert!(header.starts_with("# snapshot for goal"), "{header}");
    assert!(header.contains("whole"), "{header}");
    assert_eq!(body, text.trim_end());
    assert_eq!(d.stats.nodes_out, snap.len());
    assert!(d.stats.output_tokens <= DigestConfig::default().budget(d.stats.input_tokens));
    let next = digest_with(
        &snap,
        "add the kettle to my basket",
        &DigestConfig {
            page: 2,
            ..DigestConfig::default()
        },
    );
    assert!(next.text.contains("nothing more"), "{}", next.text);
    assert!(refs_in(&next.text).is_empty());
}

#[test]
fn the_budget_is_spent_and_respected() {
    let text = news();
    let snap = parse(&text).unwrap();
    for max_tokens in [150, 300, 600, 1_000, 2_000] {
        let config = DigestConfig::default().with_fixed_budget(max_tokens);
        let d = digest_with(&snap, "share this story", &config);
        check_refs(&d.text, &snap);
        assert!(
            d.stats.output_tokens <= max_tokens,
            "{max_tokens}: {} tokens",
            d.stats.output_tokens
        );
        // Recall first: most of the budget goes to the page, not left unused.
        assert!(
            d.stats.output_tokens * 10 >= max_tokens * 7,
            "{max_tokens}: only {} tokens used:\n{}",
            d.stats.output_tokens,
            d.text
        );
    }
}

#[test]
fn a_large_snapshot_gets_a_larger_budget_and_spends_it() {
    // About 53,000 tokens: more than 20 times the base budget, less than the 80 times at
    // which the budget reaches its maximum.
    let mut text = String::from("- main [ref=e1]:\n");
    for i in 2..1_200 {
        text.push_str(&format!(
            "  - link \"Story number {i} about the weather, the markets and the day\" [ref=e{i}]:\n    - /url: /stories/{i}/the-weather-the-markets-and-the-day\n"
        ));
    }
    text.push_str("  - button \"Show comments\" [ref=e9000]\n");
    let snap = parse(&text).unwrap();
    // The goal names the button outright, which a default digest answers with less than its
    // budget (see the next test); here the whole budget is asked for.
    let config = DigestConfig {
        named_budget_percent: 100,
        ..DigestConfig::default()
    };
    let input = estimate_tokens(&text);
    let budget = config.budget(input);
    assert!(
        input / 20 > config.base_tokens && budget == input / 20,
        "{input} -> {budget}"
    );
    let goal = "read the comments on this story";
    let d = digest_with(&snap, goal, &config);
    check_refs(&d.text, &snap);
    assert!(d.text.contains("[ref=e9000]"), "{}", d.text);
    assert!(
        d.stats.output_tokens <= budget && d.stats.output_tokens * 10 >= budget * 7,
        "{} tokens of a {budget}-token budget",
        d.stats.output_tokens
    );
    let header = d.text.lines().next().unwrap();
    assert!(
        header.contains("page 2 lists the next candidates"),
        "{header}"
    );
    // A fixed budget is a hard limit whatever the size.
    let fixed = digest_with(&snap, goal, &config.with_fixed_budget(1_000));
    assert!(
        fixed.stats.output_tokens <= 1_000,
        "{}",
        fixed.stats.output_tokens
    );
}

#[test]
fn a_goal_that_names_a_control_outright_takes_part_of_the_budget() {
    let mut text = String::from("- main [ref=e1]:\n");
    for i in 2..400 {
        text.push_str(&format!(
            "  - link \"Story number {i} about the weather\" [ref=e{i}]:\n    - /url: /stories/{i}\n"
        ));
    }
    text.push_str("  - button \"Bug tracker\" [ref=e9000]\n");
    let snap = parse(&text).unwrap();
    let config = DigestConfig::default();
    let budget = config.budget(estimate_tokens(&text));
    let named = digest_with(&snap, "Open the bug tracker", &config);
    assert!(named.text.contains("[ref=e9000]"), "{}", named.text);
    assert!(
        named.stats.output_tokens <= budget * config.named_budget_percent / 100,
        "{} tokens of a {budget}-token budget",
        named.stats.output_tokens
    );
    // What a goal that does not name the control outright spends: most of the budget.
    let spends_most = |d: &snapshot_digest::Digest| {
        assert!(
            d.stats.output_tokens * 10 >= budget * 7,
            "{} tokens of a {budget}-token budget",
            d.stats.output_tokens
        );
    };
    // A goal that only touches the control's name gets the whole budget.
    spends_most(&digest_with(
        &snap,
        "report a problem with the weather stories",
        &config,
    ));
    // And one that says a longer word than the name's: "writer" is not "Write".
    let text = text.replace("\"Bug tracker\"", "\"Write\"");
    let snap = parse(&text).unwrap();
    assert!(digest_with(&snap, "write", &config).stats.output_tokens * 10 < budget * 7);
    spends_most(&digest_with(&snap, "message the writer", &config));
    // So does a goal that names a form's button: it needs the whole form.
    let text = text.replace(
        "  - button \"Write\" [ref=e9000]\n",
        "  - search [ref=e9000]:\n    - textbox \"Terms\" [ref=e9001]\n    - button \"Search\" [ref=e9002]\n",
    );
    let snap = parse(&text).unwrap();
    let search = digest_with(&snap, "search", &config);
    assert!(search.text.contains("[ref=e9001]"), "{}", search.text);
    spends_most(&search);
}

#[test]
fn a_long_goal_is_quoted_short_and_the_budget_holds() {
    let text = news();
    let snap = parse(&text).unwrap();
    let goal = "share this story with my friends ".repeat(400);
    let d = digest(&snap, &goal);
    check_refs(&d.text, &snap);
    let header = d.text.lines().next().unwrap();
    assert!(header.chars().count() < 500, "{header}");
    assert!(header.contains('…'), "{header}");
    assert!(d.stats.output_tokens <= DigestConfig::default().budget(d.stats.input_tokens));
    assert!(d.text.contains("[ref=e88]"), "{}", d.text);
}

#[test]
fn a_candidate_link_leaves_its_url_out_when_its_name_tells_it_apart() {
    // 60 stories, each with a link of its own name and a "Read more" link: the names of the
    // first kind tell the links apart, the second kind only by where they lead.
    let mut text = String::new();
    for i in 0..60 {
        text.push_str(&format!(
            "- link \"Story number {i}\" [ref=a{i}]:\n  - /url: /stories/{i}\n\
             - link \"Read more\" [ref=b{i}]:\n  - /url: /stories/{i}/more\n"
        ));
    }
    let snap = parse(&text).unwrap();
    let d = digest_with(
        &snap,
        "read a story",
        &DigestConfig::default().with_fixed_budget(400),
    );
    let lines: Vec<&str> = d.text.lines().collect();
    let mut named = 0;
    let mut shared = 0;
    for (k, line) in lines.iter().enumerate() {
        let url = lines
            .get(k + 1)
            .is_some_and(|next| next.trim_start().starts_with("- /url:"));
        if line.starts_with("- link \"Story number") {
            named += 1;
            assert!(
                !url,
                "a name of its own, yet the URL is written:\n{}",
                d.text
            );
        } else if line.starts_with("- link \"Read more\"") {
            shared += 1;
            assert!(url, "a shared name, yet the URL is left out:\n{}", d.text);
        }
    }
    assert!(named > 0 && shared > 0, "{}", d.text);
    check_refs(&d.text, &snap);
}

#[test]
fn later_pages_list_new_candidates_until_none_are_left() {
    let text = news();
    let snap = parse(&text).unwrap();
    // Several goals, so that page 1's list ends at different places: a later page must
    // start right after it, whatever the width of its own header.
    for goal in [
        "read the comments on this story",
        "how much will the lanes cost?",
        "subscribe to the newsletter",
        "who wrote this",
    ] {
        pages_show_every_control(&snap, goal);
    }
}

fn pages_show_every_control(snap: &snapshot_digest::Snapshot<'_>, goal: &str) {
    let mut seen: HashSet<String> = HashSet::new();
    let mut page = 1;
    loop {
        let config = DigestConfig {
            page,
            ..DigestConfig::default()
        };
        let d = digest_with(snap, goal, &config);
        check_refs(&d.text, snap);
        let header = d.text.lines().next().unwrap();
        assert!(header.contains(&format!("page {page}")), "{header}");
        let refs = refs_in(&d.text);
        if page > 1 {
            // Later pages show only candidates no earlier page showed.
            let again: Vec<&String> = refs.intersection(&seen).collect();
            assert!(
                again.is_empty(),
                "page {page} for {goal:?} repeats {again:?}"
            );
        }
        seen.extend(refs.iter().cloned());
        if !header.contains(&format!("page {}", page + 1)) {
            break;
        }
        page += 1;
        assert!(page < 20, "paging does not end");
    }
    assert!(
        page >= 2,
        "the news sample needs more than one page for {goal:?}"
    );
    // Every control of the page was shown on some page.
    for node in snap.nodes() {
        if snapshot_digest::is_interactive_role(node.role())
            && let Some(r) = node.aria_ref()
            && node.name().is_some()
        {
            let repeated = snap.nodes().iter().any(|o| {
                o.aria_ref() != node.aria_ref()
                    && o.role() == node.role()
                    && o.name() == node.name()
                    && seen.contains(o.aria_ref().unwrap().as_str())
            });
            assert!(
                seen.contains(r.as_str()) || repeated,
                "{r} was never shown for {goal:?}"
            );
        }
    }
}

#[test]
fn text_that_restates_an_action_goal_is_not_a_match() {
    // A task instruction that repeats the goal, and the controls it needs.
    let mut text = String::from(
        "- paragraph [ref=e1]: Enter the username and the password and press login\n- textbox [ref=e2]\n- textbox [ref=e3]\n- button \"Login\" [ref=e4]\n",
    );
    for i in 0..40 {
        text.push_str(&format!("- link \"Unrelated {i}\" [ref=e{}]\n", 10 + i));
    }
    let snap = parse(&text).unwrap();
    let config = DigestConfig {
        max_tokens: 250,
        ..DigestConfig::default()
    };
    let goal = "Enter the username and the password and press login";
    let (d, why) = explain_digest(&snap, goal, &config);
    assert!(d.text.contains("[ref=e4]"), "{}", d.text);
    let echo = why.iter().find(|w| w.aria_ref.as_deref() == Some("e1"));
    assert!(
        echo.is_none_or(|w| w.kept_as != KeptAs::Match && w.echo),
        "{echo:?}"
    );
    assert!(
        why.iter()
            .any(|w| w.aria_ref.as_deref() == Some("e4") && w.kept_as != KeptAs::Candidate),
        "{why:#?}"
    );
}

#[test]
fn explanations_cover_every_node_shown() {
    let text = news();
    let snap = parse(&text).unwrap();
    let (d, why) = explain_digest(
        &snap,
        "sign up for the newsletter",
        &DigestConfig::default(),
    );
    assert_eq!(why.len(), d.stats.nodes_out);
    let signup = why
        .iter()
        .find(|w| w.name.as_deref() == Some("Sign up"))
        .expect("the sign-up button is explained");
    assert!(signup.score > 0.0);
    assert!(!signup.parts.is_empty());
    assert!(signup.to_string().contains("[ref="), "{signup}");
}

#[test]
fn goal_digest_finds_the_target_and_stays_small() {
    let text = sample();
    let snap = parse(&text).unwrap();
    let cases = [
        ("search for teapots", &["e5", "e6"][..]),
        ("log in to my account", &["e15"]),
        ("choose the cream colour", &["e24"]),
        ("how much does it cost?", &["e20"]),
        ("contact the shop", &["e42"]),
    ];
    for (goal, targets) in cases {
        let d = digest_with(&snap, goal, &tight());
        for t in targets {
            assert!(
                d.text.contains(&format!("[ref={t}]")),
                "{goal:?} lost {t}:\n{}",
                d.text
            );
        }
        assert!(
            d.stats.output_chars < d.stats.input_chars,
            "{goal:?} is not smaller:\n{}",
            d.text
        );
        assert!(d.text.starts_with("# goal digest"), "{}", d.text);
    }
}

#[test]
fn digest_of_an_empty_snapshot() {
    let snap = parse("").unwrap();
    let d = digest(&snap, "sign in");
    assert_eq!(d.stats.nodes_out, 0);
    assert!(parse(&d.text).unwrap().is_empty());
    assert!(
        full_digest(&snap)
            .text
            .starts_with("# page outline: 0 of 0 nodes")
    );
}

#[test]
fn an_outline_is_whole_then_full_digest_then_regions_and_controls_within_the_budget() {
    let shop = sample();
    let snap = parse(&shop).expect("sample parses");
    let roomy = DigestConfig::default().with_fixed_budget(4_000);
    assert!(
        outline_with(&snap, &roomy)
            .text
            .starts_with("# snapshot: whole")
    );

    let news = news();
    let snap = parse(&news).expect("sample parses");
    let full = full_digest_with(&snap, &DigestConfig::default());
    let fits_full = DigestConfig::default().with_fixed_budget(full.stats.output_tokens);
    assert_eq!(outline_with(&snap, &fits_full).text, full.text);

    for max_tokens in [300, 1_000] {
        let config = DigestConfig::default().with_fixed_budget(max_tokens);
        let out = outline_with(&snap, &config);
        assert!(
            out.text.starts_with("# outline of the page, page 1: "),
            "{}",
            out.text
        );
        assert!(!out.text.contains("no node matches"));
        assert!(
            out.stats.output_tokens <= max_tokens,
            "{max_tokens}: {}",
            out.stats.output_tokens
        );
        check_refs(&out.text, &snap);
    }
}

#[test]
fn corpus_outlines_keep_their_budget_and_refs() {
    let Some(dir) = crate::corpus() else { return };
    let mut checked = 0;
    for entry in std::fs::read_dir(dir.join("readability")).expect("readability/") {
        let path = entry.expect("an entry").path();
        if !path.to_string_lossy().ends_with(".ai.yaml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a page");
        let snap = parse(&text).expect("corpus page parses");
        let out = outline_with(&snap, &DigestConfig::default());
        check_refs(&out.text, &snap);
        assert!(
            out.stats.output_tokens <= DigestConfig::default().budget(out.stats.input_tokens),
            "{}: {}",
            path.display(),
            out.stats.output_tokens
        );
        checked += 1;
    }
    assert!(checked >= 100, "{checked} pages");
}

#[test]
fn corpus_digests_parse_and_keep_refs_sacred() {
    let Some(dir) = crate::corpus() else { return };
    let goals = std::fs::read_to_string(dir.join("goals-dev.jsonl")).expect("goals-dev.jsonl");
    let mut checked = 0;
    for line in goals.lines().filter(|l| !l.trim().is_empty()) {
        let goal = field(line, "goal");
        let file = field(line, "file");
        let text = std::fs::read_to_string(dir.join(&file)).expect("goal page");
        let snap = parse(&text).expect("corpus page parses");
        let d = digest(&snap, &goal);
        check_refs(&d.text, &snap);
        assert!(
            d.stats.output_tokens <= DigestConfig::default().budget(d.stats.input_tokens),
            "{goal:?} on {file} is over budget: {}",
            d.stats.output_tokens
        );
        checked += 1;
    }
    assert_eq!(checked, 70);
}

#[test]
fn full_digest_keeps_every_interactive_ref_on_every_corpus_page() {
    let Some(dir) = crate::corpus() else { return };
    for path in crate::corpus_snapshots(&dir) {
        if !path.to_string_lossy().ends_with(".ai.yaml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let snap = parse(&text).unwrap();
        let d = full_digest(&snap);
        check_refs(&d.text, &snap);
        let kept = refs_in(&d.text);
        for node in snap.nodes() {
            if snapshot_digest::is_interactive_role(node.role())
                && let Some(r) = node.aria_ref()
            {
                assert!(
                    kept.contains(r.as_str()),
                    "{}: full digest lost {r}",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn corpus_digests_are_pinned() {
    let Some(dir) = crate::corpus() else { return };
    for (name, file, goal) in [
        (
            "daringfireball-search",
            "readability/daringfireball-1.ai.yaml",
            "Search Daring Fireball for 'Markdown'",
        ),
        (
            "gmw-login",
            "readability/gmw.ai.yaml",
            "Log in to Guangming Online",
        ),
        (
            "wikipedia-founded",
            "readability/wikipedia.ai.yaml",
            "According to the infobox, when was Mozilla founded?",
        ),
    ] {
        let text = std::fs::read_to_string(dir.join(file)).unwrap();
        let snap = parse(&text).unwrap();
        insta::assert_snapshot!(name, digest(&snap, goal).text);
    }
}

/// A string field of a JSON line, enough for the goals file (no escapes in these fields).
fn field(line: &str, key: &str) -> String {
    let start = line.find(&format!("\"{key}\": \"")).expect("field present") + key.len() + 5;
    let mut out = String::new();
    let mut chars = line[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => break,
            '\\' => out.push(chars.next().unwrap_or('\\')),
            c => out.push(c),
        }
    }
    out
}

// Diff.

#[test]
fn diff_of_identical_snapshots_is_one_line() {
    let text = sample();
    let snap = parse(&text).unwrap();
    let d = diff(&snap, &snap);
    assert_eq!(d.kind, DiffKind::Unchanged);
    assert_eq!(d.text, "# no changes since the previous snapshot");
}

#[test]
fn diff_after_a_navigation_is_the_full_snapshot() {
    let text = sample();
    let moved = text.replace("[ref=e", "[ref=f2e");
    let (old, new) = (parse(&text).unwrap(), parse(&moved).unwrap());
    let d = diff(&old, &new);
    assert_eq!(d.kind, DiffKind::Navigated);
    assert!(d.text.ends_with(&moved), "{}", d.text);
    assert!(d.text.lines().next().unwrap().contains("navigated"));
}

#[test]
fn diff_of_an_edited_sample_shows_only_the_change() {
    let text = sample();
    let edited = text
        .replace(
            "- radio \"Black\" [checked] [ref=e23]",
            "- radio \"Black\" [ref=e23]",
        )
        .replace(
            "- radio \"Cream\" [ref=e24]",
            "- radio \"Cream\" [checked] [ref=e24]",
        )
        .replace(
            "      - generic [ref=e21]: In stock\n",
            "      - generic [ref=e21]: Only 2 left\n",
        );
    let (old, new) = (parse(&text).unwrap(), parse(&edited).unwrap());
    let d = diff(&old, &new);
    check_refs(&d.text, &new);
    insta::assert_snapshot!("sample-diff", d.text);
    assert_eq!(d.kind, DiffKind::Changed);
    assert_eq!(d.changed, 3);
    assert!(
        d.text
            .contains("- <changed> radio \"Cream\" [checked] [ref=e24]")
    );
    assert!(
        !d.text.contains("Kitchen"),
        "unchanged parts stay out:\n{}",
        d.text
    );
}

/// Edits of real pages: a renamed link, a removed subtree, an added button.
#[test]
fn diff_on_edited_corpus_pages() {
    let Some(dir) = crate::corpus() else { return };
    let mut pages = 0;
    for path in crate::corpus_snapshots(&dir)
        .iter()
        .filter(|p| p.to_string_lossy().contains("readability/"))
    {
        if !path.to_string_lossy().ends_with(".ai.yaml") || pages >= 25 {
            continue;
        }
        let text = std::fs::read_to_string(path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let Some(link) = lines
            .iter()
            .position(|l| l.trim_start().starts_with("- link \"") && l.contains("[ref="))
        else {
            continue;
        };
        pages += 1;
        let mut edited: Vec<String> = lines.iter().map(|l| (*l).to_owned()).collect();
        edited[link] = edited[link].replacen("- link \"", "- link \"Edited ", 1);
        let indent = edited[link].len() - edited[link].trim_start().len();
        // After the link's subtree, as its next sibling.
        let after = (link + 1..edited.len())
            .find(|&i| edited[i].len() - edited[i].trim_start().len() <= indent)
            .unwrap_or(edited.len());
        edited.insert(
            after,
            format!("{}- button \"Brand new\" [ref=e99999]", " ".repeat(indent)),
        );
        let edited = edited.join("\n");
        let (old, new) = (parse(&text).unwrap(), parse(&edited).unwrap());
        let d = diff(&old, &new);
        check_refs(&d.text, &new);
        assert_eq!(d.kind, DiffKind::Changed, "{}", path.display());
        assert!(
            d.text.contains("Edited "),
            "{}: the renamed link is shown",
            path.display()
        );
        assert!(
            d.text
                .contains("- <changed> button \"Brand new\" [ref=e99999]"),
            "{}",
            path.display()
        );
        assert!(
            d.text.len() * 3 < text.len(),
            "{}: diff is not small ({} of {} bytes)",
            path.display(),
            d.text.len(),
            text.len()
        );
        // Removing the edited link's subtree entirely lists its ref as removed.
        let back = diff(&new, &old);
        assert!(
            back.text.contains("# removed: e99999"),
            "{}:\n{}",
            path.display(),
            back.text
        );
    }
    assert_eq!(pages, 25);
}

/// Nothing after parsing recurses: a 5,000-level tree (accepted with a raised depth limit)
/// goes through the digests and the diff on a test thread's small stack.
#[test]
fn deep_trees_do_not_overflow() {
    let depth = 5_000;
    let mut old: String = (0..depth)
        .map(|d| format!("{}- group [ref=e{d}]:\n", "  ".repeat(d)))
        .collect();
    old.push_str(&format!(
        "{}- button \"Deep\" [ref=e{depth}]",
        "  ".repeat(depth)
    ));
    let new = old.replace("\"Deep\"", "\"Deeper\"");
    let config = snapshot_digest::Config {
        max_depth: depth + 1,
        ..snapshot_digest::Config::default()
    };
    let (a, b) = (
        snapshot_digest::parse_with(&old, &config).unwrap(),
        snapshot_digest::parse_with(&new, &config).unwrap(),
    );
    let d = diff(&a, &b);
    assert_eq!(d.changed, 1);
    assert!(d.text.contains("\"Deeper\""));
    assert!(
        digest(&a, "press the deep button")
            .text
            .contains(&format!("[ref=e{depth}]"))
    );
    assert!(full_digest(&a).text.contains(&format!("[ref=e{depth}]")));
}

// The learned ranking's features on hostile input.

#[test]
fn ranking_features_hold_on_hostile_input() {
    let long_text = format!("- paragraph [ref=e1]: {}\n", "x".repeat(200_000));
    let no_refs = "- main:\n  - paragraph: Hello\n  - link \"Home\":\n    - /url: /\n".to_owned();
    let mut many = String::new();
    for i in 0..300 {
        many.push_str(&format!(
            "- row \"{i}\" [ref=e{i}]:\n  - cell \"Weight {i} kg\" [ref=f{i}]\n"
        ));
    }
    // A table whose head row is one cell wide and whose other rows are thousands wide.
    let mut table = String::from("- table [ref=t0]:\n  - row:\n    - columnheader \"Weight\"\n");
    for r in 0..30 {
        table.push_str("  - row:\n");
        for c in 0..200 {
            table.push_str(&format!("    - cell \"{r}.{c} kg\" [ref=t{r}x{c}]\n"));
        }
    }
    let goals = [
        String::new(),
        "?".to_owned(),
        "how heavy is it?".to_owned(),
        "اضف الى حقيبة التسوق".to_owned(),
        "Schlauchlänge 検索 \"quoted\" 'x' «y»".to_owned(),
        "word ".repeat(5_000),
    ];
    for page in [String::new(), long_text, no_refs, many, table] {
        let Ok(snap) = parse(&page) else { continue };
        for goal in &goals {
            let f = snapshot_digest::rank_features(&snap, goal, &DigestConfig::default());
            assert_eq!(f.values.len(), f.refs.len() * f.names.len());
            assert_eq!(f.scores.len(), f.refs.len());
            assert!(f.values.iter().all(|v| v.is_finite()), "{goal:?}");
            let config = DigestConfig::default().with_fixed_budget(200);
            let d = digest_with(&snap, goal, &config);
            check_refs(&d.text, &snap);
            assert!(
                d.stats.output_tokens <= 200,
                "{goal:?}: {}",
                d.stats.output_tokens
            );
        }
    }
}

#[test]
fn a_question_lists_text_with_its_value() {
    // A question whose answer is a value in text, on a page too large to come back whole:
    // the candidate list offers text (a paragraph with the value), not only controls.
    let mut text = String::from("- main:\n  - heading \"Garden hose\" [level=1] [ref=e1]\n");
    for i in 0..120 {
        text.push_str(&format!(
            "  - link \"Accessory number {i} for the garden\" [ref=e{}]:\n    - /url: /a/{i}\n",
            i + 10
        ));
    }
    text.push_str("  - paragraph [ref=e500]: The hose is 25 m long and weighs 2.4 kg.\n");
    let snap = parse(&text).unwrap();
    let config = DigestConfig::default().with_fixed_budget(400);
    let d = digest_with(&snap, "How much does the hose weigh?", &config);
    assert!(d.text.contains("[ref=e500]"), "{}", d.text);
}

#[test]
fn a_control_cut_from_a_long_match_is_shown_on_a_later_page() {
    // A sign-up form whose consent texts alone are over the budget: the match is cut from
    // its end, and the submit button after the texts must still be on some page.
    let mut text = String::from("- banner [ref=e1]:\n");
    push_links(&mut text, 2..40, |i| format!("Section {i}"), "/s");
    text.push_str("- main [ref=e100]:\n  - heading \"Registration\" [level=1] [ref=e101]\n");
    text.push_str("  - form \"Registration\" [ref=e102]:\n");
    for (i, field) in ["First name", "Last name", "Email", "Password"]
        .iter()
        .enumerate()
    {
        text.push_str(&format!("    - textbox \"{field}\" [ref=e{}]\n", 110 + i));
    }
    for i in 0..30 {
        text.push_str(&format!(
            "    - checkbox \"I agree to the registration terms, clause {i}, the processing of my personal data by the company and its partners for the purposes of the registration\" [ref=e{}]\n",
            200 + i
        ));
        text.push_str(&format!(
            "    - text: By registering I accept clause {i} of the registration terms, the processing of my personal data and the privacy policy of the company in full\n"
        ));
    }
    text.push_str("    - button \"Register\" [ref=e300]\n");
    let snap = parse(&text).unwrap();
    let goal = "Register: enter first name, last name, email and password, accept the terms and press Register";
    let d = digest_with(&snap, goal, &DigestConfig::default());
    check_refs(&d.text, &snap);
    assert!(d.text.contains("cut to fit"), "{}", d.text);
    pages_show_every_control(&snap, goal);
}

/// A product page that repeats "カートに入れる" (add to cart) in its series list keeps the copy
/// under the product's own `h1` for a goal about this book: the list's copy sits in a card
/// whose title shares the book's words, the product's beside its name.
#[test]
fn the_copy_of_a_control_beside_the_pages_subject_is_kept() {
    let Some(dir) = crate::corpus() else { return };
    let text = std::fs::read_to_string(dir.join("val3/pages/bookwalker-jp.ai.yaml"))
        .expect("the corpus has val3's bookwalker page");
    let snap = parse(&text).expect("the page parses");
    for goal in ["Add this book to my cart", "Buy this light novel"] {
        let out = digest(&snap, goal);
        assert!(
            out.text.contains("[ref=e223]"),
            "{goal}: the product's own add-to-cart link is missing:\n{}",
            out.text
        );
    }
}

/// A page whose language switcher shows codes only ("EN", "DE"), among two hundred other
/// links: a goal that names the language in words finds the code.
#[test]
fn a_language_named_in_words_finds_the_switcher_that_shows_its_code() {
    let mut page = String::from("- banner [ref=e1]:\n  - list [ref=e2]:\n");
    for i in 0..200 {
        page.push_str(&format!(
            "    - listitem [ref=e{}]:\n      - link \"Product line {i} overview\" [ref=e{}]\n",
            10 + 2 * i,
            11 + 2 * i
        ));
    }
    page.push_str(
        "  - link [ref=e900]:\n    - img \"EN\" [ref=e901]\n  - link [ref=e902]:\n    - img \"DE\" [ref=e903]\n",
    );
    let snap = parse(&page).expect("parses");
    let goal = "I'm German — is there a version of this site in my language?";
    let with = digest(&snap, goal).text;
    assert!(
        with.contains("[ref=e903]") || with.contains("[ref=e902]"),
        "{with}"
    );
    let without = DigestConfig {
        without: snapshot_digest::Resources {
            languages: true,
            ..Default::default()
        },
        ..DigestConfig::default()
    };
    let text = digest_with(&snap, goal, &without).text;
    let first = text.lines().take(12).collect::<Vec<_>>().join("\n");
    assert!(!first.contains("\"DE\""), "{text}");
}

/// A forum's archive picker: a month, a day and a year select and a button, among a page of
/// thread links. The selects' options are their values, not the size of the form around
/// them, so the picker stays one form and the goal sees all of it.
#[test]
fn a_form_of_selects_with_many_options_is_kept_whole() {
    let mut text = String::from("- main [ref=e1]:\n");
    push_links(
        &mut text,
        2..120,
        |i| format!("Thread {i} about the news of the week"),
        "/thread",
    );
    text.push_str("  - generic [ref=e200]:\n    - text: \"Archives:\"\n");
    text.push_str("    - combobox [ref=e201]:\n      - option [selected]\n");
    for month in [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ] {
        text.push_str(&format!("      - option \"{month}\"\n"));
    }
    text.push_str("    - combobox [ref=e202]:\n      - option [selected]\n");
    for day in 1..=31 {
        text.push_str(&format!("      - option \"{day}\"\n"));
    }
    text.push_str("    - combobox [ref=e203]:\n      - option \"2013\" [selected]\n");
    for year in 2001..2013 {
        text.push_str(&format!("      - option \"{year}\"\n"));
    }
    text.push_str("    - button \"GO\" [ref=e204]\n");
    let snap = parse(&text).unwrap();
    let d = digest_with(&snap, "Show the archived threads from March 2012", &tight());
    check_refs(&d.text, &snap);
    assert_in_context(&d.text, &["e201", "e202", "e203", "e204"]);
}

/// A select with its button inside a header of many links: of a container with more controls
/// than a form shows, those beside the hit are kept, not the first in the document.
#[test]
fn a_control_in_a_crowded_container_keeps_the_controls_beside_it() {
    let mut text = String::from("- banner [ref=e1]:\n  - generic [ref=e2]:\n");
    for (i, name) in [
        "Press",
        "Map",
        "Timetable",
        "Contact",
        "English",
        "Contrast",
        "Font size",
        "Search",
        "Jobs",
        "Events",
        "Culture",
        "Sports",
        "Tourism",
        "Business",
        "Schools",
        "Libraries",
        "Parking",
        "Weather",
    ]
    .iter()
    .enumerate()
    {
        text.push_str(&format!(
            "    - link \"{name}\" [ref=e{}]:\n      - /url: /{i}\n",
            10 + i
        ));
    }
    text.push_str("    - group [ref=e40]:\n      - text: \"The city for:\"\n");
    text.push_str("      - combobox \"The city for:\" [ref=e41]:\n");
    for who in ["Choose a group", "Families", "Young people", "Seniors"] {
        text.push_str(&format!("        - option \"{who}\"\n"));
    }
    text.push_str("      - button \"Send\" [ref=e42]\n- main [ref=e100]:\n");
    push_links(
        &mut text,
        101..200,
        |i| format!("Story {i} of the city council and its committees"),
        "/story",
    );
    let snap = parse(&text).unwrap();
    let d = digest_with(
        &snap,
        "Show me what the city offers seniors",
        &DigestConfig::default(),
    );
    check_refs(&d.text, &snap);
    assert_in_context(&d.text, &["e41", "e42"]);
}
