//! Changing heap statuses: copy on write, and what goes behind the extras pointer (context
//! lines, details, backtraces). Safe code over `repr`.
//!
//! A change that cannot be allocated leaves the status as it was.

use alloc::boxed::Box;
use alloc::string::String;
use core::error::Error;
use core::fmt;
use core::panic::Location;

use crate::create::alloc_with_str;
use crate::repr::{
    ContextLine, Extras, KindHolder, PayloadMut, PayloadRef, Repr, Shared, Stored, ValueShare,
    try_box,
};
use crate::traits::Backtraces;

/// The first reservation of a status's shared context-line text.
const CONTEXT_TEXT_START: usize = 128;

/// The allocator returned null.
#[derive(Debug)]
pub(crate) struct OutOfMemory;

impl Repr {
    /// Appends a context line with `location`. Without memory, the line is lost and the status
    /// otherwise unchanged. A line whose `Display` fails before writing anything is dropped.
    #[cold]
    #[inline(never)]
    pub fn push_context(&mut self, args: fmt::Arguments<'_>, location: &'static Location<'static>) {
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

    /// Makes `error` the source, replacing an earlier one. Without memory, `error` is dropped
    /// and the status otherwise unchanged.
    #[cold]
    #[inline(never)]
    pub fn set_source(&mut self, error: Box<dyn Error + Send + Sync>) {
        let Ok(source) = Shared::try_new_source(BoxedError(error)) else {
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

    /// A new status: `heap` with a backtrace when they are enabled and its type allows them,
    /// or the inline code `raw` when `heap` could not be allocated.
    #[inline]
    pub(crate) fn created(raw: u32, heap: Option<Self>, backtraces: Backtraces) -> Self {
        let Some(repr) = heap else {
            return Self::inline(raw);
        };
        // By value, so the common case keeps the word in a register.
        #[cfg(feature = "std")]
        // The switch first: with backtraces off (the common case) the policy is never read.
        if backtraces == Backtraces::Env && crate::backtrace::enabled() {
            return repr.with_backtrace();
        }
        #[cfg(not(feature = "std"))]
        let _ = backtraces;
        repr
    }

    /// The extras of a payload only this word holds, created if missing, to change. `None`
    /// without memory (state unchanged, apart from an unshared copy that may have been made).
    ///
    /// Every change to the extras comes through here, so here the source chain built from
    /// them for `Error::source` is dropped, to be built again from what they become.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "out of line, it costs each context line about 13 instructions (context4)"
    )]
    pub(crate) fn extras_mut(&mut self) -> Option<&mut Extras> {
        let slot = self.make_mut()?.extras();
        if slot.is_none() {
            *slot = Some(new_extras()?);
        }
        let extras = slot.as_deref_mut()?;
        extras.chain.clear();
        Some(extras)
    }

    /// Unique access to the payload of a status only this word holds, copying it first when
    /// it is shared or the state is not heap. `None` (state unchanged) when the allocator fails.
    #[inline]
    fn make_mut(&mut self) -> Option<PayloadMut<'_>> {
        self.payload_mut_or_copy(Self::unshare)
    }

    /// Replaces this word by an unshared heap copy of its status; `None` (state unchanged)
    /// when the allocator fails.
    #[cold]
    fn unshare(&mut self) -> Option<()> {
        let extras = self.replacement_extras().ok()?;
        let copy = alloc_with_str(self.raw_code(), self.message(), self.location(), extras)?;
        self.replace(copy);
        Some(())
    }

    /// The extras to give a new payload that replaces this one: moved out when this word holds
    /// the only share, copied (sharing source and details) when not, and holding this word's
    /// variant fields when it has them (packed, or a share of its value), so the copy keeps its
    /// kind. `Err` if an allocation failed; then nothing was moved.
    pub(crate) fn replacement_extras(&mut self) -> Result<Option<Box<Extras>>, OutOfMemory> {
        let holder = match self.packed_fields() {
            Some(fields) => Some(KindHolder::Packed(fields)),
            None => self
                .payload()
                .and_then(ValueShare::of)
                .map(KindHolder::Value),
        };
        // Allocated before anything moves, so that failing leaves the status as it was.
        let spare = if holder.is_some() && self.payload().and_then(PayloadRef::extras).is_none() {
            Some(new_extras().ok_or(OutOfMemory)?)
        } else {
            None
        };
        let extras = match self.payload_mut() {
            Some(payload) => payload.extras().take(),
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

    /// This new heap status with a backtrace of its creation, if the allocator has room.
    #[cfg(feature = "std")]
    #[cold]
    #[inline(never)]
    fn with_backtrace(mut self) -> Self {
        if let Some(backtrace) = crate::backtrace::capture()
            && let Some(extras) = self.extras_mut()
        {
            extras.backtrace = Some(backtrace);
        }
        self
    }
}

/// A boxed error kept as a source: `source()` gives back the error in the box, so
/// `downcast_ref` reaches its type.
pub(crate) struct BoxedError(pub(crate) Box<dyn Error + Send + Sync>);

impl Stored for BoxedError {
    fn error(&self) -> &(dyn Error + 'static) {
        &*self.0
    }
}

/// Empty extras, boxed; `None` without memory.
#[cold]
fn new_extras() -> Option<Box<Extras>> {
    try_box(Extras::default())
}

/// Appends to a `String`, growing it with `try_reserve`, so that running out of memory stops
/// the formatting instead of aborting.
struct Appender<'a> {
    out: &'a mut String,
    out_of_memory: bool,
}

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

/// Appends `args` to `out` without aborting: `None` without memory, or when a `Display`
/// failed before writing anything (there is no line to keep). The caller cuts `out` back.
/// A panicking `Display` leaves a partial tail, which no line refers to.
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
