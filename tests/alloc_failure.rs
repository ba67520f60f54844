//! Creation never fails: with an allocator that returns null on demand, every constructor
//! degrades to the code alone and every change leaves the status as it was. No abort, no panic,
//! no leak.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use common::{Status, StatusCode};
use fast_status::status;

/// The global allocator, which fails this thread's allocations while armed.
struct Failing;

#[derive(Clone, Copy)]
enum Plan {
    /// Allocate normally.
    Succeed,
    /// Fail the allocation with this index (0 = the next one) and every one after it.
    FailFrom(usize),
    /// Fail only the allocation with this index.
    FailOnly(usize),
}

thread_local! {
    static PLAN: Cell<Plan> = const { Cell::new(Plan::Succeed) };
    static SEEN: Cell<usize> = const { Cell::new(0) };
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

/// What each failure test runs for allocation `k`: none failing, only `k`, and `k` and every
/// one after it.
fn plans(k: usize) -> [Plan; 3] {
    [Plan::Succeed, Plan::FailOnly(k), Plan::FailFrom(k)]
}

/// Whether this allocation must fail, counting it.
fn should_fail() -> bool {
    let Ok(seen) = SEEN.try_with(|s| s.replace(s.get() + 1)) else {
        return false;
    };
    match PLAN.try_with(Cell::get).unwrap_or(Plan::Succeed) {
        Plan::Succeed => false,
        Plan::FailFrom(first) => seen >= first,
        Plan::FailOnly(only) => seen == only,
    }
}

#[allow(clippy::cast_possible_wrap)]
fn track(bytes: usize, sign: isize) {
    let _ = LIVE.try_with(|l| l.set(l.get() + sign * bytes as isize));
}

// SAFETY: forwards to `System`, or returns null, which `GlobalAlloc` allows.
unsafe impl GlobalAlloc for Failing {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if should_fail() {
            return std::ptr::null_mut();
        }
        track(layout.size(), 1);
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        track(layout.size(), -1);
        // SAFETY: the caller upholds `GlobalAlloc::dealloc`'s contract.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if should_fail() {
            return std::ptr::null_mut();
        }
        track(layout.size(), -1);
        track(new_size, 1);
        // SAFETY: the caller upholds `GlobalAlloc::realloc`'s contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Failing = Failing;

/// Runs `f` under `plan`; returns what `f` returned and the bytes left live after it.
fn with_plan<R>(plan: Plan, f: impl FnOnce() -> R) -> R {
    fast_status::set_backtrace_capture(false);
    SEEN.with(|s| s.set(0));
    PLAN.with(|p| p.set(plan));
    let result = f();
    PLAN.with(|p| p.set(Plan::Succeed));
    result
}

fn live() -> isize {
    LIVE.with(Cell::get)
}

#[test]
fn constructors_degrade_to_the_code() {
    let before = live();
    let statuses = with_plan(Plan::FailFrom(0), || {
        let x = 5;
        [
            Status::invalid(format_args!("x = {x}")),
            Status::new(StatusCode::KeyError, "literal through Display"),
            status!(StatusCode::Invalid, "x = {}", x),
            status!(StatusCode::Invalid, "x = {x}"),
            Status::io_error(format_args!("{}", "y".repeat(0))),
            status!(StatusCode::Invalid, "{x} {} {}", "s", 2.5),
        ]
    });
    for status in &statuses {
        assert_eq!(status.message(), "");
        assert_eq!(status.location(), None);
    }
    assert_eq!(statuses[0].code(), StatusCode::Invalid);
    assert_eq!(statuses[1].code(), StatusCode::KeyError);
    assert_eq!(statuses[4].code(), StatusCode::IOError);
    drop(statuses);
    assert_eq!(live(), before);
}

#[test]
fn static_and_code_only_statuses_need_no_memory() {
    let (static_status, code_only) = with_plan(Plan::FailFrom(0), || {
        (
            status!(StatusCode::Invalid, "static"),
            status!(StatusCode::Cancelled),
        )
    });
    assert_eq!(static_status.to_string(), "Invalid: static");
    assert_eq!(code_only.to_string(), "Cancelled");
}

#[test]
fn conversions_keep_the_errors_text_or_degrade_and_drop_it() {
    let before = live();
    let io = std::io::Error::other("disk on fire");
    let status: Status = with_plan(Plan::FailFrom(0), || io.into());
    assert!(status.is_io_error());
    assert_eq!(status.message(), "");
    assert!(std::error::Error::source(&status).is_none());
    drop(status);
    assert_eq!(live(), before, "the io::Error was dropped, not leaked");

    // The source cannot be stored (its extras, then the source itself, fail in turn): its
    // text is kept as the message instead, and nothing leaks.
    for failing in [0, 1] {
        let io = std::io::Error::other("disk on fire");
        let status: Status = with_plan(Plan::FailOnly(failing), || io.into());
        assert_eq!(
            status.message(),
            "disk on fire",
            "allocation {failing} failed"
        );
        assert!(std::error::Error::source(&status).is_none());
        drop(status);
        assert_eq!(live(), before);
    }

    // With memory, the source is stored and its text is not repeated as the message.
    let io = std::io::Error::other("disk on fire");
    let status: Status = io.into();
    assert_eq!(status.message(), "");
    assert_eq!(status.to_string(), "IOError");
    assert_eq!(
        std::error::Error::source(&status).map(ToString::to_string),
        Some("disk on fire".to_owned())
    );
}

#[test]
fn changes_without_memory_leave_the_status_as_it_was() {
    let before = live();
    let status = Status::invalid(format_args!("original {}", 1)).with_detail(1_u8);
    let shared = status.clone();
    let (changed, copy) = with_plan(Plan::FailFrom(0), || {
        let changed = status
            .with_message(format_args!("new {}", 2))
            .with_detail(2_u16)
            .context("lost");
        // A shared status must be copied before it changes: no memory, no copy, no change.
        let copy = shared.clone().with_detail(3_u32).context("lost too");
        (changed, copy)
    });
    for s in [&changed, &copy] {
        assert_eq!(s.message(), "original 1");
        assert_eq!(s.detail::<u8>(), Some(&1));
        assert_eq!(s.detail::<u16>(), None);
        assert_eq!(s.detail::<u32>(), None);
        assert_eq!(s.context_lines().count(), 0);
    }
    drop((changed, copy, shared));
    assert_eq!(live(), before);
}

/// A long message is measured on a stack pass of its first 128 bytes, then allocated at its
/// length: when that allocation fails, the status keeps those first bytes, cut at a char.
#[test]
fn a_long_message_without_room_keeps_its_first_bytes() {
    let long = "é".repeat(100);
    let before = live();
    let status = with_plan(Plan::FailOnly(0), || {
        Status::invalid(format_args!("a{long}"))
    });
    assert_eq!(status.message(), format!("a{}", "é".repeat(63)));
    assert!(status.location().is_some());
    drop(status);
    let status = with_plan(Plan::FailFrom(0), || {
        Status::invalid(format_args!("a{long}"))
    });
    assert_eq!(status.message(), "", "no memory at all: the code alone");
    drop(status);
    assert_eq!(live(), before);
}

/// Every allocation of a composite operation fails in turn (alone, then with all after it):
/// never a crash, always a usable status, nothing leaked.
#[test]
fn any_single_failure_is_survived() {
    let before = live();
    for k in 0..24 {
        for plan in plans(k) {
            // The test's own allocations happen before the plan is armed.
            let long = "z".repeat(300);
            let detail = String::from("a detail");
            let io = std::io::Error::other("io");
            let status = with_plan(plan, move || {
                let status = Status::key_error(format_args!("key {long}"))
                    .with_detail(detail)
                    .context(format_args!("while {}", "reading"));
                let copy = status.clone().with_message("changed").context("more");
                let io: Status = io.into();
                drop(io);
                drop(status);
                copy
            });
            assert!(status.is_key_error(), "the code survives plan k={k}");
            if matches!(plan, Plan::Succeed) {
                assert_eq!(status.message(), "changed");
                let allocations = SEEN.with(Cell::get);
                assert!(allocations < 24, "k covers all {allocations} allocations");
            }
            drop(status);
        }
    }
    assert_eq!(live(), before);
}

/// A code-only status keeps its first context lines in the allocation it moves to; moving
/// them out (a new message), copying them (a clone changed) and outgrowing the room each
/// allocate. Every allocation of that chain fails in turn: the status stays usable, the lines
/// it keeps are whole, nothing leaks.
#[test]
fn context_lines_kept_in_place_survive_any_single_failure() {
    let before = live();
    for k in 0..16 {
        for plan in plans(k) {
            let detail = String::from("a detail");
            let status = with_plan(plan, move || {
                let status = Status::from_code(StatusCode::KeyError)
                    .context("first")
                    .context(format_args!("second {}", 2));
                let copy = status.clone().context("on the copy");
                let renamed = status.with_message("renamed").with_detail(detail);
                let mut many = copy;
                for _ in 0..8 {
                    many = many.context("a line of exactly thirty-two b.");
                }
                drop(renamed);
                many
            });
            assert!(status.is_key_error(), "the code survives plan k={k}");
            for (text, _) in status.context_lines() {
                assert!(
                    [
                        "first",
                        "second 2",
                        "on the copy",
                        "a line of exactly thirty-two b."
                    ]
                    .contains(&text),
                    "a whole line, not {text:?}"
                );
            }
            if matches!(plan, Plan::Succeed) {
                assert_eq!(status.context_lines().count(), 11);
                let allocations = SEEN.with(Cell::get);
                assert!(allocations < 16, "k covers all {allocations} allocations");
            }
            drop(status);
        }
    }
    assert_eq!(live(), before);
}

/// A status type with fields: a heap variant degrades to its code (and drops its fields), a
/// packed one needs no memory.
#[derive(fast_status::FastStatus, Debug)]
#[status(name = FieldError)]
enum FieldErrorKind {
    #[error("named {0}")]
    Named(String),
    #[error("bad offset {0:#x}")]
    BadOffset(u32),
    #[error("I/O: {0}")]
    Io(#[from] std::io::Error),
}

#[test]
fn kinds_without_memory_degrade_to_the_code_and_drop_their_fields() {
    let before = live();
    let name = String::from("a field that owns memory");
    let io = std::io::Error::other("an error that owns memory");
    let (named, packed, converted) = with_plan(Plan::FailFrom(0), || {
        (
            FieldError::named(name),
            FieldError::bad_offset(7),
            FieldError::from(io),
        )
    });
    assert!(named.is_named() && named.kind().is_none());
    assert_eq!(named.to_string(), "Named");
    // Made from text, the same.
    let text = with_plan(Plan::FailFrom(0), || {
        FieldError::named(format_args!("{}", 1))
    });
    assert!(text.is_named() && text.kind().is_none());
    // A text body read without memory for its field: no kind, no abort; and a message cannot
    // be given it without memory for the value, so it is left as it was.
    let text = FieldError::named("kept");
    assert!(with_plan(Plan::FailFrom(0), || text.kind().is_none()));
    let text = with_plan(Plan::FailFrom(0), || text.with_message("lost"));
    assert_eq!(
        (text.message(), text.to_string().as_str()),
        ("", "named kept")
    );
    drop(text);
    if cfg!(target_pointer_width = "64") {
        assert!(matches!(
            packed.kind().as_deref(),
            Some(FieldErrorKind::BadOffset(7))
        ));
    } else {
        // A 32-bit word has no room for fields: the variant needs memory there too.
        assert!(packed.is_bad_offset() && packed.kind().is_none());
    }
    assert!(converted.is_io() && converted.kind().is_none());
    drop((named, packed, converted));
    assert_eq!(live(), before, "the fields were dropped, not leaked");
}

/// Every allocation of changing a status with fields fails in turn: its kind is never lost.
#[test]
fn changing_a_status_with_fields_survives_any_single_failure() {
    let before = live();
    for k in 0..16 {
        for plan in plans(k) {
            let name = String::from("n");
            let statuses = with_plan(plan, move || {
                // The text body first (its `with_message` makes it a stored value), then
                // the variant moved in as a stored value, then a packed word.
                [
                    FieldError::named("n"),
                    FieldError::from(FieldErrorKind::Named(name)),
                    FieldError::bad_offset(3),
                ]
                .map(|status| {
                    let copy = status.clone();
                    let changed = copy.with_message("m").context("c").with_detail(1_u8);
                    drop(status);
                    changed
                })
            });
            if matches!(plan, Plan::Succeed) {
                for named in &statuses[..2] {
                    assert!(
                        matches!(named.kind().as_deref(), Some(FieldErrorKind::Named(n)) if n == "n")
                    );
                    assert_eq!(named.to_string(), "named n: m");
                }
                assert_eq!(statuses[2].to_string(), "bad offset 0x3: m");
            }
            // Whatever failed, a status that got its fields keeps them.
            for named in &statuses[..2] {
                if let Some(kind) = named.kind() {
                    assert!(
                        matches!(&*kind, FieldErrorKind::Named(n) if n == "n"),
                        "k={k}"
                    );
                }
            }
            if let Some(kind) = statuses[2].kind() {
                assert!(matches!(*kind, FieldErrorKind::BadOffset(3)), "k={k}");
            }
            assert!(
                statuses[2].kind().is_some() || cfg!(not(target_pointer_width = "64")),
                "a packed word needs no memory (on 64-bit targets, where words pack)"
            );
            drop(statuses);
        }
    }
    assert_eq!(live(), before);
}
