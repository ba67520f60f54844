//! A fieldless kind converted into its status (`FieldlessKind::Eof.into()`) beside the same
//! status made by `from_code`: `scripts/check-inlining.sh` requires the two functions to be the
//! same machine code at opt-level 3, 2 and "s" (a fieldless kind costs what a code costs).
//!
//! And small functions of this library crate, with no `#[inline]`, that a binary crate calls
//! in a loop (`compare`'s `hex_sums`): one builds a status with fields on its error branch,
//! one the same error as a plain enum, and one the status with `#[inline]`. The script reports
//! which of them the binary inlined: across crates, rustc inlines a small function without
//! `#[inline]` only when it calls nothing, which a status's out-of-line constructor is.

use std::hint::black_box;

/// Kinds with fields beside a fieldless one, so the conversion has both routes to choose from.
#[derive(Debug, fast_status::FastStatus)]
#[status(name = Fieldless)]
pub enum FieldlessKind {
    /// A number: packed.
    #[error("too big: {0}")]
    TooBig(u64),
    /// No fields: the code alone.
    #[error("end of input")]
    Eof,
    /// A string: one allocation.
    #[error("text: {0}")]
    Text(String),
}

/// `Err(FieldlessKind::Eof.into())` when `fail`.
///
/// # Errors
///
/// `Eof` when `fail`.
#[inline(never)]
pub fn via_into(fail: bool) -> Result<u32, Fieldless> {
    if fail {
        return Err(FieldlessKind::Eof.into());
    }
    Ok(1)
}

/// `Err(Fieldless::from_code(FieldlessCode::Eof))` when `fail`.
///
/// # Errors
///
/// `Eof` when `fail`.
#[inline(never)]
pub fn via_from_code(fail: bool) -> Result<u32, Fieldless> {
    if fail {
        return Err(Fieldless::from_code(FieldlessCode::Eof));
    }
    Ok(1)
}

/// A hex digit's error, as a plain enum.
#[derive(Debug)]
pub enum HexEnum {
    /// Not a hex digit.
    BadDigit(u8),
}

/// A hex digit's error, as a status.
#[derive(Debug, fast_status::FastStatus)]
#[status(name = Hex)]
pub enum HexKind {
    /// Not a hex digit.
    #[error("bad digit {0:#x}")]
    BadDigit(u8),
}

/// The value of the hex digit `b`, or a plain enum's error.
///
/// # Errors
///
/// `BadDigit` for a byte that is not a hex digit.
pub fn hex_enum(b: u8) -> Result<u8, HexEnum> {
    match b {
        b'0'..=b'9' => Ok(b - b'0'),
        b'a'..=b'f' => Ok(b - b'a' + 10),
        _ => Err(HexEnum::BadDigit(b)),
    }
}

/// The value of the hex digit `b`, or a status.
///
/// # Errors
///
/// `BadDigit` for a byte that is not a hex digit.
pub fn hex_status(b: u8) -> Result<u8, Hex> {
    match b {
        b'0'..=b'9' => Ok(b - b'0'),
        b'a'..=b'f' => Ok(b - b'a' + 10),
        _ => Err(Hex::bad_digit(b)),
    }
}

/// [`hex_status`] with `#[inline]`, as the porting guide says to write it.
///
/// # Errors
///
/// `BadDigit` for a byte that is not a hex digit.
#[inline]
pub fn hex_status_inline(b: u8) -> Result<u8, Hex> {
    match b {
        b'0'..=b'9' => Ok(b - b'0'),
        b'a'..=b'f' => Ok(b - b'a' + 10),
        _ => Err(Hex::bad_digit(b)),
    }
}

/// Keeps both functions in a binary that calls this, for the inlining check to read.
pub fn keep() {
    black_box(via_into as fn(bool) -> Result<u32, Fieldless>);
    black_box(via_from_code as fn(bool) -> Result<u32, Fieldless>);
}
