//! The one-word core on its own: every state, sharing, copy-on-write, and messages written by
//! `Display` impls that misbehave (return errors, panic, change between passes). These are the
//! tests the sanitizer and memcheck runs exist for. They need the heap: a build without
//! `alloc` has none of these states.
#![cfg(feature = "alloc")]

use std::cell::Cell;
use std::fmt;
use std::panic::{AssertUnwindSafe, Location, catch_unwind};

use status_runtime::__private::{Backtraces, Repr, StaticStatus};

/// Releases the word on drop, as a derived type does.
struct Owned(Repr);

impl Drop for Owned {
    fn drop(&mut self) {
        if self.0.is_heap() {
            self.0.release_heap();
        }
    }
}

impl Clone for Owned {
    fn clone(&self) -> Self {
        Owned(self.0.clone())
    }
}

fn heap(raw: u32, args: fmt::Arguments<'_>) -> Owned {
    Owned(Repr::from_args(
        args,
        Location::caller(),
        raw,
        Backtraces::Env,
    ))
}

static STATIC: StaticStatus = StaticStatus::new(9, "static text");

/// The packed state exists where a word has room for fields beside a code (64-bit targets),
/// for every value of the fields, zero included; on a 32-bit target there is none, as its
/// documentation says, so a variant with fields takes the heap there. A type whose codes are
/// all below 512 makes wide words (52 bits of fields), any other narrow ones (31 bits, any
/// code); the type's own mask reads the code of either, and so does the runtime's own read.
#[test]
fn packed_state_on_every_width() {
    use status_runtime::__private::{MAX_RAW_CODE, code_mask, packed_field_bits};
    let wide = code_mask(&[0, 511]);
    let narrow = code_mask(&[0, 512]);
    assert_eq!((wide, narrow), (511, MAX_RAW_CODE));
    assert_eq!(
        (packed_field_bits(wide), packed_field_bits(narrow)),
        (52, 31)
    );
    let cases = [
        (narrow, 5, 0, true),
        (narrow, 5, 1, true),
        (narrow, 5, 0x4000_0000, true),
        (narrow, 5, (1 << 31) - 1, true),
        (narrow, 5, 1 << 31, false),
        (narrow, MAX_RAW_CODE, (1 << 31) - 1, true),
        (narrow, 511, 7, true),
        (wide, 5, 0, true),
        (wide, 5, u64::from(u32::MAX), true),
        (wide, 511, (1 << 52) - 1, true),
        (wide, 0, 0x000A_5A5A_5A5A_5A5A, true),
        (wide, 5, 1 << 52, false),
        (wide, 512, 0, false),
    ];
    for (mask, raw, fields, packs) in cases {
        let packed = Repr::packed(raw, fields, packed_field_bits(mask));
        if cfg!(target_pointer_width = "64") && packs {
            let packed = packed.expect("a 64-bit word packs");
            assert_eq!(packed.packed_fields(), Some(fields), "{raw} {fields:#x}");
            assert_eq!(packed.raw_code(), raw, "{raw} {fields:#x}");
            assert_eq!(packed.raw_code_in(mask), raw, "{raw} {fields:#x}");
            assert!(!packed.is_heap());
        } else {
            assert!(packed.is_none(), "{raw} {fields:#x}");
        }
    }
    // An inline word is never packed, and either mask reads its code.
    assert_eq!(Repr::inline(5).packed_fields(), None);
    assert_eq!(Repr::inline(5).raw_code_in(wide), 5);
    assert_eq!(Repr::inline(MAX_RAW_CODE).raw_code(), MAX_RAW_CODE);
}

#[test]
fn inline_state() {
    for raw in [0, 1, 2, 1000, status_runtime::__private::MAX_RAW_CODE] {
        let repr = Owned(Repr::inline(raw));
        assert!(!repr.0.is_heap());
        assert_eq!(repr.0.raw_code(), raw);
        assert_eq!(repr.0.message(), "");
        assert_eq!(repr.0.location(), None);
        assert_eq!(repr.clone().0.raw_code(), raw);
    }
}

#[test]
fn static_state() {
    let repr = Owned(Repr::from_static(&STATIC));
    assert!(!repr.0.is_heap());
    assert_eq!(repr.0.raw_code(), 9);
    assert_eq!(repr.0.message(), "static text");
    assert_eq!(repr.0.location(), None);
}

#[test]
fn heap_state_and_sharing() {
    let repr = heap(5, format_args!("value {}", 42));
    assert!(repr.0.is_heap());
    assert_eq!(repr.0.raw_code(), 5);
    assert_eq!(repr.0.message(), "value 42");
    assert_eq!(repr.0.location().map(Location::file), Some(file!()));
    let copy = repr.clone();
    drop(repr);
    assert_eq!(copy.0.message(), "value 42");
}

#[test]
fn release_leaves_an_inline_word_and_is_idempotent() {
    let mut repr = Repr::from_args(
        format_args!("{}", "gone"),
        Location::caller(),
        6,
        Backtraces::Env,
    );
    repr.release_heap();
    assert!(!repr.is_heap());
    assert_eq!(repr.raw_code(), 0);
    repr.release_heap();
    assert_eq!(repr.message(), "");
}

#[test]
fn long_and_multibyte_messages() {
    let long = "ü".repeat(300);
    let repr = heap(1, format_args!("{long}!"));
    assert_eq!(repr.0.message(), format!("{long}!"));
    let literal = heap(1, format_args!("plain literal"));
    assert_eq!(literal.0.message(), "plain literal");
}

/// Short pieces are copied with overlapping loads and stores, by length class: every length
/// on both sides of each class boundary, at every offset, comes out byte for byte.
#[test]
fn pieces_of_every_length_are_copied_exactly() {
    let text: String = (0..64_u8).map(|i| char::from(b'a' + i % 26)).collect();
    for a in 0..=20 {
        for b in [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 18, 40] {
            let (x, y) = (&text[..a], &text[a..a + b]);
            let repr = heap(1, format_args!("{x}|{y}"));
            assert_eq!(
                repr.0.message(),
                format!("{x}|{y}"),
                "pieces of {a} and {b}"
            );
        }
    }
}

/// Whole texts (a message formatted on the stack, then copied; a context line) are copied
/// inline up to 64 bytes in length classes (up to 16, 32 and 64 bytes), with `memcpy` beyond:
/// every length on both sides of each boundary, as a message, from `from_text`, and as a
/// context line after lines of other lengths (so at other offsets), comes out byte for byte.
#[test]
fn texts_of_every_length_are_copied_exactly() {
    let text: String = (0..80_u8).map(|i| char::from(b'a' + i % 26)).collect();
    for n in 0..=80 {
        let t = &text[..n];
        assert_eq!(
            heap(1, format_args!("{t}")).0.message(),
            t,
            "formatted, {n} bytes"
        );
        let copied = Owned(Repr::from_text(t, Location::caller(), 1, Backtraces::Env));
        assert_eq!(copied.0.message(), t, "copied, {n} bytes");
        for first in [0, 1, 7, 16, 17, 33, 64] {
            let mut lines = Owned(Repr::inline(1));
            lines.0.add_context(&text[..first], Location::caller());
            lines.0.add_context(t, Location::caller());
            lines.0.add_context(format_args!("{t}"), Location::caller());
            let texts: Vec<&str> = lines.0.context_lines().map(|(line, _)| line).collect();
            assert_eq!(
                texts,
                [&text[..first], t, t],
                "lines of {first} then {n} bytes"
            );
        }
    }
}

/// Messages on both sides of the stack pass's length: formatted once, or measured then
/// formatted into their allocation.
#[test]
fn messages_around_the_first_pass_length() {
    for n in 120..=136 {
        let text = "m".repeat(n);
        let repr = heap(1, format_args!("{text}"));
        assert_eq!(repr.0.message(), text);
        let repr = heap(1, format_args!("{}{}", &text[..n / 2], &text[n / 2..]));
        assert_eq!(repr.0.message(), text);
    }
}

#[test]
fn copy_on_write_leaves_other_shares_alone() {
    let original = heap(3, format_args!("{}", "shared"));
    let mut copy = original.clone();
    copy.0.set_message(format_args!("{}", "changed"));
    copy.0.push_context(format_args!("ctx"), Location::caller());
    copy.0.set_detail(11_u32);
    assert_eq!(original.0.message(), "shared");
    assert_eq!(original.0.context_lines().count(), 0);
    assert_eq!(original.0.detail::<u32>(), None);
    assert_eq!(copy.0.message(), "changed");
    assert_eq!(copy.0.detail::<u32>(), Some(&11));
    assert_eq!(copy.0.location(), original.0.location());
    let mut promoted = Owned(Repr::from_static(&STATIC));
    promoted.0.set_detail("detail");
    assert!(promoted.0.is_heap());
    assert_eq!(promoted.0.message(), "static text");
    assert_eq!(promoted.0.raw_code(), 9);
}

/// Writes `ok` pieces, then fails.
struct FailsAfter(usize);

impl fmt::Display for FailsAfter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for _ in 0..self.0 {
            f.write_str("ok ")?;
        }
        Err(fmt::Error)
    }
}

#[test]
fn display_returning_an_error_keeps_what_was_written() {
    let short = heap(2, format_args!("{}", FailsAfter(2)));
    assert_eq!(short.0.message(), "ok ok ");
    let long = heap(2, format_args!("{}", FailsAfter(100)));
    assert_eq!(long.0.message(), "ok ".repeat(100));
    let mut changed = heap(2, format_args!("{}", "before"));
    changed.0.set_message(format_args!("{}", FailsAfter(1)));
    assert_eq!(changed.0.message(), "ok ");
    changed
        .0
        .push_context(format_args!("{}", FailsAfter(0)), Location::caller());
    assert_eq!(
        changed.0.context_lines().count(),
        0,
        "an empty failed line is dropped"
    );
}

/// Writes some text, then panics; `long` decides which formatting pass it dies in.
struct Panics {
    long: bool,
}

impl fmt::Display for Panics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.long { &LONG } else { "short" })?;
        panic!("Display panicked on purpose");
    }
}

static LONG: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| "p".repeat(500));

#[test]
fn display_panicking_leaks_nothing() {
    for long in [false, true] {
        let result = catch_unwind(|| heap(4, format_args!("{}", Panics { long })));
        assert!(result.is_err());
        let mut repr = heap(4, format_args!("{}", "kept"));
        let result = catch_unwind(AssertUnwindSafe(|| {
            repr.0.set_message(format_args!("{}", Panics { long }));
        }));
        assert!(result.is_err());
        assert_eq!(
            repr.0.message(),
            "kept",
            "a failed replacement leaves the status as it was"
        );
        let result = catch_unwind(AssertUnwindSafe(|| {
            repr.0
                .push_context(format_args!("{}", Panics { long }), Location::caller());
        }));
        assert!(result.is_err());
        assert_eq!(repr.0.context_lines().count(), 0);
    }
}

/// Writes more on its second call than on its first: the second formatting pass must not
/// write past the space the first one measured.
struct Grows(Cell<usize>);

impl fmt::Display for Grows {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let calls = self.0.get() + 1;
        self.0.set(calls);
        f.write_str(&"g".repeat(200 * calls))
    }
}

/// Writes less on its second call.
struct Shrinks(Cell<usize>);

impl fmt::Display for Shrinks {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let calls = self.0.get() + 1;
        self.0.set(calls);
        f.write_str(&"s".repeat(400 / calls))
    }
}

#[test]
fn display_changing_between_passes_stays_in_bounds() {
    let grows = Grows(Cell::new(0));
    let repr = heap(1, format_args!("{grows}"));
    assert_eq!(
        repr.0.message(),
        "g".repeat(200),
        "cut at the measured length"
    );
    let shrinks = Shrinks(Cell::new(0));
    let repr = heap(1, format_args!("{shrinks}"));
    assert_eq!(repr.0.message(), "s".repeat(200));
}

/// Two-byte chars written so that the measured length ends inside one.
struct MultibyteGrows(Cell<usize>);

impl fmt::Display for MultibyteGrows {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let calls = self.0.get() + 1;
        self.0.set(calls);
        if calls == 1 {
            f.write_str(&"a".repeat(201))
        } else {
            f.write_str(&"é".repeat(200))
        }
    }
}

#[test]
fn a_cut_never_splits_a_char() {
    let repr = heap(1, format_args!("{}", MultibyteGrows(Cell::new(0))));
    assert_eq!(repr.0.message(), "é".repeat(100));
}

#[test]
fn sources_and_details() {
    let repr = Owned(Repr::from_error(
        7,
        std::io::Error::other("disk"),
        Location::caller(),
        Backtraces::Env,
    ));
    assert_eq!(repr.0.message(), "", "the source's text is not repeated");
    assert_eq!(
        repr.0.source().map(ToString::to_string).as_deref(),
        Some("disk")
    );
    let mut with = repr.clone();
    with.0.set_detail(1_u8);
    with.0.set_detail(2_u8);
    with.0.set_detail("text");
    assert_eq!(with.0.detail::<u8>(), Some(&2));
    assert_eq!(with.0.details().len(), 2);
    assert!(with.0.source().is_some(), "copy-on-write keeps the source");
}

/// The reproducer of the aliasing bugs Miri found in the first runtime: the message was read,
/// and the payload freed, through a pointer made from `&Header`, whose provenance covers the
/// header alone. Run under Miri (strict provenance, Stacked and Tree Borrows) by `.ci/run`.
#[test]
fn message_read_and_free_keep_the_allocations_provenance() {
    let mut repr = Repr::from_args(
        format_args!("x{}", 1),
        Location::caller(),
        1,
        Backtraces::Env,
    );
    assert_eq!(repr.message(), "x1");
    repr.release_heap();
}

/// A static status keeps the low 30 bits of its code, as the inline and heap states do, so a
/// code above the limit reads the same whichever state holds it.
#[test]
fn every_state_masks_the_code_alike() {
    static TOO_LARGE: StaticStatus = StaticStatus::new(u32::MAX, "too large");
    let max = status_runtime::__private::MAX_RAW_CODE;
    let statics = Owned(Repr::from_static(&TOO_LARGE));
    let inline = Owned(Repr::inline(u32::MAX));
    let heap = heap(u32::MAX, format_args!("{}", "too large"));
    for repr in [&statics, &inline, &heap] {
        assert_eq!(repr.0.raw_code(), max);
    }
}
