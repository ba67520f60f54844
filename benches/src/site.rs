//! Error sites that build a two-argument message, for their code size (`scripts/error-site.sh`):
//! the same small out-of-line reader (a little-endian `u32` at an offset) whose error branch
//! says where the read fell outside the buffer, written four ways:
//!
//! - `enum_reader`: the 32-byte thiserror enum of [`crate::fields`], its two-field variant built
//!   in place (the text is made only when displayed);
//! - `status_reader`: `status!` with two arguments on a code-only status;
//! - `constructor_reader`: the derived constructor given `format_args!` with the same text;
//! - `anyhow_reader`: `anyhow!` with the same text.

use crate::fields::ParseError;
use crate::{Bench, BenchCode};

/// A little-endian `u32` at `at`; the bounds check is the error site.
macro_rules! reader {
    ($(#[$doc:meta])* $name:ident -> $E:ty, |$at:ident, $len:ident| $error:expr) => {
        $(#[$doc])*
        #[inline(never)]
        pub fn $name(buf: &[u8], $at: usize) -> Result<u32, $E> {
            match buf.get($at..$at.wrapping_add(4)) {
                Some(&[a, b, c, d]) => Ok(u32::from_le_bytes([a, b, c, d])),
                _ => {
                    let $len = buf.len();
                    Err($error)
                }
            }
        }
    };
}

reader! {
    /// The 32-byte enum by value, its variant built in place.
    enum_reader -> ParseError, |at, len| ParseError::TooBig { size: at, len }
}

reader! {
    /// `status!` with two arguments.
    status_reader -> Bench, |at, len| fast_status::status!(BenchCode::Invalid, "no u32 at {at} in {len} bytes")
}

reader! {
    /// The derived constructor with `format_args!`.
    constructor_reader -> Bench, |at, len| Bench::invalid(format_args!("no u32 at {at} in {len} bytes"))
}

reader! {
    /// `anyhow!` with the same text.
    anyhow_reader -> anyhow::Error, |at, len| anyhow::anyhow!("no u32 at {at} in {len} bytes")
}

/// Keeps every reader in the binary.
pub fn keep_readers() {
    std::hint::black_box((
        enum_reader as fn(&[u8], usize) -> Result<u32, ParseError>,
        status_reader as fn(&[u8], usize) -> Result<u32, Bench>,
        constructor_reader as fn(&[u8], usize) -> Result<u32, Bench>,
        anyhow_reader as fn(&[u8], usize) -> Result<u32, anyhow::Error>,
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn readers_read_and_report_alike() {
        let buf = [1, 0, 0, 0, 2];
        assert_eq!(enum_reader(&buf, 0).unwrap(), 1);
        assert_eq!(status_reader(&buf, 1).unwrap(), 0x0200_0000);
        let text = "no u32 at 2 in 5 bytes";
        assert_eq!(
            enum_reader(&buf, 2).unwrap_err().to_string(),
            "type is too big (2) for 5"
        );
        assert_eq!(status_reader(&buf, 2).unwrap_err().message(), text);
        assert_eq!(constructor_reader(&buf, 2).unwrap_err().message(), text);
        assert_eq!(anyhow_reader(&buf, 2).unwrap_err().to_string(), text);
        assert!(status_reader(&buf, usize::MAX).is_err());
    }
}
