//! Scores per tool and per server, and the deterministic signals published scorers use.
//!
//! Weights (from the reference table, as mcpgrade uses them): a tool starts at 100 and loses 10
//! per error, 4 per warning and 1 per info finding, floored at 0. The server score is
//! `round(0.6 · mean + 0.4 · min)` over its tools (Glama's blend, which keeps one bad tool
//! visible), minus the penalties of findings about the whole list (`TT-CATALOG`, `TT-COUNT`).
//! Grades: A ≥ 90, B ≥ 80, C ≥ 70, D ≥ 60, else F.
//!
//! Beside the score, each tool carries the deterministic signals of Glama's Tool Definition
//! Quality Score (TDQS v1.2): [`invocation_cost`] over the required subtree, and the server
//! its [`shadow_pairs`] prefilter. TDQS itself is an LLM's grades on six dimensions (purpose
//! clarity, usage guidelines, behavioural transparency, parameter semantics, conciseness,
//! contextual completeness) and a second LLM call for server coherence (disambiguation,
//! naming, tool count, completeness) that also confirms or rejects each shadowing candidate;
//! those grades, the tiers and rollups built on them, and the confirmation are not reproduced
//! here (`docs/tdqs.md` lists every part and where it stands).

mod cost;
mod shadow;

use serde::Serialize;
use serde_json::Value;

pub use cost::{InvocationCost, invocation_cost};
pub use shadow::{ShadowCandidate, is_shadow_candidate, shadow_pairs};

use crate::finding::{Finding, Severity};
use crate::model::Tool;
use crate::schema::is_described;

/// The score of one tool.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolScore {
    /// Position in the list.
    pub index: usize,
    /// The tool's name, when it has one.
    pub name: Option<String>,
    /// 0–100.
    pub score: u32,
    /// A–F.
    pub grade: char,
    /// Findings by severity: errors, warnings, infos.
    pub counts: [usize; 3],
    /// Glama's `schemaDescriptionCoverage`: `round(described / params · 100)` over the top-level
    /// parameters; `None` for a tool without parameters.
    pub schema_description_coverage: Option<u32>,
    /// Glama's invocation-cost signals of the input schema (see [`invocation_cost`]),
    /// serialized flat: `requiredFieldCount`, `schemaDepth`, `unionChoiceCount`,
    /// `invocationCost`.
    #[serde(flatten)]
    pub cost: InvocationCost,
    /// Estimated tokens of the definition (compact JSON, chars / 4, see [`crate::tokens::estimate_tokens`]).
    pub definition_tokens: usize,
}

/// The score of a whole tool list.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ServerScore {
    /// 0–100.
    pub score: u32,
    /// A–F.
    pub grade: char,
    /// Number of tools.
    pub tools: usize,
    /// Lowest tool score (100 for an empty list).
    pub min_tool_score: u32,
    /// Estimated tokens of all definitions.
    pub total_tokens: usize,
    /// Description coverage over the top-level parameters of all tools; `None` without any.
    pub schema_description_coverage: Option<u32>,
    /// Glama's shadowing prefilter: tools that may be shadowed by a much cheaper sibling, at
    /// most one each. Unconfirmed (TDQS asks an LLM whether the purposes overlap), so they
    /// cost no points.
    pub shadow_candidates: Vec<ShadowCandidate>,
}

/// The grade of a 0–100 score.
pub fn grade(score: u32) -> char {
    match score {
        90.. => 'A',
        80..=89 => 'B',
        70..=79 => 'C',
        60..=69 => 'D',
        _ => 'F',
    }
}

fn severity_index(s: Severity) -> usize {
    match s {
        Severity::Error => 0,
        Severity::Warn => 1,
        Severity::Info => 2,
    }
}

pub(crate) fn score(
    tools: &[Tool],
    findings: &[Finding],
    tool_tokens: &[usize],
) -> (Vec<ToolScore>, ServerScore) {
    let mut per_tool: Vec<ToolScore> = tools
        .iter()
        .enumerate()
        .map(|(index, tool)| {
            let (described, params) = coverage(tool);
            ToolScore {
                index,
                name: tool.name().map(str::to_owned),
                score: 100,
                grade: 'A',
                counts: [0; 3],
                schema_description_coverage: ratio(described, params),
                cost: tool.input_schema().map(invocation_cost).unwrap_or_default(),
                definition_tokens: tool_tokens.get(index).copied().unwrap_or(0),
            }
        })
        .collect();
    let mut list_penalty = 0u32;
    for f in findings {
        match f.tool_index.and_then(|i| per_tool.get_mut(i)) {
            Some(t) => {
                t.counts[severity_index(f.severity)] += 1;
                t.score = t.score.saturating_sub(f.severity.penalty());
            }
            None => list_penalty += f.severity.penalty(),
        }
    }
    for t in &mut per_tool {
        t.grade = grade(t.score);
    }
    let min = per_tool.iter().map(|t| t.score).min().unwrap_or(100);
    let sum: u32 = per_tool.iter().map(|t| t.score).sum();
    #[allow(clippy::cast_precision_loss, reason = "scores and counts are small")]
    let mean = if per_tool.is_empty() {
        100.0
    } else {
        f64::from(sum) / per_tool.len() as f64
    };
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "0..=100"
    )]
    let blended = (0.6 * mean + 0.4 * f64::from(min))
        .round()
        .clamp(0.0, 100.0) as u32;
    let score = blended.saturating_sub(list_penalty);
    let (described, params) = tools
        .iter()
        .map(coverage)
        .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1));
    let costs: Vec<u32> = per_tool.iter().map(|t| t.cost.invocation_cost).collect();
    let shadow_candidates = shadow_pairs(&costs)
        .into_iter()
        .filter_map(|(dear, cheap)| {
            let (d, c) = (per_tool.get(dear)?, per_tool.get(cheap)?);
            Some(ShadowCandidate {
                tool_index: dear,
                tool: d.name.clone(),
                invocation_cost: d.cost.invocation_cost,
                cheaper_sibling_index: cheap,
                cheaper_sibling: c.name.clone(),
                cheaper_sibling_invocation_cost: c.cost.invocation_cost,
            })
        })
        .collect();
    let server = ServerScore {
        score,
        grade: grade(score),
        tools: tools.len(),
        min_tool_score: min,
        total_tokens: tool_tokens.iter().sum(),
        schema_description_coverage: ratio(described, params),
        shadow_candidates,
    };
    (per_tool, server)
}

fn ratio(part: usize, whole: usize) -> Option<u32> {
    #[allow(clippy::cast_possible_truncation, reason = "a percentage")]
    (whole > 0).then(|| ((part * 200 + whole) / (whole * 2)) as u32)
}

/// Described and total top-level parameters of a tool.
fn coverage(tool: &Tool) -> (usize, usize) {
    let Some(input) = tool.input_schema() else {
        return (0, 0);
    };
    let Some(props) = input.get("properties").and_then(Value::as_object) else {
        return (0, 0);
    };
    (
        props.values().filter(|p| is_described(input, p)).count(),
        props.len(),
    )
}
