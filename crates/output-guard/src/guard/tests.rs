//! Unit tests of the guard's text layout.

use super::{header, human};
use std::time::Duration;

#[test]
fn header_is_the_documented_counts_line() {
    assert_eq!(
        header(10, 4, 3, false, Some("tok")),
        "counts: totalLength=10, shownLength=4, truncated=true, estimatedTokens=3, confirmToken=tok"
    );
    assert!(!header(10, 4, 3, false, None).contains("confirmToken"));
    assert_eq!(
        header(10, 4, 3, true, Some("tok")),
        "counts: totalLength=10, shownLength=4, truncated=true, estimatedTokens=3, output=decodedJsonString, confirmToken=tok"
    );
}

#[test]
fn durations_read_as_minutes_or_seconds() {
    assert_eq!(human(Duration::from_secs(600)), "10 min");
    assert_eq!(human(Duration::from_secs(90)), "90 s");
}
