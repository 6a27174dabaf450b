//! Typed readings of the attributes Playwright writes: `[checked=mixed]`, `[level=2]`,
//! `[box=15,25,60,30]` and the rest.
//!
//! Attributes stay strings in the tree (unknown ones, and odd values of known ones, must survive
//! a round trip); these accessors interpret them on demand and answer `None` for values they do
//! not understand instead of failing.

use crate::tree::Node;

/// A tri-state value such as `checked` or `pressed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tristate {
    /// `[checked]` or `[checked=true]`.
    True,
    /// `[checked=false]` (template syntax only; Playwright omits false states).
    False,
    /// `[checked=mixed]`.
    Mixed,
}

/// The `invalid` state of a form field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Invalid<'n> {
    /// `[invalid]` or `[invalid=true]`.
    True,
    /// `[invalid=false]`.
    False,
    /// `[invalid=grammar]`.
    Grammar,
    /// `[invalid=spelling]`.
    Spelling,
    /// Any other value, kept as written.
    Other(&'n str),
}

/// The `[box=x,y,width,height]` of an element, in viewport CSS pixels.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoundingBox {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
}

/// Typed attribute accessors.
///
/// # Example
///
/// ```
/// use snapshot_digest::Tristate;
///
/// let snap = snapshot_digest::parse(
///     "- checkbox \"Agree\" [checked=mixed] [level=2] [ref=e5] [cursor=pointer] [box=1,2,30,40]",
/// )?;
/// let node = &snap.nodes()[0];
/// assert_eq!(node.checked(), Some(Tristate::Mixed));
/// assert_eq!(node.level(), Some(2));
/// assert_eq!(node.cursor(), Some("pointer"));
/// assert_eq!(node.bounding_box().map(|b| b.width), Some(30.0));
/// assert_eq!(node.aria_ref().map(|r| r.as_str()), Some("e5"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl Node<'_> {
    /// `[checked]`, `[checked=mixed]`, `[checked=false]`.
    #[must_use]
    pub fn checked(&self) -> Option<Tristate> {
        self.tristate("checked")
    }

    /// `[pressed]`, `[pressed=mixed]`, `[pressed=false]`.
    #[must_use]
    pub fn pressed(&self) -> Option<Tristate> {
        self.tristate("pressed")
    }

    /// `[disabled]`; `None` when absent.
    #[must_use]
    pub fn disabled(&self) -> Option<bool> {
        self.flag("disabled")
    }

    /// `[expanded]`; `None` when absent.
    #[must_use]
    pub fn expanded(&self) -> Option<bool> {
        self.flag("expanded")
    }

    /// `[selected]`; `None` when absent.
    #[must_use]
    pub fn selected(&self) -> Option<bool> {
        self.flag("selected")
    }

    /// `[active]`: the focused element, or an iframe that contains focus.
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.flag("active") == Some(true)
    }

    /// `[aria-hidden]`: the top of a visible subtree that is hidden from assistive technology.
    #[must_use]
    pub fn is_aria_hidden(&self) -> bool {
        self.flag("aria-hidden") == Some(true)
    }

    /// `[level=N]` of headings and tree items.
    #[must_use]
    pub fn level(&self) -> Option<i64> {
        self.attribute("level").flatten()?.trim().parse().ok()
    }

    /// `[cursor=…]`: `pointer` on the outermost element that shows a pointer cursor.
    #[must_use]
    pub fn cursor(&self) -> Option<&str> {
        self.attribute("cursor").flatten()
    }

    /// `[box=x,y,width,height]`.
    #[must_use]
    pub fn bounding_box(&self) -> Option<BoundingBox> {
        let mut parts = self
            .attribute("box")
            .flatten()?
            .split(',')
            .map(|p| p.trim().parse());
        let mut next = || parts.next()?.ok();
        let b = BoundingBox {
            x: next()?,
            y: next()?,
            width: next()?,
            height: next()?,
        };
        parts.next().is_none().then_some(b)
    }

    /// `[invalid]`, `[invalid=grammar]`, `[invalid=spelling]`.
    #[must_use]
    pub fn invalid(&self) -> Option<Invalid<'_>> {
        Some(match self.attribute("invalid")? {
            None | Some("true") => Invalid::True,
            Some("false") => Invalid::False,
            Some("grammar") => Invalid::Grammar,
            Some("spelling") => Invalid::Spelling,
            Some(other) => Invalid::Other(other),
        })
    }

    fn flag(&self, name: &str) -> Option<bool> {
        match self.attribute(name)? {
            None | Some("true") => Some(true),
            Some("false") => Some(false),
            Some(_) => None,
        }
    }

    fn tristate(&self, name: &str) -> Option<Tristate> {
        match self.attribute(name)? {
            None | Some("true") => Some(Tristate::True),
            Some("false") => Some(Tristate::False),
            Some("mixed") => Some(Tristate::Mixed),
            Some(_) => None,
        }
    }
}
