//! The parsed snapshot: a flat, pre-order list of nodes with parent links and subtree ends.
//!
//! Pre-order with subtree ends makes the walks the digest needs (children, descendants,
//! ancestors, "skip this subtree") index arithmetic over one `Vec`, with no recursion and no
//! per-node child vectors.

use std::borrow::Cow;
use std::ops::Range;

use crate::refs::Ref;

/// The index of a node in its [`Snapshot`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(pub(crate) u32);

impl NodeId {
    /// The position of the node in [`Snapshot::nodes`] (document order).
    #[must_use]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// What a line of the snapshot holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NodeKind {
    /// `- role "name" [attrs]…`, with optional inline text or a block of props and children.
    Element,
    /// `- text: value`: a text child among other children (or loose at the top level).
    Text,
    /// `- ref=e4 [unchanged]`: the legacy incremental form of a subtree that did not change.
    Unchanged,
}

/// The text syntax a node was read from, and is written back in.
///
/// # Example
///
/// ```
/// use snapshot_digest::{Syntax, parse, render};
///
/// let text = "uid=1_0 RootWebArea \"Shop\"\n  uid=1_5 button \"Add to basket\" focusable";
/// let snap = parse(text)?;
/// assert_eq!(snap.syntax(), Syntax::DevTools);
/// assert_eq!(snap.nodes()[1].aria_ref().map(|r| r.as_str()), Some("1_5"));
/// assert_eq!(render(&snap), text);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
#[non_exhaustive]
pub enum Syntax {
    /// Playwright's ARIA snapshot YAML: `- button "OK" [ref=e5]`.
    #[default]
    Playwright,
    /// chrome-devtools-mcp's lines: `uid=1_5 button "OK" focusable`; the uid is the node's
    /// `ref`.
    DevTools,
    /// agent-browser's lines: `- heading "Kettles" [level=1, ref=e1]`, Playwright-like but
    /// not YAML (no `:` before children, one attribute bracket, text as `StaticText`).
    AgentBrowser,
}

/// How a name was written in the key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NameForm {
    /// A JSON string: `"Sign in"`. The form Playwright 1.65 writes for every name.
    #[default]
    Quoted,
    /// Between slashes, unquoted: `/api/`. Playwright's templates use this form for regular
    /// expressions and some renderer versions for names that start and end with `/`; here it
    /// is literal text, slashes included.
    Slashes,
}

/// A `[name]` or `[name=value]` attribute, kept in the order it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attribute<'a> {
    pub(crate) name: Cow<'a, str>,
    pub(crate) value: Option<Cow<'a, str>>,
}

impl Attribute<'_> {
    /// The attribute name, e.g. `ref`, `cursor`, `aria-hidden`.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The value after `=`, or `None` for a flag such as `[disabled]`.
    #[must_use]
    pub fn value(&self) -> Option<&str> {
        self.value.as_deref()
    }
}

/// A `- /name: value` property line such as `/url` or `/placeholder`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prop<'a> {
    pub(crate) name: Cow<'a, str>,
    pub(crate) value: Cow<'a, str>,
}

impl Prop<'_> {
    /// The property name without the slash, e.g. `url`.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The decoded value.
    #[must_use]
    pub fn value(&self) -> &str {
        &self.value
    }
}

/// One node of a snapshot: an element, a text child, or a legacy `[unchanged]` stub.
///
/// Strings borrow from the input unless unquoting or unescaping had to build a new one.
#[derive(Debug, Clone)]
pub struct Node<'a> {
    pub(crate) kind: NodeKind,
    pub(crate) role: Cow<'a, str>,
    pub(crate) name: Option<Cow<'a, str>>,
    pub(crate) name_form: NameForm,
    pub(crate) attrs: Vec<Attribute<'a>>,
    pub(crate) props: Vec<Prop<'a>>,
    pub(crate) text: Option<Cow<'a, str>>,
    pub(crate) block: bool,
    pub(crate) changed: bool,
    pub(crate) line: u32,
    pub(crate) depth: u32,
    pub(crate) parent: Option<NodeId>,
    pub(crate) end: u32,
    pub(crate) syntax: Syntax,
}

impl<'a> Node<'a> {
    /// Whether this is an element, a text child or an `[unchanged]` stub.
    #[must_use]
    pub fn kind(&self) -> NodeKind {
        self.kind
    }

    /// The syntax this node was read from, and is written in.
    #[must_use]
    pub fn syntax(&self) -> Syntax {
        self.syntax
    }

    /// The ARIA role (`button`, `generic`, …); `text` for text nodes, empty for stubs.
    #[must_use]
    pub fn role(&self) -> &str {
        &self.role
    }

    /// The accessible name as decoded text. A `/…/` name is kept literally, slashes included.
    #[must_use]
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// How the name was written, so that rendering writes it the same way.
    #[must_use]
    pub fn name_form(&self) -> NameForm {
        self.name_form
    }

    /// The attributes in the order they were written.
    #[must_use]
    pub fn attributes(&self) -> &[Attribute<'a>] {
        &self.attrs
    }

    /// The value of the first attribute called `name`: `Some(None)` for a flag, `None` when
    /// the attribute is absent.
    #[must_use]
    pub fn attribute(&self, name: &str) -> Option<Option<&str>> {
        self.attrs
            .iter()
            .find(|a| a.name == name)
            .map(Attribute::value)
    }

    /// The `/name: value` properties in the order they were written.
    #[must_use]
    pub fn props(&self) -> &[Prop<'a>] {
        &self.props
    }

    /// The value of the property called `name` (without the slash).
    #[must_use]
    pub fn prop(&self, name: &str) -> Option<&str> {
        self.props.iter().find(|p| p.name == name).map(Prop::value)
    }

    /// The `/url` property, or in chrome-devtools-mcp's syntax the `url="…"` attribute.
    #[must_use]
    pub fn url(&self) -> Option<&str> {
        match self.syntax {
            Syntax::Playwright => self.prop("url"),
            Syntax::DevTools | Syntax::AgentBrowser => self.attribute("url").flatten(),
        }
    }

    /// The `/placeholder` property.
    #[must_use]
    pub fn placeholder(&self) -> Option<&str> {
        self.prop("placeholder")
    }

    /// The inline text (`- listitem: Apples`), or the value of a text node.
    #[must_use]
    pub fn text(&self) -> Option<&str> {
        self.text.as_deref()
    }

    /// The `[ref=…]` attribute, or the ref of an `[unchanged]` stub.
    #[must_use]
    pub fn aria_ref(&self) -> Option<Ref<'_>> {
        self.attribute("ref").flatten().map(Ref::new)
    }

    /// Whether an agent can act on this node through its ref: an element that has one, or a
    /// text node that has one. Only chrome-devtools-mcp's syntax gives text a uid of its own
    /// (its default snapshot flattens tables and lists into runs of `StaticText`, so the text is
    /// where a value is); Playwright's text lines have no ref.
    pub(crate) fn addressable(&self) -> bool {
        matches!(self.kind, NodeKind::Element | NodeKind::Text) && self.aria_ref().is_some()
    }

    /// Whether the key ends with `:` and no inline value, which opens a block of props and
    /// children. Usually true exactly when the node has props or children, but a depth-limited
    /// snapshot can show `- generic [ref=e3]:` with nothing under it.
    #[must_use]
    pub fn has_block(&self) -> bool {
        self.block
    }

    /// Whether the legacy incremental form marked this node `<changed>`.
    #[must_use]
    pub fn is_changed(&self) -> bool {
        self.changed
    }

    /// The 1-based line of the node in the parsed text.
    #[must_use]
    pub fn line(&self) -> usize {
        self.line as usize
    }

    /// The nesting depth: 0 for top-level items.
    #[must_use]
    pub fn depth(&self) -> usize {
        self.depth as usize
    }

    /// The parent node, `None` at the top level.
    #[must_use]
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// Compares everything but the line number.
    fn same_content(&self, other: &Self) -> bool {
        self.kind == other.kind
            && self.role == other.role
            && self.name == other.name
            && self.name_form == other.name_form
            && self.attrs == other.attrs
            && self.props == other.props
            && self.text == other.text
            && self.block == other.block
            && self.changed == other.changed
            && self.depth == other.depth
            && self.parent == other.parent
            && self.end == other.end
    }
}

/// A parsed ARIA snapshot.
///
/// # Example
///
/// ```
/// let snap = snapshot_digest::parse("- list:\n  - listitem: Apples\n  - listitem: Pears")?;
/// let list = snap.roots().next().unwrap();
/// let items: Vec<_> = snap.children(list).map(|id| snap[id].text().unwrap()).collect();
/// assert_eq!(items, ["Apples", "Pears"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct Snapshot<'a> {
    pub(crate) nodes: Vec<Node<'a>>,
    pub(crate) trailing_newline: bool,
    pub(crate) source: &'a str,
}

impl<'a> Snapshot<'a> {
    /// The snapshot text the tree was parsed from (inside its MCP envelope, if it had one).
    #[must_use]
    pub fn source(&self) -> &'a str {
        self.source
    }

    /// The syntax the snapshot was read from: that of its nodes (Playwright when empty).
    #[must_use]
    pub fn syntax(&self) -> Syntax {
        self.nodes.first().map_or(Syntax::Playwright, |n| n.syntax)
    }

    /// All nodes in document order (pre-order).
    #[must_use]
    pub fn nodes(&self) -> &[Node<'a>] {
        &self.nodes
    }

    /// The number of nodes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the snapshot has no nodes (Playwright's `""` for `about:blank`).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The node with this id, if it belongs to this snapshot.
    #[must_use]
    pub fn get(&self, id: NodeId) -> Option<&Node<'a>> {
        self.nodes.get(id.index())
    }

    /// Ids of all nodes in document order.
    pub fn ids(&self) -> impl DoubleEndedIterator<Item = NodeId> + ExactSizeIterator + use<> {
        (0..id_u32(self.nodes.len())).map(NodeId)
    }

    /// The top-level nodes.
    pub fn roots(&self) -> Siblings<'_, 'a> {
        Siblings {
            snap: self,
            next: 0,
            end: id_u32(self.nodes.len()),
        }
    }

    /// The direct children of `id`, in order; empty for an id of another snapshot.
    pub fn children(&self, id: NodeId) -> Siblings<'_, 'a> {
        match self.nodes.get(id.index()) {
            Some(node) => Siblings {
                snap: self,
                next: id.0 + 1,
                end: node.end,
            },
            None => Siblings {
                snap: self,
                next: 0,
                end: 0,
            },
        }
    }

    /// The ids of all descendants of `id` in document order, `id` excluded.
    pub fn descendants(&self, id: NodeId) -> impl Iterator<Item = NodeId> + use<> {
        self.subtree_range(id).skip(1).map(NodeId)
    }

    /// The ids of `id`'s ancestors, nearest first.
    pub fn ancestors(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        std::iter::successors(self.get(id).and_then(Node::parent), |p| self[*p].parent)
    }

    /// Node indexes of the subtree rooted at `id`, `id` included: a contiguous range because
    /// nodes are in pre-order.
    #[must_use]
    pub fn subtree_range(&self, id: NodeId) -> Range<u32> {
        match self.nodes.get(id.index()) {
            Some(node) => id.0..node.end,
            None => 0..0,
        }
    }

    /// The greatest node depth plus one; 0 for an empty snapshot.
    #[must_use]
    pub fn depth(&self) -> usize {
        self.nodes.iter().map(|n| n.depth() + 1).max().unwrap_or(0)
    }

    /// Whether the parsed text ended with a newline. [`render`](crate::syntax::render) writes one back
    /// in that case, so that rendering reproduces the input.
    #[must_use]
    pub fn has_trailing_newline(&self) -> bool {
        self.trailing_newline
    }

    /// Whether two snapshots hold the same tree, ignoring line numbers and the trailing newline.
    ///
    /// This is the equality that survives `parse(render(tree))`: rendering writes the canonical
    /// form, which may sit on other lines than a hand-written or wrapped input.
    #[must_use]
    pub fn same_tree(&self, other: &Snapshot<'_>) -> bool {
        self.nodes.len() == other.nodes.len()
            && self
                .nodes
                .iter()
                .zip(&other.nodes)
                .all(|(a, b)| a.same_content(b))
    }
}

impl<'a> std::ops::Index<NodeId> for Snapshot<'a> {
    type Output = Node<'a>;

    /// # Panics
    ///
    /// Panics when `id` does not belong to this snapshot; use [`Snapshot::get`] for ids of
    /// unknown origin.
    fn index(&self, id: NodeId) -> &Node<'a> {
        &self.nodes[id.index()]
    }
}

/// An iterator over sibling nodes, made by [`Snapshot::roots`] and [`Snapshot::children`].
#[derive(Debug, Clone)]
pub struct Siblings<'s, 'a> {
    snap: &'s Snapshot<'a>,
    next: u32,
    end: u32,
}

impl Iterator for Siblings<'_, '_> {
    type Item = NodeId;

    fn next(&mut self) -> Option<NodeId> {
        if self.next >= self.end {
            return None;
        }
        let id = NodeId(self.next);
        self.next = self.snap.nodes.get(id.index()).map_or(self.end, |n| n.end);
        Some(id)
    }
}

/// Node counts are bounded by the input length, which the parser caps below `u32::MAX`.
fn id_u32(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

#[cfg(test)]
impl Snapshot<'_> {
    /// Test helper: the index of the node with ref `r`.
    ///
    /// # Panics
    ///
    /// When no node has it: a test that names a ref means one.
    pub(crate) fn index_of_ref(&self, r: &str) -> usize {
        self.nodes
            .iter()
            .position(|n| n.aria_ref().is_some_and(|a| a.as_str() == r))
            .unwrap_or_else(|| panic!("no node has ref {r}"))
    }
}
