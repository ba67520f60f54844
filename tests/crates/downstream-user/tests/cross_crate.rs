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

#[test]
fn statuses_with_fields_from_another_crate() {
    use downstream_codes::{RecordErrorCode, RecordErrorKind, record};
    use downstream_user::missing_bytes;

    assert_eq!(record(&[2, 7, 8], 0), Ok(&[7_u8, 8][..]));
    let unaligned = record(&[0; 8], 3).unwrap_err();
    assert_eq!(unaligned.code(), RecordErrorCode::Unaligned);
    assert_eq!(unaligned.to_string(), "unaligned offset 0x3");
    assert!(matches!(
        unaligned.kind().as_deref(),
        Some(RecordErrorKind::Unaligned(3))
    ));
    let too_long = record(&[9, 1, 2], 0).unwrap_err();
    assert_eq!(too_long.to_string(), "record of 9 bytes does not fit in 2");
    assert_eq!(missing_bytes(&too_long), Some(7));
    assert_eq!(raw_code(&too_long), 0);
    let io: downstream_codes::RecordError = std::io::Error::other("gone").into();
    assert_eq!(
        std::error::Error::source(&io)
            .map(ToString::to_string)
            .as_deref(),
        Some("gone")
    );
    // Moved out by value in this crate; another kind comes back as a status.
    assert_eq!(
        downstream_user::into_io(io).map(|io| io.to_string()).ok(),
        Some("gone".to_owned())
    );
    let back = downstream_user::into_io(unaligned).expect_err("not an io::Error");
    assert_eq!(back.code(), RecordErrorCode::Unaligned);
    // A variant's methods named with `method = ..`, used from another crate.
    let message = downstream_codes::RecordError::custom_message("free text".to_owned());
    assert!(message.is_custom_message());
    assert_eq!(message.code(), RecordErrorCode::Message);
    assert_eq!(message.to_string(), "free text");
}

#[test]
fn non_exhaustive_kinds_from_another_crate() {
    use downstream_codes::{RecordErrorCode, check, record};
    use downstream_user::{found_checksum, record_failure};

    assert_eq!(check(&[1, 2], 3), Ok(()));
    let bad = check(&[1, 2], 4).unwrap_err();
    assert_eq!(bad.code(), RecordErrorCode::BadChecksum);
    assert_eq!(bad.to_string(), "checksum 0x3, expected 0x4");
    assert_eq!(found_checksum(&bad), Some(3));
    assert_eq!(record_failure(&bad), "checksum");
    assert_eq!(
        record_failure(&record(&[0; 8], 3).unwrap_err()),
        "unaligned"
    );
    // Its code is another crate's to name, and a status of it without fields is made here.
    let code_only = downstream_codes::RecordError::from_code(RecordErrorCode::BadChecksum);
    assert_eq!(found_checksum(&code_only), None);
}
