//! From the ranked candidates to the digest's text, the last stage: what to show of the
//! matches in context and the candidate list within the budget ([`select`], [`fill`]), the
//! parts put together ([`assemble`]) and written out ([`emit`]), later pages of a long
//! digest ([`pages`]) and the reasons a node was kept ([`explain`]).

use super::meaning::{relatedness, text};
use super::rank::{credit, features, form, goal, index, ranking, subject};
use super::{
    Digest, DigestConfig, RankFeatures, finish, full_digest_with, hash, outline_keep,
    outline_options,
};

pub(super) mod assemble;
pub(super) mod emit;
pub(super) mod explain;
pub(super) mod fill;
pub(super) mod pages;
pub(super) mod select;
