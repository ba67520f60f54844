#![doc = include_str!("../README.md")]
#![no_std]
#![warn(missing_docs)]
#![forbid(unsafe_code)]

pub use status_macros::FastStatus;
pub use status_runtime::{Code, ContextLines, FastStatus};

/// Builds a status from a code, optionally with a message.
///
/// | form | state | allocations |
/// |---|---|---|
/// | `status!(StatusCode::Invalid)` | inline code | 0 |
/// | `status!(StatusCode::Invalid, "literal")` | `'static` code and message; usable in `const` | 0 |
/// | `status!(StatusCode::Invalid, "x = {}", x)`, `status!(StatusCode::Invalid, "x = {x}")` | heap, formatted in place | 1 |
/// | `status!(StatusCode::Invalid, message)` (any `Display` value) | heap | 1 |
///
/// The literal form needs the code written as a path to a variant, so the message can be
/// stored with it in a constant; for a code known only at run time use `Status::new`.
/// Statuses with a message record where they were created ([`FastStatus::location`]).
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

/// Items used by generated code. Not public API: names and signatures change without notice.
#[doc(hidden)]
pub mod __private {
    pub use status_macros::__status as status;
    pub use status_runtime::__private::*;
}
