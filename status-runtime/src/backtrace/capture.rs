//! Opt-in backtraces: captured when a status with a message is created, only for a type that
//! asks (`#[status(backtrace)]`) and only if the environment asks (`RUST_LIB_BACKTRACE`, else
//! `RUST_BACKTRACE`, set and not `0`, as for `std::backtrace::Backtrace::capture`) or
//! [`set_backtrace_capture`] says so.
//!
//! The environment is read once, at the first heap status, and the answer cached; code-only
//! and static statuses never look.

use core::sync::atomic::{AtomicU8, Ordering};
use std::backtrace::Backtrace;

use crate::repr::Shared;

const UNDECIDED: u8 = 0;
const OFF: u8 = 1;
const ON: u8 = 2;

static POLICY: AtomicU8 = AtomicU8::new(UNDECIDED);

/// Turns backtrace capture on or off for statuses created from now on, overriding
/// `RUST_BACKTRACE` / `RUST_LIB_BACKTRACE`, for the status types whose enum asks for
/// backtraces (`#[status(backtrace)]`); the others never capture one.
///
/// Capturing walks the stack and allocates, so it is off unless asked for. Tests of such a
/// type that count allocations or compare reports call `set_backtrace_capture(false)` so the
/// machine's environment does not change their results.
pub fn set_backtrace_capture(enabled: bool) {
    POLICY.store(if enabled { ON } else { OFF }, Ordering::Relaxed);
}

/// Whether capture is known to be off: one load and a compare, for the creation path
/// (`Repr::created`), which leaves every other case (on, or not decided yet) to a cold call.
#[inline]
pub(crate) fn known_off() -> bool {
    POLICY.load(Ordering::Relaxed) == OFF
}

/// Whether statuses created now capture a backtrace: one load once decided.
#[inline]
pub(crate) fn enabled() -> bool {
    match POLICY.load(Ordering::Relaxed) {
        OFF => false,
        ON => true,
        _ => decide(),
    }
}

/// Reads the environment, once.
#[cold]
fn decide() -> bool {
    let wanted = |name| std::env::var_os(name).map(|value| value != "0");
    let on = wanted("RUST_LIB_BACKTRACE")
        .or_else(|| wanted("RUST_BACKTRACE"))
        .unwrap_or(false);
    // A concurrent `set_backtrace_capture` wins over the environment.
    let _ = POLICY.compare_exchange(
        UNDECIDED,
        if on { ON } else { OFF },
        Ordering::Relaxed,
        Ordering::Relaxed,
    );
    POLICY.load(Ordering::Relaxed) == ON
}

/// A backtrace of the caller, if the allocator has room for it.
pub(crate) fn capture() -> Option<Shared<Backtrace>> {
    Shared::try_new(Backtrace::force_capture()).ok()
}
