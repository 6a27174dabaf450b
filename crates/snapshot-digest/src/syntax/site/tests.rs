use super::*;

#[test]
fn the_most_linked_site_with_a_scheme_is_the_pages() {
    let text = "- link \"A\" [ref=e1]:\n  - /url: https://Shop.example/a\n\
                    - link \"B\" [ref=e2]:\n  - /url: //shop.example/b\n\
                    - link \"C\" [ref=e3]:\n  - /url: https://shop.example/c?x=1\n\
                    - link \"D\" [ref=e4]:\n  - /url: https://other.example/d\n\
                    - link \"E\" [ref=e5]:\n  - /url: \"#top\"";
    let snap = crate::parse(text).unwrap();
    assert_eq!(
        dominant_site(&snap).as_deref(),
        Some("https://shop.example")
    );
}

#[test]
fn a_link_relative_to_the_page_leaves_the_site_unnamed() {
    // The page's own links are paths; the absolute ones lead elsewhere.
    let text = "- link \"A\" [ref=e1]:\n  - /url: https://ads.example/a\n\
                    - link \"B\" [ref=e2]:\n  - /url: https://ads.example/b\n\
                    - link \"C\" [ref=e3]:\n  - /url: https://ads.example/c\n\
                    - link \"D\" [ref=e4]:\n  - /url: /news/";
    assert_eq!(dominant_site(&crate::parse(text).unwrap()), None);
    for relative in ["/a", "a/b", "?q=1", "../up", "a b:c"] {
        assert!(is_relative(relative), "{relative}");
    }
    for not in [
        "#top",
        "//host/a",
        "https://h/a",
        "mailto:a@b",
        "javascript:void(0)",
        "",
    ] {
        assert!(!is_relative(not), "{not}");
    }
}

#[test]
fn of_two_sites_linked_as_often_the_first_linked_is_the_pages() {
    let mut text = String::new();
    for (i, host) in ["b.example", "a.example"]
        .iter()
        .cycle()
        .take(6)
        .enumerate()
    {
        text.push_str(&format!(
            "- link \"L{i}\" [ref=e{i}]:\n  - /url: https://{host}/p{i}\n"
        ));
    }
    assert_eq!(
        dominant_site(&crate::parse(&text).unwrap()).as_deref(),
        Some("https://b.example")
    );
}

#[test]
fn too_few_links_or_no_scheme_give_no_site() {
    let text = "- link \"A\" [ref=e1]:\n  - /url: https://shop.example/a\n\
                    - link \"B\" [ref=e2]:\n  - /url: https://shop.example/b";
    assert_eq!(dominant_site(&crate::parse(text).unwrap()), None);
    let text = "- link \"A\" [ref=e1]:\n  - /url: //shop.example/a\n\
                    - link \"B\" [ref=e2]:\n  - /url: //shop.example/b\n\
                    - link \"C\" [ref=e3]:\n  - /url: //shop.example/c";
    assert_eq!(dominant_site(&crate::parse(text).unwrap()), None);
}

#[test]
fn urls_on_the_site_become_paths_and_the_rest_stay() {
    let site = Some("https://shop.example");
    assert_eq!(on_site(site, "https://SHOP.example/a/b?c#d"), "/a/b?c#d");
    assert_eq!(on_site(site, "//shop.example/a"), "/a");
    assert_eq!(on_site(site, "https://shop.example"), "/");
    assert_eq!(
        on_site(site, "https://shop.example?q=1"),
        "https://shop.example?q=1"
    );
    assert_eq!(
        on_site(site, "https://shop.example.evil/a"),
        "https://shop.example.evil/a"
    );
    assert_eq!(
        on_site(site, "http://shop.example/a"),
        "http://shop.example/a"
    );
    assert_eq!(
        on_site(site, "https://other.example/a"),
        "https://other.example/a"
    );
    assert_eq!(on_site(site, "é"), "é");
    assert_eq!(
        on_site(None, "https://shop.example/a"),
        "https://shop.example/a"
    );
}
