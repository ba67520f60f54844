//! Reading what a heap status carries besides its code and message: context lines, details,
//! the source and the backtrace. Safe code over `repr`.

use alloc::boxed::Box;
use alloc::string::String;
use core::error::Error;
use core::fmt;
use core::panic::Location;

use crate::kinds::{CodeFields, Kind, KindPlace};
use crate::repr::{
    ContextLine, ContextNode, Detail, Extras, Frozen, KindHolder, Next, NodeSite, PayloadRef, Repr,
    Source, Stored, Tail, ValueInfo, ValueShare, ValueType, try_box,
};
use crate::site::{ArrivedLines, Site};

impl Repr {
    /// The context lines, oldest first.
    #[must_use]
    #[inline]
    pub fn context_lines(&self) -> ContextLines<'_> {
        ContextLines::of(self.extras())
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
        self.extras()?.source.as_deref().map(Stored::error)
    }

    /// `Error::source` of a status: its newest context line, whose own `source()` is the line
    /// before it, down to the status's source (see `ContextNode`); with no context lines, the
    /// source itself. The lines are copied into the chain when first asked for; without memory
    /// for that, the chain is the source alone.
    #[must_use]
    pub fn error_source(&self) -> Option<&(dyn Error + 'static)> {
        let tail = || Tail {
            value: None,
            packed: None,
            source: self.shared_source(),
        };
        match self.context_chain(tail) {
            Some(line) => Some(line),
            None => self.source(),
        }
    }

    /// The context lines as a source chain ending in `tail()`, built once: those the status
    /// arrived with from another process, then its own. `None` without context lines, or
    /// without memory.
    pub(crate) fn context_chain(&self, tail: impl FnOnce() -> Tail) -> Option<&ContextNode> {
        let extras = self.extras()?;
        if extras.line_count() == 0 && arrived_lines(extras).len() == 0 {
            return None;
        }
        extras.chain.get_or_try_init(|| chain_of(extras, tail()))
    }

    /// The context lines this status arrived with from another process (`serde`), oldest
    /// first: reports show them before its own.
    pub(crate) fn arrived_lines(&self) -> ArrivedLines<'_> {
        self.extras().map(arrived_lines).unwrap_or_default()
    }

    /// Where this status was created, as it arrived from another process (`serde`).
    #[cfg_attr(
        not(feature = "serde"),
        expect(clippy::unused_self, reason = "without serde nothing arrives")
    )]
    pub(crate) fn arrived_site(&self) -> Option<&str> {
        #[cfg(feature = "serde")]
        return self.detail::<crate::serde::Remote>()?.location.as_deref();
        #[cfg(not(feature = "serde"))]
        None
    }

    /// A share of the value of the variant this status was made from: its own payload's, or
    /// the one it is a changed copy of.
    pub(crate) fn value_share(&self) -> Option<ValueShare> {
        let payload = self.payload()?;
        if let Some(share) = ValueShare::of(payload) {
            return Some(share);
        }
        match payload.extras()?.kind.as_ref()? {
            KindHolder::Value(share) => Some(share.clone()),
            KindHolder::Packed(_) => None,
        }
    }

    /// The attached source, shared.
    pub(crate) fn shared_source(&self) -> Option<Source> {
        self.extras()?.source.clone()
    }

    /// The status this status's source is, when it is one (`from = Status`, or a kind
    /// variant's source field of a status type): reports show its creation site and context
    /// lines. A status of a kind knows its variant's field without its type being named, so
    /// a report finds the statuses at every depth of a chain.
    #[must_use]
    pub fn source_status(&self) -> Option<&Repr> {
        match self.value_info() {
            Some(info) => info.source_status(self),
            None => self.attached_source_status(),
        }
    }

    /// The status this status wraps transparently (a kind variant marked `transparent` whose
    /// field is a status): reports show that status's creation site and context lines as
    /// this one's, and go on with its causes.
    #[must_use]
    pub fn transparent_status(&self) -> Option<&Repr> {
        self.value_info()?.transparent_status(self)
    }

    /// The status the source given to this status is, if it is one: what
    /// [`source_status`](Self::source_status) finds for a status whose value (if any) has no
    /// source field.
    #[must_use]
    pub(crate) fn attached_source_status(&self) -> Option<&Repr> {
        self.extras()?.source.as_deref()?.status()
    }

    /// The description of the type of the value this status holds: its own payload's, or
    /// the one it is a changed copy of.
    fn value_info(&self) -> Option<&'static ValueInfo> {
        let payload = self.payload()?;
        if let Some(info) = payload.value_info() {
            return Some(info);
        }
        match payload.extras()?.kind.as_ref()? {
            KindHolder::Value(share) => Some(share.info()),
            KindHolder::Packed(_) => None,
        }
    }

    /// The text of the variant's `String` field, for a status made with it as its body
    /// ([`Repr::from_text_field`]); `None` for any other.
    #[inline]
    #[must_use]
    pub fn text_field(&self) -> Option<&str> {
        self.payload()?.text_field()
    }

    /// The backtrace captured when the status was created, if backtraces were enabled.
    #[cfg(feature = "std")]
    #[must_use]
    pub fn backtrace(&self) -> Option<&std::backtrace::Backtrace> {
        self.extras().and_then(|e| e.backtrace.as_deref())
    }

    /// The value of the variant this status was made from, if it is stored in the status and is
    /// a `K`: in its own payload, or in the one it is a changed copy of. Read by `K`'s own
    /// description (`Kind::VALUE_TYPE`), the one the derive's constructors store it with: one
    /// address compared, no type ids.
    #[inline]
    #[must_use]
    pub fn kind_value<K: Kind>(&self) -> Option<&K> {
        self.stored_kind(K::VALUE_TYPE)
    }

    /// [`kind_value`](Self::kind_value), for the `K` that `ty` describes, any `K` (a payload
    /// made with another description of it is read by the type ids).
    #[inline]
    #[must_use]
    pub fn stored_kind<K: 'static>(&self, ty: &'static ValueType<K>) -> Option<&K> {
        let payload = self.payload()?;
        match payload.value(ty) {
            Some(kind) => Some(kind),
            None => held_value(payload.extras()?, ty),
        }
    }

    /// Where the kind of a status is: its stored value, if it is a `K`, or else its raw code
    /// and the packed fields to unpack it from. A word's own fields and a payload's own value
    /// are read inline; a changed copy's, out of line.
    #[inline]
    #[must_use]
    pub fn kind_place<K: Kind>(&self) -> KindPlace<'_, K> {
        match self.payload() {
            Some(payload) => match payload.value_made_with(K::VALUE_TYPE) {
                Some(kind) => KindPlace::Value(kind),
                None => held_kind_place(self),
            },
            None => KindPlace::Fields(CodeFields::of_word(self)),
        }
    }

    /// The packed fields of the variant this status was made from: in its word, or in the word
    /// it is a changed copy of.
    fn kind_fields(&self) -> Option<u64> {
        if let Some(fields) = self.packed_fields() {
            return Some(fields);
        }
        match self.extras()?.kind.as_ref()? {
            KindHolder::Packed(fields) => Some(fields.get()),
            KindHolder::Value(_) => None,
        }
    }

    /// The extras, if this is a heap status that has any.
    fn extras(&self) -> Option<&Extras> {
        self.payload().and_then(PayloadRef::extras)
    }
}

/// The kind place of a heap status not made with `K::VALUE_TYPE`: a text body's, a changed
/// copy's, a message payload's, or one whose `K` was described elsewhere; out of line, so that
/// reading the kind of the others saves no registers (the caller keeps at most the call's stack
/// alignment).
#[cold]
#[inline(never)]
fn held_kind_place<K: Kind>(repr: &Repr) -> KindPlace<'_, K> {
    if let Some(text) = repr.text_field() {
        return KindPlace::Text {
            raw: repr.raw_code(),
            text,
        };
    }
    match repr.stored_kind(K::VALUE_TYPE) {
        Some(kind) => KindPlace::Value(kind),
        None => KindPlace::Fields(CodeFields::new(
            repr.raw_code(),
            repr.kind_fields(),
            K::FIELD_BITS,
        )),
    }
}

/// The value a changed copy holds a share of, if it is a `K`: out of line, so that reading the
/// kind of a status with its own value saves no registers.
#[cold]
#[inline(never)]
fn held_value<'a, K: 'static>(extras: &'a Extras, ty: &'static ValueType<K>) -> Option<&'a K> {
    match extras.kind.as_ref()? {
        KindHolder::Value(share) => share.value(ty),
        KindHolder::Packed(_) => None,
    }
}

/// The context lines `extras` arrived with from another process, oldest first.
fn arrived_lines(extras: &Extras) -> ArrivedLines<'_> {
    #[cfg(feature = "serde")]
    if let Some(remote) = extras.detail::<crate::serde::Remote>() {
        return ArrivedLines::new(&remote.context);
    }
    let _ = extras;
    ArrivedLines::default()
}

/// The text and site of `error`, if it is a context line of a status's source chain.
pub(crate) fn as_context_line<'a>(error: &'a (dyn Error + 'static)) -> Option<(&'a str, Site<'a>)> {
    let line = error.downcast_ref::<ContextNode>()?;
    Some((line.text.as_str(), line.site.site()))
}

/// The chain of `extras`' context lines, those it arrived with and then its own, newest first,
/// the oldest one followed by `tail`; `None` without memory.
fn chain_of(extras: &Extras, tail: Tail) -> Option<Box<ContextNode>> {
    let own = ContextLines::of(Some(extras)).map(|(text, location)| (text, Site::Here(location)));
    let mut next = Next::Tail(tail);
    for (text, site) in arrived_lines(extras).chain(own) {
        let site = match site {
            Site::Here(location) => NodeSite::Here(location),
            Site::There(at) => NodeSite::There(copied(at)?),
        };
        next = Next::Line(try_box(ContextNode {
            text: copied(text)?,
            site,
            next,
        })?);
    }
    match next {
        Next::Line(newest) => Some(newest),
        Next::Tail(_) => None,
    }
}

/// `text` in a `String` of its own; `None` without memory.
fn copied(text: &str) -> Option<String> {
    let mut copy = String::new();
    copy.try_reserve_exact(text.len()).ok()?;
    copy.push_str(text);
    Some(copy)
}

/// The context lines of a status, oldest first: each is the text passed to `context` and the
/// location of that call. Returned by `context_lines()`.
#[derive(Clone)]
pub struct ContextLines<'a> {
    /// The frozen lines (the oldest), shared with copies of the status.
    frozen: Option<&'a Frozen>,
    /// The frozen lines not read yet, by their index in the frozen chain: `front..back`.
    front: usize,
    back: usize,
    /// The status's own lines (the newest) not read yet.
    own: core::slice::Iter<'a, ContextLine>,
    extras: Option<&'a Extras>,
}

impl<'a> ContextLines<'a> {
    /// The lines of `extras`, if any.
    #[inline]
    fn of(extras: Option<&'a Extras>) -> Self {
        let frozen = extras.and_then(|e| e.frozen.as_deref());
        Self {
            frozen,
            front: 0,
            back: frozen.map_or(0, Frozen::total),
            own: extras.map_or(&[][..], |e| e.context.as_slice()).iter(),
            extras,
        }
    }

    /// Own line `line`'s text and location.
    #[inline]
    fn own_line(&self, line: &'a ContextLine) -> Option<(&'a str, &'static Location<'static>)> {
        Some((self.extras?.context_text(line), line.location))
    }
}

impl<'a> Iterator for ContextLines<'a> {
    type Item = (&'a str, &'static Location<'static>);

    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        if self.front < self.back {
            self.front += 1;
            return self.frozen?.line(self.front - 1);
        }
        let line = self.own.next()?;
        self.own_line(line)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.back - self.front + self.own.len();
        (len, Some(len))
    }

    // Counting and skipping lines reads none of their text.
    #[inline]
    fn count(self) -> usize {
        self.back - self.front + self.own.len()
    }

    #[inline]
    fn nth(&mut self, n: usize) -> Option<Self::Item> {
        let frozen_left = self.back - self.front;
        if n < frozen_left {
            self.front += n;
            return self.next();
        }
        self.front = self.back;
        let line = self.own.nth(n - frozen_left)?;
        self.own_line(line)
    }

    #[inline]
    fn last(mut self) -> Option<Self::Item> {
        self.next_back()
    }
}

impl DoubleEndedIterator for ContextLines<'_> {
    #[inline]
    fn next_back(&mut self) -> Option<Self::Item> {
        if let Some(line) = self.own.next_back() {
            return self.own_line(line);
        }
        if self.front < self.back {
            self.back -= 1;
            return self.frozen?.line(self.back);
        }
        None
    }
}

impl ExactSizeIterator for ContextLines<'_> {}

impl fmt::Debug for ContextLines<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}
