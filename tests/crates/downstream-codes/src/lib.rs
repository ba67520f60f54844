//! A downstream library that derives a status type and returns it from its API.
#![deny(missing_docs, warnings)]

use fs::FastStatus;

/// Why decoding a page failed.
#[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
#[status(crate = ::fs)]
pub enum DecodeCode {
    /// The page is shorter than its header says.
    Truncated = 10,
    /// The page's checksum does not match.
    #[status(display = "Checksum mismatch")]
    Checksum,
    /// Reading the page failed.
    #[status(from = std::io::Error)]
    Io,
}

/// The fixed header every page starts with.
pub const MISSING_HEADER: Decode = fs::status!(DecodeCode::Truncated, "no header");

/// Decodes the little-endian length prefix of `page`.
///
/// # Errors
///
/// [`DecodeCode::Truncated`] when `page` is shorter than four bytes.
pub fn page_len(page: &[u8]) -> Result<u32, Decode> {
    match page.get(..4) {
        None if page.is_empty() => Err(MISSING_HEADER),
        None => Err(fs::status!(
            DecodeCode::Truncated,
            "header needs 4 bytes, got {}",
            page.len()
        )),
        Some(bytes) => Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]])),
    }
}

/// Reads a file and decodes its first page.
///
/// # Errors
///
/// [`DecodeCode::Io`] when the file cannot be read, or what [`page_len`] returns.
pub fn file_page_len(path: &std::path::Path) -> Result<u32, Decode> {
    let bytes = std::fs::read(path)?;
    page_len(&bytes)
}

/// Which end of a record was cut off: a field that rides in the status's word, packed by the
/// derive through the renamed crate.
#[derive(fs::Pack, Clone, Copy, Debug, PartialEq, Eq)]
#[pack(crate = ::fs)]
pub enum End {
    /// The length byte.
    Head,
    /// The record's bytes.
    Tail,
}

/// Why reading a record failed: a kind enum with fields, through the renamed crate.
/// `#[non_exhaustive]`, as a library's error enum often is: its generated code enum is too.
#[derive(FastStatus, Debug)]
#[status(crate = ::fs, name = RecordError)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// A record longer than the page (two `usize`s: on the heap).
    #[error("record of {size} bytes does not fit in {room}")]
    TooLong {
        /// The record's size.
        size: usize,
        /// The room left.
        room: usize,
    },
    /// A record at an offset that is not aligned (packed into the word).
    #[error("unaligned offset {0:#x}")]
    Unaligned(u32),
    /// Reading failed.
    #[error("reading the record failed")]
    Io(#[from] std::io::Error),
    /// A record cut off at one end, and how many bytes were there (packed into the word).
    #[error("record cut off at its {0:?}, {1:?} bytes read")]
    Cut(End, Option<u16>),
    /// A variant named like a built-in method (`message()`), its methods named otherwise.
    #[error("{0}")]
    #[status(method = custom_message)]
    Message(String),
    /// A record whose checksum is not the one expected. `#[non_exhaustive]`: it may gain
    /// fields, so other crates can neither build it nor call its constructor.
    #[error("checksum {found:#x}, expected {expected:#x}")]
    #[non_exhaustive]
    BadChecksum {
        /// The checksum the record should have.
        expected: u32,
        /// The checksum it has.
        found: u32,
    },
}

/// Checks `record` against its `expected` checksum (a byte sum).
///
/// # Errors
///
/// [`RecordErrorKind::BadChecksum`]. Its constructor is for this crate alone, as the variant
/// is (`#[non_exhaustive]`):
///
/// ```compile_fail,E0624
/// let _ = downstream_codes::RecordError::bad_checksum(1, 2);
/// ```
pub fn check(record: &[u8], expected: u32) -> Result<(), RecordError> {
    let found = record.iter().map(|&b| u32::from(b)).sum();
    if found == expected {
        Ok(())
    } else {
        Err(RecordError::bad_checksum(expected, found))
    }
}

/// Reads the record at `offset` of `page`: a length byte, then the record.
///
/// # Errors
///
/// [`RecordErrorKind::Unaligned`] or [`RecordErrorKind::TooLong`].
pub fn record(page: &[u8], offset: u32) -> Result<&[u8], RecordError> {
    if offset & 3 != 0 {
        return Err(RecordError::unaligned(offset));
    }
    let at = usize::try_from(offset).unwrap_or(usize::MAX);
    let Some((&len, rest)) = page.get(at..).and_then(<[u8]>::split_first) else {
        return Err(RecordErrorKind::TooLong { size: 1, room: 0 }.into());
    };
    let size = usize::from(len);
    rest.get(..size)
        .ok_or(RecordError::too_long(size, rest.len()))
}

#[cfg(test)]
mod tests {
    use super::{End, RecordError, RecordErrorKind};

    #[test]
    fn a_derived_pack_field_rides_in_the_word() {
        let error = RecordError::cut(End::Tail, Some(3));
        assert_eq!(
            error.to_string(),
            "record cut off at its Tail, Some(3) bytes read"
        );
        assert!(matches!(
            error.kind().as_deref(),
            Some(RecordErrorKind::Cut(End::Tail, Some(3)))
        ));
        // Packed, it has no room for where it was made (on 64-bit targets).
        assert_eq!(
            error.location().is_none(),
            cfg!(target_pointer_width = "64")
        );
    }
}
