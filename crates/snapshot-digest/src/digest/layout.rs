//! From the rank stage's answer to the digest's text, the last stage: whether the snapshot
//! fits whole and the page of a goal digest ([`assemble`]), what to show of the matches in
//! context ([`select`]), the candidate list ([`candidates`]) and the map of the regions left out ([`regions`]), a match too large cut to fit ([`cut`]), the header ([`header`]), the
//! text written out ([`emit`]) and finished with its sizes ([`output`]), the full digest
//! ([`outline`]) and its pages ([`pages`]), and the reasons a node was kept ([`explain`]).

use super::meaning::text;
use super::rank::{Ranked, credit, form, goal};
use super::{hash, order, settings};

pub(super) mod assemble;
pub(super) mod candidates;
pub(super) mod cut;
pub(super) mod emit;
pub(super) mod explain;
pub(super) mod header;
pub(super) mod outline;
pub(super) mod output;
pub(super) mod pages;
pub(super) mod regions;
pub(super) mod select;
pub(super) mod tuning;
