//! Helpers for the text around a model call: quoting an answer in an error message, and
//! fencing data inside a prompt so the data cannot end the fence.

/// `text` on one line (whitespace runs become one space), cut to `max_chars` with `…`: for
/// quoting a model's or a server's answer in an error message.
///
/// # Example
///
/// ```
/// assert_eq!(mcp_lean_llm::one_line("a\n  b\tc", 10), "a b c");
/// assert_eq!(mcp_lean_llm::one_line("abcdefghij", 5), "abcd…");
/// ```
#[must_use]
pub fn one_line(text: &str, max_chars: usize) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() > max_chars {
        let mut cut: String = line.chars().take(max_chars.saturating_sub(1)).collect();
        cut.push('…');
        cut
    } else {
        line
    }
}

/// A Markdown code fence longer than any run of backticks in `data`, so that data put
/// between two of them cannot close the fence and speak as instructions.
///
/// # Example
///
/// ```
/// assert_eq!(mcp_lean_llm::data_fence("plain"), "```");
/// assert_eq!(mcp_lean_llm::data_fence("a ```` b"), "`````");
/// ```
#[must_use]
pub fn data_fence(data: &str) -> String {
    let longest = data.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    "`".repeat(longest.max(2) + 1)
}
