#![doc = include_str!("../README.md")]

mod config;
mod error;
mod finding;
mod lint;
mod model;
mod pin;
mod profile;
mod report;
mod result;
#[cfg(feature = "rmcp")]
mod rmcp_tools;
mod schema;
pub mod score;
mod testing;
mod tokens;
mod validation;

#[cfg(test)]
mod tests;

pub use config::{Config, Level};
pub use error::Error;
pub use finding::{Finding, RULES, RuleInfo, Severity, rule_info};
pub use lint::{lint, lint_value, lint_with_baseline};
pub use model::{Tool, parse_tools, parse_tools_str};
pub use pin::{PINNED_FIELDS, Pins, ToolPin, canonical_json, drift};
pub use profile::Profile;
pub use report::LintReport;
pub use result::{check_result, check_result_with};
#[cfg(feature = "rmcp")]
pub use rmcp_tools::{from_rmcp, lint_rmcp};
pub use testing::{assert_tools_lint_clean, assert_tools_lint_clean_with};
pub use tokens::{RepeatedDefs, estimate_tokens, estimate_value, repeated_defs};
pub use validation::{
    CategoryCount, ErrorReportRef, IntegrityIssue, IssueSeverity, TaskIssues, ValidationReport,
    ValidationStatus, ValidationSummary,
};
