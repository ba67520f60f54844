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
    refcount: AtomicUsize,
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
            let old = header.refcount.fetch_add(1, Ordering::Relaxed);
            if old >= REFCOUNT_STICKY {
                header.refcount.store(REFCOUNT_STICKY, Ordering::Relaxed);
            }
        }
        Self(self.0)
    }
}

/// Gives up one share of the payload at `header`, freeing it when that was the last share.
///
/// # Safety
///
/// `header` points at a live payload built by `Repr::alloc_heap`, and the caller owns one of
/// its shares, which it no longer uses.
#[cfg(feature = "alloc")]
unsafe fn release(header: *mut Header) {
    // SAFETY: the caller's share keeps the payload alive until this decrement.
    let refcount = unsafe { &(*header).refcount };
    if refcount.load(Ordering::Relaxed) >= REFCOUNT_STICKY {
        return;
    }
    if refcount.fetch_sub(1, Ordering::Release) != 1 {
        return;
    }
    // Pairs with the `Release` decrements of the other shares: their reads happen before the
    // payload is freed.
    core::sync::atomic::fence(Ordering::Acquire);
    // SAFETY: that was the last share: nothing else can reach the payload.
    unsafe { free(header) };
}

/// Drops the header's fields and frees the allocation.
///
/// # Safety
///
/// `header` points at a payload built by `Repr::alloc_heap` that nothing else references.
#[cfg(feature = "alloc")]
unsafe fn free(header: *mut Header) {
    // SAFETY: the caller hands over the only reference; `cap` is what the payload was allocated
    // with, so the layout matches.
    unsafe {
        let layout = payload_layout((*header).cap).unwrap_or_else(Layout::new::<Header>);
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

/// The allocator returned null.
#[cfg(feature = "alloc")]
#[derive(Debug)]
pub(crate) struct OutOfMemory;

/// Writes message bytes into a payload under construction, cutting at a char boundary when the
/// text does not fit, so the bytes written are always valid UTF-8.
#[cfg(feature = "alloc")]
pub(crate) struct MessageSink<'a> {
    buf: &'a mut [MaybeUninit<u8>],
    len: usize,
}

#[cfg(feature = "alloc")]
impl MessageSink<'_> {
    /// Appends as much of `text` as fits; returns whether all of it did.
    pub(crate) fn push_str(&mut self, text: &str) -> bool {
        let room = self.buf.len() - self.len;
        let mut take = text.len().min(room);
        while !text.is_char_boundary(take) {
            take -= 1;
        }
        // SAFETY: `take <= room`, so the destination range is inside `buf`; `text` is a separate
        // borrow, so the ranges do not overlap.
        unsafe {
            let dst = self.buf.as_mut_ptr().add(self.len).cast::<u8>();
            ptr::copy_nonoverlapping(text.as_ptr(), dst, take);
        }
        self.len += take;
        take == text.len()
    }
}

/// Messages up to this many bytes are formatted once, into a stack buffer, then copied into
/// their allocation; longer ones are measured on that first pass and formatted again into it.
#[cfg(feature = "alloc")]
const STACK_MESSAGE: usize = 128;

/// First formatting pass: keeps the first `STACK_MESSAGE` bytes and counts all of them.
#[cfg(feature = "alloc")]
pub(crate) struct Probe {
    buf: [MaybeUninit<u8>; STACK_MESSAGE],
    /// Bytes kept: only whole `&str` pieces while `len == total`.
    len: usize,
    /// Bytes written in all.
    pub(crate) total: usize,
    /// Whether a `Display` returned `fmt::Error`.
    pub(crate) failed: bool,
}

#[cfg(feature = "alloc")]
impl Probe {
    /// Formats `args`; on `fmt::Error` the text is what was written before it.
    pub(crate) fn run(args: core::fmt::Arguments<'_>) -> Self {
        let mut probe = Probe {
            buf: [MaybeUninit::uninit(); STACK_MESSAGE],
            len: 0,
            total: 0,
            failed: false,
        };
        probe.failed = core::fmt::write(&mut probe, args).is_err();
        probe
    }

    /// The whole text, if it fitted the buffer.
    pub(crate) fn text(&self) -> Option<&str> {
        if self.total != self.len {
            return None;
        }
        // SAFETY: the first `len` bytes were written by `write_str`; while `len == total` each
        // belongs to a whole `&str` the formatter wrote, appended in order: valid UTF-8.
        Some(unsafe {
            core::str::from_utf8_unchecked(core::slice::from_raw_parts(
                self.buf.as_ptr().cast::<u8>(),
                self.len,
            ))
        })
    }
}

#[cfg(feature = "alloc")]
impl core::fmt::Write for Probe {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        if self.total == self.len && s.len() <= STACK_MESSAGE - self.len {
            // SAFETY: `len + s.len() <= STACK_MESSAGE`, so the destination is inside `buf`;
            // `s` is a separate borrow, so the ranges do not overlap.
            unsafe {
                let dst = self.buf.as_mut_ptr().add(self.len).cast::<u8>();
                ptr::copy_nonoverlapping(s.as_ptr(), dst, s.len());
            }
            self.len += s.len();
        }
        self.total += s.len();
        Ok(())
    }
}

/// Frees a payload whose construction did not finish (the message writer panicked).
#[cfg(feature = "alloc")]
struct AllocGuard {
    ptr: *mut u8,
    layout: Layout,
}

#[cfg(feature = "alloc")]
impl Drop for AllocGuard {
    fn drop(&mut self) {
        // SAFETY: `ptr` was allocated with `layout` and no header was written into it yet.
        unsafe { alloc::alloc::dealloc(self.ptr, self.layout) };
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
            // SAFETY: a heap word is only built by `alloc_heap`, from a live payload it holds a
            // share of; the payload outlives `&self`.
            Some(unsafe { &*ptr })
        } else {
            None
        }
    }

    /// Allocates a payload with room for `cap` message bytes and lets `write` fill them.
    /// Returns `None` (and allocates nothing that stays) if the allocator fails. If `write`
    /// panics, the allocation is freed and the panic goes on.
    pub(crate) fn alloc_heap(
        code: u32,
        location: Option<&'static Location<'static>>,
        extras: Option<Box<Extras>>,
        cap: usize,
        write: impl FnOnce(&mut MessageSink<'_>),
    ) -> Option<Self> {
        let layout = payload_layout(cap)?;
        // SAFETY: the layout has a non-zero size (it holds at least a `Header`).
        let raw = unsafe { alloc::alloc::alloc(layout) };
        if raw.is_null() {
            return None;
        }
        let guard = AllocGuard { ptr: raw, layout };
        // SAFETY: the allocation is `cap` bytes longer than a `Header` and the bytes after the
        // header are not otherwise referenced while `sink` lives.
        let buf = unsafe {
            core::slice::from_raw_parts_mut(
                raw.add(size_of::<Header>()).cast::<MaybeUninit<u8>>(),
                cap,
            )
        };
        let mut sink = MessageSink { buf, len: 0 };
        write(&mut sink);
        let len = sink.len;
        core::mem::forget(guard);
        #[allow(
            clippy::cast_ptr_alignment,
            reason = "allocated with `Header`'s alignment"
        )]
        let header = raw.cast::<Header>();
        // SAFETY: `raw` is a fresh allocation aligned for `Header` and large enough for it.
        unsafe {
            header.write(Header {
                refcount: AtomicUsize::new(1),
                code: code & MAX_RAW_CODE,
                cap,
                len,
                location,
                extras,
            });
        }
        let word = header.cast::<u8>().map_addr(|addr| addr | TAG_HEAP);
        // SAFETY: `word` is the non-null allocation's address with its low bit set.
        Some(Self(unsafe { NonNull::new_unchecked(word) }))
    }

    /// A heap payload with `code`, `message`, `location` and `extras`, or `None` if the
    /// allocator fails.
    pub(crate) fn alloc_with_str(
        code: u32,
        message: &str,
        location: Option<&'static Location<'static>>,
        extras: Option<Box<Extras>>,
    ) -> Option<Self> {
        Self::alloc_heap(code, location, extras, message.len(), |sink| {
            sink.push_str(message);
        })
    }

    /// Read access to the extras, if any.
    pub(crate) fn extras(&self) -> Option<&Extras> {
        self.header().and_then(|h| h.extras.as_deref())
    }

    /// Whether this word holds the only share of a heap payload.
    fn is_unique_heap(&self) -> bool {
        // `Acquire` pairs with the `Release` decrement of a share dropped on another thread, so
        // its reads happen before our writes.
        self.header()
            .is_some_and(|h| h.refcount.load(Ordering::Acquire) == 1)
    }

    /// Mutable access to the header of a payload only this word holds, copying the payload
    /// first when it is shared or the state is inline or static. `None` (state unchanged) when
    /// the allocator fails.
    pub(crate) fn make_mut(&mut self) -> Option<&mut Header> {
        if !self.is_unique_heap() {
            let extras = self.try_clone_extras().ok()?;
            let copy =
                Self::alloc_with_str(self.raw_code(), self.message(), self.location(), extras)?;
            self.replace(copy);
        }
        let ptr = self.header_ptr();
        // SAFETY: the word is now the only share of a heap payload (checked or just made), so
        // nothing else reads the header while the returned borrow of `self` lives.
        Some(unsafe { &mut *ptr })
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
    refcount: AtomicUsize,
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
        // SAFETY: `SharedInner<V>` holds an `AtomicUsize`, so its size is not zero.
        let raw = unsafe { alloc::alloc::alloc(layout) }.cast::<SharedInner<V>>();
        if raw.is_null() {
            return Err(value);
        }
        // SAFETY: `raw` is a fresh allocation with `SharedInner<V>`'s layout.
        unsafe {
            raw.write(SharedInner {
                refcount: AtomicUsize::new(1),
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
        let refcount = unsafe { &self.0.as_ref().refcount };
        let old = refcount.fetch_add(1, Ordering::Relaxed);
        if old >= REFCOUNT_STICKY {
            refcount.store(REFCOUNT_STICKY, Ordering::Relaxed);
        }
        Self(self.0)
    }
}

#[cfg(feature = "alloc")]
impl<T: ?Sized> Drop for Shared<T> {
    fn drop(&mut self) {
        // SAFETY: this share keeps the allocation alive until the decrement below.
        let refcount = unsafe { &self.0.as_ref().refcount };
        if refcount.load(Ordering::Relaxed) >= REFCOUNT_STICKY
            || refcount.fetch_sub(1, Ordering::Release) != 1
        {
            return;
        }
        core::sync::atomic::fence(Ordering::Acquire);
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
