//! The `#![no_std]` library's statuses, on `core` alone or with `alloc`: run as
//! `cargo test` and `cargo test --features alloc` in this directory.

use no_std_codes::{EMPTY, FrameCode, Packet, PacketCode, PacketKind, check, decode};

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
        // Without heap states the status keeps its code, and has no lines (an exact count:
        // `ContextLines` is an `ExactSizeIterator` on every build).
        assert_eq!(error.to_string(), "Length");
        assert!(error.location().is_none());
        let lined = error.clone().context("decoding");
        assert_eq!(lined.context_lines().len(), 0);
        let detailed = error.with_detail(7_u8);
        assert_eq!(detailed.detail::<u8>(), None);
    }
}

#[test]
fn packed_fields_come_back_on_core_alone() {
    let error = check(&[9, 0]).unwrap_err();
    assert_eq!(error.code(), PacketCode::BadLength);
    assert_eq!(error.to_string(), "length 9 at byte 0");
    assert!(matches!(
        error.kind().as_deref(),
        Some(PacketKind::BadLength { len: 9, at: 0 })
    ));
    // Two wide fields whose values fit in 26 bits each ride in the word too.
    let truncated = Packet::truncated(40, 12);
    assert_eq!(truncated.to_string(), "want 40 bytes, got 12");
    assert!(matches!(
        truncated.kind().as_deref(),
        Some(PacketKind::Truncated { want: 40, got: 12 })
    ));
    let checksum = check(&[]).unwrap_err();
    assert_eq!(checksum.kind().as_deref(), Some(&PacketKind::Checksum));
    assert_eq!(checksum.to_string(), "checksum mismatch");
}

#[test]
fn heap_fields_need_alloc() {
    let error = check(&[2, 1]).unwrap_err();
    assert!(error.is_protocol());
    if cfg!(feature = "alloc") {
        assert_eq!(error.kind().as_deref(), Some(&PacketKind::Protocol("legacy")));
        assert_eq!(error.to_string(), "unknown protocol legacy");
        let big = Packet::truncated(1 << 26, 0);
        assert_eq!(big.to_string(), "want 67108864 bytes, got 0");
    } else {
        // Without heap states the status keeps its code; the field is dropped, and its text
        // says so rather than showing the variant as if it had none.
        assert!(error.kind().is_none());
        let lost = "Protocol (its fields were not kept: this build has no `alloc`)";
        assert_eq!(error.to_string(), lost);
        assert_eq!(format!("{error:?}"), lost);
        let big = Packet::truncated(1 << 26, 0);
        assert!(big.is_truncated() && big.kind().is_none());
        assert!(big.to_string().starts_with("Truncated (its fields were not kept"));
        // Values that pack keep their fields on `core` alone too.
        assert_eq!(Packet::truncated(4, 0).to_string(), "want 4 bytes, got 0");
        assert_eq!(
            Packet::truncated(100_000, 8).to_string(),
            "want 100000 bytes, got 8"
        );
    }
}
