//! Unit tests of the client settings.

use super::*;

#[test]
fn waits_double_and_are_capped() {
    let config = Config {
        backoff: Duration::from_millis(100),
        max_retry_wait: Duration::from_secs(1),
        ..Config::default()
    };
    assert_eq!(config.retry_wait(0, None), Duration::from_millis(100));
    assert_eq!(config.retry_wait(2, None), Duration::from_millis(400));
    assert_eq!(config.retry_wait(40, None), Duration::from_secs(1));
    assert_eq!(config.retry_wait(3, Some(Duration::ZERO)), Duration::ZERO);
    assert_eq!(
        config.retry_wait(0, Some(Duration::from_millis(700))),
        Duration::from_millis(700)
    );
    assert_eq!(
        config.retry_wait(0, Some(Duration::from_secs(3600))),
        Duration::from_secs(1)
    );
    let key = Config {
        api_key: Some("sk-secret".to_owned()),
        ..Config::default()
    };
    assert!(!format!("{key:?}").contains("sk-secret"));
}
