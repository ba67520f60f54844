//! What generated code calls: the constructors behind `status!`, `bail!`'s return, the code a
//! word holds, the derive's compile-time assertions, and the `io::ErrorKind` of a status. Not
//! public API (re-exported through `__private`).

use core::fmt;
use core::panic::Location;

use crate::pieces::{Parts, Piece};
use crate::repr::Repr;
#[cfg(feature = "std")]
use crate::traits::Chain;
use crate::traits::{Code, FastStatus};

/// The `io::ErrorKind` the generated `From<Status> for io::Error` gives a status whose code
/// names none (`io_kind`): that of the first `io::Error` in `first` (a `transparent` variant's
/// field) and its sources, then in the status's sources; `Other` when there is none. So a
/// status made from an `io::Error` converts back with that error's kind (`NotFound` stays
/// `NotFound`).
#[cfg(feature = "std")]
#[must_use]
pub fn io_error_kind(
    first: Option<&(dyn core::error::Error + 'static)>,
    status: &(dyn core::error::Error + 'static),
) -> std::io::ErrorKind {
    Chain::starting_at(first)
        .chain(Chain::starting_at(status.source()))
        .find_map(|error| error.downcast_ref::<std::io::Error>())
        .map_or(std::io::ErrorKind::Other, std::io::Error::kind)
}

/// The value in `slot` as an `F`, taken out of it, when `E` is `F`; else `None`, `slot` as it
/// was. What `Code::__kind_of_error` builds a variant's field with.
#[inline]
pub fn take_as<E: 'static, F: 'static>(slot: &mut Option<E>) -> Option<F> {
    (slot as &mut dyn core::any::Any)
        .downcast_mut::<Option<F>>()
        .and_then(Option::take)
}

/// A status of codes' `FastStatus::__into_kind`: its code, which every such status has.
///
/// # Errors
///
/// Never: the `Result` is the one a status of kinds gives.
#[inline]
#[allow(
    clippy::needless_pass_by_value,
    reason = "the signature of `into_kind`, which a status of kinds passes here"
)]
pub fn code_as_kind<S: FastStatus>(status: S) -> Result<S::Code, S> {
    Ok(status.code())
}

/// Writes `pieces` in order: a variant's display text made of literal text and its `String`
/// field, written by `Kind::display_text` from a status that holds the field's text.
///
/// # Errors
///
/// The formatter's.
#[inline]
pub fn write_strs(f: &mut fmt::Formatter<'_>, pieces: &[&str]) -> fmt::Result {
    pieces.iter().try_for_each(|piece| f.write_str(piece))
}

/// `status!(code)`: the code-only status of `code`'s type.
///
/// The status type is a parameter of its own, bound to the code's (`Code<Status = S>`), not
/// the projection `C::Status`: a value that is not a code then fails one bound, which is one
/// error, where the projection gave a second. `from_args` and `from_pieces` do the same.
#[must_use]
#[inline]
pub fn from_code<C: Code<Status = S>, S: FastStatus>(code: C) -> S {
    S::__from_repr(Repr::inline(code.to_raw()))
}

/// `status!(code, "format {}", args)`: one allocation, formatted in place.
#[must_use]
#[cold]
#[inline(never)]
#[track_caller]
pub fn from_args<C: Code<Status = S>, S: FastStatus>(code: C, args: fmt::Arguments<'_>) -> S {
    S::__from_repr(Repr::from_args(
        args,
        Location::caller(),
        code.to_raw(),
        C::__BACKTRACES,
    ))
}

/// `status!(code, "text {x}")` with plain or hex placeholders, of up to 12 parts: the message's
/// parts, split at compile time; one allocation. Called only from the cold function `status!`
/// generates for the message, which makes the parts: the call goes straight to the function
/// compiled for the message's shape ([`Parts`]), or, with a `Display` part, to
/// `Repr::from_pieces`.
#[must_use]
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "one frame for `Parts::make`; the caller is cold and out of line already"
)]
#[track_caller]
pub fn from_parts<'s, C: Code<Status = S>, S: FastStatus, P: Parts<'s>>(code: C, parts: P) -> S {
    if P::EXACT {
        S::__from_repr(parts.make(code.to_raw(), Location::caller(), C::__BACKTRACES))
    } else {
        from_pieces(code, parts.pieces().as_ref())
    }
}

/// `status!(code, "text {x}")` with more than 12 parts: the message's pieces, written by
/// `Repr::from_pieces` (a loop over them); one allocation.
#[must_use]
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "one frame for `Repr::from_pieces`; the caller is cold and out of line already"
)]
#[track_caller]
pub fn from_pieces<C: Code<Status = S>, S: FastStatus>(code: C, pieces: &[Piece<'_>]) -> S {
    S::__from_repr(Repr::from_pieces(
        code.to_raw(),
        pieces,
        Location::caller(),
        C::__BACKTRACES,
    ))
}

/// What `bail!` and `ensure!` return: an `Err` of the function's result type, its error
/// converted from the status with `From`. The function `status!` generates for a split message
/// returns it when `bail!` calls it, so that it writes the caller's result itself: the error
/// site is then a call, with no status handed back to be wrapped (`scripts/error-site.sh`).
#[diagnostic::on_unimplemented(
    message = "`bail!` returns `Err({S})` from this function, whose result `{Self}` is not a \
               `Result`",
    label = "`bail!` and `ensure!` return early from a function returning `Result`",
    note = "make the function return `Result<_, E>`, where `E` is `{S}` or converts from it \
            (`Box<dyn Error + Send + Sync>`, `anyhow::Error`); elsewhere, build the status \
            with `status!`"
)]
pub trait Bail<S> {
    /// `Err(E::from(status))`.
    fn __fs_bail(status: S) -> Self;
}

/// For statuses only (`S: FastStatus`), so that rustc, when `E` has no `From<S>`, says that and
/// no more (with any `S`, it also offers `Bail<E>`, which `E`'s own `From<E>` implements).
impl<T, E: From<S>, S: FastStatus> Bail<S> for Result<T, E> {
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "an `Err` and a conversion, at the error site"
    )]
    fn __fs_bail(status: S) -> Self {
        Err(E::from(status))
    }
}

/// The code held by `repr`, which generated code only ever builds from codes of `C`.
#[inline]
#[must_use]
pub fn code_of<C: Code>(repr: &Repr) -> C {
    C::__from_own_raw(raw_code_of::<C>(repr))
}

/// The raw code held by `repr`, which generated code only ever builds from codes of `C`: one
/// shift and a mask for a word that holds its code.
#[inline]
#[must_use]
pub fn raw_code_of<C: Code>(repr: &Repr) -> u32 {
    repr.raw_code_in(C::__CODE_MASK)
}

/// Asserts at compile time that a derived enum is `Copy`, with an error that says how to fix it.
#[diagnostic::on_unimplemented(
    message = "`#[derive(FastStatus)]` needs `{Self}` to be `Copy`",
    label = "this enum is not `Copy`",
    note = "add `Clone, Copy` to the enum's `#[derive(..)]`"
)]
pub trait AssertCopy {}

impl<T: Copy> AssertCopy for T {}

/// `text` as a `String`, or `None` without memory for it: the field `Kind::from_text` builds
/// for a status that holds its variant's text, so that reading the kind when the allocator
/// fails gives `None`, as for a status made from its code alone, and does not abort.
#[cfg(feature = "alloc")]
#[must_use]
pub fn try_string(text: &str) -> Option<alloc::string::String> {
    let mut string = alloc::string::String::new();
    string.try_reserve_exact(text.len()).ok()?;
    string.push_str(text);
    Some(string)
}
