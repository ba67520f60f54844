//! Allocation helpers shared by the payload and the shared values: a `Box` that does not abort
//! when the allocator fails, and the guard that frees an allocation however its owner's drop
//! ends.

use alloc::boxed::Box;
use core::alloc::Layout;
use core::ptr::NonNull;

/// The allocator returned null.
#[derive(Debug)]
pub(crate) struct OutOfMemory;

/// `Box::new` that returns `None` instead of aborting when the allocator fails.
pub(crate) fn try_box<T>(value: T) -> Option<Box<T>> {
    try_box_with(|| value)
}

/// `Box::new(make())` that returns `None`, without calling `make`, when the allocator fails.
/// The value is made after the allocation, so it can be written straight into it instead of
/// being built on the stack and copied (a large value, such as the extras, is copied with a
/// `memcpy` otherwise). If `make` panics, the allocation is freed.
#[inline]
pub(crate) fn try_box_with<T>(make: impl FnOnce() -> T) -> Option<Box<T>> {
    let layout = Layout::new::<T>();
    if layout.size() == 0 {
        return Some(Box::new(make()));
    }
    // SAFETY: the layout's size is not zero.
    let ptr = NonNull::new(unsafe { alloc::alloc::alloc(layout) })?;
    let guard = FreeOnDrop { ptr, layout };
    let raw = ptr.cast::<T>();
    // SAFETY: `raw` is a fresh allocation with `T`'s layout, made by the global allocator, which
    // is what `Box` frees with; it is initialised before `Box` owns it, and the guard that
    // would free it is forgotten only once it is.
    unsafe {
        raw.write(make());
        core::mem::forget(guard);
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
