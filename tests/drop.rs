//! What a status owns is dropped exactly once: after the last clone, from whichever thread.

mod common;

use std::error::Error as _;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::{Status, StatusCode};

/// A detail that counts its drops.
#[derive(Debug)]
struct DropCounter(Arc<AtomicUsize>);

impl Drop for DropCounter {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

/// Runs `work` on each of `statuses` on a thread of its own, all started together behind a
/// barrier, and returns what each returned, in order.
fn all_at_once<S, R>(statuses: Vec<S>, work: impl Fn(S) -> R + Send + Sync + 'static) -> Vec<R>
where
    S: Send + 'static,
    R: Send + 'static,
{
    let barrier = Arc::new(std::sync::Barrier::new(statuses.len()));
    let work = Arc::new(work);
    let handles: Vec<_> = statuses
        .into_iter()
        .map(|status| {
            let (barrier, work) = (Arc::clone(&barrier), Arc::clone(&work));
            std::thread::spawn(move || {
                barrier.wait();
                work(status)
            })
        })
        .collect();
    handles
        .into_iter()
        .map(|handle| handle.join().expect("no thread panicked"))
        .collect()
}

#[test]
fn a_detail_is_dropped_once_after_the_last_clone() {
    let drops = Arc::new(AtomicUsize::new(0));
    let status = Status::invalid("x").with_detail(DropCounter(Arc::clone(&drops)));
    let copies: Vec<Status> = (0..4).map(|_| status.clone()).collect();
    drop(status);
    assert_eq!(drops.load(Ordering::SeqCst), 0);
    drop(copies);
    assert_eq!(drops.load(Ordering::SeqCst), 1);
}

#[test]
fn a_replaced_detail_is_dropped_once() {
    let drops = Arc::new(AtomicUsize::new(0));
    let status = Status::invalid("x").with_detail(DropCounter(Arc::clone(&drops)));
    let status = status.with_detail(DropCounter(Arc::clone(&drops)));
    assert_eq!(drops.load(Ordering::SeqCst), 1);
    drop(status);
    assert_eq!(drops.load(Ordering::SeqCst), 2);
}

#[test]
fn copy_on_write_shares_details_until_both_sides_drop() {
    let drops = Arc::new(AtomicUsize::new(0));
    let status = Status::invalid("x").with_detail(DropCounter(Arc::clone(&drops)));
    let changed = status.clone().with_message("y").context("z");
    drop(status);
    assert_eq!(drops.load(Ordering::SeqCst), 0);
    assert!(changed.detail::<DropCounter>().is_some());
    drop(changed);
    assert_eq!(drops.load(Ordering::SeqCst), 1);
}

/// A source error that counts its drops.
#[derive(Debug)]
struct CountedError(Arc<AtomicUsize>);

impl std::fmt::Display for CountedError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("counted")
    }
}

impl std::error::Error for CountedError {}

impl Drop for CountedError {
    fn drop(&mut self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

/// A status type whose one code converts from `CountedError`.
#[derive(fast_status::FastStatus, Clone, Copy, Debug)]
enum CountedCode {
    /// From a `CountedError`.
    #[status(from = CountedError)]
    Counted = 1,
}

#[test]
fn a_source_is_dropped_once() {
    let drops = Arc::new(AtomicUsize::new(0));
    let status = Counted::from(CountedError(Arc::clone(&drops)));
    assert!(status.is_counted());
    assert_eq!(status.message(), "", "the source's text is not repeated");
    assert!(status.source().is_some());
    let copy = status.clone();
    drop(status);
    assert_eq!(drops.load(Ordering::SeqCst), 0);
    drop(copy);
    assert_eq!(drops.load(Ordering::SeqCst), 1);
}

#[test]
fn clones_dropped_from_many_threads_at_once_free_once() {
    const THREADS: usize = 8;
    // Miri interprets every instruction and explores thread interleavings of its own: fewer
    // rounds there.
    let (rounds, clones) = if cfg!(miri) { (2, 40) } else { (10, 2_000) };
    for _ in 0..rounds {
        let drops = Arc::new(AtomicUsize::new(0));
        let status = Status::key_error(format_args!("shared by {THREADS} threads"))
            .with_detail(DropCounter(Arc::clone(&drops)));
        // The original too, on a thread of its own.
        let mut statuses: Vec<Status> = (1..THREADS).map(|_| status.clone()).collect();
        statuses.push(status);
        all_at_once(statuses, move |mine| {
            for _ in 0..clones {
                let copy = mine.clone();
                assert_eq!(copy.message(), "shared by 8 threads");
                drop(copy);
            }
            assert!(mine.is_key_error());
        });
        assert_eq!(drops.load(Ordering::SeqCst), 1);
    }
}

#[test]
fn code_survives_every_state() {
    for status in [
        Status::from_code(StatusCode::Cancelled),
        fast_status::status!(StatusCode::Cancelled, "static"),
        Status::cancelled("heap"),
    ] {
        assert_eq!(status.clone().code(), StatusCode::Cancelled);
    }
}

/// A status type with fields whose value counts its drops.
#[derive(fast_status::FastStatus, Debug)]
#[status(name = Fielded)]
enum FieldedKind {
    /// Holds a drop counter: a heap variant.
    #[error("counted")]
    Counted(DropCounter),
}

/// A status type with fields, one variant owning what it drops and one owning nothing, that
/// never captures a backtrace: a payload without extras unless it is given some, whatever
/// `RUST_BACKTRACE` says.
#[derive(fast_status::FastStatus, Debug)]
#[status(name = Mixed, backtrace = never)]
enum MixedKind {
    /// Holds a drop counter.
    #[error("counted")]
    Counted(DropCounter),
    /// Owns nothing: freeing its payload drops nothing but what the status holds besides.
    #[error("plain {size}")]
    Plain { size: usize },
}

#[test]
fn a_variant_is_dropped_by_what_it_holds_not_by_its_enum() {
    let drops = Arc::new(AtomicUsize::new(0));
    // The enum needs dropping; this variant does, the other does not.
    drop(Mixed::counted(DropCounter(Arc::clone(&drops))));
    assert_eq!(drops.load(Ordering::SeqCst), 1);
    // A variant that owns nothing, with a detail that does: the detail is dropped with it.
    let status = Mixed::plain(usize::MAX).with_detail(DropCounter(Arc::clone(&drops)));
    assert!(matches!(
        status.kind().as_deref(),
        Some(MixedKind::Plain { size: usize::MAX })
    ));
    drop(status);
    assert_eq!(drops.load(Ordering::SeqCst), 2);
}

#[test]
fn a_variants_value_is_dropped_once_after_clones_on_many_threads() {
    const THREADS: usize = 8;
    let clones = if cfg!(miri) { 20 } else { 1_000 };
    let drops = Arc::new(AtomicUsize::new(0));
    let status = Fielded::counted(DropCounter(Arc::clone(&drops)));
    // A changed copy keeps a share of the value: dropped after both.
    let changed = status.clone().with_message("changed").context("in a copy");
    // Clones of each, and the two themselves, on threads of their own.
    let mut statuses: Vec<Fielded> = (2..THREADS)
        .map(|i| {
            if i % 2 == 0 {
                status.clone()
            } else {
                changed.clone()
            }
        })
        .collect();
    statuses.extend([status, changed]);
    all_at_once(statuses, move |mine| {
        for _ in 0..clones {
            let copy = mine.clone();
            assert!(copy.kind().is_some());
            drop(copy);
        }
    });
    assert_eq!(drops.load(Ordering::SeqCst), 1);
}

#[test]
fn a_value_moved_out_by_into_kind_is_dropped_once_by_its_new_owner() {
    let drops = Arc::new(AtomicUsize::new(0));
    // With extras: a detail that counts too, dropped with the rest of the payload.
    let status = Fielded::counted(DropCounter(Arc::clone(&drops)))
        .with_detail(DropCounter(Arc::clone(&drops)))
        .context("a line");
    let Ok(FieldedKind::Counted(value)) = status.into_kind() else {
        panic!("a unique status gives its value up");
    };
    assert_eq!(drops.load(Ordering::SeqCst), 1, "the detail, not the value");
    drop(value);
    assert_eq!(drops.load(Ordering::SeqCst), 2);
}

#[test]
fn into_kind_gives_a_shared_status_back_whole() {
    let drops = Arc::new(AtomicUsize::new(0));
    let status = Fielded::counted(DropCounter(Arc::clone(&drops)));
    // A clone reads the value: the status comes back, and so does its value.
    let clone = status.clone().into_kind().expect_err("shared with a clone");
    assert!(clone.kind().is_some());
    drop(clone);
    // A changed copy holds a share of the value: neither side can move it while both live.
    let changed = status.clone().with_message("changed");
    let status = status.into_kind().expect_err("shared with a changed copy");
    let changed = changed.into_kind().expect_err("shared with the original");
    assert!(changed.kind().is_some());
    drop(status);
    assert_eq!(drops.load(Ordering::SeqCst), 0);
    // Once the original is gone, the copy's share is the value's last holder.
    let Ok(FieldedKind::Counted(value)) = changed.into_kind() else {
        panic!("the last holder gives the value up");
    };
    assert_eq!(drops.load(Ordering::SeqCst), 0);
    drop(value);
    assert_eq!(drops.load(Ordering::SeqCst), 1);
}

#[test]
fn into_kind_on_many_threads_moves_the_value_out_once() {
    const THREADS: usize = 8;
    let rounds = if cfg!(miri) { 5 } else { 200 };
    let drops = Arc::new(AtomicUsize::new(0));
    for _ in 0..rounds {
        let status = Fielded::counted(DropCounter(Arc::clone(&drops)));
        // Each thread tries to move the value out of its copy (the original among them) and
        // drops what it gets: at most one succeeds, and whichever does drops the value.
        let mut statuses: Vec<Fielded> = (1..THREADS).map(|_| status.clone()).collect();
        statuses.push(status);
        let moved: usize = all_at_once(statuses, |mine| usize::from(mine.into_kind().is_ok()))
            .into_iter()
            .sum();
        assert!(moved <= 1, "{moved} threads moved one value out");
    }
    assert_eq!(drops.load(Ordering::SeqCst), rounds);
}
