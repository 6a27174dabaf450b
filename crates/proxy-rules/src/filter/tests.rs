//! Unit tests of the tool filter's globs.

use super::glob;

#[test]
fn globs_match_runs_of_chars() {
    for (p, n, m) in [
        ("browser_*", "browser_click", true),
        ("browser_*", "browser_", true),
        ("browser_*", "take_snapshot", false),
        ("*_tabs", "browser_tabs", true),
        ("*network*", "browser_network_requests", true),
        ("a*b*c", "axxbyyc", true),
        ("a*b*c", "axxbyy", false),
        ("exact", "exact", true),
        ("exact", "exactly", false),
        ("**", "", true),
    ] {
        assert_eq!(glob(p, n), m, "{p} {n}");
    }
}
