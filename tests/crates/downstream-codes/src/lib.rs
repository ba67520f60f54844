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

/// Why reading a record failed: a kind enum with fields, through the renamed crate.
#[derive(FastStatus, Debug)]
#[status(crate = ::fs, name = RecordError)]
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
    /// A variant named like a built-in method (`message()`), its methods named otherwise.
    #[error("{0}")]
    #[status(method = custom_message)]
    Message(String),
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
