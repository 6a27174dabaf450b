//! Unit tests of head-and-tail cutting.

use super::cut;

#[test]
fn text_within_budget_is_unchanged() {
    let c = cut("abc\ndef", 7, 7);
    assert_eq!(c.text, "abc\ndef");
    assert_eq!((c.shown, c.omitted), (7, 0));
}

#[test]
fn cuts_at_line_ends_and_counts_the_rest() {
    let text: String = (0..100).map(|i| format!("line {i:03}\n")).collect();
    let total = crate::count::char_len(&text);
    let c = cut(&text, total, 200);
    assert!(crate::count::char_len(&c.text) <= 200, "{}", c.text);
    assert!(c.text.starts_with("line 000\nline 001\n"), "{}", c.text);
    assert!(c.text.ends_with("line 099\n"), "{}", c.text);
    let marker = c.text.lines().find(|l| l.starts_with('…')).unwrap();
    assert_eq!(marker, format!("… [{} chars omitted] …", c.omitted));
    assert_eq!(c.shown + c.omitted, total);
    for line in c.text.lines().filter(|l| !l.starts_with('…')) {
        assert_eq!(line.len(), 8, "whole lines only: {line:?}");
    }
}

#[test]
fn cuts_multibyte_text_on_char_boundaries() {
    let text = "é".repeat(1000);
    let c = cut(&text, 1000, 100);
    assert!(crate::count::char_len(&c.text) <= 100);
    assert_eq!(c.shown + c.omitted, 1000);
    assert!(c.text.starts_with("éé") && c.text.ends_with("éé"));
}

#[test]
fn attribute_markers_are_never_cut() {
    let line: String = (0..500)
        .map(|i| format!("- link \"x\" [ref=e{i}] [cursor=pointer] "))
        .collect();
    for budget in (150..400).step_by(7) {
        let c = cut(&line, crate::count::char_len(&line), budget);
        assert!(crate::count::char_len(&c.text) <= budget);
        let mut rest = c.text.as_str();
        while let Some(at) = rest.find('[') {
            let close = rest[at..].find(']').map(|e| at + e + 1);
            let marker = &rest[at..close.unwrap_or(rest.len())];
            if marker.starts_with("[ref=") || marker.starts_with("[cursor") {
                assert!(
                    line.contains(marker),
                    "budget {budget}: {marker:?} is not in the input"
                );
            }
            rest = &rest[at + 1..];
        }
        assert!(
            !c.text.starts_with("e1") && !c.text.contains("\n=e"),
            "{}",
            c.text
        );
    }
}
