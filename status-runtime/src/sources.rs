//! `from = T`: an error converted into a status, the conversion chosen at compile time by
//! method resolution on `T`. The generated `From<T>` calls
//! `(&&&&SourceProbe::<T>::NEW).__fs_status(error, ..)`:
//!
//! - a status is kept as it is, and reports show its creation site and context lines
//!   ([`StatusAsSource`]);
//! - an error type (`Error + Send + Sync + 'static`) is kept as it is ([`ErrorSource`]);
//! - a type that converts into `Box<dyn Error + Send + Sync>` (`anyhow::Error`, a boxed error,
//!   `String`) is kept boxed ([`BoxedSource`]), and `source()` unwraps the box;
//! - for any other type the derive's assertion, [`assert_source`], has failed compilation with
//!   one error on the type already, and [`NotASource`] keeps that error the only one.

use core::error::Error;
use core::marker::PhantomData;
use core::panic::Location;

use crate::backtrace::Backtraces;
use crate::repr::Repr;
use crate::traits::FastStatus;

/// A boxed error kept as a source: `source()` gives back the error in the box, so
/// `downcast_ref` reaches its type.
#[cfg(feature = "alloc")]
pub(crate) struct BoxedError(pub(crate) alloc::boxed::Box<dyn Error + Send + Sync>);

#[cfg(feature = "alloc")]
impl crate::repr::Stored for BoxedError {
    fn error(&self) -> &(dyn Error + 'static) {
        &*self.0
    }

    fn error_mut(&mut self) -> &mut (dyn Error + 'static) {
        &mut *self.0
    }
}

/// A status kept as the source of another: `source()` gives the status itself, and reports
/// reach its representation for its creation site and context lines.
#[cfg(feature = "alloc")]
pub(crate) struct StatusSource<S>(pub(crate) S);

#[cfg(feature = "alloc")]
impl<S: FastStatus> crate::repr::Stored for StatusSource<S> {
    fn error(&self) -> &(dyn Error + 'static) {
        &self.0
    }

    fn error_mut(&mut self) -> &mut (dyn Error + 'static) {
        &mut self.0
    }

    fn status(&self) -> Option<&Repr> {
        Some(self.0.__repr())
    }

    fn take_status(&mut self) -> Option<Repr> {
        let status = core::mem::replace(&mut self.0, S::__from_repr(Repr::inline(0)));
        Some(status.__into_repr())
    }
}

/// The type `E` of an error on its way into a status, for the compile-time choice of how it
/// is kept (the traits below, by autoref on `&&&&SourceProbe<E>`). The error is an argument
/// of `__fs_status`, moved in: nothing is kept to be taken out again.
pub struct SourceProbe<E>(PhantomData<fn() -> E>);

impl<E> SourceProbe<E> {
    /// The probe.
    pub const NEW: Self = Self(PhantomData);
}

/// A status, kept as the source as it is and known as a status to reports: implemented for
/// `&&&&SourceProbe<S>`.
pub trait StatusAsSource<S> {
    /// The status of code `raw` whose source is `status`, made at `location`.
    fn __fs_status(
        self,
        status: S,
        raw: u32,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Repr;
}

impl<S: FastStatus> StatusAsSource<S> for &&&&SourceProbe<S> {
    #[inline]
    fn __fs_status(
        self,
        status: S,
        raw: u32,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Repr {
        Repr::from_status(raw, status, location, backtraces)
    }
}

/// An error type, kept as the source as it is: implemented for `&&&SourceProbe<E>`.
pub trait ErrorSource<E> {
    /// The status of code `raw` whose source is `error`, made at `location`.
    fn __fs_status(
        self,
        error: E,
        raw: u32,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Repr;
}

impl<E: Error + Send + Sync + 'static> ErrorSource<E> for &&&SourceProbe<E> {
    #[inline]
    fn __fs_status(
        self,
        error: E,
        raw: u32,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Repr {
        Repr::from_error(raw, error, location, backtraces)
    }
}

/// A type that converts into a boxed error, kept boxed: implemented for `&&SourceProbe<E>`.
pub trait BoxedSource<E> {
    /// The status of code `raw` whose source is `error`, boxed, made at `location`.
    fn __fs_status(
        self,
        error: E,
        raw: u32,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Repr;
}

#[cfg(feature = "alloc")]
impl<E> BoxedSource<E> for &&SourceProbe<E>
where
    E: Into<alloc::boxed::Box<dyn Error + Send + Sync>>,
{
    #[inline]
    fn __fs_status(
        self,
        error: E,
        raw: u32,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Repr {
        Repr::from_boxed_error(raw, error.into(), location, backtraces)
    }
}

/// Neither (never in a program that compiles): implemented for `&SourceProbe<E>` of every
/// `E`.
pub trait NotASource<E> {
    /// The code alone.
    fn __fs_status(
        self,
        error: E,
        raw: u32,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Repr;
}

impl<E> NotASource<E> for &SourceProbe<E> {
    #[inline]
    fn __fs_status(self, error: E, raw: u32, _: &'static Location<'static>, _: Backtraces) -> Repr {
        drop(error);
        Repr::inline(raw)
    }
}

/// A type a status can keep as its source: an error type, or (with `alloc`) any type that
/// converts into `Box<dyn Error + Send + Sync>`, which every such error type does.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the source of a status",
    label = "not an error",
    note = "a source is an error type (`std::error::Error + Send + Sync + 'static`) or converts \
            into `Box<dyn Error + Send + Sync>` (as `anyhow::Error` and `String` do)"
)]
pub trait Source {}

#[cfg(feature = "alloc")]
impl<E: Into<alloc::boxed::Box<dyn Error + Send + Sync>>> Source for E {}

#[cfg(not(feature = "alloc"))]
impl<E: Error + Send + Sync + 'static> Source for E {}

/// Asserts at compile time that `E` can be a status's source; the derive calls it once per
/// `from = E`, spanned on the type.
#[inline]
pub const fn assert_source<E: Source>() {}

/// How a status is recognised where its type is not known (a source given to `or_status` or
/// `with_source`, which take any error; an entry of a report's chain): the error's `source()`
/// is asked, and a derived status answers, before anything else, with the functions that find
/// a status of its own type in a `dyn Error` and take it out of one (a `downcast`). The answer
/// is believed only when it finds the error asked about itself, so an error whose `source()`
/// calls a status's is not taken for one. A thread-local question, so with `std` only; without
/// it such a status is kept and shown as any error.
#[cfg(feature = "std")]
mod question {
    use core::cell::Cell;
    use core::error::Error;

    use crate::repr::Repr;

    /// What a status answers: how to find a status of its type in an error, and how to take it
    /// out of one (a status without a payload left in its place).
    #[derive(Clone, Copy)]
    pub(crate) struct Found {
        pub(crate) find: for<'e> fn(&'e (dyn Error + 'static)) -> Option<&'e Repr>,
        pub(crate) take: fn(&mut (dyn Error + 'static)) -> Option<Repr>,
    }

    /// The question on this thread.
    #[derive(Clone, Copy)]
    pub(super) enum Question {
        /// None asked.
        Idle,
        /// Someone is calling an error's `source()`.
        Asked,
        /// A status's `source()` answered.
        Answered(Found),
    }

    std::thread_local! {
        pub(super) static QUESTION: Cell<Question> = const { Cell::new(Question::Idle) };
    }
}

#[cfg(feature = "std")]
pub(crate) use question::Found;

/// Called first by the `Error::source` of a status of type `S`: answers the question of
/// whether the error asked about is a status (see `question`). Does nothing otherwise, and
/// nothing without `std`.
#[inline]
pub fn identify<S: FastStatus>() {
    #[cfg(feature = "std")]
    {
        use question::{QUESTION, Question};
        // During a thread's teardown there is no question to answer.
        let _ = QUESTION.try_with(|question| {
            if matches!(question.get(), Question::Asked) {
                question.set(Question::Answered(Found {
                    find: |error| error.downcast_ref::<S>().map(FastStatus::__repr),
                    take: |error| {
                        let status = error.downcast_mut::<S>()?;
                        let taken = core::mem::replace(status, S::__from_repr(Repr::inline(0)));
                        Some(taken.__into_repr())
                    },
                }));
            }
        });
    }
}

/// Whether `error` is a status whose type is not known here, and how to reach it.
#[cfg(feature = "std")]
pub(crate) fn found_status(error: &(dyn Error + 'static)) -> Option<Found> {
    use question::{QUESTION, Question};
    QUESTION
        .try_with(|question| question.set(Question::Asked))
        .ok()?;
    let _ = error.source();
    match QUESTION.try_with(|question| question.replace(Question::Idle)) {
        Ok(Question::Answered(found)) if (found.find)(error).is_some() => Some(found),
        _ => None,
    }
}

/// The representation of `error` when it is a status whose type is not known here.
#[cfg(feature = "std")]
pub(crate) fn status_of<'e>(error: &'e (dyn Error + 'static)) -> Option<&'e Repr> {
    (found_status(error)?.find)(error)
}

/// Without `std` there is no question to ask.
#[cfg(not(feature = "std"))]
pub(crate) fn status_of<'e>(_: &'e (dyn Error + 'static)) -> Option<&'e Repr> {
    None
}

/// A source that is a status its holder did not know as one (given to `with_source` or
/// `or_status` as any error, or boxed), kept with what its `source()` answered: reports reach
/// the status without asking again, and a chain of such statuses is released in a loop, as one
/// made with `from = Status` is.
#[cfg(feature = "std")]
pub(crate) struct FoundStatus<S> {
    source: S,
    found: Found,
}

#[cfg(feature = "std")]
impl<S: crate::repr::Stored> crate::repr::Stored for FoundStatus<S> {
    fn error(&self) -> &(dyn Error + 'static) {
        self.source.error()
    }

    fn error_mut(&mut self) -> &mut (dyn Error + 'static) {
        self.source.error_mut()
    }

    fn status(&self) -> Option<&Repr> {
        (self.found.find)(self.source.error())
    }

    fn take_status(&mut self) -> Option<Repr> {
        (self.found.take)(self.source.error_mut())
    }
}

/// Whether an error of type `E` may be a status, known at compile time: a status is one word,
/// and `io::Error`, the one-word error converted most often, is not one.
#[cfg(feature = "std")]
#[inline]
pub(crate) fn may_be_status<E: 'static>() -> bool {
    size_of::<E>() == size_of::<usize>()
        && core::any::TypeId::of::<E>() != core::any::TypeId::of::<std::io::Error>()
}

/// Without `std`, no status is recognised in an error.
#[cfg(all(feature = "alloc", not(feature = "std")))]
#[inline]
#[allow(
    clippy::extra_unused_type_parameters,
    reason = "the same signature as with `std`"
)]
pub(crate) fn may_be_status<E: 'static>() -> bool {
    false
}

/// `source` shared, to be a status's source, when it may be a status not stored as one (an
/// error of any type, a boxed error): asked, and if it is one, kept with the way to take the
/// status out of it. `source` back if the allocator fails.
#[cfg(feature = "alloc")]
pub(crate) fn shared_source<S: crate::repr::Stored>(source: S) -> Result<crate::repr::Source, S> {
    use crate::repr::Shared;
    #[cfg(feature = "std")]
    if let Some(found) = found_status(source.error()) {
        return Shared::try_new_source(FoundStatus { source, found }).map_err(|kept| kept.source);
    }
    Shared::try_new_source(source)
}
