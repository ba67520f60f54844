//! A `core`-only build (no `alloc` feature) has no heap state. These are the methods that
//! create, change and read heap statuses in other builds, with what they come to here: a new
//! status keeps its code, a change is dropped, and there is nothing to read.

use core::fmt;
use core::panic::Location;

use crate::backtrace::Backtraces;
use crate::kinds::{CodeFields, Kind, KindPlace};
use crate::pieces::Piece;
use crate::repr::{Repr, ValueType};
use crate::site::{ArrivedLines, Site};

impl Repr {
    /// The inline code `raw`: there is no room for a message without `alloc`.
    #[must_use]
    pub fn from_args(
        _: fmt::Arguments<'_>,
        _: &'static Location<'static>,
        raw: u32,
        _: Backtraces,
    ) -> Self {
        Self::inline(raw)
    }

    /// The inline code `raw` (`message` dropped): there is no room for a message without
    /// `alloc`.
    #[must_use]
    pub fn from_display<M: fmt::Display>(
        raw: u32,
        message: M,
        _: &'static Location<'static>,
        _: Backtraces,
    ) -> Self {
        drop(message);
        Self::inline(raw)
    }

    /// The inline code `raw` (`text` dropped): there is no room for a variant's text without
    /// `alloc`.
    #[must_use]
    pub fn from_text_field<M: fmt::Display>(
        raw: u32,
        text: M,
        _: &'static Location<'static>,
        _: Backtraces,
    ) -> Self {
        drop(text);
        Self::inline(raw)
    }

    /// None: there is no text body without `alloc`.
    #[must_use]
    pub fn text_field(&self) -> Option<&str> {
        None
    }

    /// `true`: there is no text body to change without `alloc`.
    pub fn text_to_value<K: Kind + Send + Sync>(&mut self) -> bool {
        true
    }

    /// The inline code `raw`: there is no room for a message without `alloc`.
    #[must_use]
    pub fn from_pieces(
        raw: u32,
        _: &[Piece<'_>],
        _: &'static Location<'static>,
        _: Backtraces,
    ) -> Self {
        Self::inline(raw)
    }

    /// The inline code `raw`: there is no room for a message without `alloc`.
    #[must_use]
    pub(crate) fn from_piece_array<const N: usize>(
        raw: u32,
        _: [Piece<'_>; N],
        _: &'static Location<'static>,
        _: Backtraces,
    ) -> Self {
        Self::inline(raw)
    }

    /// The inline code `raw`; `error` is dropped: there is no room for it without `alloc`.
    #[must_use]
    pub fn from_error<E>(raw: u32, error: E, _: &'static Location<'static>, _: Backtraces) -> Self
    where
        E: core::error::Error + Send + Sync + 'static,
    {
        drop(error);
        Self::inline(raw)
    }

    /// The inline code `raw`, as [`Repr::from_error`] makes it.
    #[must_use]
    pub fn from_any_error<E>(
        raw: u32,
        error: E,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Self
    where
        E: core::error::Error + Send + Sync + 'static,
    {
        Self::from_error(raw, error, location, backtraces)
    }

    /// The inline code `raw`; `status` is dropped: there is no room for a source without
    /// `alloc`.
    #[must_use]
    pub fn from_status<S: crate::FastStatus>(
        raw: u32,
        status: S,
        _: &'static Location<'static>,
        _: Backtraces,
    ) -> Self {
        drop(status);
        Self::inline(raw)
    }

    /// The inline code `raw`; `make` is not called: there is no heap without `alloc`.
    #[must_use]
    pub fn from_kind<K: Send + Sync + 'static>(
        raw: u32,
        make: impl FnOnce() -> K,
        _: &'static ValueType<K>,
        _: &'static Location<'static>,
        _: Backtraces,
    ) -> Self {
        drop(make);
        Self::inline(raw)
    }

    /// Does nothing: there is no room for a message without `alloc`.
    pub fn set_message(&mut self, _: fmt::Arguments<'_>) {}

    /// Drops `message`: there is no room for a message without `alloc`.
    #[inline]
    pub fn replace_message<M: fmt::Display>(&mut self, message: M) {
        drop(message);
    }

    /// Does nothing: there is no room for a context line without `alloc`.
    pub fn push_context(&mut self, _: fmt::Arguments<'_>, _: &'static Location<'static>) {}

    /// Drops `message`: there is no room for a context line without `alloc`.
    #[inline]
    pub fn add_context<M: fmt::Display>(&mut self, message: M, _: &'static Location<'static>) {
        drop(message);
    }

    /// Drops `value`: there is no room for a detail without `alloc`.
    pub fn set_detail<T: fmt::Debug + Send + Sync + 'static>(&mut self, value: T) {
        drop(value);
    }

    /// None: nothing arrives from another process without `alloc`.
    #[expect(clippy::unused_self, reason = "the alloc build's reads the status")]
    pub(crate) fn arrived_lines(&self) -> ArrivedLines<'_> {
        ArrivedLines::default()
    }

    /// None: nothing arrives from another process without `alloc`.
    #[expect(clippy::unused_self, reason = "the alloc build's reads the status")]
    pub(crate) fn arrived_site(&self) -> Option<&str> {
        None
    }

    /// No context lines.
    #[must_use]
    pub fn context_lines(&self) -> ContextLines<'_> {
        ContextLines {
            inner: core::iter::empty(),
        }
    }

    /// No details.
    #[must_use]
    pub fn detail<T: 'static>(&self) -> Option<&T> {
        None
    }

    /// No details.
    #[must_use]
    pub fn details(&self) -> impl ExactSizeIterator<Item = &(dyn fmt::Debug + Send + Sync)> {
        core::iter::empty()
    }

    /// None: no value is stored without `alloc`.
    #[must_use]
    pub fn kind_value<K: Kind>(&self) -> Option<&K> {
        None
    }

    /// The raw code and the packed fields: no value is stored without `alloc`.
    #[inline]
    #[must_use]
    pub fn kind_place<K: Kind>(&self) -> KindPlace<'_, K> {
        KindPlace::Fields(CodeFields::of_word(self))
    }

    /// No source.
    #[must_use]
    pub fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        None
    }

    /// No source, and no context lines to chain.
    #[must_use]
    pub fn error_source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        None
    }

    /// No source.
    #[must_use]
    pub fn source_status(&self) -> Option<&Repr> {
        None
    }

    /// Nothing wrapped: a status that wraps another needs the heap.
    #[must_use]
    pub fn transparent_status(&self) -> Option<&Repr> {
        None
    }
}

/// The context lines of a status, oldest first: each is the text passed to `context` and the
/// location of that call. Without `alloc`, always empty.
#[derive(Clone)]
pub struct ContextLines<'a> {
    inner: core::iter::Empty<(&'a str, &'static Location<'static>)>,
}

impl<'a> Iterator for ContextLines<'a> {
    type Item = (&'a str, &'static Location<'static>);

    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for ContextLines<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back()
    }
}

impl ExactSizeIterator for ContextLines<'_> {}

impl fmt::Debug for ContextLines<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[]")
    }
}

/// Never a context line: without `alloc`, no status has any.
pub(crate) fn as_context_line<'a>(
    _: &'a (dyn core::error::Error + 'static),
) -> Option<(&'a str, Site<'a>)> {
    None
}
