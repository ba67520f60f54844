//! Error sites that build a two-argument message, for their code size (`scripts/error-site.sh`):
//! the same small out-of-line reader (a little-endian `u32` at an offset) whose error branch
//! says where the read fell outside the buffer, written five ways:
//!
//! - `enum_reader`: the 32-byte thiserror enum of [`crate::fields`], its two-field variant built
//!   in place (the text is made only when displayed);
//! - `status_reader`: `Err(status!(..))` with two arguments, on a code-only status;
//! - `constructor_reader`: the derived constructor given `format_args!` with the same text;
//! - `anyhow_reader`: `anyhow!` with the same text;
//! - `bail_reader`: `bail!` with the same text, which returns the `Err` from the function it
//!   calls.
//!
//! [`shapes`] has the same error site in other shapes of reader, by the enum, `status!` and
//! `bail!`.

use crate::fields::ParseError;
use crate::{Bench, BenchCode};

/// A little-endian `u32` at `at`; the bounds check is the error site, whose branch is
/// `$error` (an `Err`, or `bail!`).
macro_rules! reader {
    ($(#[$doc:meta])* $name:ident -> $E:ty, |$at:ident, $len:ident| $error:expr) => {
        $(#[$doc])*
        #[inline(never)]
        pub fn $name(buf: &[u8], $at: usize) -> Result<u32, $E> {
            match buf.get($at..$at.wrapping_add(4)) {
                Some(&[a, b, c, d]) => Ok(u32::from_le_bytes([a, b, c, d])),
                _ => {
                    let $len = buf.len();
                    $error
                }
            }
        }
    };
}

reader! {
    /// The 32-byte enum by value, its variant built in place.
    enum_reader -> ParseError, |at, len| Err(ParseError::TooBig { size: at, len })
}

reader! {
    /// `status!` with two arguments.
    status_reader -> Bench, |at, len| Err(fast_status::status!(BenchCode::Invalid, "no u32 at {at} in {len} bytes"))
}

reader! {
    /// The derived constructor with `format_args!`.
    constructor_reader -> Bench, |at, len| Err(Bench::invalid(format_args!("no u32 at {at} in {len} bytes")))
}

reader! {
    /// `anyhow!` with the same text.
    anyhow_reader -> anyhow::Error, |at, len| Err(anyhow::anyhow!("no u32 at {at} in {len} bytes"))
}

reader! {
    /// `bail!` with two arguments.
    bail_reader -> Bench, |at, len| fast_status::bail!(BenchCode::Invalid, "no u32 at {at} in {len} bytes")
}

/// The error site in other shapes of reader, each written three ways: `<shape>_enum` builds
/// the 32-byte enum's `TooBig`, `<shape>_status` returns `Err(status!(..))` and `<shape>_bail`
/// `bail!(..)`, each with a two-argument message.
pub mod shapes {
    use std::hint::black_box;

    use crate::fields::ParseError;
    use crate::{Bench, BenchCode};

    /// `$name`: a little-endian `$int` at an offset of a slice, or `$error`.
    macro_rules! at_offset {
        ($name:ident -> $int:ty, $E:ty, |$at:ident, $len:ident| $error:expr) => {
            /// A little-endian integer at `at`.
            #[inline(never)]
            pub fn $name(buf: &[u8], $at: usize) -> Result<$int, $E> {
                match read::<{ size_of::<$int>() }>(buf, $at) {
                    Some(bytes) => Ok(<$int>::from_le_bytes(bytes)),
                    None => {
                        let $len = buf.len();
                        $error
                    }
                }
            }
        };
    }

    /// `at_offset!` three ways: the enum, `Err(status!(..))` and `bail!(..)`.
    macro_rules! at_offset_three_ways {
        ($enum:ident, $status:ident, $bail:ident, $int:ty) => {
            at_offset!($enum -> $int, ParseError, |at, len| {
                Err(ParseError::TooBig { size: at, len })
            });
            at_offset!($status -> $int, Bench, |at, len| {
                Err(fast_status::status!(BenchCode::Invalid, "no value at {at} in {len} bytes"))
            });
            at_offset!($bail -> $int, Bench, |at, len| {
                fast_status::bail!(BenchCode::Invalid, "no value at {at} in {len} bytes")
            });
        };
    }

    /// `N` bytes at `at`, if they are there.
    #[inline]
    fn read<const N: usize>(buf: &[u8], at: usize) -> Option<[u8; N]> {
        buf.get(at..at.checked_add(N)?)?.try_into().ok()
    }

    at_offset_three_ways!(u8_enum, u8_status, u8_bail, u8);
    at_offset_three_ways!(u16_enum, u16_status, u16_bail, u16);
    at_offset_three_ways!(u64_enum, u64_status, u64_bail, u64);

    /// A reader that moves through its buffer: methods on `&mut self`.
    #[derive(Debug)]
    pub struct Cursor<'a> {
        /// What is read.
        pub buf: &'a [u8],
        /// Where the next read starts.
        pub pos: usize,
    }

    /// `next_u32_<way>`: the next little-endian `u32`; `take_<way>`: the next `n` bytes.
    macro_rules! cursor_reads {
        ($next:ident, $take:ident, $E:ty, |$at:ident, $len:ident| $error:expr) => {
            /// The next little-endian `u32`.
            #[inline(never)]
            pub fn $next(&mut self) -> Result<u32, $E> {
                let $at = self.pos;
                match read::<4>(self.buf, $at) {
                    Some(bytes) => {
                        self.pos = $at + 4;
                        Ok(u32::from_le_bytes(bytes))
                    }
                    None => {
                        let $len = self.buf.len();
                        $error
                    }
                }
            }

            /// The next `n` bytes.
            #[inline(never)]
            pub fn $take(&mut self, n: usize) -> Result<&[u8], $E> {
                let $at = self.pos;
                match self.buf.get($at..$at.saturating_add(n)) {
                    Some(bytes) => {
                        self.pos = $at + n;
                        Ok(bytes)
                    }
                    None => {
                        let $len = self.buf.len();
                        $error
                    }
                }
            }
        };
    }

    impl Cursor<'_> {
        cursor_reads!(next_u32_enum, take_enum, ParseError, |at, len| {
            Err(ParseError::TooBig { size: at, len })
        });
        cursor_reads!(next_u32_status, take_status, Bench, |at, len| {
            Err(fast_status::status!(
                BenchCode::Invalid,
                "nothing at {at} in {len} bytes"
            ))
        });
        cursor_reads!(next_u32_bail, take_bail, Bench, |at, len| {
            fast_status::bail!(BenchCode::Invalid, "nothing at {at} in {len} bytes")
        });
    }

    /// Keeps every shape in the binary.
    pub fn keep() {
        type At<T> = fn(&[u8], usize) -> Result<T, ParseError>;
        type AtStatus<T> = fn(&[u8], usize) -> Result<T, Bench>;
        type Next<E> = fn(&mut Cursor<'static>) -> Result<u32, E>;
        type Take<E> = for<'a> fn(&'a mut Cursor<'static>, usize) -> Result<&'a [u8], E>;
        black_box(u8_enum as At<u8>);
        black_box((u8_status as AtStatus<u8>, u8_bail as AtStatus<u8>));
        black_box(u16_enum as At<u16>);
        black_box((u16_status as AtStatus<u16>, u16_bail as AtStatus<u16>));
        black_box(u64_enum as At<u64>);
        black_box((u64_status as AtStatus<u64>, u64_bail as AtStatus<u64>));
        black_box(Cursor::next_u32_enum as Next<ParseError>);
        black_box((
            Cursor::next_u32_status as Next<Bench>,
            Cursor::next_u32_bail as Next<Bench>,
        ));
        black_box(Cursor::take_enum as Take<ParseError>);
        black_box((
            Cursor::take_status as Take<Bench>,
            Cursor::take_bail as Take<Bench>,
        ));
    }
}

/// Keeps every reader in the binary.
pub fn keep_readers() {
    std::hint::black_box((
        enum_reader as fn(&[u8], usize) -> Result<u32, ParseError>,
        status_reader as fn(&[u8], usize) -> Result<u32, Bench>,
        constructor_reader as fn(&[u8], usize) -> Result<u32, Bench>,
        anyhow_reader as fn(&[u8], usize) -> Result<u32, anyhow::Error>,
        bail_reader as fn(&[u8], usize) -> Result<u32, Bench>,
    ));
    shapes::keep();
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
        assert_eq!(bail_reader(&buf, 2).unwrap_err().message(), text);
        assert_eq!(bail_reader(&buf, 1).unwrap(), 0x0200_0000);
        assert!(status_reader(&buf, usize::MAX).is_err());
        assert!(bail_reader(&buf, usize::MAX).is_err());
    }

    #[test]
    fn every_shape_reads_and_reports_alike() {
        use shapes::*;

        let buf = [1, 0, 0, 0, 0, 0, 0, 0, 2];
        assert_eq!(
            (u8_enum(&buf, 8).unwrap(), u8_status(&buf, 8).unwrap()),
            (2, 2)
        );
        assert_eq!(u8_bail(&buf, 8).unwrap(), 2);
        assert_eq!(
            (u16_enum(&buf, 0).unwrap(), u16_bail(&buf, 0).unwrap()),
            (1, 1)
        );
        assert_eq!(
            (u64_status(&buf, 1).unwrap(), u64_bail(&buf, 0).unwrap()),
            (2 << 56, 1)
        );
        let text = "no value at 2 in 9 bytes";
        assert_eq!(u64_status(&buf, 2).unwrap_err().message(), text);
        assert_eq!(u64_bail(&buf, 2).unwrap_err().message(), text);
        assert_eq!(
            u16_bail(&buf, 8).unwrap_err().message(),
            "no value at 8 in 9 bytes"
        );
        assert!(u8_enum(&buf, 9).is_err() && u16_status(&buf, usize::MAX).is_err());

        let mut cursor = Cursor { buf: &buf, pos: 0 };
        assert_eq!(cursor.next_u32_bail().unwrap(), 1);
        assert_eq!(cursor.take_status(4).unwrap(), [0; 4]);
        assert_eq!(
            cursor.next_u32_enum().unwrap_err().to_string(),
            "type is too big (8) for 9"
        );
        let text = "nothing at 8 in 9 bytes";
        assert_eq!(cursor.next_u32_status().unwrap_err().message(), text);
        assert_eq!(cursor.take_bail(2).unwrap_err().message(), text);
        assert_eq!(cursor.take_enum(1).unwrap(), [2]);
        assert_eq!(cursor.pos, 9);
    }
}
