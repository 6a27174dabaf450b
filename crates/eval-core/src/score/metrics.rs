//! Per-run call metrics: precision, recall and F1 of the actual calls against the expected
//! ones, calls to unknown tools, and arguments the tool's own `inputSchema` rejects.

mod schema_checks;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, VecDeque};

use serde::Serialize;

use super::{Tools, bounds};
use crate::suite::Expectations;
use crate::trajectory::ToolCall;
use schema_checks::check_schemas;

/// At most this many schema violations and unknown tool names are listed per run (the
/// counts and shares stay exact).
pub const MAX_LISTED: usize = 50;

/// How well one run's tool calls fit what was expected, and how well-formed they were.
///
/// Informative only: neither scoring mode looks at these numbers for pass or fail.
///
/// # Precision, recall and F1
///
/// Actual calls are matched one to one with the expected calls of the scenario, each
/// expected call `{name, args, min, max}` taking calls that match its name and arguments
/// (with its `argsMatch` options), at most `max` of them. `min` and `max` are the ones the
/// standard score uses: as written, else the order mode's defaults (`min` 0 in `subset`
/// mode, else 1; `max` 1 in `strict` mode, else unbounded; `count: n` is `min = max = n`).
///
/// - **recall** = `satisfied / required`: `required` is the sum of the expected calls'
///   `min`, `satisfied` how many of those calls the best matching fills. An expected call
///   with `min: 3` and two matching calls adds 2 of 3; an optional call (`min: 0`) adds
///   nothing either way. A name listed twice needs two calls: one call fills only one of
///   them (unlike the standard tool score, which checks each expected call on its own).
/// - **precision** = `matched / calls`: the calls the matching uses, within each expected
///   call's `max`, over all calls. A call of no expected tool, a forbidden call, a call
///   with the wrong arguments and a call beyond `max` all lower it.
/// - **F1** = `2 · precision · recall / (precision + recall)`.
///
/// The matching first fills as much of `required` as possible, then uses as many calls as
/// possible (a maximum flow, so the result does not depend on the order of the calls or of
/// the expected calls). Order (`order: strict`) is not looked at: the standard score gates
/// on it. Both scoring modes compute the same metrics, with arguments and counts, so they
/// can be compared across modes.
///
/// Empty cases, never NaN: no calls gives precision 1 (nothing wrong was called); nothing
/// required gives recall 1; F1 is 0 when precision and recall are both 0. So no expected
/// and no actual calls is 1/1/1, calls where none were expected is 0/1/0, and no calls
/// where some were required is 1/0/0.
///
/// # Unknown tools and schema violations
///
/// Only when the tools the agent was offered are known (a transcripts file's header line,
/// `runner::RunConfig::tools`); `None` otherwise, as for old transcripts.
///
/// - **unknown tool share** = calls whose name is not in the tool list / calls (0 without
///   calls).
/// - **schema-invalid share** = checked calls whose arguments the tool's `inputSchema`
///   rejects / checked calls (0 when nothing was checked). A call is checked when its tool
///   is known and has a schema that compiles; arguments `null` (none recorded) are checked
///   as `{}`, as servers read them. Each schema is compiled once per run, on its tool's first
///   call; one that does not compile is listed in
///   [`bad_schemas`](CallMetrics::bad_schemas) and its calls are not checked. Schemas and
///   arguments nesting more than 32 levels are not validated (the validator recurses per
///   level).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CallMetrics {
    /// Calls the agent made.
    pub calls: usize,
    /// Calls matched to an expected call within its `max`.
    pub matched: usize,
    /// Calls the expected calls require: the sum of their `min`.
    pub required: u64,
    /// Required calls that were made.
    pub satisfied: u64,
    /// `matched / calls`; 1 without calls.
    pub precision: f64,
    /// `satisfied / required`; 1 when nothing is required.
    pub recall: f64,
    /// The harmonic mean of precision and recall; 0 when both are 0.
    pub f1: f64,
    /// Share of calls to tools not in the tool list; `None` when the tools are unknown.
    pub unknown_tool_share: Option<f64>,
    /// The unknown tools that were called, each once, in call order (at most
    /// [`MAX_LISTED`]).
    pub unknown_tools: Vec<String>,
    /// Calls whose arguments were validated against their tool's schema.
    pub schema_checked: usize,
    /// Checked calls whose arguments the schema rejected.
    pub schema_invalid: usize,
    /// `schema_invalid / schema_checked` (0 when nothing was checked); `None` when the tools
    /// are unknown.
    pub schema_invalid_share: Option<f64>,
    /// The rejected calls, in call order (at most [`MAX_LISTED`]).
    pub schema_violations: Vec<SchemaViolation>,
    /// Tools whose `inputSchema` could not be used, each once.
    pub bad_schemas: Vec<BadSchema>,
}

/// A call whose arguments its tool's `inputSchema` rejects.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SchemaViolation {
    /// The call's position in the trajectory, from 0.
    pub index: usize,
    /// The tool.
    pub tool: String,
    /// What the validator said: up to three `at <pointer>: <reason>` parts.
    pub message: String,
}

/// A tool whose `inputSchema` does not compile, so its calls could not be checked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BadSchema {
    /// The tool.
    pub tool: String,
    /// Why the schema cannot be used.
    pub message: String,
}

/// `part / whole`, or `empty` when `whole` is 0.
fn ratio(part: f64, whole: f64, empty: f64) -> f64 {
    if whole > 0.0 { part / whole } else { empty }
}

pub(super) fn compute(
    expectations: &Expectations,
    actual: &[ToolCall],
    tools: &Tools<'_>,
) -> CallMetrics {
    let (matched, required, satisfied) = matching(expectations, actual, tools);
    let precision = ratio(matched as f64, actual.len() as f64, 1.0);
    let recall = ratio(satisfied as f64, required as f64, 1.0);
    let f1 = ratio(2.0 * precision * recall, precision + recall, 0.0);
    let mut out = CallMetrics {
        calls: actual.len(),
        matched,
        required,
        satisfied,
        precision,
        recall,
        f1,
        unknown_tool_share: None,
        unknown_tools: Vec::new(),
        schema_checked: 0,
        schema_invalid: 0,
        schema_invalid_share: None,
        schema_violations: Vec::new(),
        bad_schemas: Vec::new(),
    };
    if tools.known.is_some() {
        check_schemas(actual, tools, &mut out);
    }
    out
}

/// `(matched, required, satisfied)` of the best one-to-one matching (see [`CallMetrics`]).
///
/// A flow network: source → one node per class of calls that match the same expected calls
/// (capacity: the calls in it) → one node per expected call → sink. Grouping keeps the
/// network small when a run repeats the same call many times. The sink edges first carry
/// each expected call's `min` (the maximum flow is then `satisfied`), then are raised to its
/// `max` and the flow is augmented: augmenting paths never take flow off a sink edge, so
/// `satisfied` stays maximal while the total becomes the largest possible `matched`.
fn matching(
    expectations: &Expectations,
    actual: &[ToolCall],
    tools: &Tools<'_>,
) -> (usize, u64, u64) {
    let expected = &expectations.tool_calls;
    let calls = actual.len() as u64;
    let limits: Vec<(u64, u64)> = expected
        .iter()
        .map(|e| {
            let (min, max) = bounds(e, expectations.order);
            let min = u64::from(min);
            let max = max.map_or(calls, |m| u64::from(m).max(min));
            (min, max)
        })
        .collect();
    let required = limits
        .iter()
        .map(|&(min, _)| min)
        .fold(0u64, u64::saturating_add);
    if expected.is_empty() || actual.is_empty() {
        return (0, required, 0);
    }
    let mut classes: BTreeMap<Vec<usize>, u64> = BTreeMap::new();
    for call in actual {
        let row: Vec<usize> = expected
            .iter()
            .enumerate()
            .filter(|(_, e)| super::matches(e, call, tools))
            .map(|(j, _)| j)
            .collect();
        if !row.is_empty() {
            *classes.entry(row).or_insert(0) += 1;
        }
    }
    let (k, e) = (classes.len(), expected.len());
    let (source, sink) = (0, k + e + 1);
    let mut net = Network::new(k + e + 2);
    for (c, (row, count)) in classes.iter().enumerate() {
        net.edge(source, 1 + c, *count);
        for &j in row {
            net.edge(1 + c, 1 + k + j, *count);
        }
    }
    let sink_edges: Vec<usize> = limits
        .iter()
        .enumerate()
        .map(|(j, &(min, _))| net.edge(1 + k + j, sink, min.min(calls)))
        .collect();
    let satisfied = net.max_flow(source, sink);
    for (&edge, &(min, max)) in sink_edges.iter().zip(&limits) {
        net.raise(edge, max.min(calls) - min.min(calls));
    }
    let extra = net.max_flow(source, sink);
    let matched = usize::try_from(satisfied.saturating_add(extra)).unwrap_or(usize::MAX);
    (matched, required, satisfied)
}

/// A flow network for Dinic's algorithm, with iterative searches (no recursion, whatever
/// the size). Edge `i` and its reverse `i ^ 1` are stored side by side.
struct Network {
    adjacent: Vec<Vec<usize>>,
    to: Vec<usize>,
    residual: Vec<u64>,
}

impl Network {
    fn new(nodes: usize) -> Network {
        Network {
            adjacent: vec![Vec::new(); nodes],
            to: Vec::new(),
            residual: Vec::new(),
        }
    }

    /// Adds an edge and returns its id.
    fn edge(&mut self, from: usize, to: usize, capacity: u64) -> usize {
        let id = self.to.len();
        self.to.extend([to, from]);
        self.residual.extend([capacity, 0]);
        self.adjacent[from].push(id);
        self.adjacent[to].push(id + 1);
        id
    }

    fn raise(&mut self, edge: usize, by: u64) {
        self.residual[edge] = self.residual[edge].saturating_add(by);
    }

    fn max_flow(&mut self, source: usize, sink: usize) -> u64 {
        let mut total = 0u64;
        loop {
            let level = self.levels(source);
            if level[sink] == usize::MAX {
                return total;
            }
            let mut next = vec![0usize; self.adjacent.len()];
            loop {
                let pushed = self.augment(source, sink, &level, &mut next);
                if pushed == 0 {
                    break;
                }
                total = total.saturating_add(pushed);
            }
        }
    }

    /// Breadth-first distances from `source` over edges with residual capacity.
    fn levels(&self, source: usize) -> Vec<usize> {
        let mut level = vec![usize::MAX; self.adjacent.len()];
        level[source] = 0;
        let mut queue = VecDeque::from([source]);
        while let Some(v) = queue.pop_front() {
            for &e in &self.adjacent[v] {
                let w = self.to[e];
                if self.residual[e] > 0 && level[w] == usize::MAX {
                    level[w] = level[v] + 1;
                    queue.push_back(w);
                }
            }
        }
        level
    }

    /// Pushes flow along one path of the level graph; 0 when there is none left.
    fn augment(&mut self, source: usize, sink: usize, level: &[usize], next: &mut [usize]) -> u64 {
        let mut path: Vec<usize> = Vec::new();
        let mut v = source;
        loop {
            if v == sink {
                let flow = path.iter().map(|&e| self.residual[e]).min().unwrap_or(0);
                for &e in &path {
                    self.residual[e] -= flow;
                    self.residual[e ^ 1] = self.residual[e ^ 1].saturating_add(flow);
                }
                return flow;
            }
            let mut advanced = false;
            while let Some(&e) = self.adjacent[v].get(next[v]) {
                let w = self.to[e];
                if self.residual[e] > 0 && level[w] == level[v].saturating_add(1) {
                    path.push(e);
                    v = w;
                    advanced = true;
                    break;
                }
                next[v] += 1;
            }
            if !advanced {
                let Some(e) = path.pop() else {
                    return 0;
                };
                v = self.to[e ^ 1];
                next[v] += 1;
            }
        }
    }
}
