#![doc = include_str!("../README.md")]
#![no_std]
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub use status_macros::FastStatus;
pub use status_runtime::{
    Chain, Code, ContextLines, FastStatus, KindRef, OptionExt, OrStatus, Pack, Report, ResultExt,
    StatusContext,
};

#[cfg(feature = "serde")]
pub use status_runtime::Remote;
#[cfg(feature = "std")]
pub use status_runtime::set_backtrace_capture;

/// Builds a status from a code, optionally with a message.
///
/// | form | state | allocations |
/// |---|---|---|
/// | `status!(StatusCode::Invalid)` | inline code | 0 |
/// | `status!(StatusCode::Invalid, "literal")` | `'static` code and message; usable in `const` | 0 |
/// | `status!(StatusCode::Invalid, "x = {}", x)`, `status!(StatusCode::Invalid, "x = {x}")` | heap, formatted in place | 1 |
/// | `status!(StatusCode::Invalid, message)` (any `Display` value) | heap | 1 |
///
/// The static form (no allocation, usable in `const`) needs the code written as a path to a
/// variant, so the message can be stored with it in a constant. With a code held in a
/// variable (`status!(code, "literal")`, a lowercase name), the literal is copied into one
/// allocation instead.
/// Statuses with a message record where they were created ([`FastStatus::location`]).
///
/// A message whose placeholders are all plain (`{}`, `{0}`, `{name}`) or hexadecimal (`{x:x}`,
/// `{x:X}`, `{x:#x}`, `{x:#X}`) is split into its text and arguments at compile time. Integer
/// (`u8` to `u64`, `i8` to `i64`, `usize`, `isize`), string (`str`, `&str`, `String`) and
/// `bool` arguments are then written without `core::fmt`: the message's length is added up and
/// the pieces are copied into its one allocation. Any other argument is formatted by its
/// `Display` (or `LowerHex`/`UpperHex`), and a message with any other format spec (`{x:?}`,
/// `{x:08x}`) is given to `format_args!` whole. Every route writes exactly the text `format!`
/// would, and allocates once.
///
/// A split message costs its caller a call: the macro generates a cold, out-of-line function
/// for the message, and the error site evaluates the arguments and passes them to it (integers
/// and `bool`s by value, strings as `&str`, others by reference). That function hands them, with
/// the literal text, to one compiled for the message's shape (the kinds of its parts, in
/// order), shared by every message of that shape in the crate: a release build compiles one
/// such function per shape.
///
/// ```
/// use fast_status::{status, FastStatus};
///
/// #[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
/// enum StatusCode {
///     Invalid = 1,
///     NotFound,
/// }
///
/// const EMPTY: Status = status!(StatusCode::Invalid, "empty input");
///
/// let code_only = status!(StatusCode::NotFound);
/// let column = "x";
/// let formatted = status!(StatusCode::NotFound, "no column '{column}'");
/// assert_eq!(code_only.to_string(), "NotFound");
/// assert_eq!(EMPTY.to_string(), "Invalid: empty input");
/// assert_eq!(formatted.to_string(), "NotFound: no column 'x'");
/// ```
#[macro_export]
macro_rules! status {
    ($($args:tt)+) => {
        $crate::__private::status!($crate; $($args)+)
    };
}

/// Returns early with an error status: `return Err(status!(..).into())`.
///
/// Takes every form of [`status!`]; the status converts with `From`, so it also works in a
/// function whose error type a status converts into (`Box<dyn Error + Send + Sync>`). For a
/// split message, the function `status!` generates returns that `Err` itself, of the calling
/// function's `Result` type: the error site passes the arguments and returns what the call
/// returns, with nothing left to wrap (`scripts/error-site.sh` measures the code this takes
/// against `return Err(status!(..))` and a 32-byte enum).
///
/// ```
/// use fast_status::{bail, FastStatus};
///
/// #[derive(FastStatus, Clone, Copy, Debug)]
/// enum StatusCode {
///     Invalid = 1,
/// }
///
/// fn parse_flag(text: &str) -> Result<bool, Status> {
///     match text {
///         "on" => Ok(true),
///         "off" => Ok(false),
///         _ => bail!(StatusCode::Invalid, "expected `on` or `off`, got {text:?}"),
///     }
/// }
///
/// assert_eq!(parse_flag("on"), Ok(true));
/// assert_eq!(
///     parse_flag("maybe").unwrap_err().to_string(),
///     "Invalid: expected `on` or `off`, got \"maybe\""
/// );
/// ```
#[macro_export]
macro_rules! bail {
    ($($args:tt)+) => {
        $crate::__private::bail!($crate; $($args)+)
    };
}

/// Returns early with an error status unless a condition holds:
/// `ensure!(cond, Code::X)`, `ensure!(cond, Code::X, "literal")` or
/// `ensure!(cond, Code::X, "format {}", args..)`, as [`bail!`] after the condition.
///
/// ```
/// use fast_status::{ensure, FastStatus};
///
/// #[derive(FastStatus, Clone, Copy, Debug)]
/// enum StatusCode {
///     Invalid = 1,
/// }
///
/// fn read_header(buf: &[u8]) -> Result<u32, Status> {
///     ensure!(buf.len() >= 4, StatusCode::Invalid, "header needs 4 bytes, got {}", buf.len());
///     Ok(u32::from_le_bytes([buf[0], buf[1], buf[2], buf[3]]))
/// }
///
/// assert_eq!(read_header(&[1, 0, 0, 0]), Ok(1));
/// assert_eq!(
///     read_header(&[1, 2]).unwrap_err().to_string(),
///     "Invalid: header needs 4 bytes, got 2"
/// );
/// ```
#[macro_export]
macro_rules! ensure {
    ($cond:expr, $($args:tt)+) => {
        if !$cond {
            $crate::bail!($($args)+);
        }
    };
}

/// Items used by generated code. Not public API: names and signatures change without notice.
#[doc(hidden)]
pub mod __private {
    pub use status_macros::{__bail as bail, __status as status};
    pub use status_runtime::__private::*;
}
