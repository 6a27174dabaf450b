//! `mcp-lean eval compare`: two live runs of the example suite recorded (the shop server
//! directly, then through `mcp-lean proxy`) and compared in the three formats; records that
//! do not belong together or are damaged.

use serde_json::Value;

use crate::eval_live::{example_suite, lines, live, shop_agent, shop_server, temp_path, text};
use crate::run;

#[test]
fn two_live_runs_direct_and_through_the_proxy_compare_in_three_formats() {
    let model = scripted_llm::serve_fn(shop_agent);
    let direct = temp_path("direct.jsonl");
    let out = live(&model.url, &direct, &["--jobs", "2"], &example_suite());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    // The same suite with the server behind the proxy: the server command is
    // `mcp-lean proxy -- node shop-mcp-server.mjs`.
    let proxied = temp_path("proxy.jsonl");
    let record = proxied.display().to_string();
    let server = shop_server();
    let out = run(
        &[
            "eval",
            "run",
            &example_suite(),
            "--model",
            "scripted",
            "--api-url",
            &model.url,
            "--record",
            &record,
            "--base-url",
            "http://shop.test",
            "--server",
            "--",
            env!("CARGO_BIN_EXE_mcp-lean"),
            "proxy",
            "--",
            "node",
            &server,
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let tools: Vec<String> = lines(&proxied)[0]["tools"]
        .as_array()
        .expect("tools")
        .iter()
        .filter_map(|t| t["name"].as_str().map(str::to_owned))
        .collect();
    assert!(
        tools.iter().any(|t| t == "confirm_output"),
        "the proxy's own tool shows it ran: {tools:?}"
    );

    let (a, b) = (direct.display().to_string(), record.clone());
    let md = run(&["eval", "compare", &a, &b], None);
    let stdout = text(&md.stdout);
    assert_eq!(md.status.code(), Some(0), "{}", text(&md.stderr));
    assert!(
        stdout.starts_with("# Compare: Shop browser agent (standard mode)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("**4 scenarios in both: 4 passed in A, 4 in B**"),
        "{stdout}"
    );
    assert!(stdout.contains("| steps | 16 | 16 | 0 |"), "{stdout}");
    assert!(
        stdout.contains("| read-cart-total | same | ✅ pass 3/3 | ✅ pass 3/3 |"),
        "{stdout}"
    );

    let json = run(&["eval", "compare", &a, &b, "--format", "json"], None);
    let value: Value = serde_json::from_slice(&json.stdout).expect("JSON");
    assert_eq!(value["totalA"]["passed"], 4);
    assert_eq!(value["totalB"]["passed"], 4);
    assert_eq!(value["delta"]["steps"], 0);
    assert_eq!(value["totalA"]["usage"]["promptTokens"], 160);
    assert!(value["totalB"]["usage"]["toolOutputTokens"].as_u64() > Some(0));
    assert_eq!(value["scenarios"].as_array().map(Vec::len), Some(4));

    let junit = run(&["eval", "compare", &a, &b, "--format", "junit"], None);
    let xml = text(&junit.stdout);
    let file = temp_path("compare.xml");
    std::fs::write(&file, &xml).expect("write the JUnit file");
    crate::junit::assert_valid_junit(&file, &xml);
    assert!(
        xml.contains("tests=\"4\" failures=\"0\"") && xml.contains("<testcase name=\"sign-in\""),
        "{xml}"
    );
    for f in [direct, proxied, file] {
        let _ = std::fs::remove_file(f);
    }
}

const HEADER: &str = r#"{"suite":{"name":"limits","scenarios":[{"id":"look","prompt":"Look.","expectations":{"toolCalls":["browser_snapshot"]}}]},"tools":[]}"#;
const LOOKED: &str =
    r#"{"scenarioId":"look","toolCalls":[{"name":"browser_snapshot"}],"finalText":"ok"}"#;
const DID_NOTHING: &str = r#"{"scenarioId":"look","toolCalls":[],"finalText":"no"}"#;

fn write(name: &str, contents: &str) -> String {
    let path = temp_path(name);
    std::fs::write(&path, contents).expect("write a record");
    path.display().to_string()
}

#[test]
fn a_scenario_that_now_fails_exits_1_and_damaged_records_are_named_with_their_lines() {
    let good = write("good.jsonl", &format!("{HEADER}\n{LOOKED}\n"));
    // A run of a scenario the suite lacks, and a last line cut off mid-write.
    let worse = write(
        "worse.jsonl",
        &format!(
            "{HEADER}\n{DID_NOTHING}\n{{\"scenarioId\":\"elsewhere\"}}\n{{\"scenarioId\":\"look\",\"toolCa"
        ),
    );
    let out = run(&["eval", "compare", &good, &worse], None);
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "now fails: {stderr}");
    assert!(
        stderr.contains(&format!(
            "mcp-lean: warning: {worse} line 3: scenario \"elsewhere\" is not in the suite \"limits\"; its runs are left out"
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains(&format!("{worse} line 4 is cut off")),
        "{stderr}"
    );
    assert!(
        text(&out.stdout).contains("- look now fails (why in B: expected browser_snapshot"),
        "{}",
        text(&out.stdout)
    );

    let other = write(
        "other.jsonl",
        &format!("{}\n{LOOKED}\n", HEADER.replace("\"limits\"", "\"other\"")),
    );
    let out = run(&["eval", "compare", &good, &other], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains(&format!(
            "holds runs of the suite \"limits\" and {other} of \"other\"; compare two records of one suite"
        )),
        "{}",
        text(&out.stderr)
    );

    let empty = write("empty.jsonl", &format!("{HEADER}\n"));
    let out = run(&["eval", "compare", &good, &empty], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains(&format!(
            "{empty} holds no runs; record some with eval run --server"
        )),
        "{}",
        text(&out.stderr)
    );

    let broken = write("broken.jsonl", &format!("{HEADER}\n{{oops\n{LOOKED}\n"));
    let out = run(&["eval", "compare", &good, &broken], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains(&format!(
            "mcp-lean: {broken}: the transcript is not valid at line 2"
        )),
        "{}",
        text(&out.stderr)
    );

    // Records from before records carried their suite need --suite; with it they compare.
    let old = write("old.jsonl", &format!("{LOOKED}\n"));
    let out = run(&["eval", "compare", &old, &old], None);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("give it with --suite FILE"),
        "{}",
        text(&out.stderr)
    );
    let suite = write(
        "suite.json",
        &HEADER[9..HEADER.find(",\"tools\"").unwrap_or(0)],
    );
    let out = run(&["eval", "compare", &old, &good, "--suite", &suite], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));

    let out = run(&["eval", "compare", &good, "/no/such.jsonl"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("cannot read /no/such.jsonl"),
        "{}",
        text(&out.stderr)
    );
    for f in [good, worse, other, empty, broken, old, suite] {
        let _ = std::fs::remove_file(f);
    }
}
