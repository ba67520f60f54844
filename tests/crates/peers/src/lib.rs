//! Tests only (`tests/`): fast-status next to the crates its users come from.
