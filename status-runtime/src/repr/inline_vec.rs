//! A vector that keeps its first `N` items in place and moves to the heap only when they
//! overflow: a status's context lines and their text live in its extras this way, so the first
//! few lines cost no allocation beyond the extras themselves. The room in place starts
//! uninitialised, so making one costs a few stores, not a fill of `N` items.

use alloc::collections::TryReserveError;
use alloc::vec::Vec;
use core::mem::MaybeUninit;

use super::sink::copy_bytes;

/// Up to `N` items in place, then a `Vec`. Every growth is fallible: without memory the
/// contents are unchanged.
pub(crate) struct InlineVec<T: Copy, const N: usize> {
    /// The items while they fit: the first `len` are initialised.
    room: [MaybeUninit<T>; N],
    /// How many items are in `room`; not used once they moved to `heap`.
    len: usize,
    /// The items, once they outgrew `room`; unallocated (capacity 0) before. `T` is never
    /// zero-sized here, so an allocated `Vec` has a capacity.
    heap: Vec<T>,
}

impl<T: Copy, const N: usize> Default for InlineVec<T, N> {
    /// Empty, nothing allocated or initialised.
    fn default() -> Self {
        Self {
            room: [const { MaybeUninit::uninit() }; N],
            len: 0,
            heap: Vec::new(),
        }
    }
}

impl<T: Copy, const N: usize> InlineVec<T, N> {
    /// Whether the items moved to the heap.
    #[inline]
    fn on_heap(&self) -> bool {
        self.heap.capacity() != 0
    }

    /// The contents.
    #[inline]
    pub(crate) fn as_slice(&self) -> &[T] {
        if self.on_heap() {
            return &self.heap;
        }
        // SAFETY: the first `len <= N` items of `room` are initialised (every write below
        // initialises an item before counting it), and the slice borrows `room` through
        // `self`, from a pointer to the whole array.
        unsafe { core::slice::from_raw_parts(self.room.as_ptr().cast::<T>(), self.len) }
    }

    /// How many items there are.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        if self.on_heap() {
            self.heap.len()
        } else {
            self.len
        }
    }

    /// Whether there are none.
    pub(crate) fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Appends `item` in place: `false`, and the contents unchanged, when the items are on the
    /// heap or the room in place is full.
    #[inline]
    pub(crate) fn push_in_place(&mut self, item: T) -> bool {
        if self.on_heap() {
            return false;
        }
        let Some(slot) = self.room.get_mut(self.len) else {
            return false;
        };
        slot.write(item);
        self.len += 1;
        true
    }

    /// Appends `item`. Without memory, `Err` and the contents unchanged.
    #[inline]
    pub(crate) fn try_push(&mut self, item: T) -> Result<(), TryReserveError> {
        if self.push_in_place(item) {
            return Ok(());
        }
        if self.on_heap() {
            self.heap.try_reserve(1)?;
            self.heap.push(item);
            return Ok(());
        }
        self.try_move_to_heap(core::slice::from_ref(&item))
    }

    /// Moves the contents to the heap with `more` after them, reserving at least twice the
    /// room in place, so that the next few appends do not grow it again.
    #[cold]
    fn try_move_to_heap(&mut self, more: &[T]) -> Result<(), TryReserveError> {
        let mut heap = Vec::new();
        heap.try_reserve((self.len + more.len()).max(2 * N))?;
        heap.extend_from_slice(self.as_slice());
        heap.extend_from_slice(more);
        self.heap = heap;
        Ok(())
    }

    /// Keeps the first `len` items (all of them, if there are fewer).
    #[inline]
    pub(crate) fn truncate(&mut self, new_len: usize) {
        if self.on_heap() {
            self.heap.truncate(new_len);
        } else {
            self.len = new_len.min(self.len);
        }
    }

    /// A copy, holding only the contents; `Err` without memory.
    pub(crate) fn try_clone(&self) -> Result<Self, TryReserveError> {
        let mut heap = Vec::new();
        if self.on_heap() {
            heap.try_reserve_exact(self.heap.len().max(1))?;
            heap.extend_from_slice(&self.heap);
        }
        Ok(Self {
            room: self.room,
            len: self.len,
            heap,
        })
    }
}

/// Bytes: the context lines' text.
impl<const N: usize> InlineVec<u8, N> {
    /// Appends `more` in place: `false`, and the contents unchanged, when the bytes are on the
    /// heap or the room in place cannot take them.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "a context line's append: out of line, its frame costs more than the copy"
    )]
    pub(crate) fn extend_in_place(&mut self, more: &[u8]) -> bool {
        if self.on_heap() {
            return false;
        }
        let end = self.len + more.len();
        let Some(room) = self.room.get_mut(self.len..end) else {
            return false;
        };
        // SAFETY: `room` is `more.len()` bytes, borrowed from `self` uniquely, so `more`
        // (shared) does not overlap it; `MaybeUninit<u8>` has `u8`'s layout. A short text, the
        // common case, is copied inline, with no `memcpy` call.
        unsafe { copy_bytes(more, room.as_mut_ptr().cast::<u8>()) };
        self.len = end;
        true
    }

    /// Appends `more`. Without memory, `Err` and the contents unchanged.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "a context line's append: out of line, its frame costs more than the copy"
    )]
    pub(crate) fn try_extend_from_slice(&mut self, more: &[u8]) -> Result<(), TryReserveError> {
        if self.extend_in_place(more) {
            return Ok(());
        }
        if self.on_heap() {
            return self.try_extend_heap(more);
        }
        self.try_move_to_heap(more)
    }

    /// `try_extend_from_slice` once the text is on the heap (over `N` bytes of context lines):
    /// out of line, so that the append in place stays small enough to inline.
    #[cold]
    fn try_extend_heap(&mut self, more: &[u8]) -> Result<(), TryReserveError> {
        self.heap.try_reserve(more.len())?;
        self.heap.extend_from_slice(more);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::InlineVec;

    #[test]
    fn items_stay_in_place_until_they_overflow_then_keep_their_order_on_the_heap() {
        let mut v = InlineVec::<u8, 4>::default();
        assert!(v.is_empty());
        v.try_extend_from_slice(b"ab").unwrap();
        v.try_push(b'c').unwrap();
        assert!(!v.on_heap());
        assert_eq!(v.len(), 3);
        v.try_extend_from_slice(b"").unwrap();
        v.try_extend_from_slice(b"de").unwrap();
        assert!(v.on_heap() && v.heap.capacity() >= 8);
        v.try_push(b'f').unwrap();
        assert_eq!(v.as_slice(), b"abcdef");
        v.truncate(5);
        assert_eq!(v.as_slice(), b"abcde");
        v.truncate(2);
        v.try_push(b'z').unwrap();
        assert_eq!(v.as_slice(), b"abz");
        assert_eq!(v.try_clone().unwrap().as_slice(), b"abz");
    }

    #[test]
    fn a_first_append_longer_than_the_room_goes_to_the_heap_and_truncate_never_grows() {
        let mut v = InlineVec::<u8, 2>::default();
        v.try_extend_from_slice(b"abc").unwrap();
        assert!(v.on_heap());
        assert_eq!(v.len(), 3);
        let mut p = InlineVec::<u8, 2>::default();
        for b in *b"xyz" {
            p.try_push(b).unwrap();
        }
        assert!(p.on_heap() && p.heap.capacity() >= 4);
        assert_eq!(p.as_slice(), b"xyz");
        let mut w = InlineVec::<u8, 4>::default();
        w.try_extend_from_slice(b"xy").unwrap();
        w.truncate(3);
        assert_eq!(w.as_slice(), b"xy");
        let copy = w.try_clone().unwrap();
        w.truncate(0);
        assert!(w.is_empty());
        assert_eq!(copy.as_slice(), b"xy");
    }
}
