//! A source or detail whose `Drop` panics: the panic goes on, and the status's payload and
//! everything else it holds are freed all the same (the runtime frees through a guard, as
//! `Arc::drop_slow` does). A counting allocator checks that no byte stays allocated; the
//! sanitizer runs (`scripts/check-memory.sh`) check the same with LeakSanitizer and memcheck.
//!
//! Its own test binary: the panic hook is silenced for the whole process, so that printing a
//! panic (which may capture a backtrace and keep caches) does not count as a leak.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fmt;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Once;

use common::{Status, StatusCode};
use fast_status::ResultExt;

struct Counting;

thread_local! {
    static LIVE_BYTES: Cell<isize> = const { Cell::new(0) };
}

#[allow(
    clippy::cast_possible_wrap,
    reason = "allocation sizes are below isize::MAX"
)]
fn count(size: usize, sign: isize) {
    let _ = LIVE_BYTES.try_with(|l| l.set(l.get() + sign * size as isize));
}

// SAFETY: forwards to `System`, counting on the way.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size(), 1);
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(layout.size(), -1);
        // SAFETY: the caller upholds `GlobalAlloc::dealloc`'s contract.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `f`, which must panic, and returns the bytes it left allocated.
fn bytes_left_by_panicking(f: impl FnOnce()) -> isize {
    static SILENCE: Once = Once::new();
    SILENCE.call_once(|| std::panic::set_hook(Box::new(|_| {})));
    fast_status::set_backtrace_capture(false);
    let before = LIVE_BYTES.with(Cell::get);
    let panic = catch_unwind(AssertUnwindSafe(f)).expect_err("the drop panics");
    drop(panic);
    LIVE_BYTES.with(Cell::get) - before
}

/// A detail whose `Drop` panics.
#[derive(Debug)]
struct PanicsOnDrop;

impl Drop for PanicsOnDrop {
    fn drop(&mut self) {
        panic!("a detail's drop panicked");
    }
}

/// An error whose `Drop` panics.
#[derive(Debug)]
struct PanickingError;

impl fmt::Display for PanickingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("panics when dropped")
    }
}

impl std::error::Error for PanickingError {}

impl Drop for PanickingError {
    fn drop(&mut self) {
        panic!("a source's drop panicked");
    }
}

#[test]
fn a_detail_whose_drop_panics_leaks_nothing() {
    let left = bytes_left_by_panicking(|| {
        // The other details and the context lines are dropped too, after the panicking one.
        let status = Status::invalid(format_args!("value {}", 7))
            .with_detail(1_u32)
            .with_detail(PanicsOnDrop)
            .with_detail(String::from("after"))
            .context("a line");
        drop(status);
    });
    assert_eq!(left, 0);
}

#[test]
fn a_detail_in_extras_made_in_place_whose_drop_panics_leaks_nothing() {
    let left = bytes_left_by_panicking(|| {
        // A code gaining a line moves to one allocation that holds its extras in place.
        let status = Status::from_code(StatusCode::Invalid)
            .context("a line")
            .with_detail(PanicsOnDrop)
            .with_detail(String::from("after"))
            .context("another line");
        drop(status);
    });
    assert_eq!(left, 0);
}

#[test]
fn a_shared_detail_whose_drop_panics_leaks_nothing_after_the_last_clone() {
    let left = bytes_left_by_panicking(|| {
        let status = Status::invalid("shared").with_detail(PanicsOnDrop);
        // A copy on write: the two payloads share the detail.
        let changed = status.clone().context("changed");
        drop(status);
        drop(changed);
    });
    assert_eq!(left, 0);
}

#[test]
fn a_source_whose_drop_panics_leaks_nothing() {
    let left = bytes_left_by_panicking(|| {
        let status = Err::<(), _>(PanickingError)
            .or_status(StatusCode::IOError)
            .expect_err("an error")
            .with_detail(2_u64);
        assert!(std::error::Error::source(&status).is_some());
        drop(status);
    });
    assert_eq!(left, 0);
}

/// A kind whose field panics when dropped.
#[derive(fast_status::FastStatus, Debug)]
#[status(name = Failing)]
#[allow(dead_code, reason = "the fields are held for their `Drop`")]
enum FailingKind {
    /// One allocation: the value, then the extras a detail and a line add.
    #[error("a field that panics when dropped")]
    Field(PanicsOnDrop, String),
}

#[test]
fn a_value_whose_drop_panics_leaks_nothing() {
    let left = bytes_left_by_panicking(|| {
        let status = Failing::field(PanicsOnDrop, String::from("owned"))
            .with_detail(String::from("detail"))
            .context("a line");
        // A changed copy shares the value: freed after both.
        let copy = status.clone().with_detail(3_u8);
        drop(status);
        drop(copy);
    });
    assert_eq!(left, 0);
}

/// The same kind with no backtrace, whatever the environment says, so that a status made
/// alone has no extras: its free drops the value and nothing else.
#[derive(fast_status::FastStatus, Debug)]
#[status(name = Bare, backtrace = never)]
#[allow(dead_code, reason = "the fields are held for their `Drop`")]
enum BareKind {
    /// One allocation: the value alone.
    #[error("a field that panics when dropped")]
    Field(PanicsOnDrop, String),
}

#[test]
fn a_value_without_extras_whose_drop_panics_leaks_nothing() {
    let left = bytes_left_by_panicking(|| {
        let status = Bare::field(PanicsOnDrop, String::from("owned"));
        drop(status);
    });
    assert_eq!(left, 0);
    // Shared by a clone: freed after the last.
    let left = bytes_left_by_panicking(|| {
        let status = Bare::field(PanicsOnDrop, String::from("owned"));
        let clone = status.clone();
        drop(status);
        drop(clone);
    });
    assert_eq!(left, 0);
}

/// A kind that owns memory: moved out by `into_kind`, it must be dropped (freed) if dropping
/// the rest of the status panics.
#[derive(fast_status::FastStatus, Debug)]
#[status(name = Owning)]
#[allow(dead_code, reason = "the field is held for its memory")]
enum OwningKind {
    #[error("owns a string")]
    Owns(String),
}

#[test]
fn into_kind_whose_extras_panic_when_dropped_leaks_nothing() {
    let returned = Cell::new(false);
    let left = bytes_left_by_panicking(|| {
        let status = Owning::owns(String::from("owned"))
            .with_detail(PanicsOnDrop)
            .context("a line");
        let kind = status.into_kind();
        returned.set(true);
        drop(kind);
    });
    // The panic came from dropping the extras inside `into_kind` (the value moved out), not
    // from dropping a status it gave back.
    assert!(!returned.get());
    assert_eq!(left, 0);
}

/// The same for a changed copy (`with_message` makes a new payload holding a share of the
/// value): the value moves out of the original's payload, and the copy's extras panic when
/// `into_kind` drops the status, after the value came out.
#[test]
fn into_kind_of_a_changed_copy_whose_extras_panic_when_dropped_leaks_nothing() {
    let returned = Cell::new(false);
    let left = bytes_left_by_panicking(|| {
        let status = Owning::owns(String::from("owned"))
            .with_message("a message of its own")
            .with_detail(PanicsOnDrop);
        let kind = status.into_kind();
        returned.set(true);
        drop(kind);
    });
    assert!(!returned.get());
    assert_eq!(left, 0);
}

/// A status converted from another (`from = NestedInner`), and back, to nest statuses as
/// sources of statuses.
#[derive(fast_status::FastStatus, Clone, Copy, Debug)]
#[status(name = NestedOuter)]
enum NestedOuterCode {
    /// Holds a `NestedInner` as its source.
    #[status(from = NestedInner)]
    Wrapped,
}

/// The other half of the nesting.
#[derive(fast_status::FastStatus, Clone, Copy, Debug)]
#[status(name = NestedInner)]
enum NestedInnerCode {
    /// Holds a `NestedOuter` as its source.
    #[status(from = NestedOuter)]
    Wrapped,
    /// The innermost status.
    Leaf,
}

/// Statuses nested as sources are released in a loop, each taken out of its holder first: a
/// panicking `Drop` in the middle of the nesting leaves the statuses already taken out
/// released as the panic unwinds, and nothing allocated.
#[test]
fn nested_statuses_with_a_panicking_drop_in_the_middle_leak_nothing() {
    let left = bytes_left_by_panicking(|| {
        let leaf = NestedInner::from_code(NestedInnerCode::Leaf).context("the leaf's line");
        let middle = NestedOuter::from(leaf).with_detail(PanicsOnDrop);
        let outer = NestedOuter::from(NestedInner::from(middle));
        drop(outer);
    });
    assert_eq!(left, 0);
}
