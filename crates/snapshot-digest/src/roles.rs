//! Role classes: which ARIA roles an agent can act on, which mark out regions of a page.

/// Roles an agent can click, type into or otherwise operate.
///
/// # Example
///
/// ```
/// assert!(snapshot_digest::is_interactive_role("textbox"));
/// assert!(!snapshot_digest::is_interactive_role("heading"));
/// ```
#[must_use]
pub fn is_interactive_role(role: &str) -> bool {
    matches!(
        role,
        "button"
            | "link"
            | "textbox"
            | "searchbox"
            | "checkbox"
            | "radio"
            | "combobox"
            | "listbox"
            | "option"
            | "menuitem"
            | "menuitemcheckbox"
            | "menuitemradio"
            | "slider"
            | "spinbutton"
            | "switch"
            | "tab"
            | "treeitem"
    )
}

/// Landmark roles: the regions that tell an agent where on the page it is.
#[must_use]
pub fn is_landmark_role(role: &str) -> bool {
    matches!(
        role,
        "banner"
            | "complementary"
            | "contentinfo"
            | "form"
            | "main"
            | "navigation"
            | "region"
            | "search"
            | "dialog"
            | "alertdialog"
    )
}
