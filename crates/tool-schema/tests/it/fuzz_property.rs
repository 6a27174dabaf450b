// The property the fuzz target checks, shared with `cargo test` (the fuzz target includes this
// file with `include!`, so it has no inner doc comment).

/// No input panics the lint, with or without a profile; every report renders in each format;
/// the invocation-cost signals obey their formula and the traversal cap.
pub(crate) fn check_property(text: &str) {
    use tool_schema::{Config, Profile, parse_tools_str};

    let Ok(tools) = parse_tools_str(text) else {
        return;
    };
    for config in [
        Config::default(),
        Config::default().with_profile(Profile::OpenaiStrict),
    ] {
        let report = tool_schema::lint(&tools, &config);
        let _ = report.to_text("fuzz.json");
        let _ = report.to_sarif("fuzz.json");
        assert!(report.to_json().is_object());
        for score in report.tool_scores() {
            let c = score.cost;
            assert!(c.schema_depth <= 10, "{c:?}");
            let want = u64::from(c.required_field_count)
                + 2 * u64::from(c.schema_depth.saturating_sub(1))
                + 2 * u64::from(c.union_choice_count);
            assert_eq!(
                u64::from(c.invocation_cost),
                want.min(u64::from(u32::MAX)),
                "{c:?}"
            );
        }
        for s in &report.server_score().shadow_candidates {
            assert!(tool_schema::score::is_shadow_candidate(
                s.cheaper_sibling_invocation_cost,
                s.invocation_cost
            ));
        }
    }
}
