//! Allocation helpers shared by the payload and the shared values: a `Box` that does not abort
//! when the allocator fails, and the guard that frees an allocation however its owner's drop
//! ends.

use alloc::boxed::Box;
use core::alloc::Layout;
use core::ptr::NonNull;

/// `Box::new` that returns `None` instead of aborting when the allocator fails.
pub(crate) fn try_box<T>(value: T) -> Option<Box<T>> {
    let layout = Layout::new::<T>();
    if layout.size() == 0 {
        return Some(Box::new(value));
    }
    // SAFETY: the layout's size is not zero.
    let raw = NonNull::new(unsafe { alloc::alloc::alloc(layout) })?.cast::<T>();
    // SAFETY: `raw` is a fresh allocation with `T`'s layout, made by the global allocator, which
    // is what `Box` frees with; it is initialised before `Box` owns it.
    unsafe {
        raw.write(value);
        Some(Box::from_raw(raw.as_ptr()))
    }
}

/// Frees an allocation when dropped: created before the values in the allocation are dropped,
/// so that a `Drop` that panics still frees it (as `Arc::drop_slow` does).
pub(super) struct FreeOnDrop {
    /// The allocation's own pointer, as the allocator returned it.
    pub(super) ptr: NonNull<u8>,
    /// The layout it was allocated with.
    pub(super) layout: Layout,
}

impl Drop for FreeOnDrop {
    #[inline]
    fn drop(&mut self) {
        // SAFETY: whoever built the guard owned the allocation made at `ptr` with `layout`, and
        // gave it to the guard: nothing uses it after this.
        unsafe { alloc::alloc::dealloc(self.ptr.as_ptr(), self.layout) };
    }
}
