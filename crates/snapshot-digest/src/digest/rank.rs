//! The goal against the page, the digest's second stage: the goal read into concepts and an
//! intent ([`goal`]), its words matched on the page's nodes ([`index`]) and scored in their
//! context of item and section ([`score`]), every candidate described by general features
//! ([`features`], forms by [`form`]) and ordered by the learned ranking ([`ranking`]), the
//! copy of a control beside the page's subject first ([`subject`]). It reads the meaning
//! stage; the layout reads its order.

use super::Resources;
use super::hash;
use super::meaning::{kept, lexicon, neighbours, question, relatedness, stopwords, text, wordnet};

pub(super) mod column;
pub(super) mod features;
pub(super) mod form;
pub(super) mod goal;
pub(super) mod index;
pub(super) mod item;
pub(super) mod ranking;
pub(super) mod credit;
pub(super) mod section;
pub(super) mod subject;
