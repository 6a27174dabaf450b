//! Which of the server's tools the client sees: names or `*` globs to show, then to hide.

use crate::error::Error;

/// The longest tool pattern accepted, in chars (MCP tool names are at most 128).
const MAX_PATTERN_CHARS: usize = 128;
/// The most patterns in one list.
const MAX_PATTERNS: usize = 256;

/// Tools shown and hidden by name, with `*` standing for any run of chars (`browser_*`).
///
/// With no `tools` list every tool is shown; `exclude_tools` then hides tools. The proxy's
/// own tool (the confirm tool) is never filtered.
///
/// # Example
///
/// ```
/// use mcp_proxy_rules::ToolFilter;
///
/// let filter = ToolFilter::new(&[], &["browser_drop".into(), "browser_network_*".into()])?;
/// assert!(filter.allows("browser_click"));
/// assert!(!filter.allows("browser_network_requests"));
/// assert!(!filter.allows("browser_drop"));
///
/// let only = ToolFilter::new(&["browser_*".into()], &["*_tabs".into()])?;
/// assert!(!only.allows("take_snapshot") && !only.allows("browser_tabs"));
/// # Ok::<(), mcp_proxy_rules::Error>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ToolFilter {
    tools: Vec<String>,
    exclude: Vec<String>,
}

impl ToolFilter {
    /// A filter that shows `tools` (all when empty) except `exclude`.
    ///
    /// # Errors
    ///
    /// [`Error::ToolPattern`] for an empty pattern, one over 128 chars, one with a char a
    /// tool name cannot have (only letters, digits, `_`, `-`, `.`, `/` and `*`), or more
    /// than 256 patterns.
    pub fn new(tools: &[String], exclude: &[String]) -> Result<Self, Error> {
        for (list, patterns) in [("tools", tools), ("excludeTools", exclude)] {
            if patterns.len() > MAX_PATTERNS {
                return Err(Error::ToolPattern(format!(
                    "{list} has {} patterns; give at most {MAX_PATTERNS}",
                    patterns.len()
                )));
            }
            for p in patterns {
                check(list, p)?;
            }
        }
        Ok(Self {
            tools: tools.to_vec(),
            exclude: exclude.to_vec(),
        })
    }

    /// Whether the client sees and may call `tool`.
    #[must_use]
    pub fn allows(&self, tool: &str) -> bool {
        (self.tools.is_empty() || self.tools.iter().any(|p| glob(p, tool)))
            && !self.exclude.iter().any(|p| glob(p, tool))
    }

    /// Whether the filter hides nothing.
    #[must_use]
    pub fn is_open(&self) -> bool {
        self.tools.is_empty() && self.exclude.is_empty()
    }

    /// The tool error a call to a hidden tool gets.
    #[must_use]
    pub fn refusal(&self, tool: &str) -> String {
        let mut why = Vec::new();
        if !self.tools.is_empty() && !self.tools.iter().any(|p| glob(p, tool)) {
            why.push(format!(
                "it is not among the tools shown ({})",
                self.tools.join(",")
            ));
        }
        if let Some(p) = self.exclude.iter().find(|p| glob(p, tool)) {
            why.push(format!("it matches the excluded {p:?}"));
        }
        format!(
            "the tool {tool} is excluded by the proxy's configuration ({}), so the proxy did not call it; use one of the tools tools/list shows, or change --tools/--exclude-tools",
            why.join(" and ")
        )
    }
}

fn check(list: &str, pattern: &str) -> Result<(), Error> {
    let chars = pattern.chars().count();
    if chars == 0 || chars > MAX_PATTERN_CHARS {
        return Err(Error::ToolPattern(format!(
            "{list} has a pattern of {chars} chars; give a tool name or glob of 1 to {MAX_PATTERN_CHARS} chars"
        )));
    }
    if let Some(c) = pattern
        .chars()
        .find(|c| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.' | '/' | '*')))
    {
        return Err(Error::ToolPattern(format!(
            "{list} pattern {pattern:?} has {c:?}, which no tool name has; use letters, digits, _ - . / and * for any run of chars"
        )));
    }
    Ok(())
}

/// Whether `name` matches `pattern`, where `*` matches any run of chars: the greedy
/// two-pointer match, which backtracks only to the last `*` (linear for one `*`, never
/// exponential).
fn glob(pattern: &str, name: &str) -> bool {
    let p: Vec<char> = pattern.chars().collect();
    let n: Vec<char> = name.chars().collect();
    let (mut i, mut j) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while j < n.len() {
        if i < p.len() && p[i] == '*' {
            star = Some((i, j));
            i += 1;
        } else if i < p.len() && p[i] == n[j] {
            i += 1;
            j += 1;
        } else if let Some((si, sj)) = star {
            i = si + 1;
            j = sj + 1;
            star = Some((si, sj + 1));
        } else {
            return false;
        }
    }
    p[i..].iter().all(|&c| c == '*')
}

#[cfg(test)]
mod tests;
