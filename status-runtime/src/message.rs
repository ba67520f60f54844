//! Building and changing statuses: messages formatted into one allocation, sources,
//! details, context lines and backtraces. Safe code over the `repr` module.
//!
//! Nothing here aborts or panics when the allocator fails: a new status degrades to its code
//! alone, and a change that cannot be allocated leaves the status as it was.

use core::fmt;
use core::panic::Location;

use crate::repr::Repr;

#[cfg(feature = "alloc")]
use crate::extras::{ContextLine, Extras};
#[cfg(feature = "alloc")]
use crate::repr::{Shared, try_box};
#[cfg(feature = "alloc")]
use alloc::boxed::Box;
#[cfg(feature = "alloc")]
use alloc::string::String;

/// The first reservation of a status's shared context-line text.
#[cfg(feature = "alloc")]
const CONTEXT_TEXT_START: usize = 128;

/// Appends to a `String`, growing it with `try_reserve`, so that running out of memory stops
/// the formatting instead of aborting.
#[cfg(feature = "alloc")]
struct Appender<'a> {
    out: &'a mut String,
    out_of_memory: bool,
}

#[cfg(feature = "alloc")]
impl fmt::Write for Appender<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        // `try_reserve` only when the spare room is short: the text usually fits the room
        // reserved at the first line.
        if self.out.capacity() - self.out.len() < s.len() && self.out.try_reserve(s.len()).is_err()
        {
            self.out_of_memory = true;
            return Err(fmt::Error);
        }
        self.out.push_str(s);
        Ok(())
    }
}

impl Repr {
    /// A heap status with `args` formatted into its single allocation, of the message's
    /// length, and a backtrace when they are enabled.
    ///
    /// A literal message (`args.as_str()` is `Some`) is copied without formatting. A message
    /// of up to 128 bytes is formatted once, on the stack, then copied; a longer one is
    /// measured on that pass and formatted again, into its allocation. If a
    /// `Display` inside `args` returns an error, the message is what was written before it.
    /// If it panics, nothing is leaked and the panic goes on. Without memory, the result is the
    /// inline code.
    #[cold]
    #[inline(never)]
    #[must_use]
    pub fn from_args(
        raw: u32,
        args: fmt::Arguments<'_>,
        location: &'static Location<'static>,
    ) -> Self {
        #[cfg(feature = "alloc")]
        {
            Self::created(raw, formatted(raw, args, Some(location)))
        }
        #[cfg(not(feature = "alloc"))]
        {
            let _ = (args, location);
            Self::inline(raw)
        }
    }

    /// A heap status whose message is `error`'s `Display` and whose source is `error`.
    /// Without memory for the source, the status keeps the message and drops `error`; without
    /// memory for the message, it is the inline code.
    #[cold]
    #[inline(never)]
    #[must_use]
    pub fn from_error<E>(raw: u32, error: E, location: &'static Location<'static>) -> Self
    where
        E: core::error::Error + Send + Sync + 'static,
    {
        #[cfg(feature = "alloc")]
        {
            let Some(mut repr) = formatted(raw, format_args!("{error}"), Some(location)) else {
                return Self::inline(raw);
            };
            if let Ok(source) =
                Shared::<dyn core::error::Error + Send + Sync>::try_new_dyn(error, |p| p)
            {
                if let Some(extras) = repr.extras_mut() {
                    extras.source = Some(source);
                }
            }
            repr.attach_backtrace();
            repr
        }
        #[cfg(not(feature = "alloc"))]
        {
            let _ = (error, location);
            Self::inline(raw)
        }
    }

    /// Replaces the message, keeping code, location, source, details and context lines.
    /// Without memory for the new message, the status is left as it was.
    #[cold]
    #[inline(never)]
    pub fn set_message(&mut self, args: fmt::Arguments<'_>) {
        #[cfg(feature = "alloc")]
        {
            let Some(mut new) = formatted(self.raw_code(), args, self.location()) else {
                return;
            };
            let Ok(extras) = self.take_or_clone_extras() else {
                new.release_heap();
                return;
            };
            if let Some(header) = new.make_mut() {
                header.extras = extras;
            }
            self.replace(new);
        }
        #[cfg(not(feature = "alloc"))]
        let _ = args;
    }

    /// Appends a context line with `location`. Without memory, the line is lost and the status
    /// otherwise unchanged. A line whose `Display` fails before writing anything is dropped.
    #[cold]
    #[inline(never)]
    pub fn push_context(&mut self, args: fmt::Arguments<'_>, location: &'static Location<'static>) {
        #[cfg(feature = "alloc")]
        {
            let Some(extras) = self.extras_mut() else {
                return;
            };
            if extras.context.try_reserve(1).is_err() {
                return;
            }
            if extras.context_text.capacity() == 0 {
                // Room for a few typical lines at once, instead of growing line by line.
                let _ = extras.context_text.try_reserve(CONTEXT_TEXT_START);
            }
            let start = extras.context_text.len();
            if try_append(&mut extras.context_text, args).is_none() {
                extras.context_text.truncate(start);
                return;
            }
            let end = extras.context_text.len();
            extras.context.push(ContextLine {
                start,
                end,
                location,
            });
        }
        #[cfg(not(feature = "alloc"))]
        let _ = (args, location);
    }

    /// The context lines, oldest first.
    #[must_use]
    pub fn context_lines(&self) -> ContextLines<'_> {
        #[cfg(feature = "alloc")]
        {
            let extras = self.extras();
            ContextLines {
                inner: extras.map_or(&[][..], |e| e.context.as_slice()).iter(),
                extras,
            }
        }
        #[cfg(not(feature = "alloc"))]
        {
            ContextLines {
                inner: core::iter::empty(),
            }
        }
    }

    /// Attaches `value` as a typed detail, replacing an earlier one of the same type. Without
    /// memory, the detail is dropped and the status otherwise unchanged.
    #[cold]
    pub fn set_detail<T: fmt::Debug + Send + Sync + 'static>(&mut self, value: T) {
        #[cfg(feature = "alloc")]
        if let Some(extras) = self.extras_mut() {
            extras.set_detail(value);
        }
        #[cfg(not(feature = "alloc"))]
        drop(value);
    }

    /// The detail of type `T`, if one was attached.
    #[must_use]
    pub fn detail<T: 'static>(&self) -> Option<&T> {
        #[cfg(feature = "alloc")]
        {
            self.extras().and_then(Extras::detail)
        }
        #[cfg(not(feature = "alloc"))]
        {
            None
        }
    }

    /// All details, in the order their types were first attached.
    #[must_use]
    pub fn details(&self) -> impl ExactSizeIterator<Item = &(dyn fmt::Debug + Send + Sync)> {
        #[cfg(feature = "alloc")]
        {
            let details = self.extras().map_or(&[][..], |e| e.details.as_slice());
            details.iter().map(|d| d.as_debug())
        }
        #[cfg(not(feature = "alloc"))]
        {
            let none: &[&(dyn fmt::Debug + Send + Sync)] = &[];
            none.iter().copied()
        }
    }

    /// The error this status was created from, if any.
    #[must_use]
    pub fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        #[cfg(feature = "alloc")]
        {
            self.extras()
                .and_then(|e| e.source.as_deref())
                .map(|e| e as &(dyn core::error::Error + 'static))
        }
        #[cfg(not(feature = "alloc"))]
        {
            None
        }
    }

    /// The backtrace captured when the status was created, if backtraces were enabled.
    #[cfg(feature = "std")]
    #[must_use]
    pub fn backtrace(&self) -> Option<&std::backtrace::Backtrace> {
        self.extras().and_then(|e| e.backtrace.as_deref())
    }

    /// Status equality: the same code and the same message.
    #[must_use]
    pub fn same_code_and_message(&self, other: &Self) -> bool {
        self.raw_code() == other.raw_code() && self.message() == other.message()
    }
}

#[cfg(feature = "alloc")]
impl Repr {
    /// The extras of a payload only this word holds, created if missing. `None` without
    /// memory (state unchanged, apart from an unshared copy that may have been made).
    #[inline]
    fn extras_mut(&mut self) -> Option<&mut Extras> {
        let header = self.make_mut()?;
        if header.extras.is_none() {
            header.extras = Some(new_extras()?);
        }
        header.extras.as_deref_mut()
    }

    /// A new status: `heap` with a backtrace when they are enabled, or the inline code `raw`
    /// when `heap` could not be allocated.
    #[inline]
    pub(crate) fn created(raw: u32, heap: Option<Self>) -> Self {
        let Some(mut repr) = heap else {
            return Self::inline(raw);
        };
        repr.attach_backtrace();
        repr
    }

    /// Captures a backtrace into this new heap status, when they are enabled: one load when
    /// they are not.
    #[inline]
    #[allow(clippy::unused_self, reason = "does nothing without the `std` feature")]
    fn attach_backtrace(&mut self) {
        #[cfg(feature = "std")]
        if crate::backtrace::enabled() {
            self.capture_backtrace();
        }
    }

    #[cfg(feature = "std")]
    #[cold]
    fn capture_backtrace(&mut self) {
        if let Some(backtrace) = crate::backtrace::capture() {
            if let Some(extras) = self.extras_mut() {
                extras.backtrace = Some(backtrace);
            }
        }
    }
}

/// Empty extras, boxed; `None` without memory.
#[cfg(feature = "alloc")]
#[cold]
fn new_extras() -> Option<Box<Extras>> {
    try_box(Extras::default())
}

/// Formats `args` into a new payload: one allocation, of the message's length.
#[cfg(feature = "alloc")]
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "one frame for `Repr::from_args`, the hot constructor; measured in BENCHMARKS.md"
)]
fn formatted(
    raw: u32,
    args: fmt::Arguments<'_>,
    location: Option<&'static Location<'static>>,
) -> Option<Repr> {
    match args.as_str() {
        Some(text) => Repr::alloc_with_str(raw, text, location, None),
        None => Repr::alloc_formatted(raw, location, |sink| {
            let _ = fmt::write(sink, args);
        }),
    }
}

/// Appends `args` to `out` without aborting: `None` without memory, or when a `Display`
/// failed before writing anything (there is no line to keep). The caller cuts `out` back.
/// A panicking `Display` leaves a partial tail, which no line refers to.
#[cfg(feature = "alloc")]
#[inline]
fn try_append(out: &mut String, args: fmt::Arguments<'_>) -> Option<()> {
    if let Some(text) = args.as_str() {
        out.try_reserve(text.len()).ok()?;
        out.push_str(text);
        return Some(());
    }
    let start = out.len();
    let mut appender = Appender {
        out,
        out_of_memory: false,
    };
    let failed = fmt::write(&mut appender, args).is_err();
    let wrote = appender.out.len() > start;
    (!appender.out_of_memory && (wrote || !failed)).then_some(())
}

/// The context lines of a status, oldest first: each is the text passed to `context` and the
/// location of that call. Returned by `context_lines()`.
#[derive(Clone)]
pub struct ContextLines<'a> {
    #[cfg(feature = "alloc")]
    inner: core::slice::Iter<'a, ContextLine>,
    #[cfg(feature = "alloc")]
    extras: Option<&'a Extras>,
    #[cfg(not(feature = "alloc"))]
    inner: core::iter::Empty<(&'a str, &'static Location<'static>)>,
}

impl<'a> Iterator for ContextLines<'a> {
    type Item = (&'a str, &'static Location<'static>);

    fn next(&mut self) -> Option<Self::Item> {
        #[cfg(feature = "alloc")]
        {
            let line = self.inner.next()?;
            Some((self.extras?.context_text(line), line.location))
        }
        #[cfg(not(feature = "alloc"))]
        {
            self.inner.next()
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for ContextLines<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        #[cfg(feature = "alloc")]
        {
            let line = self.inner.next_back()?;
            Some((self.extras?.context_text(line), line.location))
        }
        #[cfg(not(feature = "alloc"))]
        {
            self.inner.next_back()
        }
    }
}

impl ExactSizeIterator for ContextLines<'_> {}

impl fmt::Debug for ContextLines<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}
