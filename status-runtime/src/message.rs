//! Building and changing statuses: messages formatted straight into the payload, sources,
//! details and context lines. Safe code over the `repr` module.
//!
//! Every constructor here degrades instead of failing: if the allocator returns null the result
//! keeps its code (and whatever it had before), never aborts, never panics.

use core::fmt;
use core::panic::Location;

use crate::repr::Repr;

#[cfg(feature = "alloc")]
use crate::extras::{ContextLine, Extras};
#[cfg(feature = "alloc")]
use crate::repr::MessageSink;
#[cfg(feature = "alloc")]
use alloc::boxed::Box;

/// Messages up to this many bytes are formatted once, into a stack buffer, then copied into the
/// payload; longer ones are measured on that first pass and formatted again into the payload.
#[cfg(feature = "alloc")]
const STACK_MESSAGE: usize = 128;

/// First formatting pass: keeps the first `STACK_MESSAGE` bytes and counts all of them.
#[cfg(feature = "alloc")]
struct Probe {
    buf: [u8; STACK_MESSAGE],
    len: usize,
    total: usize,
}

#[cfg(feature = "alloc")]
impl fmt::Write for Probe {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.total == self.len {
            let take = s.len().min(STACK_MESSAGE - self.len);
            self.buf[self.len..self.len + take].copy_from_slice(&s.as_bytes()[..take]);
            self.len += take;
        }
        self.total += s.len();
        Ok(())
    }
}

#[cfg(feature = "alloc")]
impl fmt::Write for MessageSink<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        // A `Display` that writes more on the second pass than on the first is cut off.
        if self.push_str(s) {
            Ok(())
        } else {
            Err(fmt::Error)
        }
    }
}

impl Repr {
    /// A heap status with `args` formatted straight into its single allocation.
    ///
    /// A literal message (`args.as_str()` is `Some`) is copied without formatting. If a
    /// `Display` inside `args` returns an error, the message is what was written before it.
    /// If it panics, nothing is leaked and the panic goes on.
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
            formatted(raw, args, Some(location), None).unwrap_or_else(|| Self::inline(raw))
        }
        #[cfg(not(feature = "alloc"))]
        {
            let _ = (args, location);
            Self::inline(raw)
        }
    }

    /// A heap status whose message is `error`'s `Display` and whose source is `error`.
    #[cold]
    #[inline(never)]
    #[must_use]
    pub fn from_error<E>(raw: u32, error: E, location: &'static Location<'static>) -> Self
    where
        E: core::error::Error + Send + Sync + 'static,
    {
        #[cfg(feature = "alloc")]
        {
            match formatted(raw, format_args!("{error}"), Some(location), None) {
                Some(mut repr) => {
                    // The payload was just made, so this borrows it without copying.
                    if let Some(header) = repr.make_mut() {
                        header.extras = Some(Box::new(Extras {
                            source: Some(alloc::sync::Arc::new(error)),
                            ..Extras::default()
                        }));
                    }
                    repr
                }
                None => Self::inline(raw),
            }
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
            let location = self.location();
            let extras = self.take_extras();
            if let Some(new) = formatted(self.raw_code(), args, location, extras) {
                self.replace(new);
            }
        }
        #[cfg(not(feature = "alloc"))]
        let _ = args;
    }

    /// Appends a context line with `location`. Without memory, the line is lost and the status
    /// otherwise unchanged.
    #[cold]
    #[inline(never)]
    pub fn push_context(&mut self, args: fmt::Arguments<'_>, location: &'static Location<'static>) {
        #[cfg(feature = "alloc")]
        {
            let mut message = alloc::string::String::new();
            if fmt::write(&mut message, args).is_err() && message.is_empty() {
                return;
            }
            if let Some(header) = self.make_mut() {
                let extras = header.extras.get_or_insert_with(Box::default);
                extras.context.push(ContextLine { message, location });
            }
        }
        #[cfg(not(feature = "alloc"))]
        let _ = (args, location);
    }

    /// The context lines, oldest first.
    #[must_use]
    pub fn context_lines(&self) -> ContextLines<'_> {
        #[cfg(feature = "alloc")]
        {
            let lines = self.extras().map_or(&[][..], |e| e.context.as_slice());
            ContextLines {
                inner: lines.iter(),
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
        if let Some(header) = self.make_mut() {
            header
                .extras
                .get_or_insert_with(Box::default)
                .set_detail(value);
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

    /// All details, in the order they were first attached.
    #[must_use]
    pub fn details(&self) -> impl ExactSizeIterator<Item = &(dyn fmt::Debug + Send + Sync)> {
        #[cfg(feature = "alloc")]
        let details = self.extras().map_or(&[][..], |e| e.details.as_slice());
        #[cfg(not(feature = "alloc"))]
        let details: &[&(dyn fmt::Debug + Send + Sync)] = &[];
        details
            .iter()
            .map(|d| &**d as &(dyn fmt::Debug + Send + Sync))
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

    /// Status equality: the same code and the same message.
    #[must_use]
    pub fn same_code_and_message(&self, other: &Self) -> bool {
        self.raw_code() == other.raw_code() && self.message() == other.message()
    }
}

/// Formats `args` into a new payload: one allocation of exactly the message's length.
#[cfg(feature = "alloc")]
fn formatted(
    raw: u32,
    args: fmt::Arguments<'_>,
    location: Option<&'static Location<'static>>,
    extras: Option<Box<Extras>>,
) -> Option<Repr> {
    if let Some(text) = args.as_str() {
        return Repr::alloc_with_str(raw, text, location, extras);
    }
    let mut probe = Probe {
        buf: [0; STACK_MESSAGE],
        len: 0,
        total: 0,
    };
    // On `fmt::Error` the message is what was written before it.
    let _ = fmt::write(&mut probe, args);
    if probe.total == probe.len {
        let text = match core::str::from_utf8(&probe.buf[..probe.len]) {
            Ok(text) => text,
            // Cut inside a char cannot happen (everything fitted), but stay total.
            Err(e) => core::str::from_utf8(&probe.buf[..e.valid_up_to()]).unwrap_or_default(),
        };
        return Repr::alloc_with_str(raw, text, location, extras);
    }
    Repr::alloc_heap(raw, location, extras, probe.total, |sink| {
        let _ = fmt::write(sink, args);
    })
}

/// The context lines of a status, oldest first: each is the text passed to `context` and the
/// location of that call. Returned by `context_lines()`.
#[derive(Clone)]
pub struct ContextLines<'a> {
    #[cfg(feature = "alloc")]
    inner: core::slice::Iter<'a, ContextLine>,
    #[cfg(not(feature = "alloc"))]
    inner: core::iter::Empty<(&'a str, &'static Location<'static>)>,
}

impl<'a> Iterator for ContextLines<'a> {
    type Item = (&'a str, &'static Location<'static>);

    fn next(&mut self) -> Option<Self::Item> {
        #[cfg(feature = "alloc")]
        {
            self.inner.next().map(|l| (l.message.as_str(), l.location))
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
            self.inner
                .next_back()
                .map(|l| (l.message.as_str(), l.location))
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
