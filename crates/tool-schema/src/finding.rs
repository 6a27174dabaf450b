//! Findings, severities and the table of rules.

use std::fmt;

use serde::Serialize;

use crate::profile::Profile;

/// How much a finding matters. Ordered: `Info < Warn < Error`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// A hint; costs 1 point of the tool's score.
    Info,
    /// Likely to confuse a model or a client; costs 4 points.
    Warn,
    /// Breaks the spec or a common client; costs 10 points.
    Error,
}

impl Severity {
    /// The lowercase name: `info`, `warn` or `error`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Info => "info",
            Self::Warn => "warn",
            Self::Error => "error",
        }
    }

    /// The points a finding of this severity takes off a tool's score.
    pub fn penalty(self) -> u32 {
        match self {
            Self::Info => 1,
            Self::Warn => 4,
            Self::Error => 10,
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One problem found by a rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    /// The rule's stable id, e.g. `TD-MISSING` (see [`RULES`]).
    pub rule: &'static str,
    /// The severity after the [`Config`](crate::config::Config) overrides.
    pub severity: Severity,
    /// The tool's position in the list; `None` for findings about the whole list.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_index: Option<usize>,
    /// The tool's name, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    /// JSON pointer (RFC 6901) into the tool object (`/inputSchema/properties/url`), or `""`
    /// for the whole tool or list.
    pub pointer: String,
    /// What is wrong and how to fix it.
    pub message: String,
}

/// A rule of the lint: its id, default severity and what it checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RuleInfo {
    /// Stable id, used in findings and in [`Config`](crate::config::Config) overrides.
    pub id: &'static str,
    /// Severity when not overridden. A few rules raise or lower it per finding; the override
    /// replaces both.
    pub severity: Severity,
    /// What the rule checks, one line.
    pub summary: &'static str,
    /// The profile that turns the rule on; `None` for rules that always run. A rule of a
    /// profile also runs when a [`Config`](crate::config::Config) sets its level explicitly.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub profile: Option<Profile>,
}

const fn rule(id: &'static str, severity: Severity, summary: &'static str) -> RuleInfo {
    RuleInfo {
        id,
        severity,
        summary,
        profile: None,
    }
}

const fn profile_rule(
    profile: Profile,
    id: &'static str,
    severity: Severity,
    summary: &'static str,
) -> RuleInfo {
    RuleInfo {
        id,
        severity,
        summary,
        profile: Some(profile),
    }
}

use Severity::{Error as E, Info as I, Warn as W};

/// Every rule, in the order of the reference table. Ids never change meaning.
pub const RULES: &[RuleInfo] = &[
    rule(
        "TS-NAME-FORMAT",
        E,
        "name missing or not 1-128 chars of A-Z a-z 0-9 _ - .",
    ),
    rule(
        "TS-NAME-DUP",
        E,
        "duplicate name (error) or a twin differing only in case (warn)",
    ),
    rule(
        "TS-NAME-PORTABLE",
        W,
        "name has a dot or more than 64 chars (rejected by OpenAI or Anthropic)",
    ),
    rule(
        "TS-IN-ROOT",
        E,
        "inputSchema missing, not an object, or root type not \"object\"",
    ),
    rule(
        "TS-SCHEMA-VALID",
        E,
        "input or output schema invalid under its declared or default (2020-12) dialect",
    ),
    rule(
        "TS-REQ-UNKNOWN",
        E,
        "a name in required is not in properties",
    ),
    rule(
        "TS-OUT-ROOT",
        W,
        "outputSchema root type is not \"object\" (required by MCP 2025-11-25)",
    ),
    rule(
        "TS-REF-REMOTE",
        E,
        "$ref that is not local or does not resolve",
    ),
    rule(
        "TS-DIALECT-EXPLICIT",
        I,
        "explicit $schema (a 2020-12 URI breaks draft-07 clients)",
    ),
    rule(
        "TS-NONSTD-FORMAT",
        I,
        "format value outside the JSON Schema vocabulary (uint32, int64 …)",
    ),
    rule(
        "TS-NULLABLE-KW",
        W,
        "OpenAPI nullable keyword, which JSON Schema ignores",
    ),
    rule(
        "TS-XMCPHEADER",
        E,
        "x-mcp-header not an HTTP token, not unique, or on a non-primitive or number param",
    ),
    rule("TS-META-KEY", W, "_meta key not of the form [prefix/]name"),
    rule("TS-ICON-SRC", W, "icon src is not an https: or data: URI"),
    rule(
        "TS-ANN-INCONSISTENT",
        I,
        "annotation hints contradict each other, or annotations.title differs from title",
    ),
    rule("TD-MISSING", E, "no description"),
    rule(
        "TD-TAUTOLOGY",
        E,
        "description only repeats the name or title",
    ),
    rule(
        "TD-SHORT",
        W,
        "description shorter than the configured minimum (30 chars)",
    ),
    rule(
        "TD-LONG",
        W,
        "description longer than the configured maximum (1500 chars)",
    ),
    rule(
        "TD-PLACEHOLDER",
        W,
        "placeholder text (TODO, TBD, FIXME, lorem ipsum, my tool)",
    ),
    rule(
        "TD-NO-USAGE",
        I,
        "no cue on when (or when not) to use the tool",
    ),
    rule(
        "TD-NO-ERRORS",
        W,
        "description says nothing about how failure is reported",
    ),
    rule(
        "TD-ERROR-FIELD-UNMENTIONED",
        W,
        "output has error-aware fields the description never names",
    ),
    rule(
        "TD-NO-RETURN",
        I,
        "no outputSchema and the description never says what comes back",
    ),
    rule(
        "TD-NO-EXAMPLE",
        I,
        "nested object parameters and no example anywhere",
    ),
    rule(
        "TD-ANN-CONTRADICTION",
        E,
        "name starts with a mutating verb but readOnlyHint is true",
    ),
    rule(
        "TD-DESTRUCTIVE-UNDECLARED",
        W,
        "delete/drop/purge-style name without destructiveHint: true",
    ),
    rule(
        "TD-DANGLING-XREF",
        W,
        "description names a sibling tool that does not exist",
    ),
    rule(
        "TD-BOILERPLATE",
        W,
        "3 or more tools share the same first 40+ chars of description",
    ),
    rule(
        "TD-NEAR-DUP",
        W,
        "two descriptions share 75 % or more of their words (Jaccard)",
    ),
    rule("TD-CONFUSABLE", W, "two names within edit distance 2"),
    rule(
        "TD-NAMING-MIX",
        I,
        "the server mixes snake_case, kebab-case and camelCase names",
    ),
    rule(
        "TD-NAME-UNRELATED",
        I,
        "the name and the description share no word",
    ),
    rule(
        "TD-MIXED-LANG",
        I,
        "a description mixes scripts, or is in another language than the rest of the list",
    ),
    rule(
        "TD-GENERIC-VERB",
        W,
        "name is a bare generic verb (run, process, execute …)",
    ),
    rule(
        "TP-PARAM-DESC",
        W,
        "input property without a description (error when under half are described)",
    ),
    rule("TP-OUT-DESC", W, "output property without a description"),
    rule(
        "TP-NO-TYPE",
        W,
        "property with no type, enum, const or composition",
    ),
    rule(
        "TP-PROSE-ENUM",
        W,
        "description lists allowed values but the schema has no enum",
    ),
    rule(
        "TP-AMBIGUOUS-NAME",
        I,
        "top-level parameter named id, data, value, user … without a description",
    ),
    rule(
        "TP-DEPTH",
        W,
        "parameters nested deeper than the configured limit (3)",
    ),
    rule(
        "TP-COUNT",
        W,
        "more top-level parameters than the configured limit (8)",
    ),
    rule(
        "TP-NO-REQUIRED",
        I,
        "input schema with parameters and no required array",
    ),
    profile_rule(
        Profile::OpenaiStrict,
        "TP-STRICT-OPEN",
        E,
        "object schema without additionalProperties: false (openai-strict profile)",
    ),
    profile_rule(
        Profile::OpenaiStrict,
        "TP-STRICT-OPTIONAL",
        E,
        "object property missing from required (openai-strict profile)",
    ),
    rule(
        "TP-NOARG-OPEN",
        I,
        "tool without parameters whose schema does not set additionalProperties: false",
    ),
    rule(
        "TT-TOOL",
        W,
        "one definition costs more tokens than the configured budget (1,200)",
    ),
    rule(
        "TT-CATALOG",
        W,
        "the whole list costs more tokens than the configured budget (8,000)",
    ),
    rule("TT-COUNT", I, "more tools than the configured limit (25)"),
    rule(
        "TE-SHAPE",
        E,
        "error-aware output block (hasValidationErrors …) incomplete or mistyped",
    ),
    rule(
        "TE-INVARIANTS",
        E,
        "error-aware result whose flags, status and counts disagree",
    ),
    rule(
        "TR-MISSING-STRUCTURED",
        E,
        "tool has outputSchema, result has no structuredContent and is not an error",
    ),
    rule(
        "TR-NONCONFORMING",
        E,
        "structuredContent does not conform to outputSchema",
    ),
    rule(
        "TR-ERROR-WITH-STRUCTURED",
        E,
        "isError result whose structuredContent fails outputSchema (strict clients throw)",
    ),
    rule(
        "TR-NO-TEXT-MIRROR",
        W,
        "structuredContent without a text content block",
    ),
    rule(
        "TR-TEXT-MISMATCH",
        I,
        "no text block holds JSON equal to structuredContent",
    ),
    rule(
        "TR-ERROR-NOT-ACTIONABLE",
        W,
        "error result that is empty, generic or a stack trace",
    ),
    rule(
        "SEC-INVISIBLE",
        E,
        "invisible or control Unicode (tag characters, zero-width, bidi, variation selectors, soft hyphen, BOM)",
    ),
    rule(
        "SEC-INSTRUCTION",
        E,
        "text aimed at the model: instruction blocks and role markers, orders to set its instructions or safety rules aside, new personas, requests for its own prompt, the user's data sent to an address, secrecy, precedence over other tools (a plain \"always use this\": warn)",
    ),
    rule(
        "SEC-ENCODED",
        E,
        "encoded payload: long base64 or hex run, HTML comment",
    ),
    rule(
        "SEC-SECRET",
        E,
        "credential-like literal, or a request to read a credentials file (a credentials path only named: warn)",
    ),
    rule(
        "SEC-EXFIL",
        E,
        "parameter named or described to carry the conversation, system prompt or instructions out",
    ),
    rule(
        "SEC-SHADOW",
        W,
        "tool named like a tool of a well-known server this list is not",
    ),
    rule("PIN-ADDED", I, "a tool not in the --baseline pin file"),
    rule(
        "PIN-REMOVED",
        I,
        "a tool of the --baseline pin file the server no longer offers",
    ),
    rule(
        "PIN-CHANGED",
        W,
        "a tool whose definition differs from its --baseline pin (rug pull); names the fields",
    ),
];

/// The rule with this id.
pub fn rule_info(id: &str) -> Option<&'static RuleInfo> {
    RULES.iter().find(|r| r.id == id)
}
