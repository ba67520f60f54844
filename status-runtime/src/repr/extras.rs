//! The data behind a payload's extras pointer, allocated only when used: the source error,
//! typed details, context lines, when asked for a backtrace, and the word that holds a variant's
//! fields for a status that is a changed copy of it. Safe code: it sits in this module because
//! the payload owns and frees it, so the layer above builds on `repr` alone.
//!
//! Every allocation here is fallible: on failure the caller keeps the status as it was.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::any::{Any, TypeId};
use core::error::Error;
use core::fmt;
use core::panic::Location;

use super::Repr;
use super::inline_vec::InlineVec;
use super::once::OnceBox;
use super::payload::ValueShare;
use super::raw::{OutOfMemory, try_box_with};
use super::shared::Shared;
use crate::site::Site;

/// A typed detail, stored type-erased.
pub(crate) trait Detail: Any + fmt::Debug + Send + Sync {
    fn as_any(&self) -> &dyn Any;
    fn as_debug(&self) -> &(dyn fmt::Debug + Send + Sync);
}

impl<T: Any + fmt::Debug + Send + Sync> Detail for T {
    fn as_any(&self) -> &dyn Any {
        self
    }

    fn as_debug(&self) -> &(dyn fmt::Debug + Send + Sync) {
        self
    }
}

/// What a status keeps as its source: an error, seen through how it was stored.
pub(crate) trait Stored: Send + Sync + 'static {
    /// The error, as `source()` gives it back: a boxed error unwrapped, a status as itself.
    fn error(&self) -> &(dyn Error + 'static);

    /// The same, to change: to take a status out of it (`sources::FoundStatus`).
    #[cfg_attr(
        not(feature = "std"),
        allow(dead_code, reason = "statuses are found in errors with `std` only")
    )]
    fn error_mut(&mut self) -> &mut (dyn Error + 'static);

    /// The status this source is, when it was stored as one: reports show its creation site
    /// and context lines.
    fn status(&self) -> Option<&Repr> {
        None
    }

    /// The word of the status this source is, taken out (an inline word left in its place),
    /// when it was stored as one: so that a chain of statuses, each the source of the next, is
    /// released in a loop ([`Extras`]'s `Drop`).
    fn take_status(&mut self) -> Option<Repr> {
        None
    }
}

impl<E: Error + Send + Sync + 'static> Stored for E {
    fn error(&self) -> &(dyn Error + 'static) {
        self
    }

    fn error_mut(&mut self) -> &mut (dyn Error + 'static) {
        self
    }
}

/// The source of a status.
pub(crate) type Source = Shared<dyn Stored>;

/// One context line as an entry of the source chain: `Error::source` of a status with context
/// lines gives its newest line, each line's `source()` is the line before it, and the oldest
/// line's is the status's own source. Chain-walking reporters (anyhow's, eyre's) print each
/// line's text so; this crate's reports recognise the lines and show their locations. Built
/// from the lines when first asked for, and rebuilt after the status changes.
pub(crate) struct ContextNode {
    pub(crate) text: String,
    pub(crate) site: NodeSite,
    pub(crate) next: Next,
}

/// Where a context line of the chain was added: here, or in another process (a line a status
/// arrived with, its `file:line:column` as text).
pub(crate) enum NodeSite {
    Here(&'static Location<'static>),
    There(String),
}

impl NodeSite {
    /// The site, as the reports take it.
    pub(crate) fn site(&self) -> Site<'_> {
        match self {
            Self::Here(location) => Site::Here(location),
            Self::There(text) => Site::There(text),
        }
    }
}

/// What comes after a context line in the chain.
pub(crate) enum Next {
    /// The line before it.
    Line(Box<ContextNode>),
    /// The status's own source: the oldest line's `source()`.
    Tail(Tail),
}

/// A status's own source, held by its oldest context line: an attached source, and for a
/// status with fields a share of its value, whose source field comes first.
pub(crate) struct Tail {
    pub(crate) value: Option<ValueTail>,
    /// The source field of a variant packed into the word: a `'static` value, from the bits
    /// of the code and fields.
    pub(crate) packed: Option<PackedTail>,
    pub(crate) source: Option<Source>,
}

/// A share of a value, and how to read its source field (the kind's `source`, for its type).
pub(crate) struct ValueTail {
    pub(crate) share: ValueShare,
    pub(crate) source: fn(&ValueShare) -> Option<&(dyn Error + 'static)>,
}

/// The code and fields of a packed variant, and how to read its source field's `'static` value
/// (the kind's `packed_source`, for its type).
pub(crate) struct PackedTail {
    pub(crate) bits: u64,
    pub(crate) source: fn(u64) -> Option<&'static (dyn Error + 'static)>,
}

impl Tail {
    /// No source: what a line's `next` is left as while its chain is dropped.
    const NONE: Self = Self {
        value: None,
        packed: None,
        source: None,
    };

    fn error(&self) -> Option<&(dyn Error + 'static)> {
        self.value
            .as_ref()
            .and_then(|value| (value.source)(&value.share))
            .or_else(|| {
                self.packed
                    .as_ref()
                    .and_then(|packed| (packed.source)(packed.bits))
            })
            .or_else(|| self.source.as_deref().map(Stored::error))
    }
}

impl Drop for ContextNode {
    /// Drops the lines after this one in a loop: dropped by recursion, a chain of a million
    /// lines would take a stack frame per line.
    fn drop(&mut self) {
        let mut next = core::mem::replace(&mut self.next, Next::Tail(Tail::NONE));
        while let Next::Line(mut line) = next {
            next = core::mem::replace(&mut line.next, Next::Tail(Tail::NONE));
            // `line` is dropped here with nothing after it.
        }
    }
}

impl fmt::Display for ContextNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl fmt::Debug for ContextNode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} (at {})", self.text, self.site.site())
    }
}

impl Error for ContextNode {
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match &self.next {
            Next::Line(line) => Some(&**line),
            Next::Tail(tail) => tail.error(),
        }
    }
}

/// One context line: its text (`Extras::context_text[start..end]`) and where `context` was
/// called. All lines of a status share one text buffer, kept in the extras themselves while
/// the lines are few and short, so such a line costs no allocation of its own.
#[derive(Clone, Copy)]
pub(crate) struct ContextLine {
    pub(crate) start: usize,
    pub(crate) end: usize,
    pub(crate) location: &'static Location<'static>,
}

/// How many context lines the extras hold in place before their list moves to the heap.
const LINES_IN_PLACE: usize = 6;

/// How many bytes of context-line text the extras hold in place (six lines of about 40 bytes).
const TEXT_IN_PLACE: usize = 256;

/// The text of a status's context lines, back to back: whole `&str`s only are appended, and it
/// is only cut back to a char boundary, so it is UTF-8 throughout and is read without a
/// validation pass ([`ContextText::get`]).
#[derive(Default)]
pub(crate) struct ContextText(InlineVec<u8, TEXT_IN_PLACE>);

impl ContextText {
    /// The length in bytes: where the next text appended starts.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// Appends `text` in place: `false`, and the text unchanged, when it does not fit there.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "a context line's append: out of line, its frame costs more than the copy"
    )]
    pub(crate) fn push_in_place(&mut self, text: &str) -> bool {
        self.0.extend_in_place(text.as_bytes())
    }

    /// Appends `text`. Without memory, `Err` and the text unchanged.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "a context line's append: out of line, its frame costs more than the copy"
    )]
    pub(crate) fn try_push(
        &mut self,
        text: &str,
    ) -> Result<(), alloc::collections::TryReserveError> {
        self.0.try_extend_from_slice(text.as_bytes())
    }

    /// Cuts the text back to `len` bytes, when `len` is a char boundary of it (a length it
    /// had, as every caller passes); otherwise leaves it as it is.
    #[inline]
    pub(crate) fn truncate(&mut self, len: usize) {
        if self.as_str().is_char_boundary(len) {
            self.0.truncate(len);
        }
    }

    /// A copy; `Err` without memory.
    pub(crate) fn try_clone(&self) -> Result<Self, alloc::collections::TryReserveError> {
        self.0.try_clone().map(Self)
    }

    /// The text of `start..end`, if those are char boundaries of it (two byte tests, no pass
    /// over the text).
    #[inline]
    pub(crate) fn get(&self, start: usize, end: usize) -> Option<&str> {
        self.as_str().get(start..end)
    }

    /// The whole text.
    #[inline]
    fn as_str(&self) -> &str {
        // SAFETY: the bytes are whole `&str`s appended one after the other (`push_in_place`
        // and `try_push` append all of one or nothing), cut back only to a char boundary
        // (`truncate`), and copied as they are (`try_clone`): a concatenation of UTF-8 strings,
        // which is UTF-8.
        unsafe { core::str::from_utf8_unchecked(self.0.as_slice()) }
    }
}

/// How many context lines of its own a status keeps before it freezes them ([`Frozen`]): a copy
/// on write copies at most this many lines, and shares the frozen ones.
pub(crate) const FREEZE_AT: usize = 64;

/// Context lines that no longer change, oldest first, shared by a status and the copies on
/// write made of it: a copy shares them and copies only the lines its original added since
/// (a few), so adding a line to a shared status with many does not copy them all.
///
/// A chain of chunks, newest first, each less than half the size of the older one after it: a
/// chunk takes in the older ones up to twice its size (copying them), when it is made and when
/// it grows, so a status's chain stays short (a few dozen chunks for any number of lines), and
/// as the sizes double along it, a line is copied a few times on average. The newest chunk
/// grows in place while one status alone holds it.
pub(crate) struct Frozen {
    /// The lines, oldest first; their texts are `text[start..end]`.
    lines: Vec<ContextLine>,
    /// The texts of the lines, back to back (whole `&str`s appended, so always UTF-8).
    text: String,
    /// The older lines.
    older: Option<Shared<Frozen>>,
    /// How many lines this chunk and the older ones hold.
    total: usize,
}

impl Frozen {
    /// How many lines this chunk and the older ones hold.
    #[inline]
    pub(crate) fn total(&self) -> usize {
        self.total
    }

    /// Line `index` of the chain that ends with this chunk, counted from its oldest line: its
    /// text and location.
    pub(crate) fn line(&self, index: usize) -> Option<(&str, &'static Location<'static>)> {
        let mut chunk = self;
        loop {
            let first = chunk.total - chunk.lines.len();
            if index >= first {
                let line = chunk.lines.get(index - first)?;
                return Some((chunk.text_of(line), line.location));
            }
            chunk = chunk.older.as_deref()?;
        }
    }

    /// The text of `line`, one of this chunk's.
    fn text_of(&self, line: &ContextLine) -> &str {
        self.text.get(line.start..line.end).unwrap_or_default()
    }

    /// An empty chunk over `older` holding `total` lines with it, with room for `lines` lines
    /// and `text` bytes; `None` without memory.
    fn try_with_room(
        lines: usize,
        text: usize,
        older: Option<Shared<Frozen>>,
        total: usize,
    ) -> Option<Self> {
        let mut chunk = Frozen {
            lines: Vec::new(),
            text: String::new(),
            older,
            total,
        };
        chunk.lines.try_reserve_exact(lines).ok()?;
        chunk.text.try_reserve_exact(text).ok()?;
        Some(chunk)
    }

    /// Appends `lines` (with their texts in `text`) in place. `Err` without memory; then
    /// nothing changed.
    fn try_append(&mut self, lines: &[ContextLine], text: &ContextText) -> Result<(), OutOfMemory> {
        self.lines
            .try_reserve(lines.len())
            .map_err(|_| OutOfMemory)?;
        // The lines' texts are all of `text`, or less.
        self.text.try_reserve(text.len()).map_err(|_| OutOfMemory)?;
        self.copy_lines(lines, |line| {
            text.get(line.start, line.end).unwrap_or_default()
        });
        self.total += lines.len();
        Ok(())
    }

    /// A new chunk of `lines` (with their texts in `text`) over `older`, which then takes in
    /// the older chunks up to twice its size ([`take_in_older`](Self::take_in_older)); `None`
    /// without memory.
    fn try_over(
        lines: &[ContextLine],
        text: &ContextText,
        older: Option<&Shared<Frozen>>,
    ) -> Option<Shared<Frozen>> {
        let total = lines.len() + older.map_or(0, |older| older.total);
        let mut chunk = Frozen::try_with_room(lines.len(), text.len(), older.cloned(), total)?;
        chunk.copy_lines(lines, |line| {
            text.get(line.start, line.end).unwrap_or_default()
        });
        chunk.take_in_older();
        Shared::try_new(chunk).ok()
    }

    /// Takes in the older chunks up to twice this one's size (their lines come first), when it
    /// is made and after it grew in place: the chain stays short. Without memory, stops where
    /// it is.
    fn take_in_older(&mut self) {
        while let Some(older) = self.older.as_deref() {
            if older.lines.len() > 2 * self.lines.len() {
                return;
            }
            let Some(mut merged) = Frozen::try_with_room(
                older.lines.len() + self.lines.len(),
                older.text.len() + self.text.len(),
                older.older.clone(),
                self.total,
            ) else {
                return;
            };
            merged.copy_lines(&older.lines, |line| older.text_of(line));
            merged.copy_lines(&self.lines, |line| self.text_of(line));
            *self = merged;
        }
    }

    /// Appends `lines`, whose texts `text_of` gives, into room reserved for them.
    fn copy_lines<'t>(&mut self, lines: &[ContextLine], text_of: impl Fn(&ContextLine) -> &'t str) {
        for line in lines {
            let start = self.text.len();
            self.text.push_str(text_of(line));
            self.lines.push(ContextLine {
                start,
                end: self.text.len(),
                location: line.location,
            });
        }
    }
}

/// Extras of a heap payload. Copying them (copy-on-write of a shared status) shares the source,
/// details and frozen context lines, which are refcounted, so the stored values never need to
/// be `Clone`, and a copy copies only the few lines its original added last.
#[derive(Default)]
pub(crate) struct Extras {
    pub(crate) source: Option<Source>,
    pub(crate) details: Vec<Shared<dyn Detail>>,
    /// The older context lines, shared with the copies made of this status ([`Frozen`]).
    pub(crate) frozen: Option<Shared<Frozen>>,
    /// The newest context lines, this status's own (those added since it was last copied, or
    /// froze its lines).
    pub(crate) context: InlineVec<ContextLine, LINES_IN_PLACE>,
    /// The texts of all context lines, back to back, as UTF-8: only whole `&str`s are
    /// appended, and it is only cut back to an earlier length.
    pub(crate) context_text: ContextText,
    #[cfg(feature = "std")]
    pub(crate) backtrace: Option<Shared<std::backtrace::Backtrace>>,
    /// The fields of this status's variant, when this payload is a changed copy
    /// (`with_message`, copy on write) of a status with fields: a value cannot be copied (it
    /// need not be `Clone`), so the copy keeps a share of it.
    pub(crate) kind: Option<KindHolder>,
    /// The context lines as a source chain, built when first asked for (`ContextNode`);
    /// cleared by every change to the extras (`Repr::extras_mut`).
    pub(crate) chain: OnceBox<ContextNode>,
}

/// Where a changed copy of a status with fields finds them: packed fields, or a share of the
/// original's value.
#[derive(Clone)]
pub(crate) enum KindHolder {
    Packed(PackedFields),
    Value(ValueShare),
}

/// A packed word's fields (up to 52 bits), kept as two `u32` halves: aligned to 4, so that the
/// extras that hold them are laid out as with a 32-bit field. With a `u64` here, the extras a
/// code builds in place for its first context line are assembled on the stack and copied in
/// two parts (`compare`'s context4 row measures it).
#[derive(Clone, Copy)]
pub(crate) struct PackedFields {
    low: u32,
    high: u32,
}

impl PackedFields {
    /// The halves of `fields`.
    #[inline]
    pub(crate) fn new(fields: u64) -> Self {
        // Exact: the low and the high half.
        #[allow(clippy::cast_possible_truncation)]
        Self {
            low: fields as u32,
            high: (fields >> 32) as u32,
        }
    }

    /// The fields.
    #[inline]
    pub(crate) fn get(self) -> u64 {
        u64::from(self.high) << 32 | u64::from(self.low)
    }
}

impl Drop for Extras {
    /// A status held as the source of a status that is the source of another, and so on,
    /// would be released by recursion, a few frames per status: instead the statuses are
    /// taken out of their sources and released in a loop, each after the status it holds has
    /// been taken out of it in turn, so that no release goes deeper than one level. Extras
    /// without a source (most: context lines, details) only test for one, inline.
    #[inline]
    fn drop(&mut self) {
        if self.source.is_some() {
            self.release_source_statuses();
        }
    }
}

impl Extras {
    /// [`Extras`]' `Drop` for extras with a source: the loop over the statuses nested in it.
    #[cold]
    #[inline(never)]
    fn release_source_statuses(&mut self) {
        if let Some(nested) = self.take_source_status() {
            release_nested(nested);
        }
    }
}

/// Releases `first`, a status taken out of what held it, and the statuses nested in it (its
/// source, its value's source field), in a loop: each word's nested status is taken out before
/// the word is released, so no release goes deeper than one level, however long the chain.
pub(super) fn release_nested(first: Repr) {
    let mut next = Some(Released(first));
    while let Some(mut word) = next {
        next = word.0.last_payload_nested_status().map(Released);
        // Released here; if a `Drop` it runs panics, `next` is released as it unwinds.
        drop(word);
    }
}

/// A word taken out of its holder, whose share is released when it is dropped: on the loop's
/// next turn, or as a panic unwinds, so that nothing taken out leaks.
struct Released(Repr);

impl Drop for Released {
    fn drop(&mut self) {
        self.0.release_heap();
    }
}

impl Repr {
    /// When this word holds the only share of its payload: a status nested in it, taken out:
    /// its value's (a kind's source field that is a status, when no changed copy shares the
    /// value), or the one its extras hold as their source. A payload that holds both releases
    /// its source here (a loop of its own) and gives the value's.
    fn last_payload_nested_status(&mut self) -> Option<Repr> {
        let in_value = self.payload_mut()?.take_nested_status();
        let in_source = self
            .payload_mut()?
            .extras_or_insert(|| None)
            .and_then(Extras::take_source_status);
        match (in_value, in_source) {
            (Some(in_value), Some(in_source)) => {
                drop(Released(in_source));
                Some(in_value)
            }
            (in_value, in_source) => in_value.or(in_source),
        }
    }
}

impl Extras {
    /// Extras that hold `source` and nothing else.
    pub(crate) fn of_source(source: Option<Source>) -> Self {
        let mut extras = Self::default();
        extras.source = source;
        extras
    }

    /// Extras that hold `kind` and nothing else.
    pub(crate) fn of_kind(kind: Option<KindHolder>) -> Self {
        let mut extras = Self::default();
        extras.kind = kind;
        extras
    }

    /// The heap word of the status these extras hold as their source, taken out of it, when
    /// nothing else holds that source (the chain of context lines, which holds a share of it,
    /// is dropped first).
    fn take_source_status(&mut self) -> Option<Repr> {
        // Without a source there is nothing nested to take, and the chain is dropped with the
        // rest.
        self.source.as_ref()?;
        self.chain.clear();
        self.source
            .as_mut()?
            .get_mut()?
            .take_status()
            .filter(Repr::is_heap)
    }

    /// Empty extras, boxed; `None` without memory.
    #[cold]
    pub(crate) fn try_new_boxed() -> Option<Box<Self>> {
        try_box_with(Self::default)
    }

    /// A copy sharing source, details, frozen context lines and backtrace; `None` if the
    /// allocator fails. The own context lines are copied when they fit in place (a few);
    /// more are frozen into a chunk that the copy shares with the chunks before it, so the
    /// copy never copies more than [`FREEZE_AT`] lines.
    pub(crate) fn try_clone(&self) -> Option<Self> {
        let mut details = Vec::new();
        details.try_reserve_exact(self.details.len()).ok()?;
        details.extend(self.details.iter().cloned());
        let in_place =
            self.context.len() <= LINES_IN_PLACE && self.context_text.len() <= TEXT_IN_PLACE;
        let (frozen, context, context_text) = if in_place {
            (
                self.frozen.clone(),
                self.context.try_clone().ok()?,
                self.context_text.try_clone().ok()?,
            )
        } else {
            let frozen = Frozen::try_over(
                self.context.as_slice(),
                &self.context_text,
                self.frozen.as_ref(),
            )?;
            (Some(frozen), InlineVec::default(), ContextText::default())
        };
        Some(Self {
            source: self.source.clone(),
            details,
            frozen,
            context,
            context_text,
            #[cfg(feature = "std")]
            backtrace: self.backtrace.clone(),
            kind: self.kind.clone(),
            chain: OnceBox::new(),
        })
    }

    /// The detail of type `T`, if one was attached.
    pub(crate) fn detail<T: 'static>(&self) -> Option<&T> {
        // Through the trait object (`**d`): `Shared` is `Debug` too, so `d.as_any()` would be
        // the `Shared`'s own `Any`, whose type is never `T`.
        self.details
            .iter()
            .find_map(|d| Detail::as_any(&**d).downcast_ref::<T>())
    }

    /// Attaches `value`, replacing an earlier detail of the same type. Without memory the
    /// extras are unchanged and `value` is dropped.
    pub(crate) fn set_detail<T: fmt::Debug + Send + Sync + 'static>(&mut self, value: T) {
        let id = TypeId::of::<T>();
        let slot = self
            .details
            .iter()
            .position(|d| Detail::as_any(&**d).type_id() == id);
        if slot.is_none() && self.details.try_reserve(1).is_err() {
            return;
        }
        let Ok(value) = Shared::try_new_detail(value) else {
            return;
        };
        match slot {
            Some(i) => self.details[i] = value,
            None => self.details.push(value),
        }
    }

    /// How many context lines there are: the frozen ones and the own ones.
    #[inline]
    pub(crate) fn line_count(&self) -> usize {
        self.frozen.as_deref().map_or(0, Frozen::total) + self.context.len()
    }

    /// Moves the own context lines into the frozen ones: appended to the newest frozen chunk
    /// when these extras alone hold it, else into a new chunk over it. Without memory, nothing
    /// changes.
    pub(crate) fn freeze_own_lines(&mut self) {
        if self.context.is_empty() {
            return;
        }
        if let Some(newest) = self.frozen.as_mut().and_then(Shared::get_mut) {
            if newest
                .try_append(self.context.as_slice(), &self.context_text)
                .is_err()
            {
                return;
            }
            newest.take_in_older();
        } else {
            let older = self.frozen.as_ref();
            let Some(chunk) = Frozen::try_over(self.context.as_slice(), &self.context_text, older)
            else {
                return;
            };
            self.frozen = Some(chunk);
        }
        self.context = InlineVec::default();
        self.context_text = ContextText::default();
    }

    /// The text of `line`, one of the own lines.
    pub(crate) fn context_text(&self, line: &ContextLine) -> &str {
        self.context_text
            .get(line.start, line.end)
            .unwrap_or_default()
    }
}
