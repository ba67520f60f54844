//! The heap payload: one allocation holding a [`Header`] and, after it, its body: either the
//! message's bytes, or the value of a variant with fields, moved in unformatted. A *text body*
//! is a message body whose bytes are the text of a variant whose one field is a `String`
//! (`Header::text_field`): it frees as a message does and reads as that variant.
//!
//! Three typed pointers reach it, each keeping the allocation's own pointer (see the rule in
//! the parent module):
//!
//! - [`PayloadRef`]: a shared borrow of a word's share, for reading. The header's fields are
//!   read by place projections; a reference is made only to the field returned; the message
//!   bytes are reached by an offset from the allocation pointer.
//! - [`PayloadMut`]: a unique borrow of the only share, for writing the extras.
//! - [`Own`]: a share taken out of a word, the one handle that gives a share up and, for the
//!   last one, drops the header and frees the allocation (through a guard, so a `Drop` that
//!   panics in a source or detail frees it all the same).
//! - [`ValueShare`]: a share of a value body alone, held by a changed copy of a status with
//!   fields to reach its variant's value. It reads the value and nothing else.
//!
//! A payload with a value body counts its shares twice, as `Arc` counts strong and weak
//! references: `refcount` counts the status words, `holders` counts the value shares plus one
//! for all the status words together. When the last status word lets go, the extras (what only
//! statuses read: details, context, source) are dropped at once; the value and the allocation
//! live on while a value share does. A message body has no value shares: its `holders` stays 1.
//!
//! A payload under construction is a [`Pending`]: allocated, its message being written, its
//! header not yet; dropped (by a panicking `Display`, say), it frees the allocation.

use alloc::boxed::Box;
use core::alloc::Layout;
use core::any::TypeId;
use core::marker::PhantomData;
use core::mem::MaybeUninit;
use core::panic::Location;
use core::ptr::{self, NonNull};

use super::Repr;
use super::extras::{Extras, release_nested};
use super::raw::{FreeOnDrop, OutOfMemory, try_box_with};
use super::refcount::RefCount;
use super::sink::{MessageSink, copy_bytes};

/// The start of every payload; the body follows it in the same allocation: `cap` message bytes,
/// or the value `body` describes.
#[repr(C)]
pub(crate) struct Header {
    /// Shares held by status words.
    refcount: RefCount,
    /// For a value body: `ValueShare`s, plus one for all the status words together.
    holders: RefCount,
    code: u32,
    /// Whether the message bytes are the text of the variant of `code` whose one field is a
    /// `String` (a *text body*, which `Repr::from_text_field` makes), not a message: the status
    /// then has no message, and its kind is built from the text when asked.
    text_field: bool,
    /// Message bytes allocated after the header (none with a value body).
    cap: usize,
    /// Message bytes written (`len <= cap`), always valid UTF-8.
    len: usize,
    location: Option<&'static Location<'static>>,
    extras: ExtrasAt,
    /// What the body is: the type of the value after the header, or, for a message body,
    /// [`MESSAGE_BODY`]. What the last status share's release calls comes from here, so that
    /// it is one indirect jump for both kinds of body.
    body: &'static ValueInfo,
    /// Under loom, the accesses the refcount must order: of the header and extras, and of the
    /// value (which value shares read).
    #[cfg(loom)]
    access: super::refcount::Access,
    #[cfg(loom)]
    value_access: super::refcount::Access,
}

impl Header {
    /// The header of a payload just made, held by one status word: `code`, `len` message
    /// bytes written of `cap` (none for a value body), `location`, `extras` and the `body`
    /// description. One function for both kinds of body, which each kind's constructor calls.
    #[inline]
    fn fresh(
        code: u32,
        cap: usize,
        len: usize,
        location: Option<&'static Location<'static>>,
        extras: ExtrasAt,
        body: &'static ValueInfo,
    ) -> Self {
        Self {
            refcount: RefCount::one(),
            holders: RefCount::one(),
            code: code & super::MAX_RAW_CODE,
            text_field: false,
            cap,
            len,
            location,
            extras,
            body,
            #[cfg(loom)]
            access: super::refcount::Access::new(),
            #[cfg(loom)]
            value_access: super::refcount::Access::new(),
        }
    }
}

// The heap tag is `00`: a payload's address must leave the two tag bits clear.
const _: () = assert!(align_of::<Header>() > super::TAG_MASK);

/// The size of the header: where the message bytes start.
const HEADER: usize = size_of::<Header>();

/// Where a payload's extras are.
enum ExtrasAt {
    /// None attached yet.
    None,
    /// In an allocation of their own, attached after the payload was made.
    Boxed(Box<Extras>),
    /// In the payload's own allocation, in the last bytes of its message room (see
    /// `in_place_extras`): made with it, by `Repr::alloc_with_extras`, for a status that moves
    /// to the heap because it gains extras (a context line on a code-only status). Message
    /// payloads only: a value body is where these would be.
    InPlace,
}

impl From<Option<Box<Extras>>> for ExtrasAt {
    #[inline]
    fn from(extras: Option<Box<Extras>>) -> Self {
        extras.map_or(Self::None, Self::Boxed)
    }
}

// Extras made in place start at a multiple of their alignment in an allocation aligned for
// the header.
const _: () = assert!(align_of::<Extras>() <= align_of::<Header>());

/// The message room of a payload with `len` message bytes and extras in place: the bytes,
/// padding to align the extras, and the extras, which take its last bytes. `None` if that
/// size overflows.
fn room_with_extras(len: usize) -> Option<usize> {
    let extras = HEADER
        .checked_add(len)?
        .checked_next_multiple_of(align_of::<Extras>())?;
    (extras - HEADER).checked_add(size_of::<Extras>())
}

/// The extras made in place in the payload at `ptr`: the last bytes of its message room,
/// reached from its allocation pointer.
///
/// # Safety
///
/// `ptr` is the allocation pointer of a live payload whose extras are `ExtrasAt::InPlace`.
#[inline]
unsafe fn in_place_extras(ptr: NonNull<Header>) -> NonNull<Extras> {
    // SAFETY: as the caller guarantees; a read of one field, set at construction.
    let cap = unsafe { (*ptr.as_ptr()).cap };
    // SAFETY: `alloc_with_extras` made the room `room_with_extras(len)` bytes, so the extras
    // end where it ends, inside the allocation, at an offset aligned for them; it wrote them
    // there.
    unsafe {
        ptr.cast::<u8>()
            .add(HEADER + cap - size_of::<Extras>())
            .cast()
    }
}

/// Drops the extras of the payload at `ptr`, wherever they are, and leaves it without.
///
/// # Safety
///
/// `ptr` is the allocation pointer of a live payload whose extras nothing references.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "part of both frees, and of replacing the extras"
)]
unsafe fn drop_extras_at(ptr: NonNull<Header>) {
    // SAFETY: as the caller guarantees; the reference covers the `extras` field only.
    let at = unsafe { core::mem::replace(&mut (*ptr.as_ptr()).extras, ExtrasAt::None) };
    match at {
        ExtrasAt::None => {}
        ExtrasAt::Boxed(extras) => drop_extras(extras),
        // SAFETY: they are in place (the field said so, and now says none, so this is the
        // one drop) and unreferenced, as the caller guarantees.
        ExtrasAt::InPlace => unsafe { drop_in_place_extras(in_place_extras(ptr)) },
    }
}

/// The layout of a payload with `cap` message bytes, or `None` if that size overflows.
fn message_layout(cap: usize) -> Option<Layout> {
    Layout::from_size_align(HEADER.checked_add(cap)?, align_of::<Header>()).ok()
}

/// What the payload needs to know of the type of a value body: the part of a [`ValueType`]
/// that a header points at. A message body has one too, [`MESSAGE_BODY`], which describes no
/// value type.
pub(crate) struct ValueInfo {
    /// The type's id, to check a read of the value (the caller names the type). A function:
    /// `TypeId::of` is a `const fn` only from Rust 1.91, and the crate builds with 1.85; it is
    /// called only when the description is not the reader's own (`ValueInfo::is`).
    type_id: fn() -> TypeId,
    /// Frees a payload of this type, once nothing references it: `free_payload::<K, _>`.
    free: unsafe fn(NonNull<Header>),
    /// What giving up the last status share of a payload of this type does: frees it, unless
    /// a value share still holds it (`release_last_of_value::<K, _>`); for a message body,
    /// which has no value shares, `free_message`.
    release_last: unsafe fn(NonNull<Header>),
    /// The status a status holding a value of this type has as its source, if it has one
    /// (for a kind enum, a variant's source field may be a status): what reports ask of a
    /// status they reach through a chain, whose type they do not know.
    source_status: for<'r> fn(&'r Repr) -> Option<&'r Repr>,
    /// The status a status holding a value of this type wraps transparently, if it does (a
    /// kind enum's `transparent` variant over a status field): reports show that status's
    /// creation site and context lines as the holder's own.
    transparent_status: for<'r> fn(&'r Repr) -> Option<&'r Repr>,
    /// Takes the status a value of this type holds out of it (`take_value_nested::<K, N>`),
    /// so that a chain of statuses nested in each other's values is released in a loop.
    take_nested: unsafe fn(NonNull<Header>) -> Option<Repr>,
}

impl ValueInfo {
    /// Whether this describes `K`, the type `expected` describes: `expected`'s own (one
    /// address compared: the payload was made with it, as the derive's are with its `static`),
    /// or another description of `K` (the type ids compared). The address is enough: the same
    /// address holds the same bytes, so the same type id.
    #[inline]
    fn is<K: 'static>(&'static self, expected: &'static ValueType<K>) -> bool {
        self.is_exactly(expected) || (self.type_id)() == TypeId::of::<K>()
    }

    /// Whether this is `expected`'s own description of `K`.
    #[inline]
    fn is_exactly<K: 'static>(&'static self, expected: &'static ValueType<K>) -> bool {
        ptr::eq(self, &raw const expected.info)
    }

    /// The status `repr`, which holds a value of this type, has as its source.
    #[inline]
    pub(crate) fn source_status<'r>(&self, repr: &'r Repr) -> Option<&'r Repr> {
        (self.source_status)(repr)
    }

    /// The status `repr`, which holds a value of this type, wraps transparently.
    #[inline]
    pub(crate) fn transparent_status<'r>(&self, repr: &'r Repr) -> Option<&'r Repr> {
        (self.transparent_status)(repr)
    }
}

/// The description of a type `K` that a payload's value body can be: what a payload points at
/// to free and to read its value. The derive makes one `static` for each kind enum, so that
/// reading a kind back compares one address; any other `ValueType<K>` works too, and a read
/// then compares type ids.
pub struct ValueType<K> {
    info: ValueInfo,
    kind: PhantomData<fn() -> K>,
}

impl<K: 'static> ValueType<K> {
    /// The description of `K`. A `K` too large for any allocation fails to compile. A kind
    /// enum's is [`ValueType::of_kind`], which also finds its variant's source status.
    #[must_use]
    pub const fn new() -> Self {
        Self::described::<TypeDrop, NoNestedStatus>(Repr::attached_source_status, |_| None)
    }

    /// The description of `K`, whose holder's source status `source_status` finds and the
    /// status it wraps transparently `transparent_status`, whose values `D` tells apart by
    /// whether dropping them does anything, and out of whose values `N` takes a nested status.
    #[must_use]
    pub(crate) const fn described<D: DropTest<K>, N: NestedStatus<K>>(
        source_status: for<'r> fn(&'r Repr) -> Option<&'r Repr>,
        transparent_status: for<'r> fn(&'r Repr) -> Option<&'r Repr>,
    ) -> Self {
        Self {
            info: ValueInfo {
                type_id: TypeId::of::<K>,
                free: free_payload::<K, D, N>,
                release_last: release_last_of_value::<K, D, N>,
                source_status,
                transparent_status,
                take_nested: take_value_nested::<K, N>,
            },
            kind: PhantomData,
        }
    }
}

impl<K: 'static> Default for ValueType<K> {
    fn default() -> Self {
        Self::new()
    }
}

/// The body of a message payload: no value type (its type id is a type of this module, which
/// no caller names, so no read of a value matches it, and `is_exactly` compares addresses).
static MESSAGE_BODY: ValueInfo = ValueInfo {
    type_id: TypeId::of::<MessageBody>,
    free: free_message,
    release_last: free_message,
    source_status: Repr::attached_source_status,
    transparent_status: |_| None,
    take_nested: |_| None,
};

/// The type [`MESSAGE_BODY`] names: a message is no value.
struct MessageBody;

/// Where a `K` starts in its payload: after the header, aligned for it.
const fn value_offset<K>() -> usize {
    HEADER.next_multiple_of(align_of::<K>())
}

/// The layout of a payload whose value is a `K`.
const fn value_layout<K>() -> Layout {
    let align = if align_of::<K>() > align_of::<Header>() {
        align_of::<K>()
    } else {
        align_of::<Header>()
    };
    let Ok(layout) = Layout::from_size_align(value_offset::<K>() + size_of::<K>(), align) else {
        panic!("a status cannot hold a value this large");
    };
    layout
}

/// Where the `K` of the value payload at `ptr` is: `value_offset::<K>()` bytes in, reached
/// from the allocation pointer.
///
/// # Safety
///
/// `ptr` is the allocation pointer of a payload made with `value_layout::<K>()`.
#[inline]
unsafe fn value_ptr<K>(ptr: NonNull<Header>) -> NonNull<K> {
    // SAFETY: that layout holds a `K` at this offset, inside the allocation.
    unsafe { ptr.cast::<u8>().add(value_offset::<K>()).cast() }
}

/// Whether dropping a value of type `K` does nothing: what lets the free of its payload skip
/// to the allocator.
#[cfg_attr(
    loom,
    allow(
        dead_code,
        reason = "under loom every free takes the full path, which it models"
    )
)]
pub(crate) trait DropTest<K> {
    /// Whether dropping `value` does nothing. `false` is always correct, only slower; a wrong
    /// `true` (a hand-written `Kind::needs_drop` that lies) leaks what the value owns, which is
    /// never unsound.
    fn drop_is_noop(value: &K) -> bool;
}

/// How a status nested in a value of type `K` (a kind enum's source field that is a status) is
/// taken out of it before the value is dropped, so that releasing a chain of statuses nested
/// in each other's values is a loop ([`release_nested`]), not a recursion per level.
pub(crate) trait NestedStatus<K> {
    /// The status `value` holds, taken out (a status without a payload left in its place), if
    /// it holds one.
    fn take(value: &mut K) -> Option<Repr>;
}

/// For any type: none.
pub(crate) struct NoNestedStatus;

impl<K> NestedStatus<K> for NoNestedStatus {
    #[inline]
    fn take(_: &mut K) -> Option<Repr> {
        None
    }
}

/// The status nested in the value payload at `ptr`, whose value is a `K`, taken out.
///
/// # Safety
///
/// `ptr` is the allocation pointer of a payload built by `alloc_value::<K>`, whose value
/// nothing else reads or writes during the call.
unsafe fn take_value_nested<K, N: NestedStatus<K>>(ptr: NonNull<Header>) -> Option<Repr> {
    // SAFETY: `alloc_value::<K>` put a `K` there, live and unaliased, as the caller guarantees.
    N::take(unsafe { value_ptr::<K>(ptr).as_mut() })
}

/// A status taken out of a value being freed, released after the value and its payload, in
/// the loop of [`release_nested`].
struct Nested(Option<Repr>);

impl Drop for Nested {
    #[inline]
    fn drop(&mut self) {
        if let Some(nested) = self.0.take() {
            release_nested(nested);
        }
    }
}

/// The test for any type: by the type alone, at compile time.
pub(crate) struct TypeDrop;

impl<K> DropTest<K> for TypeDrop {
    #[inline]
    fn drop_is_noop(_: &K) -> bool {
        !core::mem::needs_drop::<K>()
    }
}

/// Frees the payload at `ptr`, whose value is a `K`. When the payload has no extras and `D`
/// says dropping the value does nothing (a variant of plain fields, the common case), that is
/// one call to the allocator, made as a tail call, with no stack frame. Otherwise a tail call
/// drops what there is and guards against a `Drop` that panics: [`free_value_alone`] when
/// there are no extras (a variant that owns a `String`), [`free_value`] when there are.
///
/// # Safety
///
/// As for [`free_value`].
unsafe fn free_payload<K, D: DropTest<K>, N: NestedStatus<K>>(ptr: NonNull<Header>) {
    #[cfg(not(loom))]
    {
        // SAFETY: the payload is live and unreferenced, as the caller guarantees; a read of
        // one field.
        if matches!(unsafe { &(*ptr.as_ptr()).extras }, ExtrasAt::None) {
            // SAFETY: `alloc_value::<K>` put a `K` there, live until this free; the reference
            // is not used after the test.
            if D::drop_is_noop(unsafe { value_ptr::<K>(ptr).as_ref() }) {
                // SAFETY: nothing to drop (no extras, the value's drop does nothing, the
                // header's other fields own nothing): the allocation, made with this layout,
                // is given back once, and nothing references it.
                unsafe {
                    alloc::alloc::dealloc(ptr.as_ptr().cast(), const { value_layout::<K>() });
                }
            } else {
                // SAFETY: as the caller guarantees; the header has no extras, and its other
                // fields own nothing (`drop_header`'s assertions), so the value is all there
                // is to drop.
                unsafe { free_value_alone::<K, N>(ptr) };
            }
            return;
        }
    }
    // SAFETY: as the caller guarantees.
    unsafe { free_value::<K, N>(ptr) }
}

/// [`free_value`] for a payload without extras, whose header then owns nothing: the value
/// is all there is to drop, and the header is not read again. Out of line, as `free_value`
/// is, so that [`free_payload`]'s path to the allocator keeps no stack frame.
///
/// # Safety
///
/// As for [`free_value`], and the payload has no extras.
#[cfg(not(loom))]
#[inline(never)]
unsafe fn free_value_alone<K, N: NestedStatus<K>>(ptr: NonNull<Header>) {
    // SAFETY: nothing references the payload, as the caller guarantees. Released last.
    let _nested = Nested(unsafe { take_value_nested::<K, N>(ptr) });
    // SAFETY: as the caller guarantees.
    let _free = unsafe { last_of_value_payload::<K>(ptr) };
    // SAFETY: `alloc_value::<K>` put the value there; it is dropped once, here, and `_free`
    // then frees the allocation, also if the value's `Drop` panics.
    unsafe { ptr::drop_in_place(value_ptr::<K>(ptr).as_ptr()) };
}

/// Gives up the status words' share of the value payload at `ptr`, whose last status share is
/// gone: frees the payload when no value share holds it, or else drops what only statuses read.
/// Each end is a tail call.
///
/// # Safety
///
/// `ptr` is the allocation pointer of a payload built by `alloc_value::<K>` whose last status
/// share was given up just now.
unsafe fn release_last_of_value<K, D: DropTest<K>, N: NestedStatus<K>>(ptr: NonNull<Header>) {
    // SAFETY: the payload is live while the status words' share of its value is not given up;
    // a read of one count, whose reference is not kept.
    if unsafe { &(*ptr.as_ptr()).holders }.is_unique() {
        // SAFETY: no value share either (`is_unique`'s `Acquire` orders their reads before
        // the free), and no status share: nothing references the payload, whose value is a
        // `K`.
        unsafe { free_payload::<K, D, N>(ptr) }
    } else {
        // SAFETY: the last status share is gone.
        unsafe { retire_shared_value(ptr) }
    }
}

/// Drops a payload's header when dropped: made before the value is dropped, so that a panic
/// there still drops the header's extras (before the allocation is freed).
struct DropHeader(NonNull<Header>);

impl Drop for DropHeader {
    #[inline]
    fn drop(&mut self) {
        // SAFETY: built by a free of the last reference's payload, from its allocation
        // pointer; the header is dropped here once.
        unsafe { drop_header(self.0) };
    }
}

/// The guard that frees the value payload at `ptr` (with its layout, known at compile time)
/// once what it holds is dropped or moved out; under loom, records that write of the header
/// and the value.
///
/// # Safety
///
/// `ptr` is the allocation pointer of a payload built by `alloc_value::<K>`, and nothing
/// references the payload any more (no status word, no value share).
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "the first lines of both ends of a value payload"
)]
unsafe fn last_of_value_payload<K>(ptr: NonNull<Header>) -> FreeOnDrop {
    #[cfg(loom)]
    // SAFETY: the caller guarantees the payload is unaliased.
    unsafe {
        (*ptr.as_ptr()).access.write();
        (*ptr.as_ptr()).value_access.write();
    }
    FreeOnDrop {
        ptr: ptr.cast(),
        layout: const { value_layout::<K>() },
    }
}

/// Drops the `K` value and the header's fields of the payload at `ptr`, and frees it, with
/// the layout and offset known at compile time.
///
/// # Safety
///
/// `ptr` is the allocation pointer of a payload built by `alloc_value::<K>`, and nothing
/// references the payload any more (no status word, no value share).
#[inline(never)]
unsafe fn free_value<K, N: NestedStatus<K>>(ptr: NonNull<Header>) {
    // SAFETY: nothing references the payload, as the caller guarantees. Released last.
    let _nested = Nested(unsafe { take_value_nested::<K, N>(ptr) });
    // SAFETY: as the caller guarantees.
    let _free = unsafe { last_of_value_payload::<K>(ptr) };
    let _header = DropHeader(ptr);
    // SAFETY: `alloc_value::<K>` put the value there; it is dropped once, here. `_header`
    // then drops the header's extras and `_free` frees the allocation, also if the value's
    // `Drop` panics.
    unsafe { ptr::drop_in_place(value_ptr::<K>(ptr).as_ptr()) };
}

/// Drops the header's fields: its extras, out of line (most payloads have none, and their drop
/// is long enough to give every free a stack frame).
///
/// # Safety
///
/// `ptr` is the allocation pointer of a payload whose header is dropped here once.
#[inline(always)]
#[allow(clippy::inline_always, reason = "the header's part of both frees")]
unsafe fn drop_header(ptr: NonNull<Header>) {
    // SAFETY: as the caller guarantees.
    unsafe { drop_extras_at(ptr) };
    // The header's other fields own nothing (asserted below), except loom's access cells.
    #[cfg(loom)]
    // SAFETY: as the caller guarantees; what is left has no extras to drop.
    unsafe {
        ptr::drop_in_place(ptr.as_ptr());
    }
}

// What `drop_header` leaves undropped owns nothing: counts, the code, lengths, references.
#[cfg(not(loom))]
const _: () = {
    assert!(!core::mem::needs_drop::<RefCount>());
    assert!(!core::mem::needs_drop::<Option<&'static Location<'static>>>());
    assert!(!core::mem::needs_drop::<&'static ValueInfo>());
};

/// Drops a payload's extras.
#[inline(never)]
fn drop_extras(extras: Box<Extras>) {
    drop(extras);
}

/// Drops a payload's extras made in place.
///
/// # Safety
///
/// `extras` points to live extras in a payload that nothing else references; they are not
/// used again.
#[inline(never)]
unsafe fn drop_in_place_extras(extras: NonNull<Extras>) {
    // SAFETY: as the caller guarantees.
    unsafe { ptr::drop_in_place(extras.as_ptr()) };
}

impl Repr {
    /// A heap word with `message`, and the extras `make` returns made in the same allocation,
    /// after the message bytes: one allocation for a status that moves to the heap because it
    /// gains extras. `None`, without calling `make`, if the allocator fails; if `make`
    /// panics, the allocation is freed.
    #[inline]
    pub(crate) fn alloc_with_extras(
        code: u32,
        message: &str,
        location: Option<&'static Location<'static>>,
        make: impl FnOnce() -> Extras,
    ) -> Option<Self> {
        let cap = room_with_extras(message.len())?;
        let mut pending = Pending::new(cap)?;
        // `message` fits in the room before the extras, and the sink writes nothing more.
        pending.write(|sink| sink.push_str(message));
        // SAFETY: the extras take the last bytes of the message room, inside the allocation,
        // after the message bytes, at an offset aligned for them (`room_with_extras`) in an
        // allocation aligned for the header, whose alignment is at least theirs; reached from
        // the allocation pointer, written once. If `make` panics, `pending` frees the
        // allocation, which holds nothing to drop yet.
        unsafe {
            let place = pending
                .ptr
                .cast::<u8>()
                .add(HEADER + cap - size_of::<Extras>())
                .cast::<Extras>();
            place.write(make());
        }
        Some(pending.finish_with(code, location, ExtrasAt::InPlace, false))
    }

    /// Shared access to this word's payload, if it is in the heap state.
    #[inline]
    pub(crate) fn payload(&self) -> Option<PayloadRef<'_>> {
        let ptr = self.heap_ptr()?;
        // SAFETY: a heap word is only built by `Pending::finish`, from a live payload it holds a
        // share of; the share keeps the payload alive, and unchanged, while `self` is borrowed.
        Some(unsafe { PayloadRef::new(ptr) })
    }

    /// Unique access to this word's payload, if it is in the heap state and the word holds
    /// its only share.
    #[inline]
    pub(crate) fn payload_mut(&mut self) -> Option<PayloadMut<'_>> {
        if !self.payload()?.is_unique() {
            return None;
        }
        let ptr = self.heap_ptr()?;
        // SAFETY: as for `payload`; the share is the only one and `self` is borrowed uniquely,
        // so nothing else reads or writes the payload while the result lives.
        Some(unsafe { PayloadMut::new(ptr) })
    }

    /// This new message payload, its message made the text of the variant of its code whose
    /// one field is a `String` (a text body: see `Header::text_field`).
    #[inline]
    pub(crate) fn into_text_body(mut self) -> Self {
        if let Some(payload) = self.payload_mut() {
            payload.set_text_field();
        }
        self
    }

    /// Unique access to this word's payload, after `copy` has replaced the word by a copy of
    /// its own when it is not the only share of a heap payload. `None` when `copy` fails (or
    /// leaves the word shared). One uniqueness check when the word is unique already.
    #[inline]
    pub(crate) fn payload_mut_or_copy(
        &mut self,
        copy: impl FnOnce(&mut Self) -> Option<()>,
    ) -> Option<PayloadMut<'_>> {
        if !self.payload().is_some_and(PayloadRef::is_unique) {
            copy(self)?;
            if !self.payload()?.is_unique() {
                return None;
            }
        }
        let ptr = self.heap_ptr()?;
        // SAFETY: as for `payload_mut`: the word holds the only share (checked above, after the
        // copy if there was one) and is borrowed uniquely.
        Some(unsafe { PayloadMut::new(ptr) })
    }

    /// A heap word whose body is the value `make` returns, made in place after the allocation
    /// succeeded; `make` back if the allocator fails. If `make` panics, the allocation is freed.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "inlined into each kind's cold constructor: one call at an error site"
    )]
    pub(crate) fn alloc_value<K: Send + Sync + 'static, F: FnOnce() -> K>(
        code: u32,
        make: F,
        ty: &'static ValueType<K>,
        location: Option<&'static Location<'static>>,
    ) -> Result<Self, F> {
        let ty = &ty.info;
        let layout = const { value_layout::<K>() };
        // SAFETY: the layout has a non-zero size (it holds at least a `Header`).
        let Some(ptr) = NonNull::new(unsafe { alloc::alloc::alloc(layout) }) else {
            return Err(make);
        };
        // Frees the allocation if `make` panics; forgotten once it returned.
        let guard = FreeOnDrop { ptr, layout };
        let value = make();
        core::mem::forget(guard);
        // SAFETY: a fresh allocation with `value_layout::<K>()`: the header at its start, the
        // value at the offset that layout leaves for it, both written once, through its pointer.
        unsafe {
            value_ptr::<K>(ptr.cast()).write(value);
            ptr.cast::<Header>()
                .write(Header::fresh(code, 0, 0, location, ExtrasAt::None, ty));
        }
        Ok(Self(ptr))
    }

    /// Releases this word's share of its heap payload, freeing the payload when it was the last
    /// one, and leaves the word in the inline state with code 0, so calling it again is
    /// harmless. Does nothing for the other states. What a derived status's `Drop` calls.
    ///
    /// Inline: it tests the word's tag and passes the payload's address to
    /// [`release_share`](Self::release_share), the one out-of-line, cold cleanup function,
    /// which does not test it again. In a `Drop` the word left behind is never read, so it is
    /// not stored, and the word stays in a register: the caller does not spill it to memory to
    /// pass its address (`compare`'s match4 row). Code 0, not the old code, so that nothing
    /// is read from the payload for a word nobody reads.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "a call with the payload's address: no spill of the word in the caller's loop \
                  (match4)"
    )]
    pub fn release_heap(&mut self) {
        if let Some(ptr) = self.heap_ptr() {
            *self = Self::inline(0);
            // SAFETY: the word held one share of the payload at `ptr` and, in the inline state
            // now, holds it no longer: the share is handed over once.
            unsafe { Self::release_share(ptr) };
        }
    }

    /// Gives up a share of the heap payload at `ptr`, freeing the payload when it was the last
    /// one.
    ///
    /// # Safety
    ///
    /// `ptr` is the allocation pointer of a live payload, and the caller hands over one of its
    /// shares, which it no longer uses.
    #[cold]
    #[inline(never)]
    unsafe fn release_share(ptr: NonNull<Header>) {
        // SAFETY: as the caller guarantees.
        unsafe { Own::new(ptr) }.release();
    }

    /// The `K` value this word's own payload holds, moved out, with the rest of the payload
    /// (its message, context lines, details and source) dropped and its allocation freed; the
    /// word is then the inline code 0, which owns nothing. `None`, and the word unchanged, when
    /// the payload holds no `K` of its own (a message, or a changed copy's share of another
    /// payload's value), or when it is shared: with a clone, or with a changed copy (a value
    /// cannot be moved out of a payload that anything else reads).
    pub(crate) fn take_value<K: 'static>(&mut self, ty: &'static ValueType<K>) -> Option<K> {
        let payload = self.payload()?;
        payload.value(ty)?;
        // `Acquire`, both: the reads of the shares given up on other threads happen before the
        // value is moved and the payload freed.
        if !payload.is_unique() || !payload.holders().is_unique() {
            return None;
        }
        let ptr = payload.ptr;
        *self = Self::inline(0);
        // SAFETY: the payload holds a `K` made by `alloc_value::<K>` (its type says so), and
        // its only reference was this word's share, which the word gave up just now: no other
        // word shares it (unique count) and no value share holds it (unique holders), and a
        // new share of either kind is only taken through a word or a value share that holds
        // one, of which there is none left.
        Some(unsafe { take_and_free::<K>(ptr) })
    }
}

/// Moves the `K` out of the payload at `ptr`, then drops the header's fields and frees the
/// allocation, without dropping the value.
///
/// # Safety
///
/// `ptr` is the allocation pointer of a payload built by `alloc_value::<K>`, and nothing
/// references the payload any more (no status word, no value share).
unsafe fn take_and_free<K>(ptr: NonNull<Header>) -> K {
    // SAFETY: as the caller guarantees.
    let _free = unsafe { last_of_value_payload::<K>(ptr) };
    // SAFETY: `alloc_value::<K>` put the value there, and it was never dropped or moved: it is
    // read once, here, and the allocation is freed below without dropping it.
    let value = unsafe { value_ptr::<K>(ptr).read() };
    // SAFETY: the header is dropped once. If its extras' `Drop` panics, the value, owned by
    // this frame now, is dropped as it unwinds, and `_free` frees the allocation.
    unsafe { drop_header(ptr) };
    value
}

/// Shared access to a payload for `'a`: the word it came from holds a share and is borrowed.
#[derive(Clone, Copy)]
pub(crate) struct PayloadRef<'a> {
    /// The allocation's own pointer.
    ptr: NonNull<Header>,
    share: PhantomData<&'a Header>,
}

impl<'a> PayloadRef<'a> {
    /// # Safety
    ///
    /// `ptr` is the allocation pointer of a live payload that is neither freed nor written
    /// during `'a`.
    #[inline]
    unsafe fn new(ptr: NonNull<Header>) -> Self {
        #[cfg(loom)]
        // SAFETY: as the caller guarantees.
        unsafe { &(*ptr.as_ptr()).access }.read();
        Self {
            ptr,
            share: PhantomData,
        }
    }

    /// The raw code.
    #[inline]
    pub(crate) fn code(self) -> u32 {
        // SAFETY: the payload is live for `'a` (see `new`); a read of one field.
        unsafe { (*self.ptr.as_ptr()).code }
    }

    /// Where the status was created, if recorded.
    #[inline]
    pub(crate) fn location(self) -> Option<&'static Location<'static>> {
        // SAFETY: as for `code`.
        unsafe { (*self.ptr.as_ptr()).location }
    }

    /// The message: none for a text body, whose bytes are its variant's field.
    #[inline]
    pub(crate) fn message(self) -> &'a str {
        // SAFETY: as for `code`.
        if unsafe { (*self.ptr.as_ptr()).text_field } {
            return "";
        }
        self.bytes()
    }

    /// The text of the variant's `String` field, for a text body.
    #[inline]
    pub(crate) fn text_field(self) -> Option<&'a str> {
        // SAFETY: as for `code`.
        unsafe { (*self.ptr.as_ptr()).text_field }.then(|| self.bytes())
    }

    /// The message bytes: the message, or a text body's text.
    #[inline]
    fn bytes(self) -> &'a str {
        // SAFETY: as for `code`.
        let len = unsafe { (*self.ptr.as_ptr()).len };
        // SAFETY: the message bytes start `HEADER` bytes into the allocation, reached from its
        // own pointer; `Pending::finish` recorded `len <= cap` bytes written by a sink, which
        // writes whole `&str`s or cuts one at a char boundary: initialised, valid UTF-8, and
        // never written again while the payload is shared.
        unsafe {
            let bytes = self.ptr.cast::<u8>().as_ptr().add(HEADER);
            core::str::from_utf8_unchecked(core::slice::from_raw_parts(bytes, len))
        }
    }

    /// The value body, if it is the `K` that `ty` describes.
    #[inline]
    pub(crate) fn value<K: 'static>(self, ty: &'static ValueType<K>) -> Option<&'a K> {
        // SAFETY: the payload and its value are live for `'a` (see `new`).
        unsafe { value_of(self.ptr, ty, ValueInfo::is) }
    }

    /// The value body, if the payload was made with `ty` itself: one address compared.
    #[inline]
    pub(crate) fn value_made_with<K: 'static>(self, ty: &'static ValueType<K>) -> Option<&'a K> {
        // SAFETY: the payload and its value are live for `'a` (see `new`).
        unsafe { value_of(self.ptr, ty, ValueInfo::is_exactly) }
    }

    /// The description of the value body's type, if the body is a value.
    #[inline]
    pub(crate) fn value_info(self) -> Option<&'static ValueInfo> {
        // SAFETY: as for `code`.
        let body = unsafe { (*self.ptr.as_ptr()).body };
        (!ptr::eq(body, &raw const MESSAGE_BODY)).then_some(body)
    }

    /// Whether the body is a value (of some variant with fields).
    #[inline]
    pub(crate) fn has_value(self) -> bool {
        self.value_info().is_some()
    }

    /// The extras, if any were attached.
    #[inline]
    pub(crate) fn extras(self) -> Option<&'a Extras> {
        // SAFETY: as for `code`; the reference covers the `extras` field only.
        match unsafe { &(*self.ptr.as_ptr()).extras } {
            ExtrasAt::None => None,
            ExtrasAt::Boxed(extras) => Some(extras),
            // SAFETY: in place, so live as long as the payload, and only read during `'a`.
            ExtrasAt::InPlace => Some(unsafe { in_place_extras(self.ptr).as_ref() }),
        }
    }

    /// The share count.
    #[inline]
    fn refcount(self) -> &'a RefCount {
        // SAFETY: as for `code`; the reference covers the count only, which is atomic.
        unsafe { &(*self.ptr.as_ptr()).refcount }
    }

    /// The count of the value's holders.
    #[inline]
    fn holders(self) -> &'a RefCount {
        // SAFETY: as for `code`; the reference covers the count only, which is atomic.
        unsafe { &(*self.ptr.as_ptr()).holders }
    }

    /// Whether the word this came from holds the only share.
    #[inline]
    pub(crate) fn is_unique(self) -> bool {
        self.refcount().is_unique()
    }

    /// Takes one more share, for a copy of the word.
    #[inline]
    pub(crate) fn share(self) {
        self.refcount().increment();
    }
}

/// Unique access to a payload for `'a`: the word it came from holds the only share and is
/// borrowed uniquely.
pub(crate) struct PayloadMut<'a> {
    /// The allocation's own pointer.
    ptr: NonNull<Header>,
    unique: PhantomData<&'a mut Header>,
}

impl<'a> PayloadMut<'a> {
    /// # Safety
    ///
    /// `ptr` is the allocation pointer of a live payload that nothing else reads or writes
    /// during `'a`.
    #[inline]
    unsafe fn new(ptr: NonNull<Header>) -> Self {
        #[cfg(loom)]
        // SAFETY: as the caller guarantees.
        unsafe { &(*ptr.as_ptr()).access }.write();
        Self {
            ptr,
            unique: PhantomData,
        }
    }

    /// Makes the message bytes of this message payload the text of the variant of its code
    /// whose one field is a `String` (see `Header::text_field`).
    #[inline]
    pub(crate) fn set_text_field(self) {
        // SAFETY: the payload is live and unaliased for `'a` (see `new`); a write of one field.
        unsafe {
            debug_assert!(ptr::eq((*self.ptr.as_ptr()).body, &raw const MESSAGE_BODY));
            (*self.ptr.as_ptr()).text_field = true;
        }
    }

    /// The extras field, for the rest of `'a`. Private: `InPlace` is set only with the
    /// extras it promises.
    #[inline]
    fn extras_at(self) -> &'a mut ExtrasAt {
        // SAFETY: the payload is live and unaliased for `'a` (see `new`), and `self`, the one
        // handle to it, is given up for the reference, which covers the `extras` field only.
        unsafe { &mut (*self.ptr.as_ptr()).extras }
    }

    /// The extras, attaching the ones `make` returns first if there are none; `None` if
    /// `make` does (without memory).
    #[inline]
    pub(crate) fn extras_or_insert(
        self,
        make: impl FnOnce() -> Option<Box<Extras>>,
    ) -> Option<&'a mut Extras> {
        let ptr = self.ptr;
        let at = self.extras_at();
        match at {
            ExtrasAt::Boxed(extras) => Some(extras),
            // SAFETY: in place, so live as long as the payload; unaliased for `'a`, and apart
            // from the header field borrowed above, which is not used again.
            ExtrasAt::InPlace => Some(unsafe { in_place_extras(ptr).as_mut() }),
            ExtrasAt::None => {
                *at = ExtrasAt::Boxed(make()?);
                match at {
                    ExtrasAt::Boxed(extras) => Some(extras),
                    _ => None,
                }
            }
        }
    }

    /// Takes the extras out, boxed: those made in place move into an allocation of their
    /// own. `Err` without memory for that; then the payload is unchanged.
    pub(crate) fn take_extras(self) -> Result<Option<Box<Extras>>, OutOfMemory> {
        let ptr = self.ptr;
        let at = self.extras_at();
        match core::mem::replace(at, ExtrasAt::None) {
            ExtrasAt::None => Ok(None),
            ExtrasAt::Boxed(extras) => Ok(Some(extras)),
            ExtrasAt::InPlace => {
                // SAFETY: the field said `InPlace`, and the payload is live.
                let place = unsafe { in_place_extras(ptr) };
                // SAFETY: the extras are in place and live; read once, here, into the box,
                // and the field now says there are none, so they are never dropped in place.
                // `try_box_with` reads them only once it has the box.
                let Some(extras) = try_box_with(|| unsafe { place.read() }) else {
                    *at = ExtrasAt::InPlace;
                    return Err(OutOfMemory);
                };
                Ok(Some(extras))
            }
        }
    }

    /// The status nested in this payload's value (a kind's source field that is a status),
    /// taken out, when no changed copy shares the value; `None` for a message payload.
    pub(crate) fn take_nested_status(self) -> Option<Repr> {
        // SAFETY: the payload is live (see `new`); a read of one count, whose `Acquire`
        // orders a changed copy's last reads of the value before what follows.
        if !unsafe { &(*self.ptr.as_ptr()).holders }.is_unique() {
            return None;
        }
        // SAFETY: as above; a read of one field, set at construction.
        let body = unsafe { (*self.ptr.as_ptr()).body };
        // SAFETY: `body` describes this payload's value (a message body takes nothing), which
        // nothing else reads or writes: this is the only status share (see `new`), and no
        // value share is held.
        unsafe { (body.take_nested)(self.ptr) }
    }

    /// Replaces the extras by `extras`, dropping the ones there were.
    pub(crate) fn set_extras(self, extras: Option<Box<Extras>>) {
        // SAFETY: the payload is live and unaliased (see `new`): nothing references its extras.
        unsafe { drop_extras_at(self.ptr) };
        *self.extras_at() = extras.into();
    }
}

/// One share of a payload, taken out of its word: the only handle that gives a share up.
struct Own(NonNull<Header>);

impl Own {
    /// # Safety
    ///
    /// `ptr` is the allocation pointer of a live payload, and the caller hands over one of its
    /// shares, which it no longer uses.
    unsafe fn new(ptr: NonNull<Header>) -> Self {
        Self(ptr)
    }

    /// Gives up the share; after the last, frees the payload, unless a value share still holds
    /// it (then only what statuses read goes now). Each free is a tail call: giving up a share
    /// that is not the last (a clone's drop) costs no stack frame.
    #[inline]
    fn release(self) {
        let ptr = self.0;
        // SAFETY: the share keeps the payload alive until the decrement; the reference covers
        // the count only and is not used after it.
        if !unsafe { &(*ptr.as_ptr()).refcount }.decrement_is_last() {
            return;
        }
        // SAFETY: that was the last status share: the payload is live while the status words'
        // share of its value (or, for a message, the payload itself) is not given up; a read
        // of one field, set at construction.
        let body = unsafe { (*ptr.as_ptr()).body };
        // SAFETY: the last status share of a payload with this body is gone, which is what
        // its `release_last` takes: `free_message` for a message (which has no value shares,
        // so nothing else references it), `release_last_of_value::<K, _>` for a `K`.
        unsafe { (body.release_last)(ptr) }
    }
}

/// The last status share of a value payload that a value share still holds: drops the extras
/// (what only statuses read), and gives up the status words' share of the value.
///
/// # Safety
///
/// The last status share of the payload at `ptr` is gone.
#[cold]
#[inline(never)]
unsafe fn retire_shared_value(ptr: NonNull<Header>) {
    // The status words' share of the value, given up however dropping the extras ends.
    let _statuses = ValueShare(ptr);
    #[cfg(loom)]
    // SAFETY: the payload is live while `_statuses` holds it.
    unsafe { &(*ptr.as_ptr()).access }.write();
    // SAFETY: no status word reaches the extras any more, and value shares never read them.
    unsafe { drop_extras_at(ptr) };
}

/// Frees the allocation of a message payload. Without extras (most payloads: a message and
/// its location), the header owns nothing and that is one call to the allocator, made as a
/// tail call with no stack frame; with extras, [`free_message_and_extras`] drops them first.
///
/// # Safety
///
/// `ptr` is the allocation pointer of a payload built by `Pending::finish`, and nothing
/// references the payload any more.
#[inline(never)]
unsafe fn free_message(ptr: NonNull<Header>) {
    #[cfg(not(loom))]
    {
        // SAFETY: the payload is live and unreferenced, as the caller guarantees; a read of
        // one field.
        if matches!(unsafe { &(*ptr.as_ptr()).extras }, ExtrasAt::None) {
            // SAFETY: a read of one field, as above. The allocation was made by `Pending::new`
            // with this `cap`, which it checked; the header's other fields own nothing
            // (`drop_header`'s assertions), so nothing is left to drop, and it is given back
            // once.
            unsafe {
                let layout = message_layout((*ptr.as_ptr()).cap).unwrap_unchecked();
                alloc::alloc::dealloc(ptr.as_ptr().cast(), layout);
            }
            return;
        }
    }
    // SAFETY: as the caller guarantees.
    unsafe { free_message_and_extras(ptr) }
}

/// [`free_message`] for a payload with extras (or any payload, under loom): drops the header's
/// fields, then frees the allocation, also if a source's or a detail's `Drop` panics. Out of
/// line, so that `free_message`'s path to the allocator keeps no stack frame.
///
/// # Safety
///
/// As for [`free_message`].
#[inline(never)]
unsafe fn free_message_and_extras(ptr: NonNull<Header>) {
    let header = ptr.as_ptr();
    #[cfg(loom)]
    // SAFETY: the caller guarantees the payload is unaliased.
    unsafe { &(*header).access }.write();
    // SAFETY: the payload is live; a read of one field. The allocation was made by
    // `Pending::new` with this `cap`, which it checked.
    let layout = unsafe { message_layout((*header).cap).unwrap_unchecked() };
    let _free = FreeOnDrop {
        ptr: ptr.cast(),
        layout,
    };
    // SAFETY: the header was written by `Pending::finish` and is dropped once, through the
    // allocation pointer; `_free` frees the allocation afterwards, also if a source's or a
    // detail's `Drop` panics.
    unsafe { drop_header(ptr) };
}

/// The value body of the payload at `ptr`, if `matches` says its type is the `K` that
/// `expected` describes.
///
/// # Safety
///
/// `ptr` is a live payload's allocation pointer, whose value is not dropped during `'a`;
/// `matches` returns `true` only for a `ValueInfo` that describes `K` (`ValueInfo::is` and
/// `ValueInfo::is_exactly` do).
#[inline]
unsafe fn value_of<'a, K: 'static>(
    ptr: NonNull<Header>,
    expected: &'static ValueType<K>,
    matches: fn(&'static ValueInfo, &'static ValueType<K>) -> bool,
) -> Option<&'a K> {
    // SAFETY: as the caller guarantees; a read of one field, which never changes. A message
    // body's description matches no `K`.
    let ty = unsafe { (*ptr.as_ptr()).body };
    if !matches(ty, expected) {
        return None;
    }
    // SAFETY: the payload was built by `alloc_value::<K>` (its type says so), which wrote a `K`
    // there; it is never written again.
    Some(unsafe { value_ptr::<K>(ptr).as_ref() })
}

/// A share of a payload's value body, held by a changed copy of a status with fields: it keeps
/// the allocation and the value alive, and reaches nothing else (the extras may be gone).
pub(crate) struct ValueShare(NonNull<Header>);

// SAFETY: a `ValueShare` reads only the value, a `K: Send + Sync` (the bound of
// `Repr::alloc_value`), and header fields written once at construction; its count is atomic.
unsafe impl Send for ValueShare {}
// SAFETY: as for `Send`; `&ValueShare` only reads.
unsafe impl Sync for ValueShare {}

impl ValueShare {
    /// A new share of `payload`'s value, if it has a value body.
    pub(crate) fn of(payload: PayloadRef<'_>) -> Option<Self> {
        if !payload.has_value() {
            return None;
        }
        // The word `payload` came from holds a status share, so the status words' share of
        // the value is alive: the count is at least one.
        payload.holders().increment();
        Some(Self(payload.ptr))
    }

    /// The value, if it is the `K` that `ty` describes.
    pub(crate) fn value<K: 'static>(&self, ty: &'static ValueType<K>) -> Option<&K> {
        #[cfg(loom)]
        // SAFETY: this share keeps the payload alive.
        unsafe { &(*self.0.as_ptr()).value_access }.read();
        // SAFETY: this share keeps the payload and its value alive while `self` is borrowed.
        unsafe { value_of(self.0, ty, ValueInfo::is) }
    }

    /// The `K` value, moved out, with its payload freed, when this share is the value's last
    /// holder: the status words' share is gone (their payload retired, its extras dropped) and
    /// no other share is left. Otherwise this share back, unchanged.
    pub(crate) fn take_value<K: 'static>(self, ty: &'static ValueType<K>) -> Result<K, Self> {
        // `Acquire`: the reads of the holders given up on other threads happen before the
        // value is moved and the payload freed.
        if self.value(ty).is_none() || !self.holders().is_unique() {
            return Err(self);
        }
        let ptr = self.0;
        core::mem::forget(self);
        // SAFETY: the payload holds a `K` made by `alloc_value::<K>` (its type says so). This
        // share, given up just now without a decrement, was its one reference: the status
        // words count as one holder while any is left, so a unique count means none is, and no
        // other share is; a new share is only taken from a status word or from a share. The
        // header's extras were dropped when the last status word's share retired
        // (`retire_shared_value`), leaving none to drop twice.
        Ok(unsafe { take_and_free::<K>(ptr) })
    }

    /// The description of the value's type (a value's: `of` checked it).
    pub(crate) fn info(&self) -> &'static ValueInfo {
        // SAFETY: this share keeps the payload alive; a read of one field, which never
        // changes.
        unsafe { (*self.0.as_ptr()).body }
    }

    /// The count of the value's holders.
    fn holders(&self) -> &RefCount {
        // SAFETY: this share keeps the payload alive; the reference covers the count only.
        unsafe { &(*self.0.as_ptr()).holders }
    }
}

impl Clone for ValueShare {
    fn clone(&self) -> Self {
        self.holders().increment();
        Self(self.0)
    }
}

impl Drop for ValueShare {
    fn drop(&mut self) {
        if !self.holders().decrement_is_last() {
            return;
        }
        // SAFETY: the payload is live until freed; a read of one field, set at construction:
        // a value's description (`of` took shares of value bodies only).
        let ty = unsafe { (*self.0.as_ptr()).body };
        // SAFETY: that was the last holder: the status words' share is gone too, so nothing
        // references the payload, whose value is a `K` whose `free` this is.
        unsafe { (ty.free)(self.0) };
    }
}

/// A payload under construction: allocated, its message being written, its header not yet.
/// Freed on drop, so a message writer that panics leaks nothing.
pub(crate) struct Pending {
    /// The allocation's own pointer.
    ptr: NonNull<Header>,
    /// Message bytes allocated after the header.
    cap: usize,
    /// Message bytes written, as the sink counted them.
    len: usize,
}

impl Pending {
    /// Room for a header and `cap` message bytes, or `None` if the allocator fails.
    #[inline]
    pub(crate) fn new(cap: usize) -> Option<Self> {
        let layout = message_layout(cap)?;
        // SAFETY: the layout has a non-zero size (it holds at least a `Header`).
        let ptr = NonNull::new(unsafe { alloc::alloc::alloc(layout) })?;
        Some(Self {
            ptr: ptr.cast(),
            cap,
            len: 0,
        })
    }

    /// Room for a header and `text`, with `text` copied in: what a message that is already
    /// text (or was formatted on the stack first) takes, with no sink. `None` if the
    /// allocator fails.
    #[inline]
    pub(crate) fn with_text(text: &str) -> Option<Self> {
        let mut this = Self::new(text.len())?;
        // SAFETY: the `cap == text.len()` bytes after the header are part of the allocation,
        // reached from its own pointer, and nothing else refers to them yet; the allocation
        // was made just now, so `text` cannot overlap it.
        unsafe {
            copy_bytes(text.as_bytes(), this.ptr.cast::<u8>().as_ptr().add(HEADER));
        }
        this.len = text.len();
        Some(this)
    }

    /// Writes the message with `write`, into a sink over the message bytes; what does not fit
    /// in `cap` bytes is cut at a char boundary. The length recorded is the sink's.
    ///
    /// Inlined into the constructor that calls it, with the writer: a call here would be one
    /// more frame on the formatted-message path (`compare`'s formatted4 row).
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "the writer is inlined into it, and it into the one constructor that calls it"
    )]
    pub(crate) fn write(&mut self, write: impl FnOnce(&mut MessageSink<'_>)) {
        // SAFETY: the `cap` bytes after the header are part of the allocation, reached from its
        // own pointer; nothing else refers to them while `self` is borrowed uniquely. The slice
        // covers those bytes only, and the sink writes only inside it.
        let bytes = unsafe {
            core::slice::from_raw_parts_mut(
                self.ptr
                    .cast::<u8>()
                    .as_ptr()
                    .add(HEADER)
                    .cast::<MaybeUninit<u8>>(),
                self.cap,
            )
        };
        let mut sink = MessageSink::new(bytes);
        write(&mut sink);
        self.len = sink.len();
    }

    /// Writes the header in front of the message and hands the payload to a heap word.
    #[inline]
    pub(crate) fn finish(
        self,
        code: u32,
        location: Option<&'static Location<'static>>,
        extras: Option<Box<Extras>>,
    ) -> Repr {
        self.finish_with(code, location, extras.into(), false)
    }

    /// `finish` for a text body: the message bytes are the text of the variant of `code` whose
    /// one field is a `String` (see `Header::text_field`), and the payload has no extras yet.
    #[inline]
    pub(crate) fn finish_text_field(
        self,
        code: u32,
        location: Option<&'static Location<'static>>,
    ) -> Repr {
        self.finish_with(code, location, ExtrasAt::None, true)
    }

    /// `finish`, with the extras wherever they are, and the message bytes a text body's when
    /// `text_field`.
    #[inline]
    fn finish_with(
        self,
        code: u32,
        location: Option<&'static Location<'static>>,
        extras: ExtrasAt,
        text_field: bool,
    ) -> Repr {
        let this = core::mem::ManuallyDrop::new(self);
        let header = Header {
            text_field,
            ..Header::fresh(code, this.cap, this.len, location, extras, &MESSAGE_BODY)
        };
        // SAFETY: `ptr` is a live allocation aligned for `Header` and large enough for it; its
        // message bytes were written by a sink, which recorded `len <= cap`.
        unsafe { this.ptr.write(header) };
        // The heap tag is `00`: the word is the allocation pointer as it is.
        Repr(this.ptr.cast())
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        // SAFETY: `ptr` was allocated with this layout (checked in `new`) and no header was
        // written into it, so there is nothing to drop.
        unsafe {
            alloc::alloc::dealloc(
                self.ptr.cast().as_ptr(),
                message_layout(self.cap).unwrap_unchecked(),
            );
        }
    }
}
