//! Why a goal digest kept each node: for whoever tunes or debugs it.

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
            let short: String = name.chars().take(50).collect();
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
