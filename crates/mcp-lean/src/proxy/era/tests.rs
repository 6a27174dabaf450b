//! What the proxy keeps, shapes and answers differently for each protocol era.

use super::*;

#[test]
fn lifecycle_keys_stay_with_the_proxy() {
    let mut meta = RequestMetaObject::default();
    meta.0.0.insert(
        "io.modelcontextprotocol/protocolVersion".to_owned(),
        "2026-07-28".into(),
    );
    meta.0.0.insert("progressToken".to_owned(), 7.into());
    meta.0.0.insert("vendor/trace".to_owned(), "abc".into());
    let kept = forwarded_meta(meta);
    assert_eq!(kept.0.0.len(), 2);
    assert!(kept.0.0.contains_key("vendor/trace"));
}

#[test]
fn a_missing_resource_is_invalid_params_with_its_uri_for_the_2026_era() {
    let missing = || ErrorData::new(ErrorCode::RESOURCE_NOT_FOUND, "no such resource", None);
    let modern = shape_error(
        missing(),
        Some(&ProtocolVersion::V_2026_07_28),
        Some("test://x"),
    );
    assert_eq!(modern.code, ErrorCode::INVALID_PARAMS);
    assert_eq!(modern.data, Some(serde_json::json!({"uri": "test://x"})));
    let older = shape_error(
        missing(),
        Some(&ProtocolVersion::V_2025_11_25),
        Some("test://x"),
    );
    assert_eq!(older.code, ErrorCode::RESOURCE_NOT_FOUND);
    assert_eq!(older.data, None);
}

#[test]
fn a_modern_server_answers_an_older_client_at_the_clients_version() {
    let mut server = InitializeResult::default();
    server.protocol_version = ProtocolVersion::V_2026_07_28;
    let info = initialize_answer(&server, &ProtocolVersion::V_2025_06_18);
    assert_eq!(info.protocol_version, ProtocolVersion::V_2025_06_18);
    assert!(info.capabilities.tools.is_some());
    let discovered = discover_answer(&server);
    assert!(
        discovered
            .supported_versions
            .contains(&ProtocolVersion::V_2025_11_25)
    );
}
