//! Backtraces: which status types capture one ([`Backtraces`], from `#[status(backtrace)]`),
//! and, with `std`, when they do and the capture itself.

#[cfg(feature = "std")]
mod capture;

#[cfg(feature = "std")]
pub use capture::set_backtrace_capture;
#[cfg(feature = "std")]
pub(crate) use capture::{capture, enabled, known_off};

/// Whether a status type's statuses capture a backtrace when created with a message.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backtraces {
    /// When `RUST_LIB_BACKTRACE` or `RUST_BACKTRACE` asks, or `set_backtrace_capture(true)`:
    /// `#[status(backtrace)]`.
    Env,
    /// Never, whatever the environment says (the default): a library's status type does not
    /// get dearer because an application debugs its panics.
    Never,
}
