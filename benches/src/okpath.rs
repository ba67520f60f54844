//! The success-path matrix: one hot reader, `fn next(&mut Reader) -> Result<u32, E>`, called
//! once per value through `?` in a loop that never fails, written once per error-site form.
//! The rows differ only in what their error branches write, so any difference in the
//! instructions per value is what that form costs the success path.
//!
//! Two shapes of reader:
//!
//! - one site: the bounds check of a little-endian `u32` is the only error branch;
//! - two sites: the same, then a check that the value fits in a `u16` (the records never
//!   exceed it), a second error branch of its own form.
//!
//! Each row compares with the floor of its shape (`NonZeroUsize`, a constant code). The peer
//! rows (the thiserror enum, anyhow) are the types a port replaces. `scripts/okpath.sh` runs the
//! matrix at opt-level 3 and "s" and shows each row's machine code where it is above the floor.

use std::io;
use std::num::{NonZeroUsize, TryFromIntError};

use fast_status::{FastStatus, ResultExt as _, bail, ensure, status};

/// The largest value the records hold: the second site's check never fails.
pub const LIMIT: u32 = u16::MAX as u32;

/// The records every row reads: `values` little-endian `u32`s, each at most [`LIMIT`].
pub fn records(values: usize) -> Vec<u8> {
    (0..values)
        .flat_map(|i| u32::try_from(i % 1000).unwrap_or(0).to_le_bytes())
        .collect()
}

/// A cursor over the records.
pub struct Reader<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `buf`.
    pub fn new(buf: &'a [u8]) -> Self {
        Self { buf, pos: 0 }
    }
}

/// The next four bytes at `at`, or an `io::Error` (as `Read::read_exact` reports a short read).
#[inline]
fn take4(buf: &[u8], at: usize) -> io::Result<[u8; 4]> {
    match buf.get(at..at.wrapping_add(4)) {
        Some(&[a, b, c, d]) => Ok([a, b, c, d]),
        _ => Err(io::ErrorKind::UnexpectedEof.into()),
    }
}

/// The same, or a code-only status.
#[inline]
fn take4_status(buf: &[u8], at: usize) -> Result<[u8; 4], Status> {
    match buf.get(at..at.wrapping_add(4)) {
        Some(&[a, b, c, d]) => Ok([a, b, c, d]),
        _ => Err(Status::from_code(StatusCode::Truncated)),
    }
}

/// The floor's error: a constant one-word code.
const FLOOR: NonZeroUsize = NonZeroUsize::MIN;

/// A one-word code made out of line, as a cold error constructor of any type is called.
#[cold]
#[inline(never)]
fn floor_code(at: usize) -> NonZeroUsize {
    NonZeroUsize::new(at).unwrap_or(FLOOR)
}

/// A code enum, as an Arrow-style library writes it.
#[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatusCode {
    /// A short read.
    Truncated = 1,
    /// A value out of range.
    TooLarge,
    /// An I/O failure.
    IOError,
}

/// Declares the same variants twice: `ErrorKind`, ported to fast-status with
/// `variant_constructors` (its status is `Error`), and `EnumError`, the thiserror enum a port
/// replaces.
macro_rules! twin_enums {
    ($($variants:tt)*) => {
        /// A thiserror-style enum of kinds, ported with `variant_constructors`.
        #[derive(FastStatus, Debug)]
        #[status(name = Error, variant_constructors)]
        pub enum ErrorKind {
            $($variants)*
        }

        /// The enum a port replaces: the same variants with thiserror.
        #[derive(Debug, thiserror::Error)]
        pub enum EnumError {
            $($variants)*
        }
    };
}

twin_enums! {
    /// Two `usize` fields.
    #[error("no u32 at {at} in {len} bytes")]
    TooBig { at: usize, len: usize },
    /// A `u32` field.
    #[error("bad offset {0:#x}")]
    BadOffset(u32),
    /// A unit variant.
    #[error("unexpected end of input")]
    Eof,
    /// A message.
    #[error("{0}")]
    Custom(String),
    /// A converted `io::Error`.
    #[error("I/O failed")]
    Io(#[from] io::Error),
    /// A converted `TryFromIntError`.
    #[error("out of range")]
    Range(#[from] TryFromIntError),
}

const _: () = assert!(size_of::<Result<u32, EnumError>>() == 24);
const _: () = assert!(size_of::<Result<u32, Error>>() == 16);

/// `$row`: a reader whose only error branch, the bounds check, is `$site` (with `at` the
/// offset and `len` the buffer's length in scope), and the loop over it: [`two_sites!`] with
/// no second check.
macro_rules! one_site {
    ($(#[$doc:meta])* $row:ident -> $E:ty, |$r:ident, $at:ident, $len:ident| $site:expr) => {
        two_sites! {
            $(#[$doc])* $row -> $E,
            |$r, $at, $len| $site,
            |value| value
        }
    };
}

/// `$row`: a reader with two error branches: the bounds check (`$first`, with `at` the offset
/// and `len` the buffer's length in scope), then `$second`, which checks that `value` fits in
/// a `u16`; and the loop over it.
macro_rules! two_sites {
    (
        $(#[$doc:meta])* $row:ident -> $E:ty,
        |$r:ident, $at:ident, $len:ident| $first:expr,
        |$value:ident| $second:expr
    ) => {
        $(#[$doc])*
        pub mod $row {
            #[allow(unused_imports)]
            use super::*;

            /// The error type.
            pub type E = $E;

            /// The next value.
            #[inline(never)]
            #[allow(unused_variables)]
            pub fn next($r: &mut Reader<'_>) -> Result<u32, E> {
                let $at = $r.pos;
                let $len = $r.buf.len();
                let bytes: [u8; 4] = $first;
                $r.pos = $at + 4;
                let $value = u32::from_le_bytes(bytes);
                Ok($second)
            }

            /// The sum of `n` values.
            #[inline(never)]
            pub fn drain(r: &mut Reader<'_>, n: usize) -> Result<u64, E> {
                let mut sum = 0;
                for _ in 0..n {
                    sum += u64::from(next(r)?);
                }
                Ok(sum)
            }
        }
    };
}

/// The bounds check: the four bytes, or `$error` (which returns).
macro_rules! bytes_or {
    ($r:ident, $at:ident, $error:expr) => {
        match $r.buf.get($at..$at.wrapping_add(4)) {
            Some(&[a, b, c, d]) => [a, b, c, d],
            _ => $error,
        }
    };
}

/// The value check: `$value`, or `$error` (which returns).
macro_rules! fits_or {
    ($value:ident, $error:expr) => {
        if $value > LIMIT { $error } else { $value }
    };
}

/// Every row: (module, label). One-site rows first, then two-site rows; each shape's first row
/// is its floor.
#[macro_export]
macro_rules! for_each_okpath_row {
    ($callback:ident) => {
        $callback! {
            one {
                floor => "floor: NonZeroUsize constant",
                floor_call => "NonZeroUsize from a cold call",
                enum_struct => "enum: TooBig { .. }",
                enum_format => "enum: Custom(format!(..))",
                enum_string => "enum: Custom(String)",
                enum_io => "enum: ? from io::Error",
                anyhow_format => "anyhow!(\"..{at}\")",
                anyhow_context => "anyhow: .context(\"..\")?",
                from_code => "Status::from_code(..)",
                status_literal => "status!(C, \"..\")",
                status_format => "status!(C, \"..{at}\")",
                bail => "bail!(C, \"..{at}\")",
                named_literal => "Status::truncated(\"..\")",
                named_args => "Status::truncated(format_args!)",
                named_format => "Status::truncated(format!)",
                named_string => "Status::truncated(String)",
                new_args => "Status::new(C, format_args!)",
                or_status => ".or_status(C)?",
                context => ".context(\"..\")?",
                tuple_packed => "Error::BadOffset(u32)",
                struct_ctor => "Error::too_big(at, len)",
                struct_from => "Error::from(Kind::TooBig{..})",
                unit_const => "Error::Eof",
                string_moved => "Error::Custom(format!)",
                string_text => "Error::custom(format_args!)",
                kind_io => "Error: ? from io::Error",
            }
            two {
                floor2 => "floor: NonZeroUsize constant",
                floor2_call => "NonZeroUsize from cold calls",
                enum2 => "enum: TooBig, Custom(format!)",
                enum2_try => "enum: Eof, ? from TryFromInt",
                anyhow2 => "anyhow!, anyhow!",
                status2 => "status!, status!",
                ensure2 => "status!, ensure!",
                named2 => "format_args!, format_args!",
                fields2 => "too_big(..), BadOffset(..)",
                string2 => "Custom(format!), custom(args)",
                kind2_try => "Error::Eof, ? from TryFromInt",
            }
        }
    };
}

one_site! {
    /// The floor: a constant one-word code.
    floor -> NonZeroUsize, |r, at, len| bytes_or!(r, at, return Err(FLOOR))
}
one_site! {
    /// The floor's code, made by a cold call.
    floor_call -> NonZeroUsize, |r, at, len| bytes_or!(r, at, return Err(floor_code(at)))
}
one_site! {
    /// The thiserror enum's struct variant, built in place.
    enum_struct -> EnumError, |r, at, len| bytes_or!(r, at, return Err(EnumError::TooBig { at, len }))
}
one_site! {
    /// The thiserror enum's `String` variant of `format!`.
    enum_format -> EnumError,
    |r, at, len| bytes_or!(r, at, return Err(EnumError::Custom(format!("no u32 at {at} in {len} bytes"))))
}
one_site! {
    /// The thiserror enum's `String` variant of a `String` made before it.
    enum_string -> EnumError, |r, at, len| bytes_or!(r, at, return Err(EnumError::Custom(at.to_string())))
}
one_site! {
    /// The thiserror enum through `?` from an `io::Error`.
    enum_io -> EnumError, |r, at, len| take4(r.buf, at)?
}
one_site! {
    /// `anyhow!` with a formatted message.
    anyhow_format -> anyhow::Error,
    |r, at, len| bytes_or!(r, at, return Err(anyhow::anyhow!("no u32 at {at} in {len} bytes")))
}
one_site! {
    /// anyhow's `.context(..)` on an `io::Result`.
    anyhow_context -> anyhow::Error, |r, at, len| anyhow::Context::context(take4(r.buf, at), "reading a u32")?
}
one_site! {
    /// `from_code`.
    from_code -> Status, |r, at, len| bytes_or!(r, at, return Err(Status::from_code(StatusCode::Truncated)))
}
one_site! {
    /// `status!` with a literal.
    status_literal -> Status, |r, at, len| bytes_or!(r, at, return Err(status!(StatusCode::Truncated, "no u32 here")))
}
one_site! {
    /// `status!` with a formatted message.
    status_format -> Status,
    |r, at, len| bytes_or!(r, at, return Err(status!(StatusCode::Truncated, "no u32 at {at} in {len} bytes")))
}
one_site! {
    /// `bail!` with a formatted message.
    bail -> Status, |r, at, len| bytes_or!(r, at, bail!(StatusCode::Truncated, "no u32 at {at} in {len} bytes"))
}
one_site! {
    /// The named constructor with a literal.
    named_literal -> Status, |r, at, len| bytes_or!(r, at, return Err(Status::truncated("no u32 here")))
}
one_site! {
    /// The named constructor with `format_args!`.
    named_args -> Status,
    |r, at, len| bytes_or!(r, at, return Err(Status::truncated(format_args!("no u32 at {at} in {len} bytes"))))
}
one_site! {
    /// The named constructor with `format!`.
    named_format -> Status,
    |r, at, len| bytes_or!(r, at, return Err(Status::truncated(format!("no u32 at {at} in {len} bytes"))))
}
one_site! {
    /// The named constructor with a `String` made before it.
    named_string -> Status, |r, at, len| bytes_or!(r, at, return Err(Status::truncated(at.to_string())))
}
one_site! {
    /// `new` with `format_args!`.
    new_args -> Status,
    |r, at, len| bytes_or!(r, at, return Err(Status::new(StatusCode::Truncated, format_args!("no u32 at {at} in {len} bytes"))))
}
one_site! {
    /// `.or_status(..)` on an `io::Result`.
    or_status -> Status, |r, at, len| take4(r.buf, at).or_status(StatusCode::IOError)?
}
one_site! {
    /// `.context(..)` on a status's `Result`.
    context -> Status, |r, at, len| take4_status(r.buf, at).context("reading a u32")?
}
one_site! {
    /// A tuple variant's constructor whose field is packed.
    tuple_packed -> Error,
    |r, at, len| bytes_or!(r, at, return Err(Error::BadOffset(u32::try_from(at).unwrap_or(u32::MAX))))
}
one_site! {
    /// A struct variant's constructor.
    struct_ctor -> Error, |r, at, len| bytes_or!(r, at, return Err(Error::too_big(at, len)))
}
one_site! {
    /// A struct variant's literal through `From`.
    struct_from -> Error, |r, at, len| bytes_or!(r, at, return Err(Error::from(ErrorKind::TooBig { at, len })))
}
one_site! {
    /// A unit variant's constant.
    unit_const -> Error, |r, at, len| bytes_or!(r, at, return Err(Error::Eof))
}
one_site! {
    /// A `String` variant of `format!`, moved in.
    string_moved -> Error,
    |r, at, len| bytes_or!(r, at, return Err(Error::Custom(format!("no u32 at {at} in {len} bytes"))))
}
one_site! {
    /// A `String` variant of `format_args!`, written into the status.
    string_text -> Error,
    |r, at, len| bytes_or!(r, at, return Err(Error::custom(format_args!("no u32 at {at} in {len} bytes"))))
}
one_site! {
    /// `?` through the `#[from] io::Error` variant.
    kind_io -> Error, |r, at, len| take4(r.buf, at)?
}

two_sites! {
    /// The floor, two sites.
    floor2 -> NonZeroUsize,
    |r, at, len| bytes_or!(r, at, return Err(FLOOR)),
    |value| fits_or!(value, return Err(FLOOR))
}
two_sites! {
    /// The floor's code, made by a cold call at each site.
    floor2_call -> NonZeroUsize,
    |r, at, len| bytes_or!(r, at, return Err(floor_code(at))),
    |value| fits_or!(value, return Err(floor_code(value as usize)))
}
two_sites! {
    /// The thiserror enum: a struct variant and a `String` variant.
    enum2 -> EnumError,
    |r, at, len| bytes_or!(r, at, return Err(EnumError::TooBig { at, len })),
    |value| fits_or!(value, return Err(EnumError::Custom(format!("{value} is over {LIMIT}"))))
}
two_sites! {
    /// The thiserror enum: a unit variant and `?` from `TryFromIntError`.
    enum2_try -> EnumError,
    |r, at, len| bytes_or!(r, at, return Err(EnumError::Eof)),
    |value| u32::from(u16::try_from(value)?)
}
two_sites! {
    /// `anyhow!` twice.
    anyhow2 -> anyhow::Error,
    |r, at, len| bytes_or!(r, at, return Err(anyhow::anyhow!("no u32 at {at} in {len} bytes"))),
    |value| fits_or!(value, return Err(anyhow::anyhow!("{value} is over {LIMIT}")))
}
two_sites! {
    /// `status!` twice.
    status2 -> Status,
    |r, at, len| bytes_or!(r, at, return Err(status!(StatusCode::Truncated, "no u32 at {at} in {len} bytes"))),
    |value| fits_or!(value, return Err(status!(StatusCode::TooLarge, "{value} is over {LIMIT}")))
}
two_sites! {
    /// `status!`, then `ensure!`.
    ensure2 -> Status,
    |r, at, len| bytes_or!(r, at, return Err(status!(StatusCode::Truncated, "no u32 at {at} in {len} bytes"))),
    |value| {
        ensure!(value <= LIMIT, StatusCode::TooLarge, "{value} is over {LIMIT}");
        value
    }
}
two_sites! {
    /// The named constructors with `format_args!`, twice.
    named2 -> Status,
    |r, at, len| bytes_or!(r, at, return Err(Status::truncated(format_args!("no u32 at {at} in {len} bytes")))),
    |value| fits_or!(value, return Err(Status::too_large(format_args!("{value} is over {LIMIT}"))))
}
two_sites! {
    /// A struct variant's constructor, then a packed tuple variant's.
    fields2 -> Error,
    |r, at, len| bytes_or!(r, at, return Err(Error::too_big(at, len))),
    |value| fits_or!(value, return Err(Error::BadOffset(value)))
}
two_sites! {
    /// A `String` variant both ways: `format!` moved in, `format_args!` written in.
    string2 -> Error,
    |r, at, len| bytes_or!(r, at, return Err(Error::Custom(format!("no u32 at {at} in {len} bytes")))),
    |value| fits_or!(value, return Err(Error::custom(format_args!("{value} is over {LIMIT}"))))
}
two_sites! {
    /// A unit variant's constant, then `?` through `#[from] TryFromIntError`.
    kind2_try -> Error,
    |r, at, len| bytes_or!(r, at, return Err(Error::Eof)),
    |value| u32::from(u16::try_from(value)?)
}
