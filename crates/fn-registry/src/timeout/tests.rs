//! Unit tests of the timeout policy.

use std::time::Duration;

use super::*;

#[test]
fn resolves_and_clamps() {
    let p = TimeoutPolicy::default();
    assert_eq!(p.resolve(Some(Duration::ZERO)), Duration::from_millis(100));
    assert_eq!(
        p.resolve(Some(Duration::from_secs(7))),
        Duration::from_secs(7)
    );
    let odd = TimeoutPolicy {
        min: Duration::from_secs(10),
        max: Duration::from_secs(1),
        ..p
    };
    assert_eq!(
        odd.resolve(Some(Duration::from_secs(5))),
        Duration::from_secs(1)
    );
}

#[test]
fn formats_durations() {
    assert_eq!(seconds(Duration::from_millis(250)), "250 ms");
    assert_eq!(seconds(Duration::from_millis(1500)), "1.5 s");
    assert_eq!(seconds(Duration::from_secs(30)), "30 s");
}
