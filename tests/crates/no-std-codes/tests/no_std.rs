//! The `#![no_std]` library's statuses, on `core` alone or with `alloc`: run as
//! `cargo test` and `cargo test --features alloc` in this directory.

use no_std_codes::{EMPTY, FrameCode, decode};

#[test]
fn inline_and_static_statuses_work_on_core_alone() {
    assert_eq!(decode(&[3, 1, 2, 3]), Ok((3, 3)));
    assert_eq!(decode(&[]).unwrap_err(), EMPTY);
    assert_eq!(EMPTY.to_string(), "Short frame: empty frame");
    let reserved = decode(&[0x80]).unwrap_err();
    assert!(reserved.is_reserved());
    assert_eq!(reserved.to_string(), "Reserved: reserved bit set");
    assert_eq!(decode(&[0]).unwrap_err().to_string(), "Short frame");
    assert_eq!(size_of::<no_std_codes::Frame>(), size_of::<usize>());
}

#[test]
fn formatted_statuses_need_alloc() {
    let error = decode(&[5, 1]).unwrap_err();
    assert_eq!(error.code(), FrameCode::Length);
    if cfg!(feature = "alloc") {
        assert_eq!(error.to_string(), "Length: length 5 but 1 bytes follow");
        assert!(error.location().is_some());
        let detailed = error.with_detail(7_u8);
        assert_eq!(detailed.detail::<u8>(), Some(&7));
    } else {
        // Without heap states the status keeps its code.
        assert_eq!(error.to_string(), "Length");
        assert!(error.location().is_none());
        let detailed = error.with_detail(7_u8);
        assert_eq!(detailed.detail::<u8>(), None);
    }
}
