//! The one-word representation and everything it owns: the only module of the crate that
//! contains `unsafe`.
//!
//! # The word
//!
//! A [`Repr`] is a non-null, pointer-sized word whose two low bits are a tag:
//!
//! | tag    | bits | the rest of the word                                            | drop      |
//! |--------|------|-----------------------------------------------------------------|-----------|
//! | heap   | `00` | nothing: the word is the address of a refcounted payload       | cold path |
//! | static | `01` | the address of a `&'static StaticStatus`, plus one              | nothing   |
//! | inline | `10` | the raw code, shifted left by two; no pointer, no provenance    | nothing   |
//! | packed | `11` | 64-bit only: a variant's code and its fields (below)               | nothing   |
//!
//! The heap tag is zero, so a heap word is the very pointer the allocator returned and the
//! `Drop` fast path is one `test` of the two low bits and a branch. The packed tag keeps
//! `from_code(X)` (an inline word, no fields) apart from a packed `X` whose fields are zero.
//!
//! A packed word has one of two layouts, told apart by its top bit, and a type makes one of
//! them only: *wide* (set) for a type whose codes are all below [`WIDE_CODES`] (512), the code
//! in bits 2..11 and 52 bits of fields in bits 11..63; *narrow* (clear) for any other, the code
//! in bits 2..32 and 31 bits of fields in bits 32..63. So the code of an inline or narrow word
//! is the 30 bits above the tag, and of any word of a wide type the 9 bits above it: the type's
//! own reads ([`Repr::raw_code_in`] with its mask, its fields by its layout) stay a shift and a
//! mask, and only reads that do not know the type look at the flag.
//!
//! # The rule for pointers
//!
//! Every pointer this module reads or writes through carries the provenance of the whole
//! allocation it points into, so it is sound under Miri's strict provenance, Stacked Borrows and
//! Tree Borrows, not only under the sanitizers (which cannot see aliasing):
//!
//! - A heap word is the allocation's own pointer; nothing else is ever freed.
//! - The payload is reached only through the typed wrappers of [`payload`]: `PayloadRef` (a
//!   shared borrow of a word's share), `PayloadMut` (the only share, borrowed uniquely) and
//!   `Own` (a share taken out of a word, the one handle that can give it up and free). Each
//!   keeps the allocation pointer; fields are read by place projections from it, references are
//!   made only to the fields read, and the bytes or value after the header are reached by an
//!   offset from the allocation pointer, never from a reference to the header.
//! - A reference is never turned back into a pointer to reach past what it covers or to free.
//! - Tagging uses the strict-provenance APIs (`map_addr`, `addr`, `without_provenance`); a word
//!   that is not a pointer has no provenance at all.
//!
//! # Modules
//!
//! The word lives here; with the `alloc` feature, the rest of the payload has a module each:
//! [`payload`] (header, body, typed pointers, allocation and free), `refcount`, `sink` (message
//! bytes written into a buffer), `shared` (refcounted values that survive copy-on-write),
//! `once` (a box set once through a shared reference), `extras` (the data behind a
//! payload's extras pointer), `inline_vec` (the extras' context lines, in place while few) and
//! `message` (a message, told apart by its type). A `core`-only build has no heap state:
//! its `payload` module is empty types that no word can reach.

use core::ptr::{self, NonNull};

#[cfg(feature = "alloc")]
mod extras;
#[cfg(feature = "alloc")]
mod inline_vec;
#[cfg(feature = "alloc")]
mod message;
#[cfg(feature = "alloc")]
mod once;
#[cfg(feature = "alloc")]
mod payload;
#[cfg(feature = "alloc")]
mod raw;
#[cfg(feature = "alloc")]
mod refcount;
#[cfg(feature = "alloc")]
mod shared;
#[cfg(feature = "alloc")]
mod sink;

#[cfg(not(feature = "alloc"))]
mod payload {
    //! A `core`-only build has no heap state: no word is ever in it, so its payload types are
    //! uninhabited and the code that reads them compiles away.

    use core::convert::Infallible;
    use core::marker::PhantomData;
    use core::panic::Location;

    use super::Repr;

    /// The description of a type `K` that a payload's value body can be: nothing to describe
    /// without `alloc`, where no value is stored.
    pub struct ValueType<K>(PhantomData<fn() -> K>);

    impl<K: 'static> ValueType<K> {
        /// The description of `K`.
        #[must_use]
        pub const fn new() -> Self {
            Self(PhantomData)
        }
    }

    impl<K: 'static> Default for ValueType<K> {
        fn default() -> Self {
            Self::new()
        }
    }

    /// Never built: there is no heap payload without `alloc`.
    #[derive(Clone, Copy)]
    pub(crate) struct PayloadRef<'a> {
        never: Infallible,
        lifetime: PhantomData<&'a ()>,
    }

    impl<'a> PayloadRef<'a> {
        pub(crate) fn code(self) -> u32 {
            match self.never {}
        }

        pub(crate) fn message(self) -> &'a str {
            match self.never {}
        }

        pub(crate) fn location(self) -> Option<&'static Location<'static>> {
            match self.never {}
        }

        pub(crate) fn share(self) {
            match self.never {}
        }
    }

    impl Repr {
        #[allow(clippy::unused_self, reason = "the alloc build reads the word")]
        pub(crate) fn payload(&self) -> Option<PayloadRef<'_>> {
            None
        }

        /// Does nothing: without `alloc`, no word holds a payload.
        #[allow(
            clippy::unused_self,
            reason = "the alloc build releases the word's share"
        )]
        pub fn release_heap(&mut self) {}
    }
}

#[cfg(feature = "alloc")]
pub(crate) use extras::{
    ContextLine, ContextNode, ContextText, Detail, Extras, FREEZE_AT, Frozen, KindHolder, Next,
    NodeSite, PackedFields, PackedTail, Source, Stored, Tail, ValueTail,
};
#[cfg(feature = "alloc")]
pub use message::{MessageOf, message_of};
pub(crate) use payload::PayloadRef;
pub use payload::ValueType;
#[cfg(feature = "alloc")]
pub(crate) use payload::{DropTest, NestedStatus, PayloadMut, Pending, ValueInfo, ValueShare};
#[cfg(feature = "alloc")]
pub(crate) use raw::{OutOfMemory, try_box};
#[cfg(feature = "alloc")]
pub(crate) use shared::Shared;
#[cfg(feature = "alloc")]
pub(crate) use sink::{COPIED_INLINE, FIRST_PASS, MessageSink, decimal_len, hex_len};

const TAG_MASK: usize = 0b11;
const TAG_HEAP: usize = 0b00;
const TAG_STATIC: usize = 0b01;
const TAG_INLINE: usize = 0b10;
const TAG_PACKED: usize = 0b11;
const _: () = assert!(TAG_INLINE & TAG_PACKED == TAG_INLINE && TAG_INLINE & TAG_STATIC == 0);

/// The largest raw code a status can hold: codes are `0..2^30`, so that an inline code fits in
/// the upper 30 bits of a word on 32-bit targets too.
pub const MAX_RAW_CODE: u32 = (1 << 30) - 1;

/// Where a narrow packed word keeps a variant's fields: above its code.
const PACKED_SHIFT: u32 = 32;

/// The bit that marks a packed word as wide (the word's top bit, on the 64-bit targets that
/// have packed words), clear in a narrow one.
const WIDE_FLAG: u64 = 1 << 63;

/// The codes a wide packed word can hold: `0..WIDE_CODES`.
pub const WIDE_CODES: u32 = 1 << 9;

/// Where a wide packed word's fields start: above its code.
const WIDE_SHIFT: u32 = 2 + WIDE_CODES.trailing_zeros();

/// The bits of fields a wide packed word holds: all between its code and its flag.
pub const WIDE_FIELD_BITS: u32 = 63 - WIDE_SHIFT;

/// The bits of fields a narrow packed word holds: all between its code and its flag.
pub const NARROW_FIELD_BITS: u32 = 63 - PACKED_SHIFT;

/// The mask that reads the code of every word of a type whose codes are all below
/// [`WIDE_CODES`] ([`Repr::raw_code_in`]).
pub const WIDE_CODE_MASK: u32 = WIDE_CODES - 1;

/// The bits of fields a type's packed words hold, from its code mask ([`code_mask`]): a type
/// whose codes are all below [`WIDE_CODES`] makes wide packed words, any other narrow ones.
#[must_use]
pub const fn packed_field_bits(code_mask: u32) -> u32 {
    if code_mask == WIDE_CODE_MASK {
        WIDE_FIELD_BITS
    } else {
        NARROW_FIELD_BITS
    }
}

/// The mask that reads every code of a type whose raw codes are `codes` (its
/// [`Repr::raw_code_in`] argument): [`WIDE_CODE_MASK`] when they are all below
/// [`WIDE_CODES`], else [`MAX_RAW_CODE`].
#[must_use]
pub const fn code_mask(codes: &[u32]) -> u32 {
    let mut i = 0;
    while i < codes.len() {
        if codes[i] >= WIDE_CODES {
            return MAX_RAW_CODE;
        }
        i += 1;
    }
    WIDE_CODE_MASK
}

/// The bits of a packed word for `raw` and `fields`, as a `u64` on every target, in the layout
/// of a type whose packed words hold `field_bits` ([`packed_field_bits`]); `None` if they do
/// not fit it.
#[inline]
#[must_use]
pub(crate) const fn packed_bits(raw: u32, fields: u64, field_bits: u32) -> Option<u64> {
    let code = (raw as u64) << 2 | TAG_PACKED as u64;
    if field_bits == WIDE_FIELD_BITS {
        if raw >= WIDE_CODES || fields >> WIDE_FIELD_BITS != 0 {
            return None;
        }
        Some(code | fields << WIDE_SHIFT | WIDE_FLAG)
    } else {
        if raw > MAX_RAW_CODE || fields >> NARROW_FIELD_BITS != 0 {
            return None;
        }
        Some(code | fields << PACKED_SHIFT)
    }
}

/// The fields of the bits of a word of a type whose packed words hold `field_bits`: `None`
/// unless it is a packed word.
#[inline]
#[must_use]
pub(crate) const fn packed_fields_of(bits: u64, field_bits: u32) -> Option<u64> {
    if bits & TAG_MASK as u64 != TAG_PACKED as u64 {
        None
    } else if field_bits == WIDE_FIELD_BITS {
        Some((bits & !WIDE_FLAG) >> WIDE_SHIFT)
    } else {
        // The flag, clear, is the top bit.
        Some(bits >> PACKED_SHIFT)
    }
}

/// The bits of fields the packed word `bits` holds, by its flag.
#[inline]
const fn field_bits_of(bits: u64) -> u32 {
    if bits & WIDE_FLAG == 0 {
        NARROW_FIELD_BITS
    } else {
        WIDE_FIELD_BITS
    }
}

/// The bits of an inline word of `raw`, as a `u64` on every target.
#[inline]
#[must_use]
pub(crate) const fn inline_bits(raw: u32) -> u64 {
    ((raw & MAX_RAW_CODE) as u64) << 2 | TAG_INLINE as u64
}

/// A word's bits as a `u64`: lossless, a word being at most 64 bits wide.
#[inline]
const fn word_bits(word: usize) -> u64 {
    const _: () = assert!(usize::BITS <= u64::BITS);
    word as u64
}

/// A code and a literal message with `'static` lifetime: what `status!(Code::X, "literal")`
/// builds in a constant. Aligned to 4 so the tag bits of a pointer to it are free.
#[repr(C, align(4))]
#[derive(Debug)]
pub struct StaticStatus {
    code: u32,
    message: &'static str,
}

impl StaticStatus {
    /// A static status with `code` and `message`. Like every state, it keeps the code's low 30
    /// bits (codes are below [`MAX_RAW_CODE`]).
    #[must_use]
    pub const fn new(code: u32, message: &'static str) -> Self {
        Self {
            code: code & MAX_RAW_CODE,
            message,
        }
    }
}

// Layout assumptions the tagging relies on.
const _: () = {
    assert!(size_of::<Repr>() == size_of::<usize>());
    assert!(size_of::<Option<Repr>>() == size_of::<usize>());
    assert!(align_of::<StaticStatus>() > TAG_MASK);
    assert!(MAX_RAW_CODE as usize <= usize::MAX >> 2);
};

/// The one-word state of every derived status type.
///
/// `Repr` has no `Drop`: the derived type's `Drop` calls [`Repr::release_heap`] when
/// [`Repr::is_heap`] says so, which keeps that test inlined at every drop site. A `Repr` that is
/// forgotten without that call leaks its payload, nothing worse.
#[repr(transparent)]
pub struct Repr(NonNull<u8>);

// SAFETY: a `Repr` is plain data (inline, packed), a pointer to immutable `'static` data
// (static), or one share of a heap payload. A payload's refcount is atomic and its contents are
// written only through the one share of an unshared payload (copy on write); everything it holds
// is `Send + Sync`: the header and its extras by the assertion below, a value body by the bound
// on `Repr::from_kind`.
unsafe impl Send for Repr {}
// SAFETY: as for `Send`; `&Repr` only reads.
unsafe impl Sync for Repr {}

impl Repr {
    /// Status equality: the same code and the same message.
    #[must_use]
    pub fn same_code_and_message(&self, other: &Self) -> bool {
        self.raw_code() == other.raw_code() && self.message() == other.message()
    }

    /// Whether the two words are the same state: one heap payload shared (a status and its
    /// clones), or the same inline, static or packed bits.
    #[inline]
    #[must_use]
    pub fn is_same(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

#[cfg(feature = "alloc")]
const _: () = {
    const fn send_sync<T: Send + Sync>() {}
    send_sync::<payload::Header>();
    send_sync::<Extras>();
};

impl Repr {
    /// The inline state for `raw` (at most [`MAX_RAW_CODE`]; higher bits are dropped).
    #[inline]
    #[must_use]
    pub const fn inline(raw: u32) -> Self {
        Self::without_pointer(((raw & MAX_RAW_CODE) as usize) << 2 | TAG_INLINE)
    }

    /// The packed state for `raw` and a variant's fields packed into `fields`, in the layout of
    /// a type whose packed words hold `field_bits` ([`packed_field_bits`]: wide or narrow), or
    /// `None` if they do not fit it, or on a target whose word has no room for fields (32-bit).
    #[inline]
    #[must_use]
    pub fn packed(raw: u32, fields: u64, field_bits: u32) -> Option<Self> {
        // Not even zero fields: a packed word on a 32-bit target would hold no fields at all.
        if usize::BITS < 64 {
            return None;
        }
        let bits = usize::try_from(packed_bits(raw, fields, field_bits)?).ok()?;
        Some(Self::without_pointer(bits))
    }

    /// A word that is not a pointer: `word` has a non-zero tag.
    #[inline]
    const fn without_pointer(word: usize) -> Self {
        debug_assert!(word & TAG_MASK != TAG_HEAP);
        // SAFETY: the callers' tags (inline, packed) are not zero, so `word` is not zero.
        Self(unsafe { NonNull::new_unchecked(ptr::without_provenance_mut(word)) })
    }

    /// The static state pointing at `status`.
    #[inline]
    #[must_use]
    pub const fn from_static(status: &'static StaticStatus) -> Self {
        let ptr = ptr::from_ref(status).cast::<u8>().cast_mut();
        // SAFETY: `ptr` is a reference's address, not null, and aligned to 4, so adding the tag
        // (1) neither wraps nor reaches zero; `wrapping_add` keeps the reference's provenance.
        Self(unsafe { NonNull::new_unchecked(ptr.wrapping_add(TAG_STATIC)) })
    }

    #[inline]
    fn tag(&self) -> usize {
        self.0.addr().get() & TAG_MASK
    }

    /// Whether this word owns a share of a heap payload, i.e. whether dropping it must call
    /// [`Repr::release_heap`]: one test of the two tag bits.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "the drop fast path: must inline at every drop"
    )]
    #[must_use]
    pub fn is_heap(&self) -> bool {
        cfg!(feature = "alloc") && self.0.addr().get() & TAG_MASK == TAG_HEAP
    }

    /// The heap payload's address, if this word is in the heap state.
    #[cfg(feature = "alloc")]
    #[inline]
    fn heap_ptr(&self) -> Option<NonNull<payload::Header>> {
        self.is_heap().then(|| self.0.cast())
    }

    /// The static status this word points at, if it is in the static state.
    #[inline]
    fn as_static(&self) -> Option<&'static StaticStatus> {
        if self.tag() != TAG_STATIC {
            return None;
        }
        #[allow(
            clippy::cast_ptr_alignment,
            reason = "a static word is a `StaticStatus` address plus the tag, taken off here"
        )]
        let ptr = self
            .0
            .as_ptr()
            .wrapping_sub(TAG_STATIC)
            .cast::<StaticStatus>();
        // SAFETY: a static word is only built by `from_static`, from a `&'static StaticStatus`
        // whose provenance the word kept; taking the tag off gives that reference's address.
        Some(unsafe { &*ptr })
    }

    /// The bits of this word if it holds its code (inline, packed), else of an inline word of
    /// its code: what a type's own reads of a code and fields take.
    #[inline]
    pub(crate) fn code_bits(&self) -> u64 {
        let bits = word_bits(self.0.addr().get());
        if bits & TAG_INLINE as u64 != 0 {
            bits
        } else {
            inline_bits(self.raw_code())
        }
    }

    /// The fields of a packed word, whatever its layout.
    #[inline]
    #[must_use]
    pub fn packed_fields(&self) -> Option<u64> {
        let bits = word_bits(self.0.addr().get());
        packed_fields_of(bits, field_bits_of(bits))
    }

    /// The raw code, whatever the state and whatever the type.
    #[inline]
    #[must_use]
    pub fn raw_code(&self) -> u32 {
        let bits = word_bits(self.0.addr().get());
        let wide = bits & (WIDE_FLAG | TAG_MASK as u64) == WIDE_FLAG | TAG_PACKED as u64;
        self.raw_code_in(if wide { WIDE_CODE_MASK } else { MAX_RAW_CODE })
    }

    /// The raw code of a word of a type whose codes `mask` reads (its `code_mask`): one shift
    /// and a mask for a word that holds its code, as the type's own reads need.
    #[inline]
    #[must_use]
    pub fn raw_code_in(&self, mask: u32) -> u32 {
        let word = self.0.addr().get();
        // Bit 1 is set in the two states that hold the code in the word (inline `10`, packed
        // `11`): one test for the common case.
        if word & TAG_INLINE != 0 {
            // The code is the bits above the tag that `mask` keeps: the 30 of an inline or
            // narrow word (whose fields are above them), or a wide type's 9 (its inline codes
            // are below `WIDE_CODES` too).
            #[allow(clippy::cast_possible_truncation)]
            return (word >> 2) as u32 & mask;
        }
        // Laid out after the word's own code, which then falls through without a jump.
        cold_path();
        match self.as_static() {
            Some(status) => status.code,
            None => self.payload().map_or(0, PayloadRef::code),
        }
    }

    /// The message: empty for an inline or packed word.
    #[must_use]
    pub fn message(&self) -> &str {
        if let Some(s) = self.as_static() {
            return s.message;
        }
        self.payload().map_or("", PayloadRef::message)
    }

    /// Where the status was created, when that was recorded (heap states only).
    #[must_use]
    pub fn location(&self) -> Option<&'static core::panic::Location<'static>> {
        self.payload().and_then(PayloadRef::location)
    }
}

impl Clone for Repr {
    /// Copies the word; for a heap payload also takes a new share (an atomic increment, no
    /// allocation).
    #[inline]
    fn clone(&self) -> Self {
        if let Some(payload) = self.payload() {
            payload.share();
        }
        Self(self.0)
    }
}

impl core::fmt::Debug for Repr {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let state = match self.tag() {
            TAG_INLINE => "inline",
            TAG_STATIC => "static",
            TAG_PACKED => "packed",
            _ => "heap",
        };
        f.debug_struct("Repr")
            .field("state", &state)
            .field("code", &self.raw_code())
            .field("message", &self.message())
            .finish()
    }
}

/// Marks the path that calls it as the unlikely one, for block layout (`core::hint::cold_path`
/// is newer than the crate's minimum Rust version).
#[cold]
#[inline]
const fn cold_path() {}
