//! Tests only (`tests/`): statuses serialized and deserialized with the `serde` feature.
