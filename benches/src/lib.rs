//! The error types the benchmarks compare, each behind the same function shapes, in their own
//! crate as a user's types would be (so nothing inlines across into the benchmark code unless
//! the type itself asks for it).
//!
//! Every module has the same `#[inline(never)]` functions:
//!
//! - `check(x)` -> `Result<(), E>` and `value(x)` -> `Result<u64, E>`: the success path
//!   (they fail only for `u64::MAX`, which the benchmarks never pass);
//! - `code4(x)`: a code-only error created in `code1` and propagated through four frames;
//! - `formatted4(x)`: a formatted message (`"bad value {x}"`) through four frames;
//! - `hex4(x)`: the same with a format spec (`"bad value {x:#x}"`), which takes every type
//!   through `core::fmt` but fast-status, whose `status!` writes an integer's hex digits itself;
//! - `context4(x)`: a code-only error that gains a context line in each of four frames, for the
//!   types that have context; `long_context4(x)` the same with lines of 32 to 47 bytes;
//! - `read_code(&E)`: what a caller inspects, out of line; `classify(&E)`: a `match` on the code,
//!   inlined into the caller as code that handles errors by their code is;
//! - `duplicate(&E)`: a clone, for `Clone` types.
//!
//! Error construction is behind a `#[cold]` function on every side, so the shapes are equal.

#![allow(missing_docs, clippy::missing_errors_doc, clippy::must_use_candidate)]

use std::fmt;

/// Calls `$callback! { [$extra...] module => "label", ... }` with every error type under test,
/// in table order (its module here and the name the tables print), so that every benchmark
/// compares the same types.
#[macro_export]
macro_rules! for_each_type {
    ($callback:ident $(, $($extra:tt)*)?) => {
        $callback! {
            [$($($extra)*)?]
            floor => "NonZeroUsize (floor)",
            code_u32 => "NonZeroU32",
            fast => "fast-status",
            arrow_before_fix => "same, drop out of line",
            io => "std::io::Error",
            anyhow => "anyhow::Error",
            boxed => "Box<dyn Error>",
            thin => "thin_status",
            thiserror_string => "thiserror + String",
            df40 => "40-byte enum",
        }
    };
}

/// Four `#[inline(never)]` frames over an error that `$make(x)` builds in the first: `$f1`
/// fails for every `x` but `u64::MAX`, and each next frame propagates with `?`.
macro_rules! four_frames {
    ($make:ident: $f1:ident, $f2:ident, $f3:ident, $f4:ident) => {
        #[inline(never)]
        pub fn $f1(x: u64) -> Result<u64, E> {
            if x != u64::MAX {
                return Err($make(x));
            }
            Ok(x)
        }

        #[inline(never)]
        pub fn $f2(x: u64) -> Result<u64, E> {
            Ok($f1(x)? + 1)
        }

        #[inline(never)]
        pub fn $f3(x: u64) -> Result<u64, E> {
            Ok($f2(x)? + 1)
        }

        #[inline(never)]
        pub fn $f4(x: u64) -> Result<u64, E> {
            Ok($f3(x)? + 1)
        }
    };
}

pub mod fieldless;
pub mod fields;
pub mod harness;
pub mod okpath;
pub mod readpath;
pub mod site;

/// A small error type for the peers that carry no codes of their own (`anyhow`, `Box<dyn Error>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodeError(pub u32);

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "code {}", self.0)
    }
}

impl std::error::Error for CodeError {}

/// The raw code every code-only error carries.
pub const CODE: u32 = 3;

macro_rules! shapes {
    (
        type Error = $E:ty;
        fn code() $code:block
        fn formatted($x:ident) $formatted:block
        fn hex($h:ident) $hex:block
        fn read_code($e:ident) $read:block
        fn classify($k:ident) $classify:block
        $(fn duplicate($d:ident) $dup:block)?
        $(
            fn context($c:ident, $line:ident) $ctx:block
            fn lines($l:ident) $lines:block
        )?
    ) => {
        /// The error type under test.
        pub type E = $E;

        #[cold]
        #[inline(never)]
        pub(crate) fn make_code() -> E $code

        #[cold]
        #[inline(never)]
        fn make_formatted($x: u64) -> E $formatted

        #[cold]
        #[inline(never)]
        fn make_hex($h: u64) -> E $hex

        #[inline(never)]
        pub fn check(x: u64) -> Result<(), E> {
            if x == u64::MAX {
                return Err(make_code());
            }
            Ok(())
        }

        #[inline(never)]
        pub fn value(x: u64) -> Result<u64, E> {
            if x == u64::MAX {
                return Err(make_code());
            }
            Ok(x + 1)
        }

        #[inline(never)]
        pub fn code1(x: u64) -> Result<u64, E> {
            if x != u64::MAX {
                return Err(make_code());
            }
            Ok(x)
        }

        #[inline(never)]
        pub fn code2(x: u64) -> Result<u64, E> {
            Ok(code1(x)? + 1)
        }

        #[inline(never)]
        pub fn code3(x: u64) -> Result<u64, E> {
            Ok(code2(x)? + 1)
        }

        #[inline(never)]
        pub fn code4(x: u64) -> Result<u64, E> {
            Ok(code3(x)? + 1)
        }

        four_frames!(make_formatted: formatted1, formatted2, formatted3, formatted4);
        four_frames!(make_hex: hex1, hex2, hex3, hex4);

        #[inline(never)]
        pub fn read_code($e: &E) -> u32 $read

        /// A `match` on the error's code, as a caller that handles errors by code writes it:
        /// a weight per code (the code under test 1, another 2, anything else 5).
        #[inline]
        pub fn classify($k: &E) -> u64 $classify

        $(
            pub const HAS_CLONE: bool = true;

            #[inline(never)]
            pub fn duplicate($d: &E) -> E $dup
        )?

        $(
            pub const HAS_CONTEXT: bool = true;

            #[cold]
            #[inline(never)]
            fn add_context($c: E, $line: &'static str) -> E $ctx

            /// How many context lines the error holds, as its caller counts them.
            #[inline]
            pub fn lines($l: &E) -> usize $lines

            #[inline(never)]
            pub fn context1(x: u64) -> Result<u64, E> {
                code1(x).map_err(|e| add_context(e, "frame 1"))
            }

            #[inline(never)]
            pub fn context2(x: u64) -> Result<u64, E> {
                Ok(context1(x).map_err(|e| add_context(e, "frame 2"))? + 1)
            }

            #[inline(never)]
            pub fn context3(x: u64) -> Result<u64, E> {
                Ok(context2(x).map_err(|e| add_context(e, "frame 3"))? + 1)
            }

            #[inline(never)]
            pub fn context4(x: u64) -> Result<u64, E> {
                Ok(context3(x).map_err(|e| add_context(e, "frame 4"))? + 1)
            }

            #[inline(never)]
            pub fn long_context1(x: u64) -> Result<u64, E> {
                code1(x).map_err(|e| add_context(e, "reading row group 1 of column \"price\""))
            }

            #[inline(never)]
            pub fn long_context2(x: u64) -> Result<u64, E> {
                let line = "decoding page 12 of 40 (dictionary encoded)";
                Ok(long_context1(x).map_err(|e| add_context(e, line))? + 1)
            }

            #[inline(never)]
            pub fn long_context3(x: u64) -> Result<u64, E> {
                let line = "scanning file part-00017.parquet";
                Ok(long_context2(x).map_err(|e| add_context(e, line))? + 1)
            }

            #[inline(never)]
            pub fn long_context4(x: u64) -> Result<u64, E> {
                let line = "executing query 7: SELECT sum(price) FROM sales";
                Ok(long_context3(x).map_err(|e| add_context(e, line))? + 1)
            }
        )?
    };
}

/// The floor again, for the read path only: a second, separately compiled copy whose wall time
/// beside the first shows what code placement alone does to that measurement.
pub mod floor_copy {
    pub use super::floor::E;

    /// The floor's constructor as a distinct function, so that this copy's read path is not
    /// merged with the floor's.
    #[inline(never)]
    #[cold]
    pub fn make_code() -> E {
        std::hint::black_box(super::floor::make_code())
    }
}

/// The floor: a one-word integer code with a niche, the cheapest error with room for a pointer.
pub mod floor {
    use std::num::NonZeroUsize;

    shapes! {
        type Error = NonZeroUsize;
        fn code() { NonZeroUsize::new(super::CODE as usize).unwrap_or(NonZeroUsize::MIN) }
        fn formatted(x) {
            // An integer has no room for a message: the floor of this scenario is the code.
            let _ = x;
            NonZeroUsize::new(super::CODE as usize).unwrap_or(NonZeroUsize::MIN)
        }
        fn hex(x) { make_formatted(x) }
        fn read_code(e) { u32::try_from(e.get()).unwrap_or(u32::MAX) }
        fn classify(e) {
            match e.get() {
                3 => 1,
                4 => 2,
                _ => 5,
            }
        }
        fn duplicate(e) { *e }
    }
}

/// A 4-byte code: the price of carrying a pointer at all, shown beside the floor.
pub mod code_u32 {
    use std::num::NonZeroU32;

    shapes! {
        type Error = NonZeroU32;
        fn code() { NonZeroU32::new(super::CODE).unwrap_or(NonZeroU32::MIN) }
        fn formatted(x) {
            let _ = x;
            NonZeroU32::new(super::CODE).unwrap_or(NonZeroU32::MIN)
        }
        fn hex(x) { make_formatted(x) }
        fn read_code(e) { e.get() }
        fn classify(e) {
            match e.get() {
                3 => 1,
                4 => 2,
                _ => 5,
            }
        }
        fn duplicate(e) { *e }
    }
}

/// The codes of the derived status under test.
#[derive(fast_status::FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BenchCode {
    /// Malformed input.
    Invalid = 3,
    /// Not built yet.
    NotImplemented,
}

/// fast-status: the derived one-word status.
pub mod fast {
    use super::{Bench, BenchCode};
    use fast_status::Code;

    shapes! {
        type Error = Bench;
        fn code() { Bench::from_code(BenchCode::Invalid) }
        fn formatted(x) { fast_status::status!(BenchCode::Invalid, "bad value {x}") }
        fn hex(x) { fast_status::status!(BenchCode::Invalid, "bad value {x:#x}") }
        fn read_code(e) { e.code().to_raw() }
        fn classify(e) {
            match e.code() {
                BenchCode::Invalid => 1,
                BenchCode::NotImplemented => 2,
            }
        }
        fn duplicate(e) { e.clone() }
        fn context(e, line) { e.context(line) }
        fn lines(e) { e.context_lines().count() }
    }

    /// The same messages as `formatted4` and `hex4` through the derived constructors
    /// (`Bench::invalid(format_args!(..))`), which take any `impl Display` and format it
    /// through `core::fmt`, where `status!` splits the message at compile time.
    pub mod constructors {
        use super::{Bench, E};

        pub use super::read_code;

        #[cold]
        #[inline(never)]
        fn make_formatted(x: u64) -> E {
            Bench::invalid(format_args!("bad value {x}"))
        }

        #[cold]
        #[inline(never)]
        fn make_hex(x: u64) -> E {
            Bench::invalid(format_args!("bad value {x:#x}"))
        }

        four_frames!(make_formatted: formatted1, formatted2, formatted3, formatted4);
        four_frames!(make_hex: hex1, hex2, hex3, hex4);
    }
}

/// Messages of other shapes than formatted4's, each through four frames, by `status!` and by
/// `anyhow!`: whether `status!`'s target holds beyond the one message the main table measures.
/// `x` is the loop's counter (0 to 1,999).
pub mod message_shapes {
    /// The messages, made by `$make` (`status!` or `anyhow!`, given the format and arguments).
    macro_rules! message_shapes {
        ($($make:tt)+) => {
            #[cold]
            #[inline(never)]
            fn make_two(x: u64) -> E {
                let len = x + 7;
                $($make)+("row {x} of {len} rows")
            }

            #[cold]
            #[inline(never)]
            fn make_str(x: u64) -> E {
                let name = if x % 2 == 0 { "price" } else { "quantity" };
                $($make)+("no column {name} in table {x}")
            }

            #[cold]
            #[inline(never)]
            fn make_signed_hex(x: u64) -> E {
                let delta = -i64::try_from(x).unwrap_or(i64::MAX);
                $($make)+("seek by {delta} from {x:#x} failed")
            }

            #[cold]
            #[inline(never)]
            fn make_display(x: u64) -> E {
                let ratio = f64::from(u32::try_from(x).unwrap_or(u32::MAX)) / 8.0;
                $($make)+("ratio {ratio} over the limit at row {x}")
            }

            four_frames!(make_two: two1, two2, two3, two4);
            four_frames!(make_str: str1, str2, str3, str4);
            four_frames!(make_signed_hex: signed_hex1, signed_hex2, signed_hex3, signed_hex4);
            four_frames!(make_display: display1, display2, display3, display4);
        };
    }

    /// `status!`.
    pub mod fast {
        use crate::BenchCode;
        pub use crate::fast::{E, read_code};

        macro_rules! make {
            ($($message:tt)+) => {
                fast_status::status!(BenchCode::Invalid, $($message)+)
            };
        }

        message_shapes!(make!);
    }

    /// `anyhow!`.
    pub mod anyhow {
        pub use crate::anyhow::{E, read_code};

        message_shapes!(anyhow::anyhow!);
    }
}

/// "Arrow before the fix": the same status, with its drop forced out of line.
pub mod arrow_before_fix {
    use super::{Bench, BenchCode};
    use fast_status::Code;

    /// The derived status behind an `#[inline(never)]` `Drop`, as Arrow's destructor was.
    pub struct OutOfLineDrop(pub Bench);

    impl Drop for OutOfLineDrop {
        #[inline(never)]
        fn drop(&mut self) {
            drop(std::mem::replace(
                &mut self.0,
                Bench::from_code(BenchCode::Invalid),
            ));
        }
    }

    shapes! {
        type Error = OutOfLineDrop;
        fn code() { OutOfLineDrop(Bench::from_code(BenchCode::Invalid)) }
        fn formatted(x) { OutOfLineDrop(fast_status::status!(BenchCode::Invalid, "bad value {x}")) }
        fn hex(x) { OutOfLineDrop(fast_status::status!(BenchCode::Invalid, "bad value {x:#x}")) }
        fn read_code(e) { e.0.code().to_raw() }
        fn classify(e) {
            match e.0.code() {
                BenchCode::Invalid => 1,
                BenchCode::NotImplemented => 2,
            }
        }
        fn duplicate(e) { OutOfLineDrop(e.0.clone()) }
        fn context(e, line) {
            let mut e = e;
            let inner = std::mem::replace(&mut e.0, Bench::from_code(BenchCode::Invalid));
            OutOfLineDrop(inner.context(line))
        }
        fn lines(e) { e.0.context_lines().count() }
    }
}

/// `std::io::Error`.
pub mod io {
    use std::io::{Error, ErrorKind};

    shapes! {
        type Error = Error;
        fn code() { Error::from(ErrorKind::InvalidData) }
        fn formatted(x) { Error::new(ErrorKind::InvalidData, format!("bad value {x}")) }
        fn hex(x) { Error::new(ErrorKind::InvalidData, format!("bad value {x:#x}")) }
        fn read_code(e) { u32::from(e.kind() == ErrorKind::InvalidData) * super::CODE }
        fn classify(e) {
            match e.kind() {
                ErrorKind::InvalidData => 1,
                ErrorKind::Unsupported => 2,
                _ => 5,
            }
        }
    }
}

/// `anyhow::Error`.
pub mod anyhow {
    use super::CodeError;

    shapes! {
        type Error = anyhow::Error;
        fn code() { anyhow::Error::new(CodeError(super::CODE)) }
        fn formatted(x) { anyhow::anyhow!("bad value {x}") }
        fn hex(x) { anyhow::anyhow!("bad value {x:#x}") }
        fn read_code(e) { e.downcast_ref::<CodeError>().map_or(0, |c| c.0) }
        fn classify(e) {
            match e.downcast_ref::<CodeError>() {
                Some(CodeError(3)) => 1,
                Some(CodeError(4)) => 2,
                _ => 5,
            }
        }
        fn context(e, line) { e.context(line) }
        // anyhow's context lines are the entries of its chain (the root error is one more).
        fn lines(e) { e.chain().count() }
    }
}

/// `Box<dyn Error + Send + Sync>`.
pub mod boxed {
    use super::CodeError;

    shapes! {
        type Error = Box<dyn std::error::Error + Send + Sync>;
        fn code() { Box::new(CodeError(super::CODE)) }
        fn formatted(x) { format!("bad value {x}").into() }
        fn hex(x) { format!("bad value {x:#x}").into() }
        fn read_code(e) { e.downcast_ref::<CodeError>().map_or(0, |c| c.0) }
        fn classify(e) {
            match e.downcast_ref::<CodeError>() {
                Some(CodeError(3)) => 1,
                Some(CodeError(4)) => 2,
                _ => 5,
            }
        }
    }
}

/// `thin_status::ThinStatus`: one word, Abseil-style, a fixed code set.
pub mod thin {
    use std::fmt::Write as _;
    use thin_status::{ErrorCode, ThinStatus};

    shapes! {
        type Error = ThinStatus;
        fn code() { ThinStatus::from_code(ErrorCode::InvalidArgument) }
        fn formatted(x) {
            let mut builder = ThinStatus::builder(ErrorCode::InvalidArgument);
            let _ = write!(builder, "bad value {x}");
            builder.build()
        }
        fn hex(x) {
            let mut builder = ThinStatus::builder(ErrorCode::InvalidArgument);
            let _ = write!(builder, "bad value {x:#x}");
            builder.build()
        }
        fn read_code(e) { e.code_raw().get().unsigned_abs() }
        fn classify(e) {
            match e.code() {
                Some(ErrorCode::InvalidArgument) => 1,
                Some(ErrorCode::NotFound) => 2,
                _ => 5,
            }
        }
        fn duplicate(e) { e.clone() }
    }
}

/// A `thiserror` enum with a `String` variant.
pub mod thiserror_string {
    /// A typical small library error.
    #[derive(Debug, Clone, thiserror::Error)]
    pub enum ThisError {
        #[error("invalid input")]
        Invalid,
        #[error("{0}")]
        Message(String),
    }

    shapes! {
        type Error = ThisError;
        fn code() { ThisError::Invalid }
        fn formatted(x) { ThisError::Message(format!("bad value {x}")) }
        fn hex(x) { ThisError::Message(format!("bad value {x:#x}")) }
        fn read_code(e) {
            match e {
                ThisError::Invalid => super::CODE,
                ThisError::Message(_) => 0,
            }
        }
        fn classify(e) {
            match e {
                ThisError::Invalid => 1,
                ThisError::Message(_) => 2,
            }
        }
        fn duplicate(e) { e.clone() }
    }
}

/// A 40-byte error enum shaped like DataFusion's (`DataFusionError::Context(String, Box<Self>)`).
pub mod df40 {
    /// Variants of the kinds DataFusion's error has.
    #[derive(Debug, thiserror::Error)]
    pub enum FortyByteError {
        #[error("plan: {0}")]
        Plan(String),
        #[error("schema: {0} ({1:?})")]
        Schema(String, Box<Option<String>>),
        #[error(transparent)]
        Io(#[from] std::io::Error),
        #[error(transparent)]
        External(Box<dyn std::error::Error + Send + Sync>),
        #[error("{0}: {1}")]
        Context(String, Box<FortyByteError>),
        #[error("not implemented: {0}")]
        NotImplemented(String, u64),
        #[error("code {0}")]
        Code(u32),
    }

    const _: () = assert!(size_of::<FortyByteError>() == 40);

    shapes! {
        type Error = FortyByteError;
        fn code() { FortyByteError::Code(super::CODE) }
        fn formatted(x) { FortyByteError::Plan(format!("bad value {x}")) }
        fn hex(x) { FortyByteError::Plan(format!("bad value {x:#x}")) }
        fn read_code(e) {
            match e {
                FortyByteError::Code(code) => *code,
                FortyByteError::Context(_, inner) => read_code(inner),
                _ => 0,
            }
        }
        fn classify(e) {
            match e {
                FortyByteError::Code(3) => 1,
                FortyByteError::NotImplemented(..) => 2,
                _ => 5,
            }
        }
        fn context(e, line) { FortyByteError::Context(line.to_owned(), Box::new(e)) }
        fn lines(e) {
            let mut lines = 0;
            let mut error = e;
            while let FortyByteError::Context(_, inner) = error {
                lines += 1;
                error = inner;
            }
            lines
        }
    }
}
