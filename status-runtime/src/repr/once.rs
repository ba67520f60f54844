//! A box set at most once, through a shared reference, by whichever thread gets there first:
//! where a status keeps what it builds only when asked (the chain of its context lines, for
//! `Error::source`). Without `std` there is no `OnceLock`, so this is the lock-free form: each
//! racing thread builds its own value, one compare-and-swap publishes a winner, and the losers
//! drop theirs.

use alloc::boxed::Box;
use core::ptr::{self, NonNull};
use core::sync::atomic::{AtomicPtr, Ordering};

/// Empty, or a `Box<T>` published once and owned until dropped.
pub(crate) struct OnceBox<T> {
    /// Null, or a pointer from `Box::into_raw`, written once (until `clear`).
    ptr: AtomicPtr<T>,
}

// SAFETY: a `OnceBox<T>` owns a `T` (sending it sends the `T`) and shares `&T` between the
// threads that read it, exactly as `OnceLock<Box<T>>` does.
unsafe impl<T: Send + Sync> Send for OnceBox<T> {}
// SAFETY: as for `Send`: `&OnceBox<T>` hands out `&T`, and may build a `T` on any thread.
unsafe impl<T: Send + Sync> Sync for OnceBox<T> {}

impl<T> OnceBox<T> {
    /// Empty.
    pub(crate) const fn new() -> Self {
        Self {
            ptr: AtomicPtr::new(ptr::null_mut()),
        }
    }

    /// The value, building it with `make` if there is none yet. `None` if `make` gives none;
    /// a later call tries again.
    pub(crate) fn get_or_try_init(&self, make: impl FnOnce() -> Option<Box<T>>) -> Option<&T> {
        let published = if let Some(published) = NonNull::new(self.ptr.load(Ordering::Acquire)) {
            published
        } else {
            let new = Box::into_raw(make()?);
            match self.ptr.compare_exchange(
                ptr::null_mut(),
                new,
                Ordering::AcqRel,
                Ordering::Acquire,
            ) {
                // SAFETY: `Box::into_raw` never returns null.
                Ok(_) => unsafe { NonNull::new_unchecked(new) },
                Err(winner) => {
                    // SAFETY: `new` came from `Box::into_raw` above and was not published.
                    drop(unsafe { Box::from_raw(new) });
                    // SAFETY: a failed exchange read the non-null pointer another thread
                    // published.
                    unsafe { NonNull::new_unchecked(winner) }
                }
            }
        };
        // SAFETY: `published` came from `Box::into_raw` and was published once; it is freed only
        // by `clear` (which takes `&mut self`, as `Drop` does), so it lives while `self` is
        // borrowed.
        // The `Acquire` load or exchange that read it orders the `T`'s initialisation before.
        Some(unsafe { published.as_ref() })
    }

    /// Whether the box is empty.
    #[inline]
    pub(crate) fn is_empty(&mut self) -> bool {
        self.ptr.get_mut().is_null()
    }

    /// Empties the box, dropping its value.
    pub(crate) fn clear(&mut self) {
        let old = core::mem::replace(self.ptr.get_mut(), ptr::null_mut());
        if !old.is_null() {
            // SAFETY: a non-null pointer came from `Box::into_raw` and was published once; `&mut
            // self` means no reference handed out by `get_or_try_init` is alive.
            drop(unsafe { Box::from_raw(old) });
        }
    }
}

impl<T> Drop for OnceBox<T> {
    fn drop(&mut self) {
        self.clear();
    }
}

impl<T> Default for OnceBox<T> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use alloc::boxed::Box;
    use core::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::vec::Vec;

    use super::OnceBox;

    /// Counts its drops.
    struct Counted(Arc<AtomicUsize>);

    impl Drop for Counted {
        fn drop(&mut self) {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
    }

    #[test]
    fn racing_threads_see_one_value_and_the_losers_are_dropped() {
        let drops = Arc::new(AtomicUsize::new(0));
        let built = Arc::new(AtomicUsize::new(0));
        let once = Arc::new(OnceBox::<Counted>::new());
        let threads: Vec<_> = (0..4)
            .map(|_| {
                let (once, drops, built) =
                    (Arc::clone(&once), Arc::clone(&drops), Arc::clone(&built));
                std::thread::spawn(move || {
                    let value = once.get_or_try_init(|| {
                        built.fetch_add(1, Ordering::SeqCst);
                        Some(Box::new(Counted(drops)))
                    });
                    core::ptr::from_ref(value.expect("built")).addr()
                })
            })
            .collect();
        let seen: Vec<usize> = threads
            .into_iter()
            .map(|t| t.join().expect("no panic"))
            .collect();
        assert!(seen.windows(2).all(|w| w[0] == w[1]), "one value for all");
        // Every value built but the published one was dropped at once.
        let losers = built.load(Ordering::SeqCst) - 1;
        assert_eq!(drops.load(Ordering::SeqCst), losers);
        drop(Arc::into_inner(once).expect("the last reference"));
        assert_eq!(drops.load(Ordering::SeqCst), losers + 1);
    }

    #[test]
    fn a_failed_build_is_tried_again_and_clear_drops_the_value() {
        let drops = Arc::new(AtomicUsize::new(0));
        let mut once = OnceBox::<Counted>::new();
        assert!(once.get_or_try_init(|| None).is_none());
        assert!(
            once.get_or_try_init(|| Some(Box::new(Counted(Arc::clone(&drops)))))
                .is_some()
        );
        once.clear();
        assert_eq!(drops.load(Ordering::SeqCst), 1);
        assert!(once.get_or_try_init(|| None).is_none(), "empty again");
    }
}
