//! Reading what a heap status carries besides its code and message: context lines, details,
//! the source and the backtrace. Safe code over `repr`.

use core::error::Error;
use core::fmt;
use core::panic::Location;

use crate::change::BoxedError;
use crate::repr::{ContextLine, Detail, Extras, KindHolder, PayloadRef, Repr};

impl Repr {
    /// The context lines, oldest first.
    #[must_use]
    pub fn context_lines(&self) -> ContextLines<'_> {
        let extras = self.extras();
        ContextLines {
            inner: extras.map_or(&[][..], |e| e.context.as_slice()).iter(),
            extras,
        }
    }

    /// The detail of type `T`, if one was attached.
    #[must_use]
    pub fn detail<T: 'static>(&self) -> Option<&T> {
        self.extras().and_then(Extras::detail)
    }

    /// All details, in the order their types were first attached.
    #[must_use]
    pub fn details(&self) -> impl ExactSizeIterator<Item = &(dyn fmt::Debug + Send + Sync)> {
        let details = self.extras().map_or(&[][..], |e| e.details.as_slice());
        // Through the trait object (`**d`), as `Extras::detail` does.
        details.iter().map(|d| Detail::as_debug(&**d))
    }

    /// The error this status was created from, or given with `with_source`, if any; a boxed
    /// one is unwrapped, so `downcast_ref` reaches its type.
    #[must_use]
    pub fn source(&self) -> Option<&(dyn Error + 'static)> {
        let source: &(dyn Error + 'static) = &**self.extras()?.source.as_ref()?;
        match source.downcast_ref::<BoxedError>() {
            Some(boxed) => Some(&*boxed.0),
            None => Some(source),
        }
    }

    /// The backtrace captured when the status was created, if backtraces were enabled.
    #[cfg(feature = "std")]
    #[must_use]
    pub fn backtrace(&self) -> Option<&std::backtrace::Backtrace> {
        self.extras().and_then(|e| e.backtrace.as_deref())
    }

    /// The value of the variant this status was made from, if it is stored in the status and is
    /// a `K`: in its own payload, or in the one it is a changed copy of.
    #[inline]
    #[must_use]
    pub fn kind_value<K: 'static>(&self) -> Option<&K> {
        let payload = self.payload()?;
        match payload.value::<K>() {
            Some(kind) => Some(kind),
            None => held_value(payload.extras()?),
        }
    }

    /// The packed fields of the variant this status was made from: in its word, or in the word
    /// it is a changed copy of.
    #[must_use]
    pub fn kind_fields(&self) -> Option<u32> {
        if let Some(fields) = self.packed_fields() {
            return Some(fields);
        }
        match self.extras()?.kind.as_ref()? {
            KindHolder::Packed(fields) => Some(*fields),
            KindHolder::Value(_) => None,
        }
    }

    /// The extras, if this is a heap status that has any.
    fn extras(&self) -> Option<&Extras> {
        self.payload().and_then(PayloadRef::extras)
    }
}

/// The value a changed copy holds a share of, if it is a `K`: out of line, so reading the kind
/// of a status with its own value costs no stack frame.
#[cold]
#[inline(never)]
fn held_value<K: 'static>(extras: &Extras) -> Option<&K> {
    match extras.kind.as_ref()? {
        KindHolder::Value(share) => share.value::<K>(),
        KindHolder::Packed(_) => None,
    }
}

/// The context lines of a status, oldest first: each is the text passed to `context` and the
/// location of that call. Returned by `context_lines()`.
#[derive(Clone)]
pub struct ContextLines<'a> {
    inner: core::slice::Iter<'a, ContextLine>,
    extras: Option<&'a Extras>,
}

impl<'a> Iterator for ContextLines<'a> {
    type Item = (&'a str, &'static Location<'static>);

    fn next(&mut self) -> Option<Self::Item> {
        let line = self.inner.next()?;
        Some((self.extras?.context_text(line), line.location))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for ContextLines<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        let line = self.inner.next_back()?;
        Some((self.extras?.context_text(line), line.location))
    }
}

impl ExactSizeIterator for ContextLines<'_> {}

impl fmt::Debug for ContextLines<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}
