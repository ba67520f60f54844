//! The status type the benchmarks use, in its own crate as a user's would be.

use fast_status::FastStatus;

/// Codes of a reader.
#[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchCode {
    /// Malformed input.
    Invalid = 1,
    /// A key was missing.
    KeyError,
}

/// Fails only for `u64::MAX`, which the success-path benchmark never passes.
///
/// # Errors
///
/// [`BenchCode::Invalid`] when `x` is `u64::MAX`.
#[inline(never)]
pub fn check(x: u64) -> Result<(), Bench> {
    if x == u64::MAX {
        return Err(Bench::from_code(BenchCode::Invalid));
    }
    Ok(())
}

/// Always fails with a code-only status.
///
/// # Errors
///
/// Always.
#[inline(never)]
pub fn fail_code() -> Result<(), Bench> {
    Err(Bench::from_code(BenchCode::KeyError))
}

/// Always fails with a formatted message.
///
/// # Errors
///
/// Always.
#[inline(never)]
pub fn fail_formatted(x: u64) -> Result<(), Bench> {
    Err(Bench::invalid(format_args!("bad value {x}")))
}
