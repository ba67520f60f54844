//! How many allocations each kind of status costs, and that every one is freed: a counting
//! global allocator. Counts are per thread, so tests running in parallel do not disturb them.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use common::{Status, StatusCode};
use fast_status::status;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    static LIVE_BYTES: Cell<isize> = const { Cell::new(0) };
}

/// An allocation size as a signed byte delta (sizes never exceed `isize::MAX`).
#[allow(clippy::cast_possible_wrap)]
fn bytes(size: usize) -> isize {
    size as isize
}

fn count(allocations: usize, bytes: isize) {
    // `try_with`: the allocator is also called while thread-locals are torn down.
    let _ = ALLOCATIONS.try_with(|a| a.set(a.get() + allocations));
    let _ = LIVE_BYTES.try_with(|l| l.set(l.get() + bytes));
}

// SAFETY: forwards to `System`, counting on the way.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(1, bytes(layout.size()));
        // SAFETY: the caller upholds `GlobalAlloc::alloc`'s contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(0, -bytes(layout.size()));
        // SAFETY: the caller upholds `GlobalAlloc::dealloc`'s contract.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(1, bytes(new_size) - bytes(layout.size()));
        // SAFETY: the caller upholds `GlobalAlloc::realloc`'s contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Runs `f` and returns (allocations this thread made, bytes it left allocated).
///
/// With backtrace capture switched on, as `RUST_BACKTRACE=1` switches it on: no type here asks
/// for backtraces (`#[status(backtrace)]`), so none captures one, and every count below is
/// what it is with capture off.
fn measure(f: impl FnOnce()) -> (usize, isize) {
    fast_status::set_backtrace_capture(true);
    let allocations = ALLOCATIONS.with(Cell::get);
    let live = LIVE_BYTES.with(Cell::get);
    f();
    (
        ALLOCATIONS.with(Cell::get) - allocations,
        LIVE_BYTES.with(Cell::get) - live,
    )
}

#[test]
fn code_only_status_allocates_nothing() {
    let (allocations, live) = measure(|| {
        let status = Status::from_code(StatusCode::Invalid);
        let copy = status.clone();
        assert!(copy.is_invalid());
        assert_eq!(copy.message(), "");
        assert_eq!(copy.code(), StatusCode::Invalid);
        let macro_built = status!(StatusCode::KeyError);
        assert!(macro_built.is_key_error());
        drop((status, copy, macro_built));
    });
    assert_eq!((allocations, live), (0, 0));
}

#[test]
fn static_status_allocates_nothing() {
    let (allocations, live) = measure(|| {
        let status = status!(StatusCode::Invalid, "static message");
        let copy = status.clone();
        assert_eq!(copy.message(), "static message");
        assert_eq!(copy.code(), StatusCode::Invalid);
        assert!(copy.location().is_none());
        drop((status, copy));
    });
    assert_eq!((allocations, live), (0, 0));
}

#[test]
fn formatted_status_allocates_exactly_once() {
    let (allocations, live) = measure(|| {
        let status = Status::invalid(format_args!("x = {}", 5));
        assert_eq!(status.message(), "x = 5");
    });
    assert_eq!((allocations, live), (1, 0));

    let (allocations, live) = measure(|| {
        let status = status!(StatusCode::Invalid, "x = {}", 5);
        assert_eq!(status.message(), "x = 5");
    });
    assert_eq!((allocations, live), (1, 0));

    let (allocations, live) = measure(|| {
        let x = 5;
        let status = status!(StatusCode::Invalid, "x = {x}");
        assert_eq!(status.message(), "x = 5");
    });
    assert_eq!((allocations, live), (1, 0));
}

#[test]
fn split_messages_allocate_exactly_once() {
    let long = "y".repeat(4000);
    let point = 2.5_f64;
    for (message, expected_len) in [
        // Integers and strings: the length added up, then the pieces copied.
        (
            measure_message(|| status!(StatusCode::Invalid, "{} {} {}", u64::MAX, -1, "s")),
            25,
        ),
        (
            measure_message(|| status!(StatusCode::Invalid, "{long}!")),
            4001,
        ),
        // A `Display` argument: through `core::fmt`, short and long.
        (
            measure_message(|| status!(StatusCode::Invalid, "at {point}")),
            6,
        ),
        (
            measure_message(|| status!(StatusCode::Invalid, "{point} {long}")),
            4004,
        ),
    ] {
        assert_eq!(message, (expected_len, 1, 0));
    }
}

/// The message length of the status `make` builds, and the allocations made and left live
/// while building, reading and dropping it.
fn measure_message(make: impl Fn() -> Status) -> (usize, usize, isize) {
    let mut len = 0;
    let (allocations, live) = measure(|| len = make().message().len());
    (len, allocations, live)
}

#[test]
fn long_formatted_message_allocates_exactly_once() {
    let long = "y".repeat(4000);
    let (allocations, live) = measure(|| {
        let status = Status::invalid(format_args!("long: {long}"));
        assert_eq!(status.message().len(), 4006);
    });
    assert_eq!((allocations, live), (1, 0));
}

#[test]
fn cloning_a_heap_status_allocates_nothing_and_frees_after_the_last_clone() {
    let status = Status::key_error(format_args!("no column '{}'", "x"));
    let (allocations, live) = measure(|| {
        let copies: Vec<Status> = std::iter::repeat_with(|| status.clone()).take(8).collect();
        assert!(copies.iter().all(|c| c.message() == "no column 'x'"));
        // The Vec itself is the one allocation here, and it is freed with the clones.
        drop(copies);
    });
    assert_eq!((allocations, live), (1, 0));

    let (allocations, live) = measure(move || {
        let copy = status.clone();
        drop(status);
        assert_eq!(copy.message(), "no column 'x'");
        drop(copy);
    });
    assert_eq!(allocations, 0);
    assert!(
        live < 0,
        "the payload was freed after its last clone dropped"
    );
}

#[test]
fn everything_a_heap_status_holds_is_freed() {
    let (_, live) = measure(|| {
        let status = Status::invalid(format_args!("{}", 1))
            .with_detail(String::from("a detail"))
            .with_detail(vec![1_u8, 2, 3])
            .context("a context line")
            .with_message("a new message");
        let copy = status.clone().context("only on the copy");
        drop(status);
        drop(copy);
        let from_io: Status = std::io::Error::other("disk on fire").into();
        drop(from_io);
    });
    assert_eq!(live, 0);
}

/// Context lines on a code-only status (`compare`'s context4 row): the first line moves the
/// status to the heap with room for a few lines in the same allocation, so four lines of
/// literal text, the shape `compare` measures, cost one allocation (anyhow: five); lines
/// given as other types cost the same, apart from what making them allocates. Lines past
/// the room take one more allocation for all of them.
#[test]
fn context_lines_on_a_code_only_status_allocate_once_until_they_outgrow_the_room() {
    let text = "reading row group 3 of column \"price\"";
    // Made before the count: a borrowed line, and an owned one the status copies and drops.
    let borrowed = String::from("frame 3");
    let owned = String::from("frame 4");
    let (allocations, live) = measure(|| {
        let status = Status::from_code(StatusCode::Invalid)
            .context("frame 1")
            .context(text)
            .context(borrowed.as_str())
            .context(format_args!("frame {}", 4))
            .context(owned);
        assert_eq!(status.context_lines().count(), 5);
        drop(status);
    });
    let owned_freed = bytes("frame 4".len());
    assert_eq!(
        (allocations, live),
        (1, -owned_freed),
        "five lines, one allocation (and the owned line's own freed)"
    );
    let (allocations, live) = measure(|| {
        let mut status = Status::from_code(StatusCode::Invalid);
        for _ in 0..6 {
            status = status.context(text);
        }
        assert_eq!(status.context_lines().count(), 6);
        drop(status);
    });
    assert_eq!(
        (allocations, live),
        (1, 0),
        "six lines of 37 bytes fit in place"
    );
    let (allocations, live) = measure(|| {
        let mut status = Status::from_code(StatusCode::Invalid);
        for _ in 0..7 {
            status = status.context(text);
        }
        assert!(status.context_lines().all(|(t, _)| t == text));
        drop(status);
    });
    // The seventh line moves the lines (and their text, 259 bytes > 256) to the heap.
    assert_eq!(
        (allocations, live),
        (3, 0),
        "past the room: the lines and the text move out"
    );
    let (allocations, live) = measure(|| {
        let status = status!(StatusCode::Invalid, "a static message").context("a line");
        assert_eq!(status.message(), "a static message");
        let status = Status::invalid(format_args!("{}", 7)).context("a line");
        drop(status);
    });
    assert_eq!(
        (allocations, live),
        (3, 0),
        "a static status: one; a formatted one: its own and one for its extras"
    );
}

/// The constructors: one allocation, of the message's length, for text copied as it is and
/// for a message formatted through `core::fmt`.
#[test]
fn constructors_allocate_exactly_once() {
    let n = 7;
    for make in [
        || Status::invalid("a literal message"),
        || Status::invalid(format_args!("value {}", 7)),
        || Status::new(StatusCode::KeyError, 12_345),
    ] {
        let (allocations, live) = measure(|| drop(make()));
        assert_eq!((allocations, live), (1, 0));
    }
    let (allocations, _) = measure(|| {
        let status = Status::invalid(format_args!("n = {n}"));
        assert_eq!(status.message(), "n = 7");
        drop(status);
    });
    assert_eq!(allocations, 1);
}

/// A foreign error converted into a status (`or_status`, `from`): the error in a refcounted
/// box of its own (so a copy on write shares it), and one allocation for the status's payload
/// and its extras together.
#[test]
fn a_converted_error_takes_two_allocations() {
    let error = std::io::Error::other("disk on fire");
    let (allocations, _) = measure(|| {
        let status: Status = error.into();
        assert!(std::error::Error::source(&status).is_some());
        drop(status);
    });
    assert_eq!(allocations, 2);
}

/// A status type with fields: small fields ride in the word, others take one
/// allocation of the header and the value.
#[derive(fast_status::FastStatus, Debug)]
#[status(name = FieldError)]
enum FieldErrorKind {
    #[error("type is too big ({size}) for {len}")]
    TooBig { size: usize, len: usize },
    #[error("bad offset {0:#x}")]
    BadOffset(u32),
    #[error("at {0}")]
    At(u64),
    #[error("named {0}")]
    Named(String),
    #[error("custom")]
    Custom,
}

/// A `TooBig` size that takes the heap: two wide fields pack only when each fits in 26 bits
/// (the enum's codes being below 512, its words have 52 bits for fields).
const BIG: usize = 1 << 26;

/// The length of `value`'s `Display`, written without allocating.
fn displayed_len(value: &impl std::fmt::Display) -> usize {
    struct Count(usize);
    impl std::fmt::Write for Count {
        fn write_str(&mut self, s: &str) -> std::fmt::Result {
            self.0 += s.len();
            Ok(())
        }
    }
    let mut count = Count(0);
    std::fmt::write(&mut count, format_args!("{value}")).expect("Count never fails");
    count.0
}

/// On 64-bit targets, where a word has room for fields beside a code.
#[test]
fn packed_and_fieldless_kinds_allocate_nothing() {
    let (allocations, live) = measure(|| {
        let packed = FieldError::bad_offset(0xff);
        let wide_but_small = FieldError::at(7);
        // Two wide fields: 26 bits each, a parser's sizes.
        let two_wide_but_small = FieldError::too_big(100_000, (1 << 26) - 1);
        // One wide field alone: 52 bits.
        let wider_than_32_bits = FieldError::at((1 << 52) - 1);
        assert!(matches!(
            wider_than_32_bits.kind().as_deref(),
            Some(FieldErrorKind::At(0x000F_FFFF_FFFF_FFFF))
        ));
        assert_eq!(wider_than_32_bits.code(), FieldErrorCode::At);
        assert!(wider_than_32_bits.is_at());
        drop(wider_than_32_bits);
        let fieldless = FieldError::from(FieldErrorKind::Custom);
        // The kind of a variant without fields is its code: the same status as the code's.
        assert_eq!(fieldless, FieldError::from_code(FieldErrorCode::Custom));
        for status in [&packed, &wide_but_small, &two_wide_but_small, &fieldless] {
            let copy = status.clone();
            assert!(copy.kind().is_some());
            assert!(displayed_len(&copy) > 0);
        }
        assert!(matches!(
            packed.kind().as_deref(),
            Some(FieldErrorKind::BadOffset(0xff))
        ));
        assert!(matches!(
            two_wide_but_small.kind().as_deref(),
            Some(FieldErrorKind::TooBig {
                size: 100_000,
                len: 0x3FF_FFFF
            })
        ));
        drop((packed, wide_but_small, two_wide_but_small, fieldless));
    });
    // A 32-bit word has no room for fields beside a code: the four statuses with fields
    // take one allocation each there.
    let packed_on_the_heap = if cfg!(target_pointer_width = "64") {
        0
    } else {
        4
    };
    assert_eq!((allocations, live), (packed_on_the_heap, 0));
}

#[test]
fn a_heap_kind_allocates_once_and_its_clones_not_at_all() {
    let (allocations, live) = measure(|| {
        let status = FieldError::too_big(BIG, 3);
        let copies: [FieldError; 4] = std::array::from_fn(|_| status.clone());
        for copy in &copies {
            assert!(matches!(
                copy.kind().as_deref(),
                Some(FieldErrorKind::TooBig { size: BIG, len: 3 })
            ));
        }
        drop((status, copies));
    });
    assert_eq!((allocations, live), (1, 0));

    // A wide value that does not fit in 52 bits goes to the heap, and one of two wide fields
    // that does not fit in 26.
    let (allocations, live) = measure(|| drop(FieldError::at(1 << 52)));
    assert_eq!((allocations, live), (1, 0));
    let (allocations, live) = measure(|| drop(FieldError::too_big(3, 1 << 26)));
    assert_eq!((allocations, live), (1, 0));

    // A field that owns memory, moved in: that allocation, and the status's one.
    let name = String::from("owned");
    let (allocations, live) = measure(move || drop(FieldError::from(FieldErrorKind::Named(name))));
    assert_eq!(allocations, 1);
    assert!(live < 0, "the moved string was freed with the status");
}

#[test]
fn a_string_variant_made_from_text_takes_one_allocation() {
    // The snake-case constructor writes the text into the status's own allocation: no
    // `String`, with backtrace capture on (`measure`) too.
    let mut made = None;
    let (allocations, live) = measure(|| made = Some(FieldError::named(format_args!("row {}", 7))));
    let status = made.take().expect("made");
    assert_eq!(allocations, 1);
    assert!(live > 0);
    let (allocations, _) = measure(|| made = Some(status.clone().context("a line")));
    assert_eq!(
        allocations, 1,
        "the copy on write: one allocation, the text in it"
    );
    let copy = made.take().expect("made");
    // `Display` writes the text as the variant's display text does, `{:?}` as
    // `#[derive(Debug)]` writes the variant, the reports both: nothing is built.
    let debug = r#"Named("row 7")"#;
    let (allocations, _) = measure(|| {
        assert_eq!(displayed_len(&status), "named row 7".len());
        assert_eq!(
            displayed_len(&format_args!("{status:#}")),
            "named row 7".len()
        );
        assert_eq!(displayed_len(&copy), "named row 7".len());
        assert!(displayed_len(&format_args!("{copy:#}")) > "named row 7".len());
        assert_eq!(displayed_len(&format_args!("{status:?}")), debug.len());
        assert!(displayed_len(&format_args!("{status:#?}")) > debug.len());
        assert!(displayed_len(&format_args!("{copy:?}")) > debug.len());
        assert!(displayed_len(&format_args!("{:?}", status.report())) > 0);
        assert!(displayed_len(&format_args!("{:#?}", copy.report())) > 0);
    });
    assert_eq!(allocations, 0, "reading allocates nothing");
    assert_eq!(status.to_string(), "named row 7");
    assert_eq!(copy.to_string(), "named row 7");
    assert_eq!(format!("{status:?}"), debug);
    assert!(
        format!("{:#?}", status.report()).contains("kind: Named(\n        \"row 7\",\n    ),"),
        "the structural report holds the variant's `{{:#?}}`"
    );
    let (_, freed) = measure(|| drop((status, copy)));
    assert!(freed < 0);
    let (allocations, live) = measure(|| drop(FieldError::named("a literal")));
    assert_eq!((allocations, live), (1, 0));
    // Reading the variant builds it: one `String`, freed with the result.
    let (allocations, live) = measure(|| {
        let status = FieldError::named("text");
        assert!(matches!(status.kind().as_deref(), Some(FieldErrorKind::Named(t)) if t == "text"));
        let Ok(FieldErrorKind::Named(text)) = status.into_kind() else {
            panic!("the variant is built from the text");
        };
        assert_eq!(text, "text");
    });
    assert_eq!((allocations, live), (3, 0));
}

#[test]
fn a_heap_kind_with_context_frees_it_with_the_value() {
    // A variant that owns nothing, with extras in its own payload: freed with them.
    let (allocations, live) = measure(|| {
        let status = FieldError::too_big(BIG, 8)
            .context("a line")
            .with_detail(3_u8);
        assert_eq!(status.context_lines().count(), 1);
        assert_eq!(status.detail::<u8>(), Some(&3));
        drop(status);
    });
    assert!(allocations > 1, "the value's payload and its extras");
    assert_eq!(live, 0);
}

#[test]
fn everything_a_status_with_fields_holds_is_freed() {
    let (_, live) = measure(|| {
        for status in [
            FieldError::too_big(BIG, 8),
            FieldError::bad_offset(1),
            FieldError::from(FieldErrorKind::Named(String::from("n"))),
            FieldError::named("text"),
        ] {
            let shared = status.clone();
            // A copy on write keeps a share of the value (or the packed word).
            let changed = status
                .with_message("and a message")
                .context("a line")
                .with_detail(3_u8);
            assert_eq!(
                format!("{:?}", changed.kind()),
                format!("{:?}", shared.kind())
            );
            drop((shared, changed));
        }
    });
    assert_eq!(live, 0);
}

#[test]
fn into_kind_allocates_nothing_and_frees_the_status() {
    // The value moves out: the payload and its extras are freed, the string the value owns
    // (allocated before) lives on in the value, neither freed nor copied.
    let name = String::from("owned");
    let mut moved = None;
    let (allocations, live) = measure(|| {
        let status = FieldError::from(FieldErrorKind::Named(name)).context("a line");
        let Ok(FieldErrorKind::Named(name)) = status.into_kind() else {
            panic!("a unique status gives its value up");
        };
        moved = Some(name);
    });
    assert_eq!(
        allocations, 2,
        "the payload and its line's extras, nothing more"
    );
    assert_eq!(live, 0);
    assert_eq!(moved.as_deref(), Some("owned"));

    // A changed copy's share of the value, once the original is gone: as many allocations as
    // making and dropping the copy alone takes (the value's payload, the copy's, and the copy's
    // extras holding the share), none for moving the value out.
    let changed = || FieldError::too_big(BIG, 3).with_message("later");
    let (made, _) = measure(|| drop(changed()));
    let (allocations, live) = measure(|| {
        let kind = changed().into_kind();
        assert!(matches!(
            kind,
            Ok(FieldErrorKind::TooBig { size: BIG, len: 3 })
        ));
    });
    assert_eq!(made, 3);
    assert_eq!(allocations, made, "into_kind allocated");
    assert_eq!(live, 0);
}

/// A line added to a shared status with many lines copies only the few its original added last
/// and shares the rest: the copy on write leaves a few kilobytes allocated, not the lines' size,
/// however many there are, and a thousand such copies kept side by side stay small too.
#[test]
fn a_copy_on_write_shares_the_context_lines() {
    // Fewer under Miri, which interprets each line's copy; still past the lines kept unfrozen.
    const LINES: usize = if cfg!(miri) { 300 } else { 100_000 };
    const COPIES: usize = if cfg!(miri) { 20 } else { 1_000 };
    let mut status = Status::from_code(StatusCode::Invalid);
    for i in 0..LINES {
        status = status.context(format_args!("line {i} of the original status"));
    }
    let mut both = None;
    let (_, one_copy) = measure(|| {
        let original = status.clone();
        let copy = status.clone().context("one more");
        assert_eq!(copy.context_lines().len(), LINES + 1);
        both = Some((original, copy));
    });
    drop(both);
    // The lines' text alone is about 3 MB (10 KB under Miri).
    assert!(one_copy < 8 << 10, "a copy on write left {one_copy} bytes");

    let mut kept = Vec::new();
    let (_, thousand) = measure(|| {
        for i in 0..COPIES {
            kept.push(status.clone());
            status = status.context(format_args!("generation {i}"));
        }
    });
    assert!(
        thousand < 4 << 20,
        "a thousand copies on write left {thousand} bytes"
    );
    // Each copy has its own lines, and every older one.
    for (generation, copy) in kept.iter().enumerate().step_by(97) {
        assert_eq!(copy.context_lines().len(), LINES + generation);
        let last = copy.context_lines().last().map(|(text, _)| text.to_owned());
        let expected = match generation {
            0 => format!("line {} of the original status", LINES - 1),
            g => format!("generation {}", g - 1),
        };
        assert_eq!(last, Some(expected));
        assert_eq!(
            copy.context_lines().next().map(|(text, _)| text),
            Some("line 0 of the original status")
        );
    }
}
