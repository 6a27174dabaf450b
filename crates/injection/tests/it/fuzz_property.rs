// The property the `injection_scan` fuzz target checks on any text (included there with
// `include!`, so it names its imports in full), and the proptest below on generated ones.

/// The detector on `text`: no panic; the prefilter changes no verdict; many texts at once get
/// the verdicts each gets alone; with every signal kept the verdict is the plain one; every
/// span lies on char boundaries, in order, without overlap; no looser grammar lets go a text its
/// grammar matches.
pub(crate) fn check_property(text: &str) {
    use mcp_lean_injection::{
        Origin, scan, scan_all, scan_keeping, scan_unfiltered, signals_found, spans,
    };
    for origin in [Origin::Page, Origin::Tool] {
        let found = scan(text, origin);
        assert_eq!(found, scan_unfiltered(text, origin), "{origin:?} {text:?}");
        assert_eq!(
            found,
            scan_keeping(text, origin, &|_| true),
            "{origin:?} {text:?}"
        );
        let lines: Vec<&str> = text.split('\n').collect();
        for (line, together) in lines.iter().zip(scan_all(&lines, origin)) {
            assert_eq!(together, scan(line, origin), "{origin:?} {line:?}");
        }
    }
    let _ = signals_found(text);
    let missing = mcp_lean_injection::looser_grammars_missing(text);
    assert!(
        missing.is_empty(),
        "{text:?}: looser grammars miss {missing:?}"
    );
    let mut end = 0;
    for span in spans(text) {
        assert!(span.start >= end && span.start < span.end && span.end <= text.len());
        assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
        end = span.end;
    }
}
