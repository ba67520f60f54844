//! Changing heap statuses: copy on write, and what goes behind the extras pointer (context
//! lines, details, a source), and moving a kind's value out. Safe code over `repr`.
//!
//! A change that cannot be allocated leaves the status as it was.

use alloc::boxed::Box;
use core::error::Error;
use core::fmt;
use core::panic::Location;

use crate::create::alloc_with_str;
use crate::kinds::Kind;
use crate::repr::{
    COPIED_INLINE, ContextLine, ContextText, Extras, FREEZE_AT, KindHolder, MessageOf, OutOfMemory,
    PackedFields, PayloadMut, PayloadRef, Repr, ValueShare, ValueType, message_of, try_box,
};
use crate::sources::{BoxedError, shared_source};

impl Repr {
    /// Appends the context line `message` with `location`, as its type allows: text (`&str`,
    /// `String`, `Cow<str>`) is copied as it is, `format_args!` is written as it is, anything
    /// else through its `Display`. Inlined into `context`, where the type is known, so a
    /// literal line calls no formatting code at all.
    #[inline]
    pub fn add_context<M: fmt::Display>(
        &mut self,
        message: M,
        location: &'static Location<'static>,
    ) {
        match message_of(&message) {
            // The word by value: the caller keeps it in a register instead of spilling it to
            // pass its address.
            MessageOf::Text(text) => {
                *self = core::mem::replace(self, Self::inline(0)).with_context_text(text, location);
            }
            MessageOf::Args(args) => self.push_context(*args, location),
            MessageOf::Display(message) => self.push_context(format_args!("{message}"), location),
        }
    }

    /// This status with the context line `text` and `location` appended. Without memory, the
    /// line is lost and the status otherwise unchanged.
    ///
    /// A status that already has extras of its own with room in place for the line (the
    /// second line on, while they fit) takes it there, with no call; anything else (moving
    /// to the heap, copy on write, growing) is [`Repr::with_context_text_changed`].
    #[cold]
    #[inline(never)]
    #[must_use]
    pub fn with_context_text(mut self, text: &str, location: &'static Location<'static>) -> Self {
        if self.push_line_in_place(text, location) {
            return self;
        }
        self.with_context_text_changed(text, location)
    }

    /// Appends the context line `text` with `location` where that allocates and drops nothing:
    /// this word holds the only share of a payload with extras, their chain of lines is not
    /// built, and their room in place takes the line and its text. `false`, and nothing
    /// changed, otherwise.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "the path of `with_context_text` that calls nothing (one register saved)"
    )]
    fn push_line_in_place(&mut self, text: &str, location: &'static Location<'static>) -> bool {
        // A longer line's copy is a `memcpy` call, which would give this path a stack frame:
        // such lines take the other.
        if text.len() > COPIED_INLINE {
            return false;
        }
        // `|| None`: no extras are made here.
        let Some(extras) = self
            .payload_mut()
            .and_then(|payload| payload.extras_or_insert(|| None))
        else {
            return false;
        };
        if !extras.chain.is_empty() {
            return false;
        }
        // `push_line`'s steps, with the in-place appends and the end known from the text: a
        // helper shared with it reads the text's length back, which `compare`'s context4 row
        // shows as dearer.
        let start = extras.context_text.len();
        if !extras.context_text.push_in_place(text) {
            return false;
        }
        let line = ContextLine {
            start,
            end: start + text.len(),
            location,
        };
        if !extras.context.push_in_place(line) {
            extras.context_text.truncate(start);
            return false;
        }
        true
    }

    /// [`Repr::with_context_text`] for a status that changes to take the line: moves to the
    /// heap, is copied (shared, or copy on write) or grows its extras.
    #[inline(never)]
    fn with_context_text_changed(self, text: &str, location: &'static Location<'static>) -> Self {
        // Releases the word if a `Drop` run by the change panics (a detail's, when the share
        // given up by a copy on write turns out to be the last): nothing leaks.
        let mut word = ReleaseOnUnwind(self);
        word.0.push_line(location, |out| out.try_push(text).ok());
        word.into_inner()
    }

    /// Appends a context line with `location`. Without memory, the line is lost and the status
    /// otherwise unchanged. A line whose `Display` fails before writing anything is dropped.
    #[cold]
    #[inline(never)]
    pub fn push_context(&mut self, args: fmt::Arguments<'_>, location: &'static Location<'static>) {
        self.push_line(location, |out| try_append(out, args));
    }

    /// Appends a context line whose text `write` appends to the shared text, `None` if it
    /// failed (then what it wrote is cut off again).
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "one body for each of the two cold line appenders"
    )]
    fn push_line(
        &mut self,
        location: &'static Location<'static>,
        write: impl FnOnce(&mut ContextText) -> Option<()>,
    ) {
        let Some(extras) = self.extras_mut() else {
            return;
        };
        let start = extras.context_text.len();
        let written = write(&mut extras.context_text).is_some();
        let end = extras.context_text.len();
        let line = ContextLine {
            start,
            end,
            location,
        };
        if !written || extras.context.try_push(line).is_err() {
            extras.context_text.truncate(start);
        } else if extras.context.len() >= FREEZE_AT {
            // So that a copy on write of this status copies few lines, and shares the rest.
            extras.freeze_own_lines();
        }
    }

    /// Makes `error` the source, replacing an earlier one. Without memory, `error` is dropped
    /// and the status otherwise unchanged.
    #[cold]
    #[inline(never)]
    pub fn set_source(&mut self, error: Box<dyn Error + Send + Sync>) {
        let Ok(source) = shared_source(BoxedError(error)) else {
            return;
        };
        if let Some(extras) = self.extras_mut() {
            extras.source = Some(source);
        }
    }

    /// Attaches `value` as a typed detail, replacing an earlier one of the same type. Without
    /// memory, the detail is dropped and the status otherwise unchanged.
    #[cold]
    pub fn set_detail<T: fmt::Debug + Send + Sync + 'static>(&mut self, value: T) {
        if let Some(extras) = self.extras_mut() {
            extras.set_detail(value);
        }
    }

    /// The extras of a payload only this word holds, created if missing, to change. `None`
    /// without memory (state unchanged, apart from an unshared copy that may have been made).
    ///
    /// Every change to the extras comes through here, so here the source chain built from
    /// them for `Error::source` is dropped, to be built again from what they become.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "out of line, each context line pays a call (`compare`'s context4 row)"
    )]
    pub(crate) fn extras_mut(&mut self) -> Option<&mut Extras> {
        let extras = self.make_mut()?.extras_or_insert(Extras::try_new_boxed)?;
        extras.chain.clear();
        Some(extras)
    }

    /// The `K` value this status holds, moved out: its own payload's, when this word is the
    /// payload's only share and nothing else holds the value, or a changed copy's share of
    /// one, when that share is the value's last holder. What is left of the status is dropped
    /// as usual. `None`, and the status unchanged, otherwise.
    pub fn take_kind_value<K: 'static>(&mut self, ty: &'static ValueType<K>) -> Option<K> {
        // The chain of context lines that `source()` built holds a share of the value at its
        // tail: it is the status's own, so it goes first (it is built again if asked for).
        if let Some(extras) = self
            .payload_mut()
            .and_then(|payload| payload.extras_or_insert(|| None))
        {
            extras.chain.clear();
        }
        self.take_value(ty).or_else(|| self.take_held_value(ty))
    }

    /// The `K` value a changed copy holds a share of, moved out when this word is the only
    /// share of its payload and the share is the value's last holder (the status it was
    /// copied from is gone); `None`, and the status unchanged, otherwise.
    fn take_held_value<K: 'static>(&mut self, ty: &'static ValueType<K>) -> Option<K> {
        // The extras there are (`|| None`: none are made where there are none).
        let extras = self.payload_mut()?.extras_or_insert(|| None)?;
        match extras.kind.take() {
            Some(KindHolder::Value(share)) => match share.take_value(ty) {
                Ok(value) => {
                    extras.chain.clear();
                    Some(value)
                }
                Err(share) => {
                    extras.kind = Some(KindHolder::Value(share));
                    None
                }
            },
            other => {
                extras.kind = other;
                None
            }
        }
    }

    /// Makes a status whose body is the text of its variant's `String` field (made by
    /// [`Repr::from_text_field`]) a status of the variant's value, `K::from_text`, with the same
    /// code, location and extras: what `with_message` does first, since a text body has no
    /// room for a message beside the text. `true` when the status has no text body or was
    /// changed; `false`, and the status unchanged, when the allocator failed.
    #[cold]
    #[inline(never)]
    pub fn text_to_value<K: Kind + Send + Sync>(&mut self) -> bool {
        let Some(text) = self.text_field() else {
            return true;
        };
        let raw = self.raw_code();
        // `None` only without memory: a text body's code is a text variant's.
        let Some(kind) = K::from_text(raw, text) else {
            return false;
        };
        let value = Self::alloc_value(raw, || kind, K::VALUE_TYPE, self.location());
        self.put_message(value.ok())
    }

    /// Unique access to the payload of a status only this word holds, copying it first when
    /// it is shared or the state is not heap. `None` (state unchanged) when the allocator fails.
    #[inline]
    fn make_mut(&mut self) -> Option<PayloadMut<'_>> {
        self.payload_mut_or_copy(Self::unshare)
    }

    /// Replaces this word by an unshared heap copy of its status, to change its extras;
    /// `None` (state unchanged) when the allocator fails. A status without extras gets empty
    /// ones in the copy's own allocation (keeping its packed fields, if it has them): a code
    /// gains its first context line with one allocation.
    #[cold]
    fn unshare(&mut self) -> Option<()> {
        let location = self.location();
        let copy = if self.is_heap() {
            self.heap_copy(location)?
        } else {
            let (code, fields) = (self.raw_code(), self.packed_fields());
            let kind = fields.map(|fields| KindHolder::Packed(PackedFields::new(fields)));
            Self::alloc_with_extras(code, self.message(), location, || Extras::of_kind(kind))?
        };
        self.replace(copy);
        Some(())
    }

    /// [`Repr::unshare`]'s copy of a heap status, with its extras (see `replacement_extras`).
    /// Out of line: a code's first context line, the path `unshare` is measured by (`compare`'s
    /// context4 row), does not take it.
    #[inline(never)]
    fn heap_copy(&mut self, location: Option<&'static Location<'static>>) -> Option<Self> {
        let code = self.raw_code();
        let extras = self.replacement_extras().ok()?;
        // A text body's copy is one too: its bytes are the variant's field.
        let (bytes, text_field) = match self.text_field() {
            Some(text) => (text, true),
            None => (self.message(), false),
        };
        let copy = match extras {
            Some(extras) => alloc_with_str(code, bytes, location, Some(extras))?,
            None => Self::alloc_with_extras(code, bytes, location, Extras::default)?,
        };
        Some(if text_field {
            copy.into_text_body()
        } else {
            copy
        })
    }

    /// The extras to give a new payload that replaces this one: moved out when this word holds
    /// the only share, copied (sharing source and details) when not, and holding this word's
    /// variant fields when it has them (packed, or a share of its value), so the copy keeps its
    /// kind. `Err` if an allocation failed; then nothing was moved.
    pub(crate) fn replacement_extras(&mut self) -> Result<Option<Box<Extras>>, OutOfMemory> {
        let holder = match self.packed_fields() {
            Some(fields) => Some(KindHolder::Packed(PackedFields::new(fields))),
            None => self
                .payload()
                .and_then(ValueShare::of)
                .map(KindHolder::Value),
        };
        // Allocated before anything moves, so that failing leaves the status as it was.
        let spare = if holder.is_some() && self.payload().and_then(PayloadRef::extras).is_none() {
            Some(Extras::try_new_boxed().ok_or(OutOfMemory)?)
        } else {
            None
        };
        let extras = match self.payload_mut() {
            Some(payload) => payload.take_extras()?,
            None => self.try_clone_extras()?,
        };
        let Some(holder) = holder else {
            return Ok(extras);
        };
        let Some(mut extras) = extras.or(spare) else {
            return Err(OutOfMemory);
        };
        extras.kind = Some(holder);
        Ok(Some(extras))
    }

    /// A copy of the extras, boxed (`None` when there are none).
    fn try_clone_extras(&self) -> Result<Option<Box<Extras>>, OutOfMemory> {
        match self.payload().and_then(PayloadRef::extras) {
            None => Ok(None),
            Some(extras) => extras
                .try_clone()
                .and_then(try_box)
                .map(Some)
                .ok_or(OutOfMemory),
        }
    }

    /// Replaces this word by `new`, releasing the old share.
    pub(crate) fn replace(&mut self, new: Self) {
        let mut old = core::mem::replace(self, new);
        old.release_heap();
    }
}

/// A word whose share is released if it is dropped: held while a change that can panic runs
/// on a word taken by value, and given back by `into_inner` when it returns.
struct ReleaseOnUnwind(Repr);

impl ReleaseOnUnwind {
    /// The word, leaving an inline one (whose release does nothing) to be dropped.
    fn into_inner(mut self) -> Repr {
        core::mem::replace(&mut self.0, Repr::inline(0))
    }
}

impl Drop for ReleaseOnUnwind {
    fn drop(&mut self) {
        self.0.release_heap();
    }
}

/// Appends to the context-line text, growing it fallibly, so that running out of memory stops
/// the formatting instead of aborting.
struct Appender<'a> {
    out: &'a mut ContextText,
    out_of_memory: bool,
}

impl fmt::Write for Appender<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        if self.out.try_push(s).is_err() {
            self.out_of_memory = true;
            return Err(fmt::Error);
        }
        Ok(())
    }
}

/// Appends `args` to `out` without aborting: `None` without memory, or when a `Display`
/// failed before writing anything (there is no line to keep). The caller cuts `out` back.
/// A panicking `Display` leaves a partial tail, which no line refers to.
#[inline]
fn try_append(out: &mut ContextText, args: fmt::Arguments<'_>) -> Option<()> {
    if let Some(text) = args.as_str() {
        return out.try_push(text).ok();
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
