//! Behaviour of every generated item and every `status!` form.

mod common;

use std::error::Error as _;
use std::panic::Location;

use common::{Status, StatusCode};
use fast_status::{Code, FastStatus, status};

#[test]
fn codes_have_stable_raw_values_and_text() {
    assert_eq!(StatusCode::OutOfMemory.to_raw(), 1);
    assert_eq!(StatusCode::KeyError.to_raw(), 2);
    assert_eq!(StatusCode::Parse.to_raw(), 41);
    assert_eq!(StatusCode::Cancelled.to_raw(), 40);
    assert_eq!(StatusCode::from_raw(3), Some(StatusCode::Invalid));
    assert_eq!(StatusCode::from_raw(40), Some(StatusCode::Cancelled));
    assert_eq!(StatusCode::from_raw(0), None);
    assert_eq!(StatusCode::from_raw(6), None);
    assert_eq!(StatusCode::KeyError.text(), "Key error");
    assert_eq!(StatusCode::Invalid.text(), "Invalid");
    assert_eq!(StatusCode::KeyError.name(), "KeyError");
    assert_eq!(
        StatusCode::ALL,
        &[
            StatusCode::OutOfMemory,
            StatusCode::KeyError,
            StatusCode::Invalid,
            StatusCode::IOError,
            StatusCode::NotImplemented,
            StatusCode::Cancelled,
            StatusCode::Parse,
        ]
    );
    for &code in StatusCode::ALL {
        assert_eq!(StatusCode::from_raw(code.to_raw()), Some(code));
        assert_eq!(Status::from_code(code).code(), code);
    }
}

/// `from_raw` takes exactly the raw codes: from 0, from another first code in any declaration
/// order, one code, and codes with gaps.
#[test]
fn from_raw_takes_exactly_the_raw_codes() {
    #[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
    #[status(name = FromZero)]
    enum FromZeroCode {
        A,
        B,
        C,
    }
    #[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
    #[status(name = Shuffled)]
    enum ShuffledCode {
        B = 8,
        A = 7,
        C = 9,
    }
    #[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
    #[status(name = Single)]
    enum SingleCode {
        Only = 5,
    }
    fn taken<C: Code>() -> Vec<(u32, C)> {
        (0..64)
            .filter_map(|raw| Some((raw, C::from_raw(raw)?)))
            .collect()
    }
    assert_eq!(
        taken::<FromZeroCode>(),
        [
            (0, FromZeroCode::A),
            (1, FromZeroCode::B),
            (2, FromZeroCode::C)
        ]
    );
    assert_eq!(
        taken::<ShuffledCode>(),
        [
            (7, ShuffledCode::A),
            (8, ShuffledCode::B),
            (9, ShuffledCode::C)
        ]
    );
    assert_eq!(taken::<SingleCode>(), [(5, SingleCode::Only)]);
    let with_gaps: Vec<u32> = taken::<StatusCode>().iter().map(|&(raw, _)| raw).collect();
    assert_eq!(with_gaps, [1, 2, 3, 4, 5, 40, 41]);
    // Without a text of their own, a code's text is its name (the trait's default).
    assert_eq!(ShuffledCode::A.text(), "A");
    assert_eq!(Shuffled::from_code(ShuffledCode::C).to_string(), "C");
}

/// A discriminant may be any constant expression: the compiler computes the code, and the
/// derive's `to_raw`, `from_raw` and `code()` read it as written, also for the variants after
/// it (the previous code plus one).
#[test]
fn computed_discriminants_are_the_raw_codes() {
    const BASE: isize = 100;
    const fn shifted(bits: u32) -> isize {
        1 << bits
    }
    #[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
    #[status(name = Computed)]
    enum ComputedCode {
        Literal = 2,
        Shift = 1 << 3,
        AfterShift,
        Constant = BASE + 1,
        Call = shifted(5),
        AfterCall,
        Last = 3,
    }
    let raws: Vec<u32> = ComputedCode::ALL.iter().map(|c| c.to_raw()).collect();
    assert_eq!(raws, [2, 8, 9, 101, 32, 33, 3]);
    for &code in ComputedCode::ALL {
        assert_eq!(ComputedCode::from_raw(code.to_raw()), Some(code));
        assert_eq!(Computed::from_code(code).code(), code);
    }
    let taken = (0..128).filter(|&raw| ComputedCode::from_raw(raw).is_some());
    assert_eq!(taken.count(), ComputedCode::ALL.len());
    assert!(Computed::from_code(ComputedCode::AfterCall).is_after_call());
}

#[test]
fn from_code_is_code_only_and_const() {
    const NOT_IMPLEMENTED: Status = Status::from_code(StatusCode::NotImplemented);
    let status = NOT_IMPLEMENTED;
    assert_eq!(status.code(), StatusCode::NotImplemented);
    assert_eq!(status.message(), "");
    assert_eq!(status.location(), None);
    assert_eq!(status.to_string(), "NotImplemented");
    assert!(status.source().is_none());
}

#[test]
fn new_and_per_code_constructors_record_message_and_location() {
    let line = line!();
    let status = Status::new(StatusCode::Invalid, "header needs 4 bytes");
    assert_eq!(status.code(), StatusCode::Invalid);
    assert_eq!(status.message(), "header needs 4 bytes");
    let location = status
        .location()
        .expect("a status with a message records where");
    assert_eq!(location.file(), file!());
    assert_eq!(location.line(), line + 1);

    let cases: [(Status, StatusCode, &str); 7] = [
        (
            Status::out_of_memory("a"),
            StatusCode::OutOfMemory,
            "Out of memory: a",
        ),
        (Status::key_error("b"), StatusCode::KeyError, "Key error: b"),
        (Status::invalid("c"), StatusCode::Invalid, "Invalid: c"),
        (Status::io_error("d"), StatusCode::IOError, "IOError: d"),
        (
            Status::not_implemented("e"),
            StatusCode::NotImplemented,
            "NotImplemented: e",
        ),
        (
            Status::cancelled("f"),
            StatusCode::Cancelled,
            "Cancelled: f",
        ),
        (Status::parse(7), StatusCode::Parse, "Parse: 7"),
    ];
    for (status, code, text) in cases {
        assert_eq!(status.code(), code);
        assert_eq!(status.to_string(), text);
        assert_eq!(status.location().map(Location::file), Some(file!()));
    }
}

#[test]
fn constructors_take_format_args() {
    let got = 2;
    let status = Status::invalid(format_args!("header needs 4 bytes, got {got}"));
    assert_eq!(status.to_string(), "Invalid: header needs 4 bytes, got 2");
    let long = "x".repeat(1000);
    let status = Status::key_error(format_args!("no column '{long}'"));
    assert_eq!(status.message().len(), 1000 + "no column ''".len());
    assert!(status.message().starts_with("no column 'xxx"));
    let unicode = Status::invalid(format_args!("{}", "é".repeat(100)));
    assert_eq!(unicode.message(), "é".repeat(100));
}

#[test]
fn predicates_match_only_their_code() {
    let status = Status::key_error("missing");
    assert!(status.is_key_error());
    assert!(!status.is_invalid());
    assert!(!status.is_out_of_memory());
    assert!(Status::from_code(StatusCode::IOError).is_io_error());
    assert!(Status::from_code(StatusCode::NotImplemented).is_not_implemented());
    assert!(Status::from_code(StatusCode::Cancelled).is_cancelled());
    assert!(Status::from_code(StatusCode::Parse).is_parse());
    assert!(status!(StatusCode::OutOfMemory, "static").is_out_of_memory());
}

#[test]
fn status_macro_code_only() {
    let status = status!(StatusCode::Invalid);
    assert_eq!(status.code(), StatusCode::Invalid);
    assert_eq!(status.message(), "");
    assert_eq!(status, Status::from_code(StatusCode::Invalid));
    // A code known only at run time.
    let code = StatusCode::ALL[1];
    assert_eq!(status!(code).code(), StatusCode::KeyError);
}

#[test]
fn status_macro_literal_is_static_and_const() {
    const EMPTY: Status = status!(StatusCode::Invalid, "empty input");
    let status = EMPTY;
    assert_eq!(status.to_string(), "Invalid: empty input");
    assert_eq!(
        status.location(),
        None,
        "a static status has no room for a location"
    );
    let braces = status!(StatusCode::Invalid, "literal {{braces}}");
    assert_eq!(braces.message(), "literal {braces}");
    let trailing = status!(StatusCode::KeyError, "trailing comma",);
    assert_eq!(trailing.message(), "trailing comma");
}

#[test]
fn status_macro_formats() {
    let column = "x";
    let line = line!();
    let inline = status!(StatusCode::KeyError, "no column '{column}'");
    assert_eq!(inline.to_string(), "Key error: no column 'x'");
    assert_eq!(inline.location().map(Location::line), Some(line + 1));
    let positional = status!(StatusCode::Invalid, "{} of {}", 3, 4);
    assert_eq!(positional.message(), "3 of 4");
    let trailing = status!(StatusCode::Invalid, "{}", 3,);
    assert_eq!(trailing.message(), "3");
    let value = 2.5_f64;
    let display = status!(StatusCode::Invalid, value);
    assert_eq!(display.message(), "2.5");
    // A literal with a code known only at run time still works (it then allocates once).
    let code = StatusCode::ALL[2];
    assert_eq!(
        status!(code, "dynamic code").to_string(),
        "Invalid: dynamic code"
    );
}

#[test]
fn display_is_arrows_form() {
    assert_eq!(
        Status::key_error("no column 'x'").to_string(),
        "Key error: no column 'x'"
    );
    assert_eq!(
        Status::from_code(StatusCode::KeyError).to_string(),
        "Key error"
    );
    assert_eq!(Status::invalid("").to_string(), "Invalid");
}

#[test]
fn debug_is_a_report_and_alternate_debug_is_structural() {
    fast_status::set_backtrace_capture(false);
    let line = line!() + 1;
    let status = Status::invalid("bad header");
    assert_eq!(
        format!("{status:?}"),
        format!("Invalid: bad header\n    at {}:{line}:18", file!())
    );
    assert_eq!(
        format!("{:?}", Status::from_code(StatusCode::Invalid)),
        "Invalid"
    );
    let structural = format!("{:#?}", Status::from_code(StatusCode::KeyError));
    assert_eq!(
        structural,
        "Status {\n    code: KeyError,\n    message: \"\",\n    location: None,\n    \
         context: [],\n    details: [],\n    causes: [],\n}"
    );
}

#[test]
fn clone_shares_and_equality_compares_code_and_message() {
    let status = Status::invalid(format_args!("x = {}", 5));
    let copy = status.clone();
    assert_eq!(copy, status);
    assert_eq!(copy.message(), "x = 5");
    assert_eq!(copy.location(), status.location());
    assert_eq!(Status::invalid("a"), Status::invalid("a"));
    assert_ne!(Status::invalid("a"), Status::invalid("b"));
    assert_ne!(Status::invalid("a"), Status::key_error("a"));
    // The state does not matter, only code and message.
    assert_eq!(status!(StatusCode::Invalid, "a"), Status::invalid("a"));
    assert_eq!(Status::from_code(StatusCode::Invalid), Status::invalid(""));
    drop(status);
    assert_eq!(
        copy.message(),
        "x = 5",
        "the payload lives until the last clone"
    );
}

#[test]
fn from_code_conversion() {
    let status: Status = StatusCode::Cancelled.into();
    assert!(status.is_cancelled());
}

const OPEN_LINE: u32 = line!() + 2;
fn open_missing() -> Result<(), Status> {
    std::fs::File::open("/this/path/does/not/exist/fast-status")?;
    Ok(())
}

fn parse(text: &str) -> Result<u32, Status> {
    Ok(text.parse::<u32>()?)
}

#[test]
fn from_attribute_converts_with_question_mark_and_keeps_the_source() {
    let status = open_missing().unwrap_err();
    assert!(status.is_io_error());
    let source = status.source().expect("the io::Error is kept");
    let io = source
        .downcast_ref::<std::io::Error>()
        .expect("the source is the io::Error itself");
    assert_eq!(io.kind(), std::io::ErrorKind::NotFound);
    assert_eq!(status.message(), "", "the source's text is not repeated");
    assert_eq!(status.location().map(Location::line), Some(OPEN_LINE));

    let status = parse("seven").unwrap_err();
    assert!(status.is_parse());
    assert_eq!(
        format!("{status:#}"),
        "Parse\n  caused by: invalid digit found in string"
    );
    assert_eq!(parse("7"), Ok(7));
}

#[test]
fn with_message_keeps_code_location_and_details() {
    let status = Status::invalid("first").with_detail(7_u32);
    let location = status.location();
    let changed = status.with_message(format_args!("second {}", 2));
    assert_eq!(changed.code(), StatusCode::Invalid);
    assert_eq!(changed.message(), "second 2");
    assert_eq!(changed.location(), location);
    assert_eq!(changed.detail::<u32>(), Some(&7));
    let from_static = status!(StatusCode::KeyError, "static").with_message("heap");
    assert_eq!(from_static.to_string(), "Key error: heap");
}

#[test]
fn details_are_typed_and_keyed_by_type() {
    #[derive(Debug, PartialEq)]
    struct RowGroup(usize);
    let status = Status::invalid("bad page")
        .with_detail(RowGroup(3))
        .with_detail("a &str detail")
        .with_detail(RowGroup(4));
    assert_eq!(status.detail::<RowGroup>(), Some(&RowGroup(4)));
    assert_eq!(status.detail::<&str>(), Some(&"a &str detail"));
    assert_eq!(status.detail::<u8>(), None);
    let listed: Vec<String> = status.details().map(|d| format!("{d:?}")).collect();
    assert_eq!(listed, ["RowGroup(4)", "\"a &str detail\""]);
    let code_only = Status::from_code(StatusCode::Invalid).with_detail(1_u8);
    assert_eq!(code_only.detail::<u8>(), Some(&1));
    assert_eq!(code_only.message(), "");
}

#[test]
fn mutation_copies_on_write_when_shared() {
    let original = Status::invalid("shared");
    let copy = original.clone().with_detail(1_u16).context("more");
    assert_eq!(original.detail::<u16>(), None);
    assert_eq!(original.context_lines().count(), 0);
    assert_eq!(copy.detail::<u16>(), Some(&1));
    assert_eq!(copy.message(), "shared");
}

#[test]
fn context_lines_record_their_callers() {
    let line = line!() + 2;
    let status = Status::invalid("bad")
        .context("reading page 3")
        .context(format_args!("reading column {}", "x"));
    let lines: Vec<(&str, u32)> = status
        .context_lines()
        .map(|(text, location)| (text, location.line()))
        .collect();
    assert_eq!(
        lines,
        [("reading page 3", line), ("reading column x", line + 1)]
    );
}

/// `count`, `nth`, `last` and reading from both ends agree with `next`, on statuses with no
/// lines, with lines in place and with more lines than fit in place.
#[test]
fn context_lines_count_skip_and_read_back_alike() {
    for lines in [0_usize, 1, 4, 9] {
        let mut status = Status::from_code(StatusCode::Invalid);
        for i in 0..lines {
            status = status.context(format_args!("line {i}"));
        }
        let all: Vec<&str> = status.context_lines().map(|(text, _)| text).collect();
        let expected: Vec<String> = (0..lines).map(|i| format!("line {i}")).collect();
        assert_eq!(all, expected);
        assert_eq!(status.context_lines().count(), lines);
        assert_eq!(status.context_lines().len(), lines);
        assert_eq!(
            status.context_lines().last().map(|l| l.0),
            all.last().copied()
        );
        for n in 0..=lines {
            assert_eq!(
                status.context_lines().nth(n).map(|l| l.0),
                all.get(n).copied()
            );
        }
        let mut iter = status.context_lines();
        let _ = iter.nth(1);
        assert_eq!(iter.count(), lines.saturating_sub(2));
        let backwards: Vec<&str> = status.context_lines().rev().map(|(text, _)| text).collect();
        assert_eq!(backwards, all.iter().rev().copied().collect::<Vec<_>>());
    }
}

/// Copies on write share their frozen lines; every copy reads exactly its own lines, in order,
/// from both ends, however the copies and additions interleave (lines past the number a status
/// keeps unfrozen, copies of copies, lines of every length, the chunks merged as they grow).
#[test]
fn copies_on_write_read_exactly_their_own_lines() {
    let mut statuses = vec![(Status::from_code(StatusCode::Invalid), Vec::<String>::new())];
    let mut seed = 7_u64;
    let steps = if cfg!(miri) { 400 } else { 3_000 };
    for step in 0..steps {
        // A small linear congruential generator: the same interleaving every run.
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
        // Mostly the newest status, so that some grow long; now and then any other.
        let pick = match seed % 8 {
            0 => usize::try_from(seed >> 33).unwrap_or(0) % statuses.len(),
            _ => statuses.len() - 1,
        };
        let (status, lines) = statuses[pick].clone();
        let text = "x".repeat(usize::try_from(seed >> 59).unwrap_or(0) * 9) + &step.to_string();
        let status = status.context(text.as_str());
        let mut lines = lines;
        lines.push(text);
        if (seed >> 20) % 40 == 0 || statuses.len() < 4 {
            statuses.push((status, lines));
        } else {
            statuses[pick] = (status, lines);
        }
    }
    for (status, lines) in &statuses {
        let read: Vec<&str> = status.context_lines().map(|(text, _)| text).collect();
        assert_eq!(read, *lines);
        let backwards: Vec<&str> = status.context_lines().rev().map(|(text, _)| text).collect();
        assert!(backwards.iter().rev().eq(lines.iter()));
        assert_eq!(status.context_lines().len(), lines.len());
        for n in [
            0,
            lines.len() / 2,
            lines.len().saturating_sub(1),
            lines.len(),
        ] {
            assert_eq!(
                status.context_lines().nth(n).map(|(text, _)| text),
                lines.get(n).map(String::as_str)
            );
        }
        // The chain of `source()` has them too, newest first.
        let chain: Vec<String> = status.chain().skip(1).map(ToString::to_string).collect();
        assert!(chain.iter().eq(lines.iter().rev()));
    }
    assert!(statuses.len() > steps / 150, "{} statuses", statuses.len());
    // Past the 64 lines a status keeps unfrozen, several times over.
    assert!(statuses.iter().any(|(_, lines)| lines.len() > steps / 15));
}

/// A `Display` that writes its text in several pieces, with a width applied to one.
struct Pieces;

impl std::fmt::Display for Pieces {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "row {:>3} of ", 7)?;
        f.write_str("column x")
    }
}

/// What takes a message of any type: a constructor, `with_message`, `context`.
trait TakesMessage {
    fn take<M: std::fmt::Display>(&self, message: M) -> Status;
}

/// A message of each type the runtime tells apart (text as `&str`, `String`, `&String` and
/// `Cow<str>`; `format_args!` with and without arguments; any other `Display`), each given to
/// `to`, in the order of [`TEXTS`].
fn each_message_type(to: &impl TakesMessage) -> Vec<Status> {
    let owned = String::from("borrowed string");
    let n = 3;
    vec![
        to.take("literal"),
        to.take(owned.as_str()),
        to.take(String::from("owned string")),
        to.take(&owned),
        to.take(std::borrow::Cow::Borrowed("cow borrowed")),
        to.take(std::borrow::Cow::<str>::Owned("cow owned".into())),
        to.take(format_args!("arguments {n}")),
        to.take(format_args!("{n:#06x}")),
        to.take(format_args!("arguments without placeholders")),
        to.take(Pieces),
        to.take('c'),
        to.take(42),
        to.take(""),
    ]
}

/// The text each of [`each_message_type`]'s messages must give: its `Display`.
const TEXTS: [&str; 13] = [
    "literal",
    "borrowed string",
    "owned string",
    "borrowed string",
    "cow borrowed",
    "cow owned",
    "arguments 3",
    "0x0003",
    "arguments without placeholders",
    "row   7 of column x",
    "c",
    "42",
    "",
];

/// `context` copies text types as they are and formats the rest: every type of message gives
/// the same line as its `Display`, whatever the status's state (code, static, formatted), after
/// the lines it had.
#[test]
fn every_type_of_context_message_gives_its_display_text() {
    struct Context(Status);
    impl TakesMessage for Context {
        fn take<M: std::fmt::Display>(&self, message: M) -> Status {
            self.0.clone().context(message)
        }
    }
    let n = 3;
    for start in [
        Status::from_code(StatusCode::Invalid),
        status!(StatusCode::Invalid, "static"),
        Status::invalid(format_args!("formatted {n}")),
    ] {
        let start = start.context("before");
        for (status, text) in each_message_type(&Context(start)).iter().zip(TEXTS) {
            let lines: Vec<&str> = status.context_lines().map(|(line, _)| line).collect();
            assert_eq!(lines, ["before", text]);
        }
    }
}

/// The constructors copy text types as they are and format the rest (`format_args!` without a
/// second layer): every type of message gives the text of its `Display`.
#[test]
fn every_type_of_constructor_message_gives_its_display_text() {
    struct Constructor;
    impl TakesMessage for Constructor {
        fn take<M: std::fmt::Display>(&self, message: M) -> Status {
            Status::new(StatusCode::KeyError, message)
        }
    }
    let made = each_message_type(&Constructor);
    let texts: Vec<&str> = made.iter().map(Status::message).collect();
    assert_eq!(texts, TEXTS);
    assert!(
        made.iter()
            .all(|s| s.is_key_error() && s.location().is_some())
    );
    assert_eq!(Status::invalid("literal").message(), "literal");
}

/// `with_message` takes the same message types as the constructors, and keeps the rest.
#[test]
fn every_type_of_new_message_gives_its_display_text_and_keeps_the_rest() {
    struct WithMessage(Status);
    impl TakesMessage for WithMessage {
        fn take<M: std::fmt::Display>(&self, message: M) -> Status {
            self.0.clone().with_message(message)
        }
    }
    let start = Status::invalid("first").context("a line").with_detail(1_u8);
    let renamed = each_message_type(&WithMessage(start.clone()));
    let texts: Vec<&str> = renamed.iter().map(Status::message).collect();
    assert_eq!(texts, TEXTS);
    for status in &renamed {
        assert!(status.is_invalid());
        let lines: Vec<&str> = status.context_lines().map(|l| l.0).collect();
        assert_eq!(lines, ["a line"]);
        assert_eq!(status.detail::<u8>(), Some(&1));
        assert!(status.location().is_some());
        assert_eq!(status.location(), start.location());
    }
    assert_eq!(start.message(), "first");
}

/// A code-only status keeps its first lines in the allocation it moves to; a copy on write,
/// a new message or more lines than fit there keep every line, on both sides of a clone.
#[test]
fn context_lines_survive_copies_and_changes_of_a_code_only_status() {
    let status = Status::from_code(StatusCode::Invalid).context("one");
    let shared = status.clone();
    let copy = shared.clone().context("two on the copy");
    assert_eq!(status.context_lines().count(), 1);
    assert_eq!(
        copy.context_lines().map(|l| l.0).collect::<Vec<_>>(),
        ["one", "two on the copy"]
    );
    let renamed = status.with_message("now with a message").with_detail(5_u8);
    assert_eq!(renamed.message(), "now with a message");
    assert_eq!(
        renamed.context_lines().map(|l| l.0).collect::<Vec<_>>(),
        ["one"]
    );
    assert_eq!(renamed.detail::<u8>(), Some(&5));
    assert_eq!(shared.context_lines().count(), 1);
    let mut many = shared;
    let text = "x".repeat(100);
    for i in 0..10 {
        many = many.context(format_args!("{i} {text}"));
    }
    let lines: Vec<&str> = many.context_lines().map(|l| l.0).collect();
    assert_eq!(lines.len(), 11);
    assert_eq!(lines[0], "one");
    assert_eq!(lines[10], format!("9 {text}"));
    assert_eq!(many.code(), StatusCode::Invalid);
    assert_eq!(many.message(), "");
}

/// Text lines are appended in place while the status's own extras have room for them (six
/// lines, 256 bytes of text, a line of up to 64 bytes) and the long way otherwise (a copy for a
/// shared status, a longer line, lines or text past the room): every line comes out in order,
/// and a clone taken between them keeps the lines it had.
#[test]
fn text_lines_in_place_and_past_the_room() {
    let lengths = [0, 1, 7, 16, 17, 33, 64, 65, 100, 3, 40, 63, 5, 64];
    let texts: Vec<String> = lengths
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            char::from(b'a' + u8::try_from(i).unwrap())
                .to_string()
                .repeat(n)
        })
        .collect();
    let mut status = Status::from_code(StatusCode::Invalid);
    let mut clones = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        status = status.context(text.as_str());
        if i % 4 == 2 {
            clones.push((i, status.clone()));
        }
    }
    let lines = |status: &Status| {
        status
            .context_lines()
            .map(|line| line.0.to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(lines(&status), texts);
    for (i, clone) in &clones {
        assert_eq!(lines(clone), texts[..=*i], "the clone after line {i}");
    }
}

/// Written once, used with two different derived status types.
fn describe<S: FastStatus>(status: &S) -> String {
    format!(
        "{}/{}/{}",
        status.code().name(),
        status.code().to_raw(),
        status.message()
    )
}

mod other {
    use fast_status::FastStatus;

    /// A second status type in the same crate.
    #[derive(FastStatus, Clone, Copy, Debug)]
    pub enum ErrorKind {
        /// Timed out.
        Timeout = 7,
    }
}

#[test]
fn generic_code_over_fast_status() {
    assert_eq!(describe(&Status::invalid("x")), "Invalid/3/x");
    assert_eq!(describe(&other::Error::timeout("slow")), "Timeout/7/slow");
    let via_trait = <Status as FastStatus>::new(StatusCode::KeyError, "k");
    assert_eq!(via_trait.to_string(), "Key error: k");
    let with = FastStatus::context(FastStatus::with_detail(via_trait, 5_i32), "ctx");
    assert_eq!(FastStatus::detail::<i32>(&with), Some(&5));
    assert_eq!(FastStatus::context_lines(&with).count(), 1);
}

#[test]
fn question_mark_propagates_through_frames() {
    fn inner() -> Result<(), Status> {
        Err(Status::from_code(StatusCode::Cancelled))
    }
    fn middle() -> Result<(), Status> {
        inner()?;
        Ok(())
    }
    fn outer() -> Result<u64, Status> {
        middle()?;
        Ok(1)
    }
    assert!(outer().unwrap_err().is_cancelled());
}

#[test]
fn boxes_into_dyn_error() {
    let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(Status::invalid("boxed"));
    assert_eq!(boxed.to_string(), "Invalid: boxed");
    assert!(boxed.downcast_ref::<Status>().is_some());
}
