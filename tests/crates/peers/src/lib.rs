//! Tests only (`tests/`): fast-status next to the crates its users come from.
//!
#![doc = include_str!("../thiserror-before.md")]
