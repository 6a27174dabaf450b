//! From the rank stage's answer to the digest's text, the last stage: whether the snapshot
//! fits whole and the page of a goal digest ([`assemble`]), what to show of the matches in
//! context ([`select`]), the candidate list and the map of regions left out ([`fill`]), the
//! text written out ([`emit`]) and finished with its sizes ([`output`]), the full digest
//! ([`outline`]) and its pages ([`pages`]), and the reasons a node was kept ([`explain`]).

use super::meaning::text;
use super::rank::{Ranked, credit, form, goal};
use super::{hash, settings};

pub(super) mod assemble;
pub(super) mod emit;
pub(super) mod explain;
pub(super) mod fill;
pub(super) mod outline;
pub(super) mod output;
pub(super) mod pages;
pub(super) mod select;
