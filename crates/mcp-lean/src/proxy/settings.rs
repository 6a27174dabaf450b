//! What the command line and the configuration file said, read once and shared by every
//! session: the profile and its overrides, the time limit, where statistics go, which snapshot
//! files may be read, and the LLM digest when one is set.

mod files;
mod stats_file;

use std::sync::Arc;
use std::time::Duration;

use mcp_proxy_rules::{GoalDigester, Profile, ToolFilter};

pub(crate) use files::{OutputFiles, OutputFolder, output_dir_of};
pub(crate) use stats_file::StatsFile;

/// What the command line and the configuration file said; shared by every session.
pub(crate) struct Settings {
    /// A built-in profile chosen with `--profile`.
    pub(crate) profile: Option<String>,
    /// The `--config` file's text.
    pub(crate) config: Option<String>,
    /// Where statistics go.
    pub(crate) stats: Option<StatsFile>,
    /// How long one request may wait for the server.
    pub(crate) timeout: Duration,
    /// Reads linked snapshot files, only under the server's output folder.
    pub(crate) files: Arc<OutputFiles>,
    /// What the command line sets over the profile and the configuration file.
    pub(crate) overrides: Overrides,
    /// Writes goal digests in place of the deterministic digest (`--llm-url`).
    pub(crate) goal_digester: Option<Arc<GoalDigester>>,
}

/// Settings from the command line, over the profile and the configuration file.
#[derive(Debug, Default)]
pub(crate) struct Overrides {
    pub(crate) max_result_tokens: Option<usize>,
    pub(crate) tools: Option<Vec<String>>,
    pub(crate) exclude_tools: Option<Vec<String>>,
    /// `--content-boundaries`: on whatever the configuration says.
    pub(crate) content_boundaries: bool,
    /// `--show-flagged`: nothing held back, whatever the configuration says.
    pub(crate) show_flagged: bool,
}

impl Overrides {
    /// `profile` with these settings, checked.
    pub(crate) fn apply(&self, mut profile: Profile) -> Result<Profile, mcp_proxy_rules::Error> {
        if let Some(n) = self.max_result_tokens {
            profile.max_result_tokens = n;
        }
        if self.content_boundaries {
            profile.content_boundaries = true;
        }
        if self.show_flagged {
            profile.hold_back = false;
        }
        if self.tools.is_some() || self.exclude_tools.is_some() {
            profile.tools = ToolFilter::new(
                self.tools.as_deref().unwrap_or(&[]),
                self.exclude_tools.as_deref().unwrap_or(&[]),
            )?;
        }
        profile.check()?;
        Ok(profile)
    }
}
