//! A fieldless kind converted into its status (`FieldlessKind::Eof.into()`) beside the same
//! status made by `from_code`: `scripts/check-inlining.sh` requires the two functions to be the
//! same machine code at opt-level 3, 2 and "s" (a fieldless kind costs what a code costs).

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

/// Keeps both functions in a binary that calls this, for the inlining check to read.
pub fn keep() {
    black_box(via_into as fn(bool) -> Result<u32, Fieldless>);
    black_box(via_from_code as fn(bool) -> Result<u32, Fieldless>);
}
