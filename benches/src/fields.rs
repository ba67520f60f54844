//! Error types with fields: a parser-style error enum, written four ways, behind the
//! same function shapes:
//!
//! - `by_value`: the thiserror enum returned by value (32 bytes);
//! - `boxed`: the same enum boxed in a one-word struct (`serde_json`'s pattern), its constructor
//!   cold and out of line;
//! - `fast`: the same enum with `#[derive(FastStatus)]`: `BadOffset(u32)` packed into the word,
//!   `TooBig { size, len }` too when each size fits in 26 bits, else in one allocation; it also
//!   has `text_formatted1..4(x)`, `Parse` through `FastParse::parse(format_args!(..))`, which
//!   writes the text into the status's one allocation;
//! - `anyhow`: `anyhow!` with the same text (formatted at creation, no fields to read back).
//!
//! Every module has: `value(x)`, the success path (`Result<u64, E>`); `packed1..4(x)`,
//! `heap1..4(x)` (`TooBig` with a size over 26 bits) and `small1..4(x)` (`TooBig` with sizes
//! from `100_000`, below `2^18`), `text1..4(x)` (`Invalid { at, text }`, a variant that owns a
//! `String`) and `formatted1..4(x)` (`Parse(format!("bad value {x}"))`, as a port's construction
//! sites write it), an error made in the first frame and propagated through four; `inspect(&E)`,
//! what a caller reads (the offset, the size, the position or the text's length, matched on the
//! variant); `told(&E)`, whether the error is `Parse` (the variant told apart, no field read);
//! and `reader(buf, at)`, a small out-of-line reader whose error branch builds
//! `TooBig`, for the code size of an error site. Every error is made behind a constructor that
//! is out of line and cold, so the shapes are equal; fast-status's generated constructors are
//! that already (`FastParse::Parse(text)`, the variant's own spelling, is inlined into the
//! caller and calls the cold `FastParse::parse`).

/// The error of a small binary parser, with thiserror: 32 bytes.
#[derive(Debug, thiserror::Error)]
pub enum ParseError {
    /// Two `usize` fields.
    #[error("type is too big ({size}) for {len}")]
    TooBig { size: usize, len: usize },
    /// A `u32` field: fast-status packs it.
    #[error("bad offset {0:#x}")]
    BadOffset(u32),
    /// A converted error.
    #[error("I/O failed")]
    Io(#[from] std::io::Error),
    /// A message and where it applies.
    #[error("invalid at {at}: {text}")]
    Invalid { at: usize, text: String },
    /// A message alone, formatted where the error is made.
    #[error("parse error: {0}")]
    Parse(String),
}

const _: () = assert!(size_of::<ParseError>() == 32);

/// The same enum, deriving the one-word status [`FastParse`].
#[derive(Debug, fast_status::FastStatus)]
#[status(name = FastParse, variant_constructors)]
pub enum FastParseKind {
    /// Two `usize` fields: packed when each fits in 26 bits, else one allocation.
    #[error("type is too big ({size}) for {len}")]
    TooBig { size: usize, len: usize },
    /// A `u32` field: packed into the word.
    #[error("bad offset {0:#x}")]
    BadOffset(u32),
    /// A converted error.
    #[error("I/O failed")]
    Io(#[from] std::io::Error),
    /// A message and where it applies.
    #[error("invalid at {at}: {text}")]
    Invalid { at: usize, text: String },
    /// A message alone, formatted where the error is made.
    #[error("parse error: {0}")]
    Parse(String),
}

/// For every fields type: calls `$callback! { [$extra...] module => "label", ... }`, in table
/// order.
#[macro_export]
macro_rules! for_each_fields_type {
    ($callback:ident $(, $($extra:tt)*)?) => {
        $callback! {
            [$($($extra)*)?]
            by_value => "enum by value (thiserror)",
            boxed => "enum boxed",
            fast => "fast-status",
            anyhow => "anyhow!",
        }
    };
}

macro_rules! fields_shapes {
    (
        type Error = $E:ty;
        $(#[$make:meta])*
        fn packed($p:ident) $packed:block
        fn heap($s:ident, $l:ident) $heap:block
        fn text($a:ident, $t:ident) $text:block
        fn formatted($x:ident) $formatted:block
        fn inspect($e:ident) $inspect:block
        fn told($t_e:ident) $told:block
    ) => {
        /// The error type under test.
        pub type E = $E;

        $(#[$make])*
        fn make_packed($p: u32) -> E $packed

        $(#[$make])*
        pub(crate) fn make_heap($s: usize, $l: usize) -> E $heap

        $(#[$make])*
        fn make_text($a: usize, $t: String) -> E $text

        $(#[$make])*
        fn make_formatted($x: u64) -> E $formatted

        /// The value the packed error carries: the low bits of `x`.
        #[inline]
        fn packed(x: u64) -> E {
            #[allow(clippy::cast_possible_truncation, reason = "the low bits, on purpose")]
            make_packed(x as u32)
        }

        /// The sizes the heap error carries: `x` over 26 bits (`2^26 + x`) and one more, which
        /// fast-status stores in one allocation.
        #[inline]
        fn heap(x: u64) -> E {
            #[allow(clippy::cast_possible_truncation, reason = "64-bit targets")]
            let size = (1_usize << 26).wrapping_add(x as usize);
            make_heap(size, size.wrapping_add(1))
        }

        /// The same variant with sizes from `100_000` (a parser's sizes: that plus `x`'s low 15
        /// bits, and one more), which fast-status packs into the word.
        #[inline]
        fn small(x: u64) -> E {
            #[allow(clippy::cast_possible_truncation, reason = "the low bits, on purpose")]
            let size = (x & 0x7FFF) as usize + 100_000;
            make_heap(size, size + 1)
        }

        #[inline(never)]
        pub fn value(x: u64) -> Result<u64, E> {
            if x == u64::MAX {
                return Err(packed(x));
            }
            Ok(x + 1)
        }

        four_frames!(packed: packed1, packed2, packed3, packed4);
        four_frames!(heap: heap1, heap2, heap3, heap4);
        four_frames!(small: small1, small2, small3, small4);
        four_frames!(text: text1, text2, text3, text4);
        four_frames!(make_formatted: formatted1, formatted2, formatted3, formatted4);

        /// A variant that owns a `String` (one allocation of its own for every type) beside a
        /// position: fast-status stores it in one more allocation, as the boxed enum does.
        #[inline]
        fn text(x: u64) -> E {
            #[allow(clippy::cast_possible_truncation, reason = "64-bit targets")]
            make_text(x as usize, String::from("bad magic"))
        }

        /// What a caller reads: the variant's field.
        #[inline(never)]
        pub fn inspect($e: &E) -> u64 $inspect

        /// What a caller that only tells the variant apart reads: whether it is `Parse`.
        #[inline(never)]
        pub fn told($t_e: &E) -> u64 $told

        /// A small reader: a little-endian `u32` at `at`, or `TooBig` when it does not fit.
        #[inline(never)]
        pub fn reader(buf: &[u8], at: usize) -> Result<u32, E> {
            match buf.get(at..at + 4) {
                Some(b) => Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
                None => Err(make_heap(at + 4, buf.len())),
            }
        }
    };
}

/// The thiserror enum, returned by value.
pub mod by_value {
    use super::ParseError;

    fields_shapes! {
        type Error = ParseError;
        #[cold]
        #[inline(never)]
        fn packed(offset) { ParseError::BadOffset(offset) }
        fn heap(size, len) { ParseError::TooBig { size, len } }
        fn text(at, text) { ParseError::Invalid { at, text } }
        fn formatted(x) { ParseError::Parse(format!("bad value {x}")) }
        fn inspect(e) {
            match e {
                ParseError::BadOffset(offset) => u64::from(*offset),
                ParseError::TooBig { size, .. } => *size as u64,
                ParseError::Invalid { at, .. } => *at as u64,
                ParseError::Parse(text) => text.len() as u64,
                ParseError::Io(_) => 0,
            }
        }
        fn told(e) { u64::from(matches!(e, ParseError::Parse(_))) }
    }
}

/// The same enum boxed: `struct Boxed(Box<ParseError>)`, one word, as `serde_json`'s error.
pub mod boxed {
    use super::ParseError;

    /// One word: a box of the enum.
    #[derive(Debug)]
    pub struct Boxed(pub Box<ParseError>);

    fields_shapes! {
        type Error = Boxed;
        #[cold]
        #[inline(never)]
        fn packed(offset) { Boxed(Box::new(ParseError::BadOffset(offset))) }
        fn heap(size, len) { Boxed(Box::new(ParseError::TooBig { size, len })) }
        fn text(at, text) { Boxed(Box::new(ParseError::Invalid { at, text })) }
        fn formatted(x) { Boxed(Box::new(ParseError::Parse(format!("bad value {x}")))) }
        fn inspect(e) {
            match &*e.0 {
                ParseError::BadOffset(offset) => u64::from(*offset),
                ParseError::TooBig { size, .. } => *size as u64,
                ParseError::Invalid { at, .. } => *at as u64,
                ParseError::Parse(text) => text.len() as u64,
                ParseError::Io(_) => 0,
            }
        }
        fn told(e) { u64::from(matches!(*e.0, ParseError::Parse(_))) }
    }
}

/// fast-status: the derived status of the same enum. Its constructors are cold and out of line
/// themselves, so calling them is the error site.
pub mod fast {
    use super::{FastParse, FastParseKind};

    fields_shapes! {
        type Error = FastParse;
        #[inline]
        fn packed(offset) { FastParse::bad_offset(offset) }
        fn heap(size, len) { FastParse::too_big(size, len) }
        fn text(at, text) { FastParse::invalid(at, text) }
        fn formatted(x) { FastParse::Parse(format!("bad value {x}")) }
        fn inspect(e) {
            match e.kind().as_deref() {
                Some(FastParseKind::BadOffset(offset)) => u64::from(*offset),
                Some(FastParseKind::TooBig { size, .. }) => *size as u64,
                Some(FastParseKind::Invalid { at, .. }) => *at as u64,
                Some(FastParseKind::Parse(text)) => text.len() as u64,
                _ => 0,
            }
        }
        fn told(e) { u64::from(e.is_parse()) }
    }

    /// `Parse` through its snake-case constructor: the text written straight into the
    /// status's one allocation, no `String` made.
    #[inline]
    fn make_text_formatted(x: u64) -> E {
        FastParse::parse(format_args!("bad value {x}"))
    }

    four_frames!(
        make_text_formatted: text_formatted1,
        text_formatted2,
        text_formatted3,
        text_formatted4
    );
}

/// `anyhow!` with the same text: formatted when made; no fields to read back.
pub mod anyhow {
    fields_shapes! {
        type Error = anyhow::Error;
        #[cold]
        #[inline(never)]
        fn packed(offset) { anyhow::anyhow!("bad offset {offset:#x}") }
        fn heap(size, len) { anyhow::anyhow!("type is too big ({size}) for {len}") }
        fn text(at, text) { anyhow::anyhow!("invalid at {at}: {text}") }
        fn formatted(x) { anyhow::anyhow!("parse error: bad value {x}") }
        fn inspect(e) {
            // No fields: what can be read is whether it is an error at all.
            u64::from(e.is::<std::io::Error>())
        }
        fn told(e) { u64::from(!e.is::<std::io::Error>()) }
    }
}
