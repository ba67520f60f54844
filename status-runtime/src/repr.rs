//! The one-word representation: the only module of the crate that contains `unsafe`.
//!
//! A [`Repr`] is a non-null, pointer-sized word whose two low bits are a tag:
//!
//! | tag    | bits | what the rest of the word is                                 | drop      |
//! |--------|------|--------------------------------------------------------------|-----------|
//! | static | `00` | address of a `&'static StaticStatus` (code and literal text) | nothing   |
//! | heap   | `01` | address of a refcounted [`Header`] + message bytes, plus one | cold path |
//! | inline | `10` | the raw code shifted left by two; no pointer, no provenance  | nothing   |
//!
//! The static tag is zero so that a static word is a plain pointer, which `const fn` can build.
//! The heap tag is the single low bit, so the `Drop` fast path is one bit test and a branch.
//!
//! The heap payload is one allocation: a [`Header`] followed by the message's UTF-8 bytes. Rarely
//! used data (source, details, context lines) sits behind `Header::extras`, allocated on first
//! use. Clones share the payload through an atomic refcount; mutation copies it on write.

use core::panic::Location;
use core::ptr::{self, NonNull};

#[cfg(feature = "alloc")]
use alloc::boxed::Box;
#[cfg(feature = "alloc")]
use core::alloc::Layout;
#[cfg(feature = "alloc")]
use core::mem::MaybeUninit;
#[cfg(feature = "alloc")]
use core::sync::atomic::{AtomicUsize, Ordering};

#[cfg(feature = "alloc")]
use crate::extras::Extras;

const TAG_MASK: usize = 0b11;
const TAG_STATIC: usize = 0b00;
const TAG_HEAP: usize = 0b01;
const TAG_INLINE: usize = 0b10;

/// The largest raw code a status can hold: codes are `0..2^30`, so that an inline code fits in
/// the upper 30 bits of a word on 32-bit targets too.
pub const MAX_RAW_CODE: u32 = (1 << 30) - 1;

/// A code and a literal message with `'static` lifetime: what `status!(Code::X, "literal")`
/// builds in a constant. Aligned to 4 so the tag bits of a pointer to it are free.
#[repr(C, align(4))]
#[derive(Debug)]
pub struct StaticStatus {
    code: u32,
    message: &'static str,
}

impl StaticStatus {
    /// A static status with `code` (at most [`MAX_RAW_CODE`]) and `message`.
    #[must_use]
    pub const fn new(code: u32, message: &'static str) -> Self {
        Self { code, message }
    }
}

/// The header of a heap payload; `cap` message bytes follow it in the same allocation.
#[cfg(feature = "alloc")]
#[repr(C)]
pub(crate) struct Header {
    refcount: RefCount,
    code: u32,
    /// Message bytes allocated after the header.
    cap: usize,
    /// Message bytes written (`len <= cap`), always valid UTF-8.
    len: usize,
    pub(crate) location: Option<&'static Location<'static>>,
    pub(crate) extras: Option<Box<Extras>>,
}

/// A refcount at or above this never changes again: the payload is leaked rather than risk a
/// wrap-around (reaching it takes `isize::MAX` live clones, so it does not happen in practice).
#[cfg(feature = "alloc")]
const REFCOUNT_STICKY: usize = isize::MAX as usize;

/// The atomic share count of a heap payload or a [`Shared`] value.
#[cfg(feature = "alloc")]
struct RefCount(AtomicUsize);

#[cfg(feature = "alloc")]
impl RefCount {
    /// The count of a new value: one share.
    fn one() -> Self {
        Self(AtomicUsize::new(1))
    }

    /// Takes one more share (no ordering needed: the caller holds one already).
    #[inline]
    fn increment(&self) {
        let old = self.0.fetch_add(1, Ordering::Relaxed);
        if old >= REFCOUNT_STICKY {
            self.0.store(REFCOUNT_STICKY, Ordering::Relaxed);
        }
    }

    /// Whether the caller's share is the only one. `Acquire` pairs with the `Release`
    /// decrements of shares dropped on other threads, so their reads happen before what the
    /// caller does next (writing or freeing).
    #[inline]
    fn is_unique(&self) -> bool {
        self.0.load(Ordering::Acquire) == 1
    }

    /// Gives up the caller's share; returns whether it was the last, after which nothing else
    /// can reach the value and the caller frees it.
    #[inline]
    fn decrement_is_last(&self) -> bool {
        match self.0.load(Ordering::Acquire) {
            // The only share, the common case: no other word can reach the value to take a
            // new share, so it is freed without a read-modify-write.
            1 => true,
            count if count >= REFCOUNT_STICKY => false,
            _ => {
                if self.0.fetch_sub(1, Ordering::Release) != 1 {
                    return false;
                }
                // Pairs with the `Release` decrements of the other shares: their reads happen
                // before the free.
                core::sync::atomic::fence(Ordering::Acquire);
                true
            }
        }
    }
}

// Layout assumptions the tagging relies on.
const _: () = {
    assert!(size_of::<Repr>() == size_of::<usize>());
    assert!(size_of::<Option<Repr>>() == size_of::<usize>());
    assert!(align_of::<StaticStatus>() >= 4);
    assert!(MAX_RAW_CODE as usize <= usize::MAX >> 2);
};
#[cfg(feature = "alloc")]
const _: () = assert!(align_of::<Header>() >= 4);

/// The one-word state of every derived status type.
///
/// `Repr` has no `Drop`: the derived type's `Drop` calls [`Repr::release_heap`] when
/// [`Repr::is_heap`] says so, which keeps that test inlined at every drop site. A `Repr` that is
/// forgotten without that call leaks its payload, nothing worse.
#[repr(transparent)]
pub struct Repr(NonNull<u8>);

// SAFETY: a `Repr` is either plain data (inline, static) or a share of a heap payload whose
// contents are never mutated while shared (copy on write) and whose refcount is atomic. Every
// value the payload holds (`Extras`) is `Send + Sync`.
unsafe impl Send for Repr {}
// SAFETY: see `Send` above; `&Repr` only reads.
unsafe impl Sync for Repr {}

impl Repr {
    /// The inline state for `raw` (at most [`MAX_RAW_CODE`]; higher bits are dropped).
    #[inline]
    #[must_use]
    pub const fn inline(raw: u32) -> Self {
        let word = ((raw & MAX_RAW_CODE) as usize) << 2 | TAG_INLINE;
        // SAFETY: `word` has the inline tag bit set, so it is not zero.
        Self(unsafe { NonNull::new_unchecked(ptr::without_provenance_mut(word)) })
    }

    /// The static state pointing at `status`.
    #[inline]
    #[must_use]
    pub const fn from_static(status: &'static StaticStatus) -> Self {
        let ptr = ptr::from_ref(status).cast::<u8>().cast_mut();
        // SAFETY: a reference is never null; its alignment (>= 4) leaves the tag bits `00`.
        Self(unsafe { NonNull::new_unchecked(ptr) })
    }

    #[inline]
    fn tag(&self) -> usize {
        self.0.addr().get() & TAG_MASK
    }

    /// Whether this word owns a share of a heap payload, i.e. whether dropping it must call
    /// [`Repr::release_heap`]. One bit test.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "the drop fast path: must inline at every drop"
    )]
    #[must_use]
    pub fn is_heap(&self) -> bool {
        cfg!(feature = "alloc") && self.0.addr().get() & TAG_HEAP != 0
    }

    /// The static status this word points at, if it is in the static state.
    #[inline]
    fn as_static(&self) -> Option<&'static StaticStatus> {
        if self.tag() == TAG_STATIC {
            // SAFETY: a static word is only built by `from_static` from a `&'static StaticStatus`.
            Some(unsafe { self.0.cast::<StaticStatus>().as_ref() })
        } else {
            None
        }
    }

    /// The raw code, whatever the state.
    #[inline]
    #[must_use]
    pub fn raw_code(&self) -> u32 {
        match self.tag() {
            // Truncation is exact: an inline word holds at most `MAX_RAW_CODE` above its tag.
            #[allow(clippy::cast_possible_truncation)]
            TAG_INLINE => (self.0.addr().get() >> 2) as u32,
            TAG_STATIC => self.as_static().map_or(0, |s| s.code),
            _ => self.heap_code(),
        }
    }

    #[cfg(feature = "alloc")]
    #[inline]
    fn heap_code(&self) -> u32 {
        self.header().map_or(0, |h| h.code)
    }

    #[cfg(not(feature = "alloc"))]
    #[allow(clippy::unused_self)]
    fn heap_code(&self) -> u32 {
        0
    }

    /// The message: empty for an inline code.
    #[must_use]
    pub fn message(&self) -> &str {
        if let Some(s) = self.as_static() {
            return s.message;
        }
        self.heap_message()
    }

    #[cfg(feature = "alloc")]
    fn heap_message(&self) -> &str {
        match self.header() {
            Some(header) => {
                // SAFETY: `header` is live for as long as `&self`; `len` bytes after it were
                // written from `&str`s cut at char boundaries (`MessageSink`), so they are UTF-8
                // and initialised.
                unsafe {
                    let bytes = ptr::from_ref(header).add(1).cast::<u8>();
                    core::str::from_utf8_unchecked(core::slice::from_raw_parts(bytes, header.len))
                }
            }
            None => "",
        }
    }

    #[cfg(not(feature = "alloc"))]
    #[allow(clippy::unused_self, clippy::unnecessary_literal_bound)]
    fn heap_message(&self) -> &str {
        ""
    }

    /// Where the status was created, when that was recorded (heap states only).
    #[must_use]
    pub fn location(&self) -> Option<&'static Location<'static>> {
        #[cfg(feature = "alloc")]
        {
            self.header().and_then(|h| h.location)
        }
        #[cfg(not(feature = "alloc"))]
        {
            None
        }
    }

    /// Releases this word's share of its heap payload, freeing the payload when it was the last
    /// one, and leaves the word in the inline state with the same code, so calling it again is
    /// harmless. Does nothing for inline and static words.
    ///
    /// This is the one out-of-line, cold cleanup function every derived status's `Drop` calls.
    #[cold]
    #[inline(never)]
    pub fn release_heap(&mut self) {
        #[cfg(feature = "alloc")]
        if let Some(header) = self.header() {
            let code = header.code;
            let ptr = ptr::from_ref(header).cast_mut();
            *self = Self::inline(code);
            // SAFETY: the word owned one share of the payload at `ptr` and no longer does: it was
            // just overwritten, so this share is given up exactly once.
            unsafe { release(ptr) };
        }
    }
}

impl Clone for Repr {
    /// Copies the word; for a heap payload also takes a new share (an atomic increment, no
    /// allocation).
    #[inline]
    fn clone(&self) -> Self {
        #[cfg(feature = "alloc")]
        if let Some(header) = self.header() {
            header.refcount.increment();
        }
        Self(self.0)
    }
}

/// Gives up one share of the payload at `header`, freeing it when that was the last share.
///
/// # Safety
///
/// `header` points at a live payload built by `Pending::finish`, and the caller owns one of
/// its shares, which it no longer uses.
#[cfg(feature = "alloc")]
unsafe fn release(header: *mut Header) {
    // SAFETY: the caller's share keeps the payload alive until this decrement; after the last
    // one, nothing else can reach it.
    unsafe {
        if (*header).refcount.decrement_is_last() {
            free(header);
        }
    }
}

/// Drops the header's fields and frees the allocation.
///
/// # Safety
///
/// `header` points at a payload built by `Pending::finish` that nothing else references.
#[cfg(feature = "alloc")]
unsafe fn free(header: *mut Header) {
    // SAFETY: the caller hands over the only reference; `cap` is what the payload was
    // allocated with.
    unsafe {
        let layout = allocated_layout((*header).cap);
        ptr::drop_in_place(header);
        alloc::alloc::dealloc(header.cast::<u8>(), layout);
    }
}

/// The layout of a payload with `cap` message bytes, or `None` if that size overflows.
#[cfg(feature = "alloc")]
fn payload_layout(cap: usize) -> Option<Layout> {
    let size = size_of::<Header>().checked_add(cap)?;
    Layout::from_size_align(size, align_of::<Header>()).ok()
}

/// The layout of a payload allocated with `cap` message bytes, without the checks.
///
/// # Safety
///
/// `payload_layout(cap)` returned `Some` (it did, when a payload with `cap` was allocated).
#[cfg(feature = "alloc")]
unsafe fn allocated_layout(cap: usize) -> Layout {
    // SAFETY: the caller guarantees the size did not overflow and the layout is valid.
    unsafe { Layout::from_size_align_unchecked(size_of::<Header>() + cap, align_of::<Header>()) }
}

/// The allocator returned null.
#[cfg(feature = "alloc")]
#[derive(Debug)]
pub(crate) struct OutOfMemory;

/// Messages up to this many bytes are formatted once, into a stack buffer, and copied into an
/// allocation of their exact length; a longer one is measured on that pass and formatted again,
/// into an allocation of its length. Either way, one allocation.
#[cfg(feature = "alloc")]
const FIRST_PASS: usize = 128;

/// Writes message bytes into a buffer (the stack buffer of a first pass, or the message bytes
/// of a payload under construction) and counts every byte offered.
///
/// Text that does not fit is cut at a char boundary and the sink closes, so the bytes written
/// are always valid UTF-8 and never followed by a later, smaller piece.
#[cfg(feature = "alloc")]
pub(crate) struct MessageSink<'a> {
    /// The first message byte: just after a payload's header, or a stack buffer's first.
    start: *mut u8,
    /// Bytes that may still be written: `len <= room`; set to `len` when the sink closes.
    room: usize,
    len: usize,
    /// Bytes offered but not written, once the sink is full.
    dropped: usize,
    /// The buffer `start` points into.
    buffer: core::marker::PhantomData<&'a mut [MaybeUninit<u8>]>,
}

#[cfg(feature = "alloc")]
impl<'a> MessageSink<'a> {
    /// An empty sink over `buffer`.
    fn new(buffer: &'a mut [MaybeUninit<u8>]) -> Self {
        Self {
            start: buffer.as_mut_ptr().cast::<u8>(),
            room: buffer.len(),
            len: 0,
            dropped: 0,
            buffer: core::marker::PhantomData,
        }
    }

    /// The text written so far.
    fn text(&self) -> &str {
        // SAFETY: the first `len` bytes were written by `push_str`, whole `&str`s appended in
        // order or the last one cut at a char boundary: initialised, valid UTF-8.
        unsafe { core::str::from_utf8_unchecked(core::slice::from_raw_parts(self.start, self.len)) }
    }

    /// Appends as much of `text` as fits.
    ///
    /// This runs once per piece the formatter writes (two for `"bad value {x}"`), so the path
    /// for a short piece that fits is a leaf without a stack frame: it is copied inline, with
    /// no `memcpy` call.
    #[inline]
    pub(crate) fn push_str(&mut self, text: &str) {
        let at = self.len;
        if text.len() <= SHORT && text.len() <= self.room - at {
            // Counted before the copy, so nothing is left to do after it.
            self.len = at + text.len();
            // SAFETY: `text.len() <= SHORT` and `<= room - at`; the `room` bytes after `start`
            // are the sink's buffer, which it borrows mutably; `text` is a separate borrow, so
            // the ranges do not overlap.
            unsafe { copy_short(text.as_bytes(), self.start.add(at)) };
        } else {
            self.push_long(text);
        }
    }

    /// `push_str` for a piece longer than `SHORT` bytes or one that does not fit.
    #[inline(never)]
    fn push_long(&mut self, text: &str) {
        let room = self.room - self.len;
        if text.len() <= room {
            // SAFETY: `text.len()` is at most the room left after `len`: the destination is
            // inside the sink's buffer, as in `push_str`.
            unsafe {
                ptr::copy_nonoverlapping(text.as_ptr(), self.start.add(self.len), text.len());
            }
            self.len += text.len();
        } else {
            self.cut(text, room);
        }
    }

    /// Appends the longest prefix of `text` that fits in `room` bytes and ends on a char
    /// boundary, then closes.
    #[cold]
    fn cut(&mut self, text: &str, room: usize) {
        let mut take = room;
        while !text.is_char_boundary(take) {
            take -= 1;
        }
        // SAFETY: `take <= room`, the room left after `len`: the destination is inside the
        // sink's buffer, as in `push_str`.
        unsafe { ptr::copy_nonoverlapping(text.as_ptr(), self.start.add(self.len), take) };
        self.len += take;
        self.room = self.len;
        self.dropped = self.dropped.wrapping_add(text.len() - take);
    }

    /// Every byte offered: the message's length on a first pass.
    fn total(&self) -> usize {
        self.len.wrapping_add(self.dropped)
    }
}

/// The decimal digits of a `u64`, written without `core::fmt`: at most 20 ASCII digits at the
/// end of a small array.
#[cfg(feature = "alloc")]
pub(crate) struct Decimal {
    /// ASCII digits only.
    digits: [u8; 20],
    /// Where the number starts: `digits[start..]`, at least one digit.
    start: usize,
}

#[cfg(feature = "alloc")]
impl Decimal {
    /// The digits of `n`, two at a time from the last.
    #[inline]
    pub(crate) fn new(n: u64) -> Self {
        const PAIRS: &[u8; 200] = b"\
            0001020304050607080910111213141516171819\
            2021222324252627282930313233343536373839\
            4041424344454647484950515253545556575859\
            6061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899";
        let mut digits = [b'0'; 20];
        let mut start = digits.len();
        let mut rest = n;
        while rest >= 100 {
            // Truncation is exact: the remainder is below 100.
            #[allow(clippy::cast_possible_truncation)]
            let pair = (rest % 100) as usize * 2;
            rest /= 100;
            start -= 2;
            digits[start] = PAIRS[pair];
            digits[start + 1] = PAIRS[pair + 1];
        }
        // Truncation is exact: `rest` is below 100 here.
        #[allow(clippy::cast_possible_truncation)]
        let rest = rest as usize;
        if rest >= 10 {
            start -= 2;
            digits[start] = PAIRS[rest * 2];
            digits[start + 1] = PAIRS[rest * 2 + 1];
        } else {
            start -= 1;
            digits[start] = PAIRS[rest * 2 + 1];
        }
        Self { digits, start }
    }

    /// The digits, as text.
    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        let digits = self.digits.get(self.start..).unwrap_or_default();
        // SAFETY: every byte of `digits` is an ASCII digit (the array starts as `b'0'` and `new`
        // writes only bytes of `PAIRS`), so any slice of it is UTF-8.
        unsafe { core::str::from_utf8_unchecked(digits) }
    }
}

/// The number of decimal digits of `n`, as [`Decimal`] writes them.
#[cfg(feature = "alloc")]
#[inline]
pub(crate) fn decimal_len(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |log| log as usize + 1)
}

/// The longest piece `copy_short` copies.
#[cfg(feature = "alloc")]
const SHORT: usize = 16;

/// Copies `src`, at most [`SHORT`] bytes, to `dst` with at most two overlapping loads and
/// stores: what a formatter mostly writes (literal pieces, numbers) costs a few instructions
/// instead of a `memcpy` call.
///
/// # Safety
///
/// `src.len() <= SHORT`; `dst` is valid for `src.len()` bytes of writes and does not overlap
/// `src`.
#[cfg(feature = "alloc")]
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "keeps `MessageSink::push_str` a leaf; measured in BENCHMARKS.md"
)]
unsafe fn copy_short(src: &[u8], dst: *mut u8) {
    let n = src.len();
    let s = src.as_ptr();
    debug_assert!(n <= SHORT);
    // SAFETY: every offset read is below `n`, inside `src`; every offset written is below `n`,
    // inside the caller's `dst` range. `read/write_unaligned` allow any alignment.
    unsafe {
        if n >= 8 {
            let head = s.cast::<u64>().read_unaligned();
            let tail = s.add(n - 8).cast::<u64>().read_unaligned();
            dst.cast::<u64>().write_unaligned(head);
            dst.add(n - 8).cast::<u64>().write_unaligned(tail);
        } else if n >= 4 {
            let head = s.cast::<u32>().read_unaligned();
            let tail = s.add(n - 4).cast::<u32>().read_unaligned();
            dst.cast::<u32>().write_unaligned(head);
            dst.add(n - 4).cast::<u32>().write_unaligned(tail);
        } else if n > 0 {
            *dst = *s;
            *dst.add(n / 2) = *s.add(n / 2);
            *dst.add(n - 1) = *s.add(n - 1);
        }
    }
}

#[cfg(feature = "alloc")]
impl core::fmt::Write for MessageSink<'_> {
    /// Never fails: a message longer than the room is measured to its end.
    #[inline]
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.push_str(s);
        Ok(())
    }
}

/// A payload allocation whose header is not written yet: freed on drop, so a message writer
/// that panics leaks nothing.
#[cfg(feature = "alloc")]
struct Pending {
    raw: NonNull<u8>,
    /// Message bytes allocated after the header.
    cap: usize,
}

#[cfg(feature = "alloc")]
impl Pending {
    /// Room for a header and `cap` message bytes, or `None` if the allocator fails.
    fn alloc(cap: usize) -> Option<Self> {
        let layout = payload_layout(cap)?;
        // SAFETY: the layout has a non-zero size (it holds at least a `Header`).
        let raw = NonNull::new(unsafe { alloc::alloc::alloc(layout) })?;
        Some(Self { raw, cap })
    }

    fn layout(&self) -> Layout {
        // SAFETY: the allocation was made with `cap`.
        unsafe { allocated_layout(self.cap) }
    }

    /// A sink over the message bytes, empty.
    fn sink(&mut self) -> MessageSink<'_> {
        // SAFETY: the allocation is `cap` bytes longer than a `Header`, and this borrow of
        // `self` is the only access to them while the sink lives.
        let bytes = unsafe {
            core::slice::from_raw_parts_mut(
                self.raw
                    .as_ptr()
                    .add(size_of::<Header>())
                    .cast::<MaybeUninit<u8>>(),
                self.cap,
            )
        };
        MessageSink::new(bytes)
    }

    /// Writes the header in front of the `len` message bytes `sink` wrote and hands the
    /// payload to a heap word.
    fn finish(
        self,
        code: u32,
        location: Option<&'static Location<'static>>,
        extras: Option<Box<Extras>>,
        len: usize,
    ) -> Repr {
        let this = core::mem::ManuallyDrop::new(self);
        debug_assert!(len <= this.cap);
        #[allow(
            clippy::cast_ptr_alignment,
            reason = "allocated with `Header`'s alignment"
        )]
        let header = this.raw.as_ptr().cast::<Header>();
        // SAFETY: `raw` is a live allocation aligned for `Header` and large enough for it; the
        // caller wrote `len` message bytes after it with `sink()`, which keeps them UTF-8.
        unsafe {
            header.write(Header {
                refcount: RefCount::one(),
                code: code & MAX_RAW_CODE,
                cap: this.cap,
                len,
                location,
                extras,
            });
        }
        let word = this.raw.map_addr(|addr| addr | TAG_HEAP);
        Repr(word)
    }
}

#[cfg(feature = "alloc")]
impl Drop for Pending {
    fn drop(&mut self) {
        // SAFETY: `raw` was allocated with this layout and no header was written into it.
        unsafe { alloc::alloc::dealloc(self.raw.as_ptr(), self.layout()) };
    }
}

#[cfg(feature = "alloc")]
impl Repr {
    /// The address of the heap header, assuming the heap state.
    #[inline]
    #[allow(
        clippy::cast_ptr_alignment,
        reason = "a heap word is a `Header` address (aligned) plus the tag bit, cleared here"
    )]
    fn header_ptr(&self) -> *mut Header {
        self.0
            .as_ptr()
            .map_addr(|addr| addr & !TAG_MASK)
            .cast::<Header>()
    }

    /// The heap header, if this word is in the heap state.
    #[inline]
    fn header(&self) -> Option<&Header> {
        if self.is_heap() {
            let ptr = self.header_ptr();
            // SAFETY: a heap word is only built by `Pending::finish`, from a live payload it
            // holds a share of; the payload outlives `&self`.
            Some(unsafe { &*ptr })
        } else {
            None
        }
    }

    /// A heap payload with the message `write` puts into a sink, or `None` if the allocator
    /// fails. `write` runs once or twice and must write the same text each time.
    ///
    /// One allocation, of the message's length (see [`FIRST_PASS`]). A `Display` that writes
    /// more on the second pass than on the first is cut at the measured length. If the
    /// allocator has no room for a long message, the message is its first `FIRST_PASS` bytes.
    /// A panicking `Display` frees what was allocated and the panic goes on.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "one frame for `Repr::from_args`, the hot constructor; measured in BENCHMARKS.md"
    )]
    pub(crate) fn alloc_formatted(
        code: u32,
        location: Option<&'static Location<'static>>,
        write: impl Fn(&mut MessageSink<'_>),
    ) -> Option<Self> {
        let mut buffer = [MaybeUninit::<u8>::uninit(); FIRST_PASS];
        let mut first = MessageSink::new(&mut buffer);
        write(&mut first);
        if first.dropped > 0 {
            if let Some(mut pending) = Pending::alloc(first.total()) {
                let mut sink = pending.sink();
                write(&mut sink);
                let len = sink.len;
                return Some(pending.finish(code, location, None, len));
            }
        }
        Self::alloc_with_str(code, first.text(), location, None)
    }

    /// A heap payload with `code`, `message`, `location` and `extras`, or `None` if the
    /// allocator fails.
    #[inline]
    pub(crate) fn alloc_with_str(
        code: u32,
        message: &str,
        location: Option<&'static Location<'static>>,
        extras: Option<Box<Extras>>,
    ) -> Option<Self> {
        Self::alloc_exact(code, location, extras, message.len(), |sink| {
            sink.push_str(message);
        })
    }

    /// A heap payload whose message `write` puts into a sink of `len` bytes, or `None` if the
    /// allocator fails. What `write` offers beyond `len` bytes is cut (at a char boundary), so a
    /// wrong `len` shortens the message and nothing worse; a panic in `write` frees the
    /// allocation.
    #[inline]
    pub(crate) fn alloc_exact(
        code: u32,
        location: Option<&'static Location<'static>>,
        extras: Option<Box<Extras>>,
        len: usize,
        write: impl FnOnce(&mut MessageSink<'_>),
    ) -> Option<Self> {
        let mut pending = Pending::alloc(len)?;
        let mut sink = pending.sink();
        write(&mut sink);
        let len = sink.len;
        Some(pending.finish(code, location, extras, len))
    }

    /// Read access to the extras, if any.
    pub(crate) fn extras(&self) -> Option<&Extras> {
        self.header().and_then(|h| h.extras.as_deref())
    }

    /// Whether this word holds the only share of a heap payload.
    fn is_unique_heap(&self) -> bool {
        self.header().is_some_and(|h| h.refcount.is_unique())
    }

    /// Mutable access to the header of a payload only this word holds, copying the payload
    /// first when it is shared or the state is inline or static. `None` (state unchanged) when
    /// the allocator fails.
    #[inline]
    pub(crate) fn make_mut(&mut self) -> Option<&mut Header> {
        if !self.is_unique_heap() {
            self.unshare()?;
        }
        let ptr = self.header_ptr();
        // SAFETY: the word is now the only share of a heap payload (checked or just made), so
        // nothing else reads the header while the returned borrow of `self` lives.
        Some(unsafe { &mut *ptr })
    }

    /// Replaces this word by an unshared heap copy of its status; `None` (state unchanged)
    /// when the allocator fails.
    #[cold]
    fn unshare(&mut self) -> Option<()> {
        let extras = self.try_clone_extras().ok()?;
        let copy = Self::alloc_with_str(self.raw_code(), self.message(), self.location(), extras)?;
        self.replace(copy);
        Some(())
    }

    /// The extras to give a new payload that replaces this one: moved out when this word holds
    /// the only share, copied (sharing source and details) when not. `None` if the copy could
    /// not be allocated; then nothing was moved.
    pub(crate) fn take_or_clone_extras(&mut self) -> Result<Option<Box<Extras>>, OutOfMemory> {
        if self.is_unique_heap() {
            Ok(self.make_mut().and_then(|h| h.extras.take()))
        } else {
            self.try_clone_extras()
        }
    }

    /// A copy of the extras, boxed (`None` when there are none).
    fn try_clone_extras(&self) -> Result<Option<Box<Extras>>, OutOfMemory> {
        match self.extras() {
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

impl core::fmt::Debug for Repr {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let state = match self.tag() {
            TAG_INLINE => "inline",
            TAG_STATIC => "static",
            _ => "heap",
        };
        f.debug_struct("Repr")
            .field("state", &state)
            .field("code", &self.raw_code())
            .field("message", &self.message())
            .finish()
    }
}

/// A refcounted, immutable box whose allocation can fail without aborting: `Arc` with a
/// fallible constructor, for the values a status shares between clones (its source and its
/// details). Built only by [`Shared::try_new_dyn`], which coerces to a trait object.
#[cfg(feature = "alloc")]
pub(crate) struct Shared<T: ?Sized>(NonNull<SharedInner<T>>);

#[cfg(feature = "alloc")]
#[repr(C)]
pub(crate) struct SharedInner<T: ?Sized> {
    refcount: RefCount,
    value: T,
}

// SAFETY: a `Shared<T>` hands out only `&T` and its refcount is atomic, exactly like `Arc<T>`,
// which is `Send + Sync` when `T: Send + Sync`.
#[cfg(feature = "alloc")]
unsafe impl<T: ?Sized + Send + Sync> Send for Shared<T> {}
// SAFETY: as for `Send`.
#[cfg(feature = "alloc")]
unsafe impl<T: ?Sized + Send + Sync> Sync for Shared<T> {}

#[cfg(feature = "alloc")]
impl<T: ?Sized> Shared<T> {
    /// Moves `value` into a new allocation and coerces the pointer with `unsize` (always
    /// `|p| p`, written at a call site where the target type is a trait object). Gives `value`
    /// back if the allocator fails.
    pub(crate) fn try_new_dyn<V>(
        value: V,
        unsize: impl FnOnce(*mut SharedInner<V>) -> *mut SharedInner<T>,
    ) -> Result<Self, V> {
        let layout = Layout::new::<SharedInner<V>>();
        // SAFETY: `SharedInner<V>` holds a `RefCount`, so its size is not zero.
        let raw = unsafe { alloc::alloc::alloc(layout) }.cast::<SharedInner<V>>();
        if raw.is_null() {
            return Err(value);
        }
        // SAFETY: `raw` is a fresh allocation with `SharedInner<V>`'s layout.
        unsafe {
            raw.write(SharedInner {
                refcount: RefCount::one(),
                value,
            });
        }
        let ptr = unsize(raw);
        // SAFETY: `unsize` is a pointer coercion of the non-null `raw`.
        Ok(Self(unsafe { NonNull::new_unchecked(ptr) }))
    }
}

#[cfg(feature = "alloc")]
impl<T: ?Sized> core::ops::Deref for Shared<T> {
    type Target = T;

    fn deref(&self) -> &T {
        // SAFETY: this share keeps the allocation alive; its value is never mutated.
        unsafe { &self.0.as_ref().value }
    }
}

#[cfg(feature = "alloc")]
impl<T: ?Sized> Clone for Shared<T> {
    fn clone(&self) -> Self {
        // SAFETY: this share keeps the allocation alive.
        unsafe { self.0.as_ref() }.refcount.increment();
        Self(self.0)
    }
}

#[cfg(feature = "alloc")]
impl<T: ?Sized> Drop for Shared<T> {
    fn drop(&mut self) {
        // SAFETY: this share keeps the allocation alive until the decrement below.
        if !unsafe { self.0.as_ref() }.refcount.decrement_is_last() {
            return;
        }
        // SAFETY: that was the last share; the layout is read before the value is dropped.
        unsafe {
            let layout = Layout::for_value(self.0.as_ref());
            ptr::drop_in_place(self.0.as_ptr());
            alloc::alloc::dealloc(self.0.as_ptr().cast::<u8>(), layout);
        }
    }
}

/// `Box::new` that returns `None` instead of aborting when the allocator fails.
#[cfg(feature = "alloc")]
pub(crate) fn try_box<T>(value: T) -> Option<Box<T>> {
    let layout = Layout::new::<T>();
    if layout.size() == 0 {
        return Some(Box::new(value));
    }
    // SAFETY: the layout's size is not zero.
    let raw = unsafe { alloc::alloc::alloc(layout) }.cast::<T>();
    if raw.is_null() {
        return None;
    }
    // SAFETY: `raw` is a fresh allocation with `T`'s layout, the global allocator's, which is
    // what `Box` frees with; it is initialised before `Box` owns it.
    unsafe {
        raw.write(value);
        Some(Box::from_raw(raw))
    }
}
