//! One word, a niche, and the auto traits.

mod common;

use std::mem::size_of;
use std::panic::{RefUnwindSafe, UnwindSafe};

use common::Status;

#[test]
fn status_is_one_word_with_a_niche() {
    assert_eq!(size_of::<Status>(), size_of::<usize>());
    assert_eq!(size_of::<Option<Status>>(), size_of::<usize>());
    assert_eq!(size_of::<Result<(), Status>>(), size_of::<usize>());
    // A `u64` beside the word (the word's niche holds the tag): the `u64` and the word, padded
    // to the `u64`'s alignment (two words on a 64-bit target).
    assert_eq!(
        size_of::<Result<u64, Status>>(),
        size_of::<u64>() + size_of::<usize>().max(align_of::<u64>())
    );
    assert_eq!(size_of::<Result<usize, Status>>(), 2 * size_of::<usize>());
}

#[test]
fn status_has_the_auto_traits() {
    fn check<T: Send + Sync + Unpin + UnwindSafe + RefUnwindSafe + 'static>() {}
    check::<Status>();
    check::<Result<(), Status>>();
}

#[test]
fn status_is_an_error_that_boxes() {
    fn check<T: std::error::Error + Send + Sync + 'static>() {}
    check::<Status>();
}
