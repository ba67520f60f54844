//! A refcounted, immutable value whose allocation can fail without aborting: `Arc` with a
//! fallible constructor, for what a status shares between its clones and copies (its source,
//! its details, its backtrace).

use core::alloc::Layout;
use core::fmt;
use core::mem::ManuallyDrop;
use core::ops::Deref;
use core::ptr::{self, NonNull};

use super::extras::{Detail, Stored};
use super::raw::FreeOnDrop;
use super::refcount::RefCount;

/// One share of a value. The pointer is the allocation's own (from the allocator, through an
/// unsizing coercion at most), so it may read the value and, for the last share, free it.
pub(crate) struct Shared<T: ?Sized>(NonNull<SharedInner<T>>);

#[repr(C)]
struct SharedInner<T: ?Sized> {
    refcount: RefCount,
    /// Under loom, the accesses the refcount must order.
    #[cfg(loom)]
    access: super::refcount::Access,
    value: T,
}

// SAFETY: a `Shared<T>` hands out only `&T` and its refcount is atomic, exactly like `Arc<T>`,
// which is `Send + Sync` when `T: Send + Sync`.
unsafe impl<T: ?Sized + Send + Sync> Send for Shared<T> {}
// SAFETY: as for `Send`.
unsafe impl<T: ?Sized + Send + Sync> Sync for Shared<T> {}

impl<T> Shared<T> {
    /// `value` in an allocation of its own, or `value` back if the allocator fails.
    pub(crate) fn try_new(value: T) -> Result<Self, T> {
        let layout = Layout::new::<SharedInner<T>>();
        // SAFETY: `SharedInner<T>` holds a `RefCount`, so its size is not zero.
        let Some(raw) = NonNull::new(unsafe { alloc::alloc::alloc(layout) }) else {
            return Err(value);
        };
        let raw = raw.cast::<SharedInner<T>>();
        // SAFETY: `raw` is a fresh allocation with `SharedInner<T>`'s layout.
        unsafe {
            raw.write(SharedInner {
                refcount: RefCount::one(),
                #[cfg(loom)]
                access: super::refcount::Access::new(),
                value,
            });
        }
        Ok(Self(raw))
    }

    /// The allocation pointer, which the caller takes over with this share.
    fn into_raw(self) -> NonNull<SharedInner<T>> {
        ManuallyDrop::new(self).0
    }
}

impl Shared<dyn Stored> {
    /// `source` as a shared trait object, or `source` back if the allocator fails.
    pub(crate) fn try_new_source<S: Stored>(source: S) -> Result<Self, S> {
        // The constructor's argument is a coercion site: the pointer unsizes to the trait
        // object's, keeping its provenance.
        Shared::try_new(source).map(|shared| Self(shared.into_raw()))
    }
}

impl Shared<dyn Detail> {
    /// `value` as a shared detail, or `value` back if the allocator fails.
    pub(crate) fn try_new_detail<T: Detail>(value: T) -> Result<Self, T> {
        Shared::try_new(value).map(|shared| Self(shared.into_raw()))
    }
}

impl<T: ?Sized> Shared<T> {
    /// The value, to change, when this is its only share.
    pub(crate) fn get_mut(&mut self) -> Option<&mut T> {
        // SAFETY: this share keeps the allocation alive; the reference covers the count only.
        if !unsafe { &(*self.0.as_ptr()).refcount }.is_unique() {
            return None;
        }
        #[cfg(loom)]
        // SAFETY: as above.
        unsafe { &(*self.0.as_ptr()).access }.write();
        // SAFETY: the only share (`Acquire`: the reads of shares given up on other threads
        // happened before), borrowed uniquely: nothing else reads or writes the value while the
        // reference lives, and no new share can be taken but through this one. The reference
        // covers the value field only.
        Some(unsafe { &mut (*self.0.as_ptr()).value })
    }
}

impl<T: ?Sized> Deref for Shared<T> {
    type Target = T;

    fn deref(&self) -> &T {
        #[cfg(loom)]
        // SAFETY: this share keeps the allocation alive.
        unsafe { &(*self.0.as_ptr()).access }.read();
        // SAFETY: this share keeps the allocation alive; the value is never written after it
        // was moved in. The reference covers the value field only.
        unsafe { &(*self.0.as_ptr()).value }
    }
}

impl<T: ?Sized> Clone for Shared<T> {
    fn clone(&self) -> Self {
        // SAFETY: this share keeps the allocation alive; the reference covers the count only.
        unsafe { &(*self.0.as_ptr()).refcount }.increment();
        Self(self.0)
    }
}

impl<T: ?Sized> Drop for Shared<T> {
    fn drop(&mut self) {
        // SAFETY: this share keeps the allocation alive until the decrement; the reference
        // covers the count only and is not used after it.
        if !unsafe { &(*self.0.as_ptr()).refcount }.decrement_is_last() {
            return;
        }
        // SAFETY: that was the last share, so nothing else reads the value; `for_value` reads
        // only its size and alignment.
        let layout = Layout::for_value(unsafe { self.0.as_ref() });
        let _free = FreeOnDrop {
            ptr: self.0.cast(),
            layout,
        };
        #[cfg(loom)]
        // SAFETY: as above: the last share, nothing else reads the value.
        unsafe { &(*self.0.as_ptr()).access }.write();
        // SAFETY: the last share drops the value once, through the allocation pointer; `_free`
        // frees the allocation afterwards, also if the value's `Drop` panics.
        unsafe { ptr::drop_in_place(self.0.as_ptr()) };
    }
}

impl<T: ?Sized + fmt::Debug> fmt::Debug for Shared<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}
