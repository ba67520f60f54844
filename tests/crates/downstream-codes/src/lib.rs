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
