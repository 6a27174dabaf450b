//! Why a goal digest kept each node: for whoever tunes or debugs it.

use super::credit::WordCredit;
use super::goal::Goal;
use crate::tree::Snapshot;

/// Longest name an explanation line shows, in chars: enough to tell the node.
const SHOWN_NAME_CHARS: usize = 50;

/// How a node came into a goal digest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeptAs {
    /// One of the best matches for the goal.
    Match,
    /// Context of a match: an ancestor, its section heading, a control of its form, a node of
    /// its subtree.
    Context,
    /// A further candidate control in the ranked list.
    Candidate,
    /// The snapshot fit the budget and came back whole.
    Whole,
}

impl KeptAs {
    /// `match`, `context`, `candidate` or `whole`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Match => "match",
            Self::Context => "context",
            Self::Candidate => "candidate",
            Self::Whole => "whole",
        }
    }
}

/// One goal concept's credit to a node's score.
#[derive(Debug, Clone, PartialEq)]
pub struct ScorePart {
    /// The concept: a goal word's stem or a quoted phrase.
    pub concept: String,
    /// The credit, after match quality, idf and the concept's weight.
    pub credit: f32,
    /// Where it was found: `own` (the node or, for controls and headings, its subtree),
    /// `label` (a label-like previous sibling), `parent`, `nearby` (text shortly before),
    /// `item` (the item of a control repeated in every item) or `section` (the part of the
    /// page an in-page link leads to).
    pub source: &'static str,
}

/// Why a node is in a goal digest.
///
/// # Example
///
/// ```
/// use snapshot_digest::{DigestConfig, KeptAs, explain_digest, parse};
///
/// let snap = parse("- button \"Sign in\" [ref=e1]\n- button \"Help\" [ref=e2]")?;
/// let config = DigestConfig { max_tokens: 12, ..DigestConfig::default() };
/// let (_, why) = explain_digest(&snap, "sign in", &config);
/// let first = &why[0];
/// assert_eq!((first.aria_ref.as_deref(), first.kept_as), (Some("e1"), KeptAs::Match));
/// assert!(first.parts.iter().any(|p| p.concept == "sign"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Explanation {
    /// The node's line in the snapshot (1-based).
    pub line: usize,
    /// Its role.
    pub role: String,
    /// Its accessible name, if it has one.
    pub name: Option<String>,
    /// Its ref, if it has one.
    pub aria_ref: Option<String>,
    /// How it came in.
    pub kept_as: KeptAs,
    /// Its score: the sum of its parts, times `prior` and `boost`; 0 for an echo.
    pub score: f32,
    /// The role prior from the goal's intent (controls for actions, text for questions).
    pub prior: f32,
    /// Boosts: main content, form controls when the goal carries values to enter.
    pub boost: f32,
    /// Text that restates the goal: shown as context at most, never a match.
    pub echo: bool,
    /// The concepts that credited it.
    pub parts: Vec<ScorePart>,
}

impl std::fmt::Display for Explanation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {} {}", self.line, self.role)?;
        if let Some(name) = &self.name {
            let short: String = name.chars().take(SHOWN_NAME_CHARS).collect();
            write!(f, " {short:?}")?;
        }
        if let Some(r) = &self.aria_ref {
            write!(f, " [ref={r}]")?;
        }
        write!(
            f,
            ": {} score {:.2} (prior {:.2}, boost {:.2})",
            self.kept_as.as_str(),
            self.score,
            self.prior,
            self.boost
        )?;
        if self.echo {
            f.write_str(", echoes the goal")?;
        }
        for (i, p) in self.parts.iter().enumerate() {
            let sep = if i == 0 { "; " } else { ", " };
            write!(f, "{sep}{} {:.2} {}", p.concept, p.credit, p.source)?;
        }
        Ok(())
    }
}

/// The nodes a goal digest's page shows, by how they came in.
pub(crate) struct Shown<'p> {
    /// The matches, best first.
    pub(crate) hits: &'p [usize],
    /// Per node, whether it is written as a match or its context.
    pub(crate) kept: &'p [bool],
    /// The candidates listed, in the learned order.
    pub(crate) listed: &'p [usize],
}

/// Why each node of a goal digest's page is in it: its matches, their context, its
/// candidates, with the parts of each one's word credit.
pub(crate) fn explanations(
    snap: &Snapshot<'_>,
    goal: &Goal,
    credit: &WordCredit<'_, '_>,
    shown: Shown<'_>,
) -> Vec<Explanation> {
    let nodes = snap.nodes();
    let mut out = Vec::new();
    let mut add = |i: usize, kept_as: KeptAs| {
        let s = credit.explain(i);
        let node = &nodes[i];
        out.push(Explanation {
            line: node.line(),
            role: node.role().to_owned(),
            name: node.name().map(str::to_owned),
            aria_ref: node.aria_ref().map(|r| r.as_str().to_owned()),
            kept_as,
            score: s.total,
            prior: s.prior,
            boost: s.boost,
            echo: s.echo,
            parts: s
                .parts
                .iter()
                .map(|&(k, credit, source)| ScorePart {
                    concept: goal.concepts[k]
                        .alts
                        .first()
                        .map(|a| a.text.clone())
                        .unwrap_or_default(),
                    credit,
                    source: source.as_str(),
                })
                .collect(),
        });
    };
    for &i in shown.hits {
        add(i, KeptAs::Match);
    }
    for (i, &k) in shown.kept.iter().enumerate() {
        if k && !shown.hits.contains(&i) {
            add(i, KeptAs::Context);
        }
    }
    for &i in shown.listed {
        add(i, KeptAs::Candidate);
    }
    out
}
