//! The features, declared once: each with its group and how it is computed from what is
//! known of a candidate ([`Facts`]). The names the training script and the ranking table
//! use, the index of each and the row of values all come from this one list, so they cannot
//! drift apart.

use super::super::credit::{Source, is_form_control};
use super::super::tuning::{DEPTH_SCALE, H1_SCALE, LONG_TEXT_BYTES, Z_RANGE};
use crate::tree::Node;

/// What the goal's words say it wants done, the same for every candidate of a page.
pub(crate) struct GoalFacts {
    pub(crate) act: f32,
    pub(crate) fill: f32,
    pub(crate) read: f32,
    /// The concept of the value a question asks for, if any.
    pub(crate) value: Option<usize>,
    /// Share of the goal's concepts the page lacks.
    pub(crate) missing: f32,
}

/// The role groups the features tell apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RoleGroup {
    Link,
    Button,
    Field,
    Choice,
    Check,
    Menu,
    Heading,
    Text,
    Cell,
    ListItem,
    Img,
    Other,
}

pub(crate) fn role_group(role: &str) -> RoleGroup {
    match role {
        "link" => RoleGroup::Link,
        "button" => RoleGroup::Button,
        "textbox" | "searchbox" | "spinbutton" | "slider" => RoleGroup::Field,
        "combobox" | "listbox" | "option" => RoleGroup::Choice,
        "checkbox" | "radio" | "switch" => RoleGroup::Check,
        "menuitem" | "menuitemcheckbox" | "menuitemradio" | "tab" | "treeitem" => RoleGroup::Menu,
        "heading" => RoleGroup::Heading,
        "paragraph" | "text" | "blockquote" | "note" | "definition" | "term" | "caption"
        | "code" | "math" | "strong" | "emphasis" | "time" | "status" | "insertion"
        | "deletion" => RoleGroup::Text,
        "cell" | "gridcell" | "rowheader" | "columnheader" | "row" => RoleGroup::Cell,
        "listitem" => RoleGroup::ListItem,
        "img" | "figure" => RoleGroup::Img,
        _ => RoleGroup::Other,
    }
}

/// What is known of one candidate when its row is written.
pub(crate) struct Facts<'f, 'a> {
    pub(crate) goal: &'f GoalFacts,
    /// The node, its index and the page's number of nodes and of candidates.
    pub(crate) node: &'f Node<'a>,
    pub(crate) index: usize,
    pub(crate) nodes: usize,
    pub(crate) candidates: usize,
    /// The page's first `h1`.
    pub(crate) h1: Option<usize>,
    /// The goal's number of concepts.
    pub(crate) concepts: usize,
    /// Per source of credit, the sum over concepts of the credit relative to the page's best.
    pub(crate) per_source: [f32; 7],
    /// The goal's words in the heading of the node's section, relative to the page's best.
    pub(crate) heading: f32,
    /// The best relative own credit of any concept.
    pub(crate) own_max: f32,
    /// Per concept the best relative credit of any source, summed.
    pub(crate) credit_sum: f32,
    /// How many concepts the node's own strings match.
    pub(crate) own_concepts: usize,
    /// The node's own credit, not relative.
    pub(crate) own_sum: f32,
    /// The word credit relative to the page's best candidate, and 1 / (1 + its rank).
    pub(crate) word_rel: f32,
    pub(crate) word_top: f32,
    /// The share of the control's name the goal says, and of the goal the name says.
    pub(crate) named: (f32, f32),
    /// The control's name holds the whole name of a control the goal names, and adds words.
    pub(crate) adds_to_named: bool,
    /// The goal names the control, and another control's name holds its name and more.
    pub(crate) named_has_longer: bool,
    pub(crate) echo: bool,
    /// The relative own credit of the goal's quoted concepts.
    pub(crate) quoted: f32,
    /// The value a question asks for, in the node's own strings or around it.
    pub(crate) value_own: bool,
    pub(crate) value_near: bool,
    pub(crate) digits: bool,
    /// The model's z-score on the page, and its rank from 0.
    pub(crate) z: f32,
    pub(crate) cos_rank: usize,
    /// 1 on a page not in English.
    pub(crate) foreign: f32,
    pub(crate) group: RoleGroup,
    /// The role of the nearest landmark (or form) around the node, `""` for none.
    pub(crate) landmark: &'f str,
    pub(crate) in_main: bool,
    /// Nodes of the page with the node's role and name.
    pub(crate) copies: u32,
    /// A control of a form.
    pub(crate) form: bool,
    pub(crate) actionable: bool,
    /// Words of the node's own text, and its length in bytes.
    pub(crate) words: usize,
    pub(crate) text_len: usize,
}

impl Facts<'_, '_> {
    /// The mean relative credit of `source` over the goal's concepts.
    fn per(&self, source: Source) -> f32 {
        if self.concepts == 0 {
            0.0
        } else {
            self.per_source[source as usize] / self.concepts as f32
        }
    }

    fn z(&self) -> f32 {
        self.z.clamp(Z_RANGE.0, Z_RANGE.1)
    }

    fn role_is(&self, group: RoleGroup) -> bool {
        self.group == group
    }
}

fn flag(b: bool) -> f32 {
    f32::from(u8::from(b))
}

/// Declares the features: `group { name = value, … }`, `value` an expression over the
/// candidate's [`Facts`] bound to the name given first. Makes [`Feature`] (the index of
/// each), [`NAMES`], [`WIDTH`] and [`row`].
macro_rules! features {
    ($f:ident => $( $group:literal { $( $name:ident = $value:expr ),+ $(,)? } )+) => {
        /// A feature, by its place in each candidate's row.
        #[allow(non_camel_case_types, reason = "the names the ranking table uses")]
        #[allow(dead_code, reason = "each variant names a column; the code reads a few by name")]
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub(crate) enum Feature {
            $( $( #[doc = $group] $name, )+ )+
        }

        /// The features' names, in the order of each candidate's row.
        pub(crate) const NAMES: &[&str] = &[ $( $( stringify!($name), )+ )+ ];

        /// How many features a row holds.
        pub(crate) const WIDTH: usize = NAMES.len();

        /// The row of one candidate.
        pub(crate) fn row($f: &Facts<'_, '_>) -> [f32; WIDTH] {
            [ $( $( $value, )+ )+ ]
        }
    };
}

features! { f =>
    "Word relatedness, per source of credit, relative to the page's best" {
        own = f.per(Source::Own),
        label = f.per(Source::Label),
        parent = f.per(Source::Parent),
        near = f.per(Source::Surroundings),
        item = f.per(Source::Item),
        section = f.per(Source::Section),
        column = f.per(Source::Column),
        heading = f.heading,
        own_max = f.own_max,
        log_own = (0.01 + f.per(Source::Own)).ln(),
        log_credit = (0.01 + f.credit_sum).ln(),
        own_share = if f.concepts == 0 {
            0.0
        } else {
            f.own_concepts as f32 / f.concepts as f32
        },
        // Relative to the page's best candidate: divided once every row is known.
        own_rel = f.own_sum,
        word_score_rel = f.word_rel,
        word_score_top = f.word_top,
        named = f.named.0,
        named_all = flag(f.named.1 >= 1.0),
        // One weight for the contrast: the whole name the goal says, against the names that
        // hold it and add words the goal does not say.
        named_not_longer = flag(f.named_has_longer) - flag(f.adds_to_named),
        echo = flag(f.echo),
        quoted = f.quoted.min(1.0),
    }
    "The value a question asks for" {
        value_own = flag(f.value_own),
        value_near = flag(f.value_near),
        digits = flag(f.digits),
    }
    // Only how a candidate's score stands among the page's: `Relatedness` scores compare
    // only within one call, so a model of the caller's may have any scale.
    "The model of relatedness" {
        cos_z = f.z(),
        cos_top = 1.0 / (1.0 + f.cos_rank as f32),
        cos_rank = ((1 + f.cos_rank) as f32).ln() / ((1 + f.candidates) as f32).ln().max(1.0),
        missing_cos_z = f.goal.missing * f.z(),
        foreign_cos_z = f.foreign * f.z(),
    }
    "Role" {
        role_link = flag(f.role_is(RoleGroup::Link)),
        role_button = flag(f.role_is(RoleGroup::Button)),
        role_field = flag(f.role_is(RoleGroup::Field)),
        role_choice = flag(f.role_is(RoleGroup::Choice)),
        role_check = flag(f.role_is(RoleGroup::Check)),
        role_menu = flag(f.role_is(RoleGroup::Menu)),
        role_heading = flag(f.role_is(RoleGroup::Heading)),
        role_text = flag(f.role_is(RoleGroup::Text)),
        role_cell = flag(f.role_is(RoleGroup::Cell)),
        role_listitem = flag(f.role_is(RoleGroup::ListItem)),
        role_img = flag(f.role_is(RoleGroup::Img)),
        role_other = flag(f.role_is(RoleGroup::Other)),
    }
    "Landmark" {
        in_banner = flag(f.landmark == "banner"),
        in_navigation = flag(f.landmark == "navigation"),
        in_main_landmark = flag(f.landmark == "main"),
        in_contentinfo = flag(f.landmark == "contentinfo"),
        in_complementary = flag(f.landmark == "complementary"),
        in_form_landmark = flag(matches!(f.landmark, "form" | "search" | "dialog")),
        in_no_landmark = flag(f.landmark.is_empty()),
    }
    "Place" {
        depth = (f.node.depth() as f32 / DEPTH_SCALE).min(1.5),
        position = f.index as f32 / f.nodes.max(1) as f32,
        after_h1 = flag(f.h1.is_some_and(|h| f.index >= h)),
        h1_near = f.h1.map_or(0.0, |h| (-(f.index.abs_diff(h) as f32) / H1_SCALE).exp()),
        no_h1 = flag(f.h1.is_none()),
        in_main = flag(f.in_main),
    }
    "Copies, form, strings" {
        copies = (f.copies as f32).ln(),
        unique = flag(f.copies == 1),
        in_form = flag(f.form),
        name_words = ((1 + f.words) as f32).ln(),
        has_name = flag(f.node.name().is_some()),
        has_url = flag(f.node.url().is_some()),
        fragment_url = flag(f.node.url().is_some_and(|u| u.starts_with('#'))),
        long_text = flag(f.text_len > LONG_TEXT_BYTES),
    }
    "The goal's intent, crossed with the node" {
        act_actionable = f.goal.act * flag(f.actionable),
        act_text = f.goal.act * flag(f.role_is(RoleGroup::Text)),
        fill_field = f.goal.fill * flag(is_form_control(f.node.role())),
        fill_in_form = f.goal.fill * flag(f.form),
        read_text = f.goal.read * flag(f.role_is(RoleGroup::Text)),
        read_cell = f.goal.read * flag(f.role_is(RoleGroup::Cell)),
        read_actionable = f.goal.read * flag(f.actionable),
        read_digits = f.goal.read * flag(f.digits),
        read_value_own = f.goal.read * flag(f.value_own),
        read_value_near = f.goal.read * flag(f.value_near),
        read_own = f.goal.read * f.per(Source::Own),
        read_label = f.goal.read * f.per(Source::Label),
        read_parent = f.goal.read * f.per(Source::Parent),
        read_near = f.goal.read * f.per(Source::Surroundings),
        read_heading = f.goal.read * f.heading,
        read_column = f.goal.read * f.per(Source::Column),
    }
}
