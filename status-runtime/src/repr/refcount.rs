//! The atomic share count of a heap payload or a [`Shared`](super::Shared) value.
//!
//! A count lives in `1..=isize::MAX`. Taking more shares than that cannot happen in practice
//! (each share is a word in memory), but must not wrap around to a small count, which would
//! free a value still in use. As Linux's `refcount_t` does, a count that leaves the valid range
//! is *saturated*: set to the middle of the top half of the range, where it stays (the value is
//! leaked, never freed). The middle is 2^62 steps from either end of that half, so increments and
//! decrements racing with the saturating store cannot bring it back to a valid count.
//!
//! Built with `--cfg loom`, the atomics are loom's, so the model checker explores every
//! interleaving of clones, drops and uniqueness checks (`tests/loom.rs`).

#[cfg(loom)]
use loom::sync::atomic::{AtomicUsize, Ordering, fence};

#[cfg(not(loom))]
use core::sync::atomic::{AtomicUsize, Ordering, fence};

/// The first count outside the valid range: the top half of `usize`.
const SATURATED_FROM: usize = isize::MAX as usize + 1;

/// What a count that left the valid range is set to: the middle of the top half.
const SATURATED: usize = SATURATED_FROM + SATURATED_FROM / 2;

/// Under loom, what a refcount protects: every read of the counted value touches this cell and
/// every write and the free write it, so the model checker reports an access the counts do not
/// order (a missing `Acquire` or `Release`), not only crashes.
#[cfg(loom)]
pub(crate) struct Access(loom::cell::UnsafeCell<()>);

// SAFETY: loom-only instrumentation holding no data: loom itself checks every access made
// through `read` and `write` for races, which is the point of the cell.
#[cfg(loom)]
unsafe impl Sync for Access {}

#[cfg(loom)]
impl Access {
    pub(crate) fn new() -> Self {
        Self(loom::cell::UnsafeCell::new(()))
    }

    /// Records a read of the value.
    pub(crate) fn read(&self) {
        self.0.with(|_| ());
    }

    /// Records a write (or the free) of the value.
    pub(crate) fn write(&self) {
        self.0.with_mut(|_| ());
    }
}

/// The share count of one value.
pub(crate) struct RefCount(AtomicUsize);

impl RefCount {
    /// The count of a new value: one share.
    pub(crate) fn one() -> Self {
        Self(AtomicUsize::new(1))
    }

    /// Takes one more share (no ordering needed: the caller holds one already, so the value
    /// cannot be freed meanwhile).
    #[inline]
    pub(crate) fn increment(&self) {
        let old = self.0.fetch_add(1, Ordering::Relaxed);
        if old >= isize::MAX as usize {
            self.saturate();
        }
    }

    /// Whether the caller's share is the only one. `Acquire` pairs with the `Release`
    /// decrements of shares dropped on other threads, so their reads happen before what the
    /// caller does next (writing or freeing).
    #[inline]
    pub(crate) fn is_unique(&self) -> bool {
        self.0.load(Ordering::Acquire) == 1
    }

    /// Gives up the caller's share; returns whether it was the last, after which nothing else
    /// can reach the value and the caller frees it. A saturated count never reaches the last
    /// share.
    #[inline]
    pub(crate) fn decrement_is_last(&self) -> bool {
        // The only share, the common case: no other word can reach the value to take a new
        // share, so it is freed without a read-modify-write. Not under loom, whose exploration
        // stops at a new thread's first atomic load (tokio-rs/loom#392, reproduced here: one
        // execution instead of three); there every decrement takes the read-modify-write
        // below, which decides the same.
        #[cfg(not(loom))]
        match self.0.load(Ordering::Acquire) {
            1 => return true,
            count if count >= SATURATED_FROM => return false,
            _ => {}
        }
        let old = self.0.fetch_sub(1, Ordering::Release);
        if old >= SATURATED_FROM {
            // Saturated (by another thread since the load, or before it under loom): undo the
            // step away from the middle.
            self.saturate();
            return false;
        }
        if old != 1 {
            return false;
        }
        // Pairs with the `Release` decrements of the other shares: their reads happen before
        // the free.
        fence(Ordering::Acquire);
        true
    }

    #[cold]
    fn saturate(&self) {
        self.0.store(SATURATED, Ordering::Relaxed);
    }

    /// A count of `count` shares, to test the edges of the range.
    #[cfg(all(test, not(loom)))]
    fn with(count: usize) -> Self {
        Self(AtomicUsize::new(count))
    }

    #[cfg(all(test, not(loom)))]
    fn get(&self) -> usize {
        self.0.load(Ordering::Relaxed)
    }
}

#[cfg(all(test, not(loom)))]
mod tests {
    use super::{RefCount, SATURATED, SATURATED_FROM};

    #[test]
    fn the_last_share_is_the_one_that_takes_the_count_to_zero() {
        let count = RefCount::one();
        count.increment();
        count.increment();
        assert!(!count.is_unique());
        assert!(!count.decrement_is_last());
        assert!(!count.decrement_is_last());
        assert!(count.is_unique());
        assert!(count.decrement_is_last());
    }

    #[test]
    fn leaving_the_valid_range_saturates_in_the_middle_of_the_top_half() {
        let count = RefCount::with(isize::MAX as usize);
        count.increment();
        assert_eq!(count.get(), SATURATED);
        // A saturated count never reaches the last share, whatever happens to it next.
        for _ in 0..1000 {
            count.increment();
            assert!(!count.decrement_is_last());
            assert!(!count.decrement_is_last());
            assert!(count.get() >= SATURATED_FROM);
        }
        assert!(!count.is_unique());
    }

    #[test]
    fn a_saturated_count_is_left_alone() {
        let count = RefCount::with(SATURATED_FROM);
        assert!(!count.decrement_is_last());
        assert_eq!(count.get(), SATURATED_FROM);
    }

    /// A decrement of a count saturated since its load (by another thread) puts the count back
    /// in the middle.
    #[test]
    fn a_decrement_that_finds_a_saturated_count_restores_the_middle() {
        let count = RefCount::with(SATURATED_FROM);
        count.0.fetch_sub(1, super::Ordering::Release);
        count.saturate();
        assert_eq!(count.get(), SATURATED);
    }

    /// The old sticky count could be decremented back into the valid range by racing threads;
    /// from the middle of the top half, a quarter of the range of unmatched steps either way
    /// stays saturated.
    #[test]
    fn the_middle_is_far_from_both_ends_of_the_top_half() {
        let quarter = SATURATED_FROM / 2;
        assert_eq!(SATURATED - SATURATED_FROM, quarter);
        assert_eq!(usize::MAX - SATURATED, quarter - 1);
    }
}
