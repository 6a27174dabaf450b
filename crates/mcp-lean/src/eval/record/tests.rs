//! Default record names: the suite's name made safe for a file, the UTC time, a suffix
//! instead of overwriting.

use std::time::{Duration, UNIX_EPOCH};

use serde_json::json;

use super::*;

#[test]
fn suite_names_become_safe_file_names() {
    assert_eq!(file_stem("Shop browser agent"), "shop-browser-agent");
    assert_eq!(file_stem("../../etc/passwd"), "etc-passwd");
    assert_eq!(file_stem("a/b\\c:d*e?f\"g<h>i|j"), "a-b-c-d-e-f-g-h-i-j");
    assert_eq!(file_stem(" Ümlaut Test_1.2 "), "ümlaut-test_1.2");
    assert_eq!(file_stem("..."), "suite");
    assert_eq!(file_stem(""), "suite");
    assert_eq!(file_stem("x.").len(), 1);
    assert_eq!(file_stem(&"long ".repeat(40)).chars().count(), 59);
}

#[test]
fn the_time_is_utc_in_the_basic_format() {
    assert_eq!(utc_stamp(UNIX_EPOCH), "19700101T000000Z");
    let leap = UNIX_EPOCH + Duration::from_secs(951_825_600 + 3_723);
    assert_eq!(utc_stamp(leap), "20000229T130203Z");
    let later = UNIX_EPOCH + Duration::from_secs(1_767_608_102);
    assert_eq!(utc_stamp(later), "20260105T101502Z");
}

#[test]
fn a_second_record_in_the_same_second_gets_a_suffix() {
    let dir = std::env::temp_dir().join(format!("mcp-lean-record-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let runs = dir.join(DEFAULT_DIR);
    let suite = json!({"name": "Shop / checkout", "scenarios": []});
    let at = UNIX_EPOCH + Duration::from_secs(1_767_608_102);
    let first = Recorder::create_in(&runs, &suite, &[], at).expect("a record");
    let second = Recorder::create_in(&runs, &suite, &[], at).expect("another record");
    assert_eq!(
        first.path(),
        runs.join("shop-checkout-20260105T101502Z.jsonl")
    );
    assert_eq!(
        second.path(),
        runs.join("shop-checkout-20260105T101502Z-2.jsonl")
    );
    let header = std::fs::read_to_string(first.path()).expect("the header");
    let header: serde_json::Value = serde_json::from_str(header.trim()).expect("JSON");
    assert_eq!(header["suite"]["name"], "Shop / checkout");
    assert_eq!(header["tools"], json!([]));
    drop((first, second));
    let _ = std::fs::remove_dir_all(&dir);
}
