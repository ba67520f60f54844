//! The derived type works across crate boundaries: constructors, predicates, `?`, `From`,
//! statics built in another crate, and generic code.

use downstream_codes::{Decode, DecodeCode, MISSING_HEADER, file_page_len, page_len};
use downstream_user::{is_truncated, raw_code, total_len};

#[test]
fn statuses_from_another_crate() {
    assert_eq!(page_len(&[1, 0, 0, 0, 9]), Ok(1));
    let error = page_len(&[1, 2]).unwrap_err();
    assert!(error.is_truncated());
    assert!(is_truncated(&error));
    assert_eq!(error.to_string(), "Truncated: header needs 4 bytes, got 2");
    assert_eq!(raw_code(&error), 10);
    assert_eq!(page_len(&[]).unwrap_err(), MISSING_HEADER);
    assert_eq!(
        Decode::checksum("crc").to_string(),
        "Checksum mismatch: crc"
    );
}

#[test]
fn question_mark_and_context_across_crates() {
    let error = total_len(&[&[4, 0, 0, 0], &[1]]).unwrap_err();
    assert_eq!(error.code(), DecodeCode::Truncated);
    let lines: Vec<&str> = error.context_lines().map(|(text, _)| text).collect();
    assert_eq!(lines, ["page 1"]);
    let location = error.context_lines().next().map(|(_, l)| l.file());
    assert_eq!(location, Some("tests/crates/downstream-user/src/lib.rs"));
    assert_eq!(total_len(&[&[4, 0, 0, 0], &[1, 0, 0, 0]]), Ok(5));
}

#[test]
fn from_io_error_in_another_crate() {
    let error = file_page_len(std::path::Path::new("/no/such/fast-status/file")).unwrap_err();
    assert!(error.is_io());
    assert!(std::error::Error::source(&error).is_some());
    assert_eq!(
        error.location().map(std::panic::Location::file),
        Some("tests/crates/downstream-codes/src/lib.rs")
    );
}
