//! A crate one step further down: it propagates another crate's status type with `?`, and
//! writes generic code over it through the `FastStatus` trait.
#![deny(missing_docs, warnings)]

use downstream_codes::{Decode, DecodeCode, page_len};
use fast_status::FastStatus;

/// Sums the length prefixes of `pages`, adding a context line to the first failure.
///
/// # Errors
///
/// The first page's error, with context.
pub fn total_len(pages: &[&[u8]]) -> Result<u64, Decode> {
    let mut total = 0;
    for (i, page) in pages.iter().enumerate() {
        let len = page_len(page).map_err(|s| s.context(format_args!("page {i}")))?;
        total += u64::from(len);
    }
    Ok(total)
}

/// The raw code of any derived status.
pub fn raw_code<S: FastStatus>(status: &S) -> u32 {
    fast_status::Code::to_raw(status.code())
}

/// Whether a status says the input was cut short.
#[must_use]
pub fn is_truncated(status: &Decode) -> bool {
    status.code() == DecodeCode::Truncated
}

/// The `io::Error` a failed record read holds, moved out of it (matched by value on the other
/// crate's kind enum); the status back if it holds another kind or shares its value.
///
/// # Errors
///
/// The status, when it holds no `io::Error` it can give up.
pub fn into_io(
    error: downstream_codes::RecordError,
) -> Result<std::io::Error, downstream_codes::RecordError> {
    match error.into_kind() {
        Ok(downstream_codes::RecordErrorKind::Io(io)) => Ok(io),
        Ok(other) => Err(other.into()),
        Err(error) => Err(error),
    }
}

/// The room a failed record read was short of, matched on the other crate's kind enum.
#[must_use]
pub fn missing_bytes(error: &downstream_codes::RecordError) -> Option<usize> {
    match error.kind().as_deref() {
        Some(downstream_codes::RecordErrorKind::TooLong { size, room }) => Some(size - room),
        _ => None,
    }
}

/// What a failed record read was, by its code. The other crate's kinds are `#[non_exhaustive]`
/// and so are its codes, so this match needs its last arm (were the codes exhaustive, that arm
/// would be an unreachable pattern, an error under `deny(warnings)`).
#[must_use]
pub fn record_failure(error: &downstream_codes::RecordError) -> &'static str {
    use downstream_codes::RecordErrorCode;
    match error.code() {
        RecordErrorCode::TooLong => "too long",
        RecordErrorCode::Unaligned => "unaligned",
        RecordErrorCode::Io => "io",
        RecordErrorCode::Message => "message",
        RecordErrorCode::BadChecksum => "checksum",
        _ => "newer",
    }
}

/// The checksum a record had, matched on a `#[non_exhaustive]` variant of the other crate
/// (which takes `..`).
#[must_use]
pub fn found_checksum(error: &downstream_codes::RecordError) -> Option<u32> {
    match error.kind().as_deref() {
        Some(downstream_codes::RecordErrorKind::BadChecksum { found, .. }) => Some(*found),
        _ => None,
    }
}
