//! Error types with fields: the derive on thiserror-style enums. What each variant
//! shows, how it comes back from `kind()` (stored or packed), sources, conversions, messages and
//! context on such statuses, and equality.

use std::error::Error as _;
use std::fmt;

use fast_status::{FastStatus, KindRef, Pack, ResultExt, bail, ensure, status};

/// A `TooBig` size that takes the heap: more than 26 bits (the enum's codes are below 512, so
/// its words have 52 bits for fields, 26 for each of two `usize`s).
const BIG: usize = 1 << 26;

/// A parser's error kinds, with thiserror's spellings on some variants.
#[derive(FastStatus, Debug)]
#[status(name = Error)]
pub enum ErrorKind {
    /// Two `usize`s: packed when each fits in 26 bits, else on the heap.
    #[status(display = "type is too big ({size}) for {len}")]
    TooBig { size: usize, len: usize },
    /// A `u32`: packed into the word.
    #[status(display = "bad offset {0:#x}")]
    BadOffset(u32),
    /// A `from` field: `?` on an `io::Error`.
    #[status(display = "I/O failed")]
    Io(#[status(from)] std::io::Error),
    /// A field named `source` is the source.
    #[error("could not parse {what}")]
    Parse {
        what: &'static str,
        source: std::num::ParseIntError,
    },
    /// thiserror's `#[source]`, and arguments after the text with the field shorthand.
    #[error("{} at line {line}", .name.to_uppercase())]
    Named {
        name: String,
        line: u32,
        #[source]
        cause: std::fmt::Error,
    },
    /// Forwards its text and its source to its field.
    #[error(transparent)]
    Other(Box<dyn std::error::Error + Send + Sync>),
    /// Small fields that pack together: 16 + 1 + 8 = 25 bits.
    #[error("{0} {1} {2:?}")]
    Small(u16, bool, i8),
    /// A wide field whose value packs when it fits in 52 bits.
    #[error("at {0}")]
    Wide(u64),
    /// A field of the user's own `Pack` type.
    #[error("on the {0:?} side")]
    Sided(Side),
    /// No fields: a code and a fixed text.
    #[error("custom")]
    Custom,
    /// No fields, no text: the variant's name.
    Plain,
    /// Fields without a text: the variant's name too.
    Untitled(u8, u16),
    /// Named fields without a text.
    UntitledNamed { at: u32 },
}

/// A user's fieldless enum that packs into one bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Left,
    Right,
}

impl Pack for Side {
    const BITS: u32 = 1;

    fn pack(self) -> Option<u32> {
        Some(self as u32)
    }

    fn unpack(bits: u32) -> Option<Self> {
        match bits {
            0 => Some(Side::Left),
            1 => Some(Side::Right),
            _ => None,
        }
    }
}

fn parse_error() -> std::num::ParseIntError {
    "x".parse::<u8>().unwrap_err()
}

#[test]
fn display_is_each_variants_text_with_its_fields() {
    let cases: Vec<(Error, &str)> = vec![
        (Error::too_big(4, 3), "type is too big (4) for 3"),
        (Error::bad_offset(255), "bad offset 0xff"),
        (Error::from(std::io::Error::other("disk")), "I/O failed"),
        (
            Error::parse("the header", parse_error()),
            "could not parse the header",
        ),
        (
            Error::named("x".to_owned(), 7, std::fmt::Error),
            "X at line 7",
        ),
        (
            Error::other(Box::new(std::io::Error::other("inner text"))),
            "inner text",
        ),
        (Error::small(65535, true, -3), "65535 true -3"),
        (Error::wide(u64::MAX), "at 18446744073709551615"),
        (Error::sided(Side::Right), "on the Right side"),
        (Error::custom("a message"), "custom: a message"),
        (Error::from(ErrorKind::Custom), "custom"),
        (Error::from_code(ErrorCode::Plain), "Plain"),
        (Error::untitled(1, 2), "Untitled"),
        (Error::untitled_named(3), "UntitledNamed"),
        // A code alone of a variant with fields: its name.
        (Error::from_code(ErrorCode::TooBig), "TooBig"),
        (
            status!(ErrorCode::BadOffset, "no fields"),
            "BadOffset: no fields",
        ),
    ];
    for (error, text) in cases {
        assert_eq!(error.to_string(), text, "{error:#?}");
    }
}

/// Whether this target's word packs fields beside a code (64-bit targets); on a 32-bit one a
/// variant with fields takes the heap path.
const PACKS: bool = cfg!(target_pointer_width = "64");

/// The `KindRef` a variant whose values fit is read back as: unpacked from the word where
/// words pack, else borrowed from its allocation.
fn packed_ref<K>(kind: &KindRef<'_, K>) -> bool {
    if PACKS {
        matches!(kind, KindRef::Unpacked(_))
    } else {
        matches!(kind, KindRef::Borrowed(_))
    }
}

#[test]
fn kind_gives_the_variant_back_for_matching() {
    let error = Error::too_big(BIG, 3);
    match error.kind().as_deref() {
        Some(ErrorKind::TooBig { size, len }) => assert_eq!((*size, *len), (BIG, 3)),
        other => panic!("{other:?}"),
    }
    assert!(matches!(error.kind(), Some(KindRef::Borrowed(_))));
    // Two wide fields that fit in 26 bits each ride in the word.
    let error = Error::too_big(4, 3);
    match error.kind().as_deref() {
        Some(ErrorKind::TooBig { size, len }) => assert_eq!((*size, *len), (4, 3)),
        other => panic!("{other:?}"),
    }
    assert!(error.kind().as_ref().is_some_and(packed_ref));

    let error = Error::bad_offset(0xdead);
    let kind = error.kind();
    let Some(ErrorKind::BadOffset(offset)) = kind.as_deref() else {
        panic!("{kind:?}");
    };
    assert_eq!(*offset, 0xdead);
    assert!(error.kind().as_ref().is_some_and(packed_ref));

    match Error::small(7, false, i8::MIN).kind().as_deref() {
        Some(ErrorKind::Small(a, b, c)) => assert_eq!((*a, *b, *c), (7, false, i8::MIN)),
        other => panic!("{other:?}"),
    }
    match Error::sided(Side::Left).kind().as_deref() {
        Some(ErrorKind::Sided(side)) => assert_eq!(*side, Side::Left),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        Error::from(ErrorKind::Custom).kind().as_deref(),
        Some(ErrorKind::Custom)
    ));
    // A variant without fields comes back whatever state holds its code.
    assert!(matches!(
        status!(ErrorCode::Plain, "static").kind().as_deref(),
        Some(ErrorKind::Plain)
    ));
    // A code alone of a variant with fields has no fields to give back.
    assert!(Error::from_code(ErrorCode::TooBig).kind().is_none());
    assert!(status!(ErrorCode::BadOffset, "x = {}", 1).kind().is_none());
}

impl Error {
    /// The `io::Error` this status holds, borrowed for as long as the status is: an accessor
    /// such as sqlx's `as_database_error`, which `kind().as_deref()` cannot write (its borrow
    /// ends with the `KindRef`), and `KindRef::Borrowed` can.
    fn as_io(&self) -> Option<&std::io::Error> {
        match self.kind()? {
            KindRef::Borrowed(ErrorKind::Io(io)) => Some(io),
            _ => None,
        }
    }
}

#[test]
fn a_stored_field_is_borrowed_for_as_long_as_the_status() {
    let error = Error::from(std::io::Error::new(std::io::ErrorKind::NotFound, "gone"));
    let io = error.as_io().expect("an Io status");
    assert_eq!(
        (io.kind(), io.to_string()),
        (std::io::ErrorKind::NotFound, "gone".into())
    );
    // A changed copy borrows the value it shares.
    let changed = error.clone().with_message("while opening");
    assert_eq!(
        changed.as_io().map(std::io::Error::kind),
        Some(std::io::ErrorKind::NotFound)
    );
    assert!(Error::bad_offset(1).as_io().is_none());
}

#[test]
fn a_kind_is_read_back_whichever_description_of_its_type_the_payload_was_made_with() {
    use fast_status::__private::{Backtraces, Kind, Repr, ValueType, kind_of};

    // The derive makes every payload with its `static` (`Kind::VALUE_TYPE`), and `kind()`
    // compares that one address; a payload made with another description of the same type is
    // read through the type ids, and one of another type is not read as this kind.
    static ELSEWHERE: ValueType<ErrorKind> = ValueType::new();
    static TEXT: ValueType<String> = ValueType::new();
    let raw = ErrorCode::TooBig as u32;
    let too_big = || ErrorKind::TooBig { size: 4, len: 3 };
    let at = std::panic::Location::caller();
    let mut words = [
        Repr::from_kind(raw, too_big, ErrorKind::VALUE_TYPE, at, Backtraces::Env),
        Repr::from_kind(raw, too_big, &ELSEWHERE, at, Backtraces::Env),
    ];
    for word in &words {
        let kind = kind_of::<ErrorKind>(word);
        assert!(matches!(kind, Some(KindRef::Borrowed(_))), "{kind:?}");
        assert!(matches!(
            kind.as_deref(),
            Some(ErrorKind::TooBig { size: 4, len: 3 })
        ));
        assert!(matches!(
            word.kind_value::<ErrorKind>(),
            Some(ErrorKind::TooBig { size: 4, len: 3 })
        ));
    }
    let mut text = Repr::from_kind(raw, || String::from("text"), &TEXT, at, Backtraces::Env);
    assert!(kind_of::<ErrorKind>(&text).is_none());
    assert!(text.kind_value::<ErrorKind>().is_none());
    assert_eq!(text.stored_kind(&TEXT).map(String::as_str), Some("text"));
    for word in words.iter_mut().chain([&mut text]) {
        word.release_heap();
    }
}

#[test]
fn small_fields_pack_and_wide_values_take_the_heap_only_when_they_do_not_fit() {
    let packed = Error::wide((1 << 52) - 1);
    assert!(packed.kind().as_ref().is_some_and(packed_ref));
    assert_eq!(
        packed.location().is_none(),
        PACKS,
        "a packed word has no room for a location"
    );
    let heap = Error::wide(1 << 52);
    assert!(matches!(heap.kind(), Some(KindRef::Borrowed(_))));
    assert_eq!(
        heap.location().map(std::panic::Location::file),
        Some(file!())
    );
    for error in [packed, heap] {
        assert!(error.is_wide());
        assert_eq!(error.code(), ErrorCode::Wide);
    }
}

#[test]
fn codes_and_predicates_work_through_the_generated_code_enum() {
    let error = Error::bad_offset(1);
    assert_eq!(error.code(), ErrorCode::BadOffset);
    assert!(error.is_bad_offset() && !error.is_too_big());
    assert_eq!(ErrorCode::TooBig as u32, 0);
    assert_eq!(ErrorCode::Plain as u32, 10);
    assert_eq!(fast_status::Code::text(ErrorCode::Custom), "custom");
    assert_eq!(fast_status::Code::text(ErrorCode::TooBig), "TooBig");
    assert_eq!(Error::from(ErrorCode::Io).code(), ErrorCode::Io);
}

#[test]
fn sources_are_the_marked_fields() {
    let io = Error::from(std::io::Error::other("disk"));
    assert_eq!(
        io.source().map(ToString::to_string).as_deref(),
        Some("disk")
    );
    let parse = Error::parse("n", parse_error());
    assert_eq!(
        parse.source().map(ToString::to_string),
        Some(parse_error().to_string())
    );
    let named = Error::named("n".to_owned(), 1, std::fmt::Error);
    assert!(named.source().unwrap().is::<std::fmt::Error>());
    // Transparent: the field's own source, not the field.
    let inner = Error::from(std::io::Error::other("innermost"));
    let outer = Error::other(Box::new(inner));
    assert_eq!(outer.to_string(), "I/O failed");
    assert_eq!(outer.source().unwrap().to_string(), "innermost");
    assert!(Error::too_big(1, 2).source().is_none());
    assert!(Error::bad_offset(1).source().is_none());
}

thread_local! {
    /// The line of `read`'s `?`.
    static QUESTION_MARK_LINE: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

fn read(fail: bool) -> Result<u32, Error> {
    if fail {
        QUESTION_MARK_LINE.set(line!() + 1);
        Err(std::io::Error::other("no disk"))?;
    }
    Ok(1)
}

fn check(size: usize, len: usize) -> Result<(), Error> {
    if size > len {
        // `?` on a `Result<_, ErrorKind>`: `From<ErrorKind>`.
        Err(ErrorKind::TooBig { size, len })?;
    }
    Ok(())
}

#[test]
fn question_mark_converts_from_fields_and_kinds() {
    let error = read(true).unwrap_err();
    assert!(error.is_io());
    assert!(
        matches!(error.kind().as_deref(), Some(ErrorKind::Io(e)) if e.to_string() == "no disk")
    );
    assert_eq!(error.source().unwrap().to_string(), "no disk");
    // The location is the `?`'s.
    assert_eq!(
        error.location().map(|l| (l.file(), l.line())),
        Some((file!(), QUESTION_MARK_LINE.get()))
    );
    assert_eq!(
        check(5, 4).unwrap_err().to_string(),
        "type is too big (5) for 4"
    );
    assert!(check(4, 4).is_ok());
}

/// A `From` impl written for the status, as a port keeps its own conversions: a constructor
/// inside, and `#[track_caller]` so that the status records the `?`'s line (the crate docs,
/// "Porting from thiserror").
impl From<std::num::ParseIntError> for Error {
    #[track_caller]
    fn from(error: std::num::ParseIntError) -> Self {
        Error::parse("a number", error)
    }
}

fn number(text: &str) -> Result<i32, Error> {
    QUESTION_MARK_LINE.set(line!() + 1);
    let n = text.parse::<i32>()?;
    Ok(n)
}

#[test]
fn a_hand_written_from_with_track_caller_records_the_question_mark() {
    let error = number("x").unwrap_err();
    assert_eq!(
        error.location().map(|l| (l.file(), l.line())),
        Some((file!(), QUESTION_MARK_LINE.get()))
    );
    assert_eq!(error.to_string(), "could not parse a number");
    assert_eq!(
        error.source().unwrap().to_string(),
        "invalid digit found in string"
    );
    assert_eq!(number("12").unwrap(), 12);
}

fn offset_at(buf: &[u8], at: usize) -> Result<u8, Error> {
    ensure!(
        at < buf.len(),
        ErrorCode::BadOffset,
        "offset {} of {}",
        at,
        buf.len()
    );
    if buf[at] == 0 {
        bail!(ErrorCode::Custom);
    }
    Ok(buf[at])
}

#[test]
fn status_bail_and_ensure_take_the_generated_codes() {
    assert_eq!(offset_at(&[1, 2], 1), Ok(2));
    assert_eq!(
        offset_at(&[1], 3).unwrap_err().to_string(),
        "BadOffset: offset 3 of 1"
    );
    assert_eq!(offset_at(&[0], 0).unwrap_err().to_string(), "custom");
}

#[test]
fn a_message_and_context_keep_the_kind() {
    for error in [
        Error::too_big(BIG, 8),
        Error::too_big(9, 8),
        Error::bad_offset(8),
        Error::from_code(ErrorCode::Plain),
    ] {
        let shared = error.clone();
        let changed = error
            .with_message("while reading")
            .context("in the footer")
            .with_detail(5_u8);
        let display = shared.to_string();
        assert_eq!(changed.to_string(), format!("{display}: while reading"));
        assert_eq!(
            format!("{:?}", changed.kind()),
            format!("{:?}", shared.kind())
        );
        assert_eq!(changed.code(), shared.code());
        assert_eq!(changed.context_lines().count(), 1);
        assert_eq!(changed.detail::<u8>(), Some(&5));
        // The original is untouched.
        assert_eq!(shared.to_string(), display);
        assert_eq!(shared.context_lines().count(), 0);
    }
    // Context on an unshared heap kind changes it in place, and keeps its fields.
    let line = line!() + 1;
    let error = Error::too_big(3, 2).context("one").context("two");
    assert!(matches!(
        error.kind().as_deref(),
        Some(ErrorKind::TooBig { size: 3, len: 2 })
    ));
    assert_eq!(
        format!("{error:#}"),
        format!(
            "type is too big (3) for 2\n  context: one (at {f}:{line}:38)\n  \
             context: two (at {f}:{line}:53)",
            f = file!(),
        )
    );
}

#[test]
fn clones_share_the_kind() {
    let error = Error::too_big(BIG, 2);
    let copy = error.clone();
    let (a, b) = (error.kind().unwrap(), copy.kind().unwrap());
    assert!(
        std::ptr::eq(std::ptr::from_ref(&*a), std::ptr::from_ref(&*b)),
        "one value, shared"
    );
}

#[test]
fn reports_show_the_kind() {
    // The report's exact text must not depend on this machine's `RUST_BACKTRACE`.
    fast_status::set_backtrace_capture(false);
    let error = Error::parse("the header", parse_error());
    let report = format!("{:?}", error.report());
    assert!(
        report.starts_with("could not parse the header\n    at "),
        "{report}"
    );
    assert!(
        report.ends_with("Caused by:\n    0: invalid digit found in string"),
        "{report}"
    );
    let structural = format!("{:#?}", error.report());
    assert!(structural.contains("code: Parse,"), "{structural}");
    assert!(
        structural.contains("kind: Parse {\n        what: \"the header\","),
        "{structural}"
    );
    assert_eq!(error.report().to_string(), report);
    let alternate = format!("{error:#}");
    assert_eq!(
        alternate,
        "could not parse the header\n  caused by: invalid digit found in string"
    );
    let code_only = format!("{:#?}", Error::from_code(ErrorCode::TooBig).report());
    assert!(code_only.contains("kind: None,"), "{code_only}");
}

/// The message of the panic `result.unwrap()` raises.
fn unwrap_panic(result: Result<(), Error>) -> String {
    std::panic::catch_unwind(|| result.unwrap())
        .expect_err("unwrap panics")
        .downcast::<String>()
        .map(|message| *message)
        .unwrap_or_default()
}

/// `{:?}` and `{:#?}` of a status of kinds are what `#[derive(Debug)]` on the kind enum prints
/// for the same value, byte for byte, whether the value is stored or packed; context lines
/// and a message follow only when the status has them.
#[test]
fn debug_is_the_kind_enum_derived_debug() {
    let kinds = [
        ErrorKind::TooBig { size: 3, len: 4 },
        ErrorKind::TooBig { size: BIG, len: 4 },
        ErrorKind::BadOffset(0x10),
        ErrorKind::Parse {
            what: "the \"header\"",
            source: parse_error(),
        },
        ErrorKind::Custom,
    ];
    for kind in kinds {
        let (debug, pretty) = (format!("{kind:?}"), format!("{kind:#?}"));
        let error = Error::from(kind);
        assert_eq!(format!("{error:?}"), debug);
        assert_eq!(format!("{error:#?}"), pretty);
        // `unwrap()` on the result prints the same as it did with the enum.
        let message = unwrap_panic(Err(error));
        assert!(message.ends_with(&debug), "{message}");
    }
    let with_context = Error::bad_offset(7).context("reading the header");
    let line = line!() - 1;
    assert_eq!(
        format!("{with_context:?}"),
        format!(
            "BadOffset(7)\n\nContext:\n    0: reading the header\n       at {}:{line}:45",
            file!()
        )
    );
    assert_eq!(
        format!("{:?}", Error::custom("at byte 12")),
        "Custom\n\nMessage: at byte 12"
    );
    // A status made from a code alone of a variant with fields: the variant's name.
    assert_eq!(
        format!("{:?}", Error::from_code(ErrorCode::TooBig)),
        "TooBig"
    );
}

/// A kind enum that is `Eq`: statuses compare their kinds too.
#[derive(FastStatus, Debug, PartialEq, Eq)]
#[status(name = Compared)]
pub enum ComparedKind {
    #[error("at {0}")]
    At(u64),
    #[error("between {lo} and {hi}")]
    Between { lo: u64, hi: u64 },
}

/// A kind enum that is `PartialEq` only, as a thiserror enum with a float often is: its kinds
/// are compared too, and a status with a NaN is still equal to itself.
#[derive(FastStatus, Debug, PartialEq)]
#[status(name = Measured)]
pub enum MeasuredKind {
    #[error("off by {0}")]
    Off(f64),
    #[error("at {0}")]
    At(u16),
}

#[test]
fn equality_compares_kinds_when_they_are_partial_eq() {
    assert_eq!(Compared::at(1), Compared::at(1));
    assert_ne!(Compared::at(1), Compared::at(2));
    assert_eq!(Compared::between(1, 2), Compared::between(1, 2));
    assert_ne!(Compared::between(1, 2), Compared::between(1, 3));
    assert_ne!(Compared::at(1), Compared::between(1, 1));
    // Stored and packed kinds alike (`1 << 40` takes the heap).
    assert_ne!(Compared::at(1 << 40), Compared::at((1 << 40) + 1));
    assert_eq!(Compared::at(1 << 40), Compared::at(1 << 40));
    // A kind that is not `PartialEq` (it holds an `io::Error`): code and message decide.
    assert_eq!(Error::too_big(1, 2), Error::too_big(1, 2));
    assert_eq!(Error::too_big(1, 2), Error::too_big(3, 4));
    // `PartialEq` only: compared, as the thiserror enum compared them.
    assert_ne!(Measured::off(1.0), Measured::off(2.0));
    assert_eq!(Measured::off(1.5), Measured::off(1.5));
    assert_ne!(Measured::at(1), Measured::at(2));
    assert_eq!(
        Measured::from(MeasuredKind::At(7)),
        Measured::at(7).with_message("")
    );
    // `Eq` stays reflexive: a status with a NaN equals itself, its clones and a changed copy
    // with the same message (which shares its value), though the NaNs are unequal.
    let nan = Measured::off(f64::NAN);
    assert_eq!(nan, nan);
    assert_eq!(nan, nan.clone());
    assert_eq!(nan, nan.clone().context("read"));
    assert_ne!(nan, Measured::off(f64::NAN));
}

/// A field whose `Display` panics: the status is made without formatting it, and displaying
/// it panics without harm.
#[derive(Debug)]
pub struct PanickyDisplay;

impl fmt::Display for PanickyDisplay {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        panic!("no display")
    }
}

#[derive(FastStatus, Debug)]
#[status(name = Panicky)]
pub enum PanickyKind {
    #[error("{0}")]
    Shown(PanickyDisplay),
}

#[test]
fn fields_are_not_formatted_until_displayed() {
    let status = Panicky::shown(PanickyDisplay);
    assert!(status.is_shown());
    let copy = status.clone();
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| status.to_string()));
    assert!(result.is_err());
    assert!(copy.kind().is_some());
}

#[test]
fn generic_code_works_over_statuses_with_fields() {
    fn describe<S: FastStatus>(status: S) -> String {
        status.context("generic").message().to_owned()
    }
    assert_eq!(describe(Error::too_big(1, 2)), "");
    assert_eq!(describe(Error::custom("m")), "m");
    let result: Result<(), Error> = Err(Error::bad_offset(3));
    let error = result.context("reading").unwrap_err();
    assert_eq!(error.context_lines().count(), 1);
    assert!(matches!(
        error.kind().as_deref(),
        Some(ErrorKind::BadOffset(3))
    ));
}

/// A kind enum whose variants hold others of their own enum, written as `Self` (as a recursive
/// thiserror enum writes them).
#[derive(FastStatus, Debug)]
#[status(name = Tree)]
pub enum TreeKind {
    #[error("leaf {0}")]
    Leaf(u8),
    #[error("wrapped: {0}")]
    Wrapped(Box<Self>),
    #[error("pair at depth {depth}")]
    Pair {
        inner: Option<Box<Self>>,
        depth: u32,
    },
    #[error("caused")]
    Caused(#[source] Box<Self>),
    #[error("maybe caused")]
    Maybe {
        #[source]
        cause: Option<std::io::Error>,
    },
    /// Field shorthands after a keyword and after a unary operator.
    #[error("{} {}", match .0 { Some(n) => *n, None => 0 }, if *.1 { "set" } else { "unset" })]
    Shorthands(Option<u8>, bool),
}

#[test]
fn field_shorthands_work_after_keywords_and_unary_operators() {
    assert_eq!(Tree::shorthands(Some(4), true).to_string(), "4 set");
    assert_eq!(Tree::shorthands(None, false).to_string(), "0 unset");
}

#[test]
fn a_field_may_name_its_own_enum_as_self() {
    let wrapped = Tree::wrapped(Box::new(TreeKind::Leaf(7)));
    assert_eq!(wrapped.to_string(), "wrapped: leaf 7");
    match wrapped.kind().as_deref() {
        Some(TreeKind::Wrapped(inner)) => assert!(matches!(**inner, TreeKind::Leaf(7))),
        other => panic!("not the wrapped leaf: {other:?}"),
    }
    let pair = Tree::pair(Some(Box::new(TreeKind::Leaf(1))), 2);
    assert_eq!(pair.to_string(), "pair at depth 2");
    assert!(matches!(
        pair.kind().as_deref(),
        Some(TreeKind::Pair {
            inner: Some(_),
            depth: 2
        })
    ));
    assert!(Tree::leaf(3).is_leaf());
}

#[test]
fn a_kind_enum_is_an_error_with_its_variants_sources() {
    // As under thiserror: the kind enum is an error, whose source is its variant's.
    let kind = ErrorKind::Parse {
        what: "a number",
        source: parse_error(),
    };
    assert_eq!(
        kind.source().map(ToString::to_string),
        Some(parse_error().to_string())
    );
    let boxed: Box<dyn std::error::Error + Send + Sync> = Box::new(ErrorKind::BadOffset(1));
    assert_eq!(boxed.to_string(), ErrorKind::BadOffset(1).to_string());
    assert!(boxed.source().is_none());

    // A source that is another of its own enum: the status's source is it, and its own
    // source is the next.
    let status = Tree::caused(Box::new(TreeKind::Caused(Box::new(TreeKind::Leaf(2)))));
    let first = status.source().expect("the variant's source");
    assert_eq!(first.to_string(), "caused");
    assert_eq!(
        first.source().map(ToString::to_string).as_deref(),
        Some("leaf 2")
    );
}

#[test]
fn question_mark_still_converts_into_the_kind_enum() {
    // Code that still returns the kind enum, as it returned the thiserror enum, keeps `?`.
    fn open() -> Result<(), ErrorKind> {
        Err(std::io::Error::other("disk"))?;
        Ok(())
    }
    let kind = open().unwrap_err();
    assert!(matches!(kind, ErrorKind::Io(_)));
    assert_eq!(
        kind.source().map(ToString::to_string).as_deref(),
        Some("disk")
    );
    // And on into the status.
    let status = Error::from(kind);
    assert!(status.is_io());
}

/// Variants of one source field, for `or_status`: a tuple field, a named one, a transparent
/// one; and a field that is not a source.
#[derive(FastStatus, Debug)]
#[status(name = Fetch)]
pub enum FetchKind {
    #[error("I/O failed")]
    Io(#[source] std::io::Error),
    #[error("not a source")]
    Plain(std::io::Error),
    #[error("bad port")]
    Port { source: std::num::ParseIntError },
    #[error(transparent)]
    Format(std::fmt::Error),
    #[error("refused")]
    Refused,
}

#[test]
fn or_status_builds_the_variant_whose_one_field_is_the_error() {
    // As `?` builds it from a `#[from]` field: the kind holds the error, the text is the
    // variant's, the location is the `or_status` call's.
    let read = std::fs::read("/no/such/file");
    let line = line!() + 1;
    let io = read.or_status(ErrorCode::Io).unwrap_err();
    let asked = Error::from(std::io::Error::from(std::io::ErrorKind::NotFound));
    assert_eq!(io.to_string(), asked.to_string());
    match io.kind().as_deref() {
        Some(ErrorKind::Io(error)) => assert_eq!(error.kind(), std::io::ErrorKind::NotFound),
        other => panic!("expected the `Io` variant, got {other:?}"),
    }
    assert_eq!(io.location().map(std::panic::Location::line), Some(line));
    assert!(io.source().unwrap().is::<std::io::Error>());

    // A named field, a plain tuple field, a transparent one.
    let port = "x".parse::<u16>().or_status(FetchCode::Port).unwrap_err();
    assert!(matches!(
        port.kind().as_deref(),
        Some(FetchKind::Port { .. })
    ));
    assert_eq!(format!("{port:#}").lines().next(), Some("bad port"));
    let io = Err::<(), _>(std::io::Error::other("disk")).or_status(FetchCode::Io);
    let io = io.unwrap_err();
    assert_eq!(
        format!("{:?}", io.kind().as_deref()),
        "Some(Io(Custom { kind: Other, error: \"disk\" }))"
    );
    let format = Err::<(), _>(fmt::Error)
        .or_status(FetchCode::Format)
        .unwrap_err();
    assert!(matches!(
        format.kind().as_deref(),
        Some(FetchKind::Format(_))
    ));
    assert_eq!(format.to_string(), fmt::Error.to_string());

    // A code without fields keeps the error as its source, as in an enum of codes.
    let refused = Err::<(), _>(fmt::Error)
        .or_status(FetchCode::Refused)
        .unwrap_err();
    assert!(matches!(
        refused.kind().as_deref(),
        Some(FetchKind::Refused)
    ));
    assert!(refused.source().unwrap().is::<fmt::Error>());

    // A field that is not a source is not built from the error, which stays the source.
    let plain = Err::<(), _>(std::io::Error::other("disk")).or_status(FetchCode::Plain);
    let plain = plain.unwrap_err();
    assert!(plain.kind().is_none());
    assert_eq!(plain.source().unwrap().to_string(), "disk");

    // A code whose field is of another type cannot be built: the status has the code and the
    // error as its source, and no kind.
    let mismatched = "x".parse::<u16>().or_status(FetchCode::Io).unwrap_err();
    assert!(mismatched.is_io());
    assert!(mismatched.kind().is_none());
    assert_eq!(mismatched.to_string(), "Io");
    assert!(mismatched.source().unwrap().is::<std::num::ParseIntError>());
}

/// One failure of each shape, for `kinds()`.
fn fail(shape: u8) -> Result<u8, Error> {
    match shape {
        0 => Err(Error::from_code(ErrorCode::Custom)),
        1 => Err(Error::bad_offset(0xdead)),
        2 => Err(Error::too_big(BIG, 3)),
        3 => Err(std::io::Error::other("disk"))?,
        4 => Err(Error::sided(Side::Right)),
        _ => Ok(shape),
    }
}

#[test]
fn kinds_matches_a_failure_with_the_kind_enums_patterns_in_one_step() {
    // `matches!(r, Err(Error::X(..)))` of the enum a port replaces, one method call away.
    assert!(matches!(fail(0).kinds(), Err(ErrorKind::Custom)));
    assert!(matches!(fail(1).kinds(), Err(ErrorKind::BadOffset(0xdead))));
    assert!(!matches!(fail(1).kinds(), Err(ErrorKind::BadOffset(0))));
    assert!(matches!(fail(9).kinds(), Ok(9)));
    // Guards, bindings by value, and nested patterns.
    let size = match fail(2).kinds() {
        Err(ErrorKind::TooBig { size, len }) if len < size => size,
        other => panic!("expected `TooBig` larger than its length, got {other:?}"),
    };
    assert_eq!(size, BIG);
    let io = match fail(3).kinds() {
        Err(ErrorKind::Io(io)) => io,
        other => panic!("expected `Io`, got {other:?}"),
    };
    assert_eq!(io.to_string(), "disk");
    assert!(matches!(
        fail(4).kinds(),
        Err(ErrorKind::Sided(Side::Right))
    ));
    assert!(!matches!(
        fail(4).kinds(),
        Err(ErrorKind::Sided(Side::Left))
    ));
}

#[test]
#[should_panic(expected = "`kinds()` on a status that has no kind of its own")]
fn kinds_panics_on_a_status_made_from_the_code_of_a_variant_with_fields() {
    let _ = Err::<(), _>(status!(ErrorCode::BadOffset, "no offset")).kinds();
}

#[test]
#[should_panic(expected = "shares it with a live clone")]
fn kinds_panics_on_a_status_that_shares_its_kind() {
    let error = Error::too_big(BIG, 3);
    let _clone = error.clone();
    let _ = Err::<(), _>(error).kinds();
}

/// A hand-written `Display`, moved over whole: `#[error(fmt = ..)]` on the enum is given the
/// kind; a variant with a text of its own keeps it.
#[derive(FastStatus, Debug)]
#[status(name = Described)]
#[error(fmt = describe)]
pub enum DescribedKind {
    Open {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
    Line(u32),
    Name(String),
    Eof,
    #[error("its own text")]
    Own(u8),
}

fn describe(kind: &DescribedKind, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match kind {
        DescribedKind::Open { path, .. } => write!(f, "cannot open {}", path.display()),
        DescribedKind::Line(line) => write!(f, "at line {line}"),
        DescribedKind::Name(name) => write!(f, "bad name {name:?}"),
        DescribedKind::Eof => f.write_str("unexpected end"),
        DescribedKind::Own(_) => f.write_str("not called: the variant has its own text"),
    }
}

#[test]
fn an_enum_level_fmt_function_writes_every_variant_without_a_text_from_the_kind() {
    let open = Described::open("/etc/x".into(), std::io::Error::other("denied"));
    assert_eq!(open.to_string(), "cannot open /etc/x");
    assert_eq!(
        open.source().map(ToString::to_string).as_deref(),
        Some("denied")
    );
    assert_eq!(Described::line(7).to_string(), "at line 7");
    // A `String` variant written from its text is built to be shown: the function takes it.
    let name = Described::name(format_args!("a{}", 'b'));
    assert_eq!(name.to_string(), "bad name \"ab\"");
    assert_eq!(
        Described::from_code(DescribedCode::Eof).to_string(),
        "unexpected end"
    );
    assert_eq!(Described::own(1).to_string(), "its own text");
    // The kind enum's own `Display` is the same function.
    assert_eq!(DescribedKind::Line(3).to_string(), "at line 3");
    assert_eq!(
        Described::line(7).context("reading").to_string(),
        "at line 7"
    );
}

/// `fmt = path` functions that take their fields as clippy asks: `Copy` fields by value, the
/// contents of a `String`, a `Vec`, a `PathBuf` and an `Option` borrowed; and thiserror's `&F`.
#[derive(FastStatus, Debug)]
#[status(name = Typed)]
pub enum TypedKind {
    #[error(fmt = at_line)]
    Line(u32, Option<u8>, &'static str),
    #[error(fmt = named)]
    Named {
        name: String,
        bytes: Vec<u8>,
        path: std::path::PathBuf,
        hint: Option<String>,
    },
    #[error(fmt = by_reference)]
    Referenced(usize, Option<u8>, String),
}

fn at_line(line: u32, column: Option<u8>, file: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "{file}:{line}:{}", column.unwrap_or(0))
}

fn named(
    name: &str,
    bytes: &[u8],
    path: &std::path::Path,
    hint: Option<&String>,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    write!(f, "{name} {bytes:?} {} {hint:?}", path.display())
}

#[allow(
    clippy::trivially_copy_pass_by_ref,
    clippy::ref_option,
    clippy::ptr_arg
)]
fn by_reference(
    size: &usize,
    column: &Option<u8>,
    text: &String,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    write!(f, "{size} {column:?} {text}")
}

#[test]
fn fmt_functions_take_fields_by_value_or_borrowed_as_their_signature_says() {
    assert_eq!(Typed::line(7, Some(3), "a.rs").to_string(), "a.rs:7:3");
    let named = Typed::named("x".into(), vec![1, 2], "/p".into(), Some("h".into()));
    assert_eq!(named.to_string(), "x [1, 2] /p Some(\"h\")");
    assert_eq!(
        Typed::referenced(4, None, "t".into()).to_string(),
        "4 None t"
    );
}

/// A label of the user's own, with drop glue: not `Pack`.
#[derive(Debug, PartialEq)]
pub struct Label(String);

/// Variants whose constructors pack inline (the fields always fit, or are of a type the derive
/// cannot judge), beside their heap fallbacks.
#[derive(FastStatus, Debug)]
#[status(name = Inline)]
pub enum InlineKind {
    #[error("at {0}")]
    At(u32),
    #[error("flags {0} {1} {2}")]
    Flags(bool, u8, char),
    #[error("on the {0:?} side")]
    Sided(Side),
    #[error("after {0:?}")]
    After(std::time::Duration),
    #[error("labelled {0:?}")]
    Labelled(Label),
}

#[test]
fn inline_packed_constructors_keep_every_value() {
    let on_64_bit = cfg!(target_pointer_width = "64");
    for at in [0, 1, u32::MAX] {
        let status = Inline::at(at);
        assert!(matches!(status.kind().as_deref(), Some(InlineKind::At(v)) if *v == at));
        assert_eq!(
            status.location().is_none(),
            on_64_bit,
            "packed: no room for a location"
        );
    }
    let flags = Inline::flags(true, 255, char::MAX);
    assert!(matches!(
        flags.kind().as_deref(),
        Some(InlineKind::Flags(true, 255, char::MAX))
    ));
    let sided = Inline::sided(Side::Right);
    assert!(matches!(
        sided.kind().as_deref(),
        Some(InlineKind::Sided(Side::Right))
    ));
    assert_eq!(sided.location().is_none(), on_64_bit);
    // A `Copy` type that is not `Pack`, and a type with drop glue: the heap, with a location.
    let after = Inline::after(std::time::Duration::from_millis(7));
    assert!(matches!(after.kind().as_deref(), Some(InlineKind::After(d)) if d.as_millis() == 7));
    assert!(after.location().is_some());
    let labelled = Inline::labelled(Label("x".to_owned()));
    assert!(matches!(labelled.kind().as_deref(), Some(InlineKind::Labelled(l)) if l.0 == "x"));
    assert!(labelled.location().is_some());
    assert_eq!(labelled.to_string(), "labelled Label(\"x\")");
}

#[test]
fn an_optional_source_is_the_source_when_there_is_one() {
    // thiserror's rule: a source field written `Option<E>` is the source when it is `Some`.
    assert!(Tree::maybe(None).source().is_none());
    let status = Tree::maybe(Some(std::io::Error::other("disk")));
    assert_eq!(
        status.source().map(ToString::to_string).as_deref(),
        Some("disk")
    );
    let kind = TreeKind::Maybe { cause: None };
    assert!(kind.source().is_none());
}

/// A field with a keyword's name (`r#type`), which a text names without `r#`, as `format!`
/// and thiserror take it.
#[derive(FastStatus, Debug)]
#[status(name = Keyworded)]
pub enum KeywordedKind {
    /// The field in the text and as a constructor argument.
    #[error("the {type} type is not supported")]
    Unsupported { r#type: &'static str },
}

#[test]
fn a_field_named_by_a_keyword_is_written_without_r_hash() {
    let status = Keyworded::unsupported("u128");
    assert_eq!(status.to_string(), "the u128 type is not supported");
    assert!(matches!(
        status.kind().as_deref(),
        Some(KeywordedKind::Unsupported { r#type: "u128" })
    ));
}

/// A thiserror enum whose variants are named like built-in methods (`Message`, `Context`),
/// ported without renaming them: `method = ..` names their constructors and predicates.
#[derive(FastStatus, Debug)]
#[status(name = Ported)]
pub enum PortedKind {
    #[error("{0}")]
    #[status(method = custom_message)]
    Message(String),
    #[error("while {0}")]
    #[status(method = context_lost)]
    Context(&'static str),
    #[error("code {0}")]
    #[status(method = r#type)]
    Code(u8),
    #[error("plain")]
    Plain,
}

#[test]
fn method_names_a_variants_constructor_and_predicate() {
    let message = Ported::custom_message("disk full".to_owned());
    assert!(message.is_custom_message());
    assert!(!message.is_context_lost());
    assert_eq!(message.to_string(), "disk full");
    assert!(matches!(
        message.kind().as_deref(),
        Some(PortedKind::Message(text)) if text == "disk full"
    ));
    // The built-ins stay what they were: `message()` reads the attached message.
    assert_eq!(message.message(), "");
    let context = Ported::context_lost("reading").context("at the top");
    assert!(context.is_context_lost());
    assert_eq!(context.code(), PortedCode::Context);
    assert_eq!(context.context_lines().count(), 1);
    let code = Ported::r#type(7);
    assert!(code.is_type());
    assert_eq!(code.to_string(), "code 7");
    assert!(Ported::plain("more").is_plain());
}

#[test]
fn into_kind_moves_the_kind_out_to_match_by_value() {
    // A stored value: its fields move out, as from the enum a thiserror port returned.
    let status = Error::from(std::io::Error::other("disk")).context("reading");
    let Ok(ErrorKind::Io(io)) = status.into_kind() else {
        panic!("the io variant");
    };
    assert_eq!(io.to_string(), "disk");
    // `with_message` makes a changed copy holding a share of the value, its last holder.
    assert!(matches!(
        Error::too_big(BIG, 3).with_message("late").into_kind(),
        Ok(ErrorKind::TooBig { size: BIG, len: 3 })
    ));
    // Packed fields and fieldless variants come back as copies.
    assert!(matches!(
        Error::bad_offset(7).into_kind(),
        Ok(ErrorKind::BadOffset(7))
    ));
    assert!(matches!(
        Error::small(1, true, -2).context("a line").into_kind(),
        Ok(ErrorKind::Small(1, true, -2))
    ));
    assert!(matches!(
        Error::custom("why").into_kind(),
        Ok(ErrorKind::Custom)
    ));
    // Whatever was read before: `source()` and `chain()` build the chain of context lines,
    // whose tail holds a share of the value; it is the status's own and does not keep the
    // value in.
    for read in [0, 1, 2] {
        let status = Error::from(std::io::Error::other("disk")).context("reading");
        match read {
            0 => drop(std::error::Error::source(&status)),
            1 => assert_eq!(status.chain().count(), 3),
            _ => assert!(status.to_string().starts_with("I/O failed")),
        }
        assert!(
            matches!(status.into_kind(), Ok(ErrorKind::Io(_))),
            "after read {read}"
        );
    }
    // A clone held elsewhere keeps the value in: the status comes back.
    let status = Error::from(std::io::Error::other("disk"));
    let clone = status.clone();
    assert!(status.into_kind().is_err());
    drop(clone);
    // A code alone of a variant with fields has no kind: the status comes back.
    let bare = Error::from_code(ErrorCode::TooBig).into_kind();
    assert_eq!(bare.expect_err("no kind").code(), ErrorCode::TooBig);
    let message = status!(ErrorCode::Io, "no value").into_kind();
    assert_eq!(message.expect_err("no kind").message(), "no value");
}

/// A limit a text names, as `format_args!` captures it.
const LIMIT: usize = 64;

/// Variants without fields whose texts format values in scope: an enum of kinds writes them
/// with its `Display`, as thiserror does.
#[derive(FastStatus, Debug)]
#[status(name = Limits)]
pub enum LimitsKind {
    #[error("at most {LIMIT} entries")]
    Limited,
    #[error("{} entries, twice the limit", LIMIT * 2)]
    Doubled,
    #[error("{0} entries")]
    Counted(u32),
}

#[test]
fn a_variant_without_fields_formats_its_text_when_shown() {
    assert_eq!(
        Limits::from(LimitsKind::Limited).to_string(),
        "at most 64 entries"
    );
    assert_eq!(
        Limits::from_code(LimitsCode::Doubled).to_string(),
        "128 entries, twice the limit"
    );
    assert_eq!(
        status!(LimitsCode::Limited, "in the index").to_string(),
        "at most 64 entries: in the index"
    );
    // The code's text is a `&'static str`, nothing formatted into it: the variant's name.
    assert_eq!(fast_status::Code::text(LimitsCode::Limited), "Limited");
    assert_eq!(Limits::counted(3).to_string(), "3 entries");
}

/// Checks each `(status, kind, packs)` of `$cases`, statuses of `$status`: packed (no
/// location) exactly when `packs` says, on a target with packed words; the same fields back from
/// `kind()`, from the kind converted, from a changed copy and from `into_kind()`; the text of the
/// kind; and the code, read with the type's mask, naming the variant.
macro_rules! check_packing {
    ($status:ty, $cases:expr) => {
        for (status, expected, packs) in $cases {
            let packs = packs && PACKS;
            let kind = status.kind().expect("a kind");
            assert_eq!(*kind, expected, "{status:?}");
            assert_eq!(matches!(kind, KindRef::Unpacked(_)), packs, "{status:?}");
            assert_eq!(status.location().is_none(), packs, "{status:?}");
            assert_eq!(status.to_string(), expected.to_string());
            let debug = format!("{expected:?}");
            let variant = debug.split(|c: char| !c.is_alphanumeric()).next();
            assert_eq!(Some(format!("{:?}", status.code()).as_str()), variant);
            let converted = <$status>::from(expected.clone());
            assert_eq!(converted.location().is_none(), packs, "{converted:?}");
            assert_eq!(converted.kind().as_deref(), Some(&*kind), "{converted:?}");
            let changed = status.clone().with_message("changed");
            assert_eq!(changed.code(), status.code());
            assert_eq!(changed.kind().as_deref(), Some(&*kind), "{changed:?}");
            drop((kind, changed));
            assert_eq!(status.into_kind().ok(), Some(expected));
        }
    };
}

/// Integers of 32 bits and more share the bits their variant's other fields leave: here 31 (a
/// narrow word), a code being too large for the wide layout.
#[derive(FastStatus, Debug, Clone, PartialEq)]
#[status(name = Span)]
#[repr(u16)]
enum SpanKind {
    /// Two signed: 15 bits each.
    #[error("{start}..{end}")]
    Range { start: i64, end: isize },
    /// A wide one beside a byte: 23 bits.
    #[error("{tag} at {offset}")]
    Tagged { offset: u64, tag: u8 },
    /// Three: 10 bits each.
    #[error("{0}:{1}:{2}")]
    Triple(usize, usize, usize),
    /// 32-bit integers share too: 15 bits each.
    #[error("{0} of {1}")]
    Pair(u32, i32),
    /// Fixed widths past 31 bits together (21 and 16): stored.
    #[error("{0:?} at {1}")]
    Mark(char, u16),
    /// A code of 512 or more: the type's words keep 31 bits for fields.
    #[error("far")]
    Far = 600,
}

/// The same shapes in an enum whose codes are all below 512: its words keep 52 bits for fields.
#[derive(FastStatus, Debug, Clone, PartialEq)]
#[status(name = WideSpan)]
enum WideSpanKind {
    /// Two signed: 26 bits each.
    #[error("{start}..{end}")]
    Range { start: i64, end: isize },
    /// A wide one beside a byte: 44 bits.
    #[error("{tag} at {offset}")]
    Tagged { offset: u64, tag: u8 },
    /// Three: 17 bits each.
    #[error("{0}:{1}:{2}")]
    Triple(usize, usize, usize),
    /// Two `usize`s, as a parser's `TooBig { size, len }`: 26 bits each.
    #[error("type is too big ({size}) for {len}")]
    TooBig { size: usize, len: usize },
    /// Fixed widths past 32 bits together (21 and 16): packed in 52.
    #[error("{0:?} at {1}")]
    Mark(char, u16),
}

#[test]
fn wide_fields_pack_in_52_bits_when_the_codes_are_below_512() {
    use WideSpanKind::{Mark, Range, Tagged, TooBig, Triple};
    let (below_25, below_26) = ((1_i64 << 25) - 1, (1_usize << 26) - 1);
    let cases = [
        (
            WideSpan::range(-below_25 - 1, 1 << 24),
            Range {
                start: -below_25 - 1,
                end: 1 << 24,
            },
            true,
        ),
        (
            WideSpan::range(below_25 + 1, 0),
            Range {
                start: below_25 + 1,
                end: 0,
            },
            false,
        ),
        (
            WideSpan::tagged((1 << 44) - 1, 9),
            Tagged {
                offset: (1 << 44) - 1,
                tag: 9,
            },
            true,
        ),
        (
            WideSpan::tagged(1 << 44, 9),
            Tagged {
                offset: 1 << 44,
                tag: 9,
            },
            false,
        ),
        (
            WideSpan::triple(0x1_FFFF, 0, 7),
            Triple(0x1_FFFF, 0, 7),
            true,
        ),
        (
            WideSpan::triple(0x2_0000, 0, 7),
            Triple(0x2_0000, 0, 7),
            false,
        ),
        (
            WideSpan::too_big(100_000, 8),
            TooBig {
                size: 100_000,
                len: 8,
            },
            true,
        ),
        (
            WideSpan::too_big(below_26, below_26),
            TooBig {
                size: below_26,
                len: below_26,
            },
            true,
        ),
        (
            WideSpan::too_big(below_26 + 1, 8),
            TooBig {
                size: below_26 + 1,
                len: 8,
            },
            false,
        ),
        (
            WideSpan::mark('\u{10FFFF}', u16::MAX),
            Mark('\u{10FFFF}', u16::MAX),
            true,
        ),
    ];
    check_packing!(WideSpan, cases);
    // The predicates read the code with the type's mask too.
    assert!(WideSpan::too_big(100_000, 8).is_too_big());
    assert!(!WideSpan::mark('a', 1).is_too_big());
}

#[test]
fn wide_fields_pack_when_their_values_fit_their_share() {
    use SpanKind::{Mark, Pair, Range, Tagged, Triple};
    // Packed (no location) or stored (the caller's); the same fields back either way, from the
    // constructor and from the kind converted.
    let cases = [
        (
            Span::range(-0x4000, 0x3FFF),
            Range {
                start: -0x4000,
                end: 0x3FFF,
            },
            true,
        ),
        (
            Span::range(0x4000, 0),
            Range {
                start: 0x4000,
                end: 0,
            },
            false,
        ),
        (
            Span::range(0, -0x4001),
            Range {
                start: 0,
                end: -0x4001,
            },
            false,
        ),
        (
            Span::tagged(0x7F_FFFF, 9),
            Tagged {
                offset: 0x7F_FFFF,
                tag: 9,
            },
            true,
        ),
        (
            Span::tagged(0x80_0000, 9),
            Tagged {
                offset: 0x80_0000,
                tag: 9,
            },
            false,
        ),
        (Span::triple(1023, 0, 1023), Triple(1023, 0, 1023), true),
        (Span::triple(1024, 0, 0), Triple(1024, 0, 0), false),
        (Span::pair(0x7FFF, -0x4000), Pair(0x7FFF, -0x4000), true),
        (Span::pair(0x8000, 0), Pair(0x8000, 0), false),
        (Span::pair(0, 0x4000), Pair(0, 0x4000), false),
        (Span::mark('a', 1), Mark('a', 1), false),
    ];
    check_packing!(Span, cases);
}

/// Path fields in display texts, shown through `display()` (thiserror's rule for `{path}`, and
/// also with a spec, `{path:>8}`, which thiserror does not take).
#[derive(FastStatus, Debug)]
#[status(name = FileError)]
pub enum FileErrorKind {
    #[error("cannot open {path} [{path:>8}] ({path:?})")]
    Open { path: std::path::PathBuf },
    #[error("in {0} and {1}")]
    Nested(
        &'static std::path::Path,
        std::borrow::Cow<'static, std::path::Path>,
    ),
}

#[test]
fn path_fields_display_through_display() {
    let open = FileError::open("a/b".into());
    assert_eq!(open.to_string(), "cannot open a/b [     a/b] (\"a/b\")");
    let nested = FileError::nested(
        std::path::Path::new("/srv"),
        std::borrow::Cow::Borrowed(std::path::Path::new("x")),
    );
    assert_eq!(nested.to_string(), "in /srv and x");
    // The kind enum's own `Display` is the same text.
    assert_eq!(
        FileErrorKind::Open { path: "c".into() }.to_string(),
        "cannot open c [       c] (\"c\")"
    );
}

/// A trait whose associated constant sizes a field's array.
trait Width {
    const N: usize;
}

impl Width for u8 {
    const N: usize = 4;
}

/// A trait with an associated type, bound in a field's trait object.
trait Lend {
    type Item;
    fn lend(&self) -> Self::Item;
}

/// A trait with a generic associated type, projected in a field's type.
trait Borrowed {
    type Item<'a>;
}

impl Borrowed for u8 {
    type Item<'a> = &'a str;
}

/// Kinds with computed discriminants (of the enum's `repr` type), and fields whose types use
/// the less common syntax: an array sized by a qualified path, a trait object with an
/// associated type's binding, a generic associated type's projection.
#[derive(FastStatus, Debug)]
#[status(name = Wide)]
#[repr(u16)]
enum WideKind {
    #[status(display = "bytes {0:?}")]
    Bytes([u8; <u8 as Width>::N]) = 1 << 3,
    #[status(display = "small {0}")]
    Small(u8),
    #[status(display = "lender")]
    Lender(Box<dyn Lend<Item = u8> + Send + Sync>) = Self::BASE + 2,
    Plain,
    #[status(display = "label {0}")]
    Label(<u8 as Borrowed>::Item<'static>),
}

impl WideKind {
    const BASE: u16 = 40;
}

impl fmt::Debug for dyn Lend<Item = u8> + Send + Sync {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Lend")
    }
}

#[test]
fn computed_discriminants_and_uncommon_field_types() {
    use fast_status::Code as _;
    struct Lender;
    impl Lend for Lender {
        type Item = u8;
        fn lend(&self) -> u8 {
            5
        }
    }
    let raws: Vec<u32> = WideCode::ALL.iter().map(|c| c.to_raw()).collect();
    assert_eq!(raws, [8, 9, 42, 43, 44]);
    let bytes = Wide::bytes([1, 2, 3, 4]);
    assert_eq!(bytes.code(), WideCode::Bytes);
    assert_eq!(bytes.to_string(), "bytes [1, 2, 3, 4]");
    assert!(matches!(
        bytes.kind().as_deref(),
        Some(WideKind::Bytes([1, 2, 3, 4]))
    ));
    // A packed variant reads its code back through the computed discriminants.
    let small = Wide::small(7);
    assert!(small.is_small());
    assert!(matches!(small.kind().as_deref(), Some(WideKind::Small(7))));
    let lender = Wide::lender(Box::new(Lender));
    assert_eq!(lender.code().to_raw(), 42);
    assert_eq!(lender.to_string(), "lender");
    let kind = lender.kind();
    let Some(WideKind::Lender(lent)) = kind.as_deref() else {
        panic!("a Lender: {lender:?}");
    };
    assert_eq!(lent.lend(), 5);
    let plain = Wide::from(WideKind::Plain);
    assert_eq!(plain.code(), WideCode::Plain);
    assert_eq!(WideCode::from_raw(43), Some(WideCode::Plain));
    assert_eq!(Wide::label("here").to_string(), "label here");
}

/// A port that keeps its construction syntax: a columnar-format library's enum, mostly
/// `Variant(String)`, with unit variants and a struct variant.
#[derive(FastStatus, Debug)]
#[status(name = ArrowError, variant_constructors)]
pub enum ArrowErrorKind {
    /// A text.
    #[error("Parser error: {0}")]
    ParseError(String),
    /// Two fields.
    #[error("Cast error at {0}: {1}")]
    CastError(usize, String),
    /// A unit variant.
    #[error("Divide by zero error")]
    DivideByZero,
    /// Another.
    #[error("Memory error")]
    MemoryError,
    /// A struct variant keeps the snake-case constructor.
    #[error("index {index} out of bounds for {len}")]
    OutOfBounds { index: usize, len: usize },
    /// A formatter's error: its snake-case constructor is `fmt(..)`, beside the status's
    /// `Display::fmt` and `Debug::fmt`.
    #[error("format failed")]
    Fmt(#[from] std::fmt::Error),
}

/// What a port's construction sites were, unchanged.
const DIVIDE: ArrowError = ArrowError::DivideByZero;

fn parse_column(text: &str) -> Result<u32, ArrowError> {
    text.parse()
        .map_err(|_| ArrowError::ParseError(format!("bad number {text:?}")))
}

fn divide(a: u32, b: u32) -> Result<u32, ArrowError> {
    if b == 0 {
        return Err(ArrowError::DivideByZero);
    }
    Ok(a / b)
}

#[test]
fn variant_constructors_keep_a_port_construction_syntax() {
    let parse = parse_column("x").unwrap_err();
    assert_eq!(parse.to_string(), "Parser error: bad number \"x\"");
    assert_eq!(parse.code(), ArrowErrorCode::ParseError);
    // The location is the caller's: the tuple-variant function is `#[track_caller]`.
    assert_eq!(
        parse.location().map(std::panic::Location::file),
        Some(file!())
    );
    assert!(matches!(
        parse.kind().as_deref(),
        Some(ArrowErrorKind::ParseError(text)) if text == "bad number \"x\""
    ));

    let cast = ArrowError::CastError(3, "to u8".to_owned());
    assert_eq!(cast.to_string(), "Cast error at 3: to u8");

    let zero = divide(1, 0).unwrap_err();
    assert!(zero.is_divide_by_zero());
    assert_eq!(zero, ArrowError::from_code(ArrowErrorCode::DivideByZero));
    assert_eq!(zero.to_string(), "Divide by zero error");
    assert_eq!(DIVIDE.code(), ArrowErrorCode::DivideByZero);
    assert_eq!(ArrowError::MemoryError.to_string(), "Memory error");
    assert!(
        zero.location().is_none(),
        "a constant records no site, as from_code"
    );

    let bounds = ArrowError::out_of_bounds(9, 4);
    assert_eq!(bounds.to_string(), "index 9 out of bounds for 4");
    assert_eq!(divide(6, 3).ok(), Some(2));

    let fmt = ArrowError::Fmt(std::fmt::Error);
    assert!(fmt.is_fmt() && ArrowError::fmt(std::fmt::Error).is_fmt());
    assert_eq!(format!("{fmt} / {fmt:?}"), "format failed / Fmt(Error)");
    let written: Result<(), ArrowError> = (|| Ok(std::fmt::Write::write_str(&mut Full, "x")?))();
    assert_eq!(written.map_err(|e| e.code()), Err(ArrowErrorCode::Fmt));
}

/// A sink that is always full.
struct Full;

impl std::fmt::Write for Full {
    fn write_str(&mut self, _: &str) -> std::fmt::Result {
        Err(std::fmt::Error)
    }
}

/// A fieldless enum packed by `#[derive(Pack)]`, as a parser's token kinds are.
#[derive(Pack, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    Open,
    Close,
    Comma,
    Colon,
    Quote,
}

/// Fields of derived `Pack` types and `Option`s of packable types.
#[derive(FastStatus, Debug, Clone, PartialEq)]
#[status(name = Syntax)]
pub enum SyntaxKind {
    #[error("unexpected {0:?} at {1}")]
    Unexpected(Token, u32),
    #[error("expected {0:?}")]
    Expected(Option<Token>),
    #[error("bad char {0:?}")]
    BadChar(Option<char>),
    #[error("offset {0:?}")]
    Offset(Option<u64>),
    #[error("flags {0:?} {1:?}")]
    Flags(Option<bool>, Option<i8>),
}

#[test]
fn derived_pack_and_options_ride_in_the_word() {
    assert_eq!(<Token as Pack>::BITS, 3);
    assert_eq!(<Option<Token> as Pack>::BITS, 4);
    assert_eq!(<Option<char> as Pack>::BITS, 22);
    for (token, bits) in [(Token::Open, 0), (Token::Quote, 4)] {
        assert_eq!(token.pack(), Some(bits));
        assert_eq!(Token::unpack(bits), Some(token));
    }
    assert_eq!(Token::unpack(5), None);
    assert_eq!(None::<Token>.pack(), Some(0));
    assert_eq!(Some(Token::Open).pack(), Some(1));
    assert_eq!(<Option<Token>>::unpack(1), Some(Some(Token::Open)));
    assert_eq!(
        <Option<Token>>::unpack(2),
        None,
        "no flag, yet not all zeros"
    );

    let packed = [
        SyntaxKind::Unexpected(Token::Colon, 12),
        SyntaxKind::Expected(None),
        SyntaxKind::Expected(Some(Token::Open)),
        SyntaxKind::Expected(Some(Token::Quote)),
        SyntaxKind::BadChar(None),
        SyntaxKind::BadChar(Some('\u{10FFFF}')),
        SyntaxKind::Offset(None),
        SyntaxKind::Offset(Some(0)),
        SyntaxKind::Offset(Some((1 << 51) - 1)),
        SyntaxKind::Flags(None, Some(-128)),
        SyntaxKind::Flags(Some(false), None),
        SyntaxKind::Flags(Some(true), Some(127)),
    ];
    // An `Option<u64>` alone has 51 of the word's 52 field bits: a larger value takes the heap.
    let stored = [
        SyntaxKind::Offset(Some(1 << 51)),
        SyntaxKind::Offset(Some(u64::MAX)),
    ];
    for kind in packed.iter().chain(&stored) {
        let status = Syntax::from(kind.clone());
        assert_eq!(status.kind().as_deref(), Some(kind));
        assert_eq!(status.to_string(), kind.to_string());
        assert_eq!(
            Syntax::from(kind.clone()).into_kind().ok().as_ref(),
            Some(kind)
        );
        // A packed status has no room for where it was made; one on the heap records it.
        let on_the_heap = stored.contains(kind) || cfg!(target_pointer_width = "32");
        assert_eq!(status.location().is_some(), on_the_heap, "{kind:?}");
    }
}

/// A fieldless error enum of the user's, packed by `#[derive(Pack)]`, as a pull parser's
/// syntax errors are.
#[derive(Pack, Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyntaxError {
    UnclosedTag,
    UnclosedComment,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "syntax: {self:?}")
    }
}

impl std::error::Error for SyntaxError {}

/// The same with a hand-written `Pack` that gives no `'static` value (`as_static`'s default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandPacked(u8);

impl fmt::Display for HandPacked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "hand-packed {}", self.0)
    }
}

impl std::error::Error for HandPacked {}

impl Pack for HandPacked {
    const BITS: u32 = 8;

    fn pack(self) -> Option<u32> {
        Some(self.0.into())
    }

    fn unpack(bits: u32) -> Option<Self> {
        u8::try_from(bits).ok().map(Self)
    }
}

/// Variants whose source field is a `Pack` type.
#[derive(FastStatus, Debug, Clone, PartialEq)]
#[status(name = XmlError)]
pub enum XmlErrorKind {
    #[error("syntax error")]
    Syntax(#[from] SyntaxError),
    #[error("at {at}")]
    Located {
        at: u16,
        #[source]
        cause: SyntaxError,
    },
    #[error(transparent)]
    Through(SyntaxError),
    #[error("hand-packed")]
    Hand(#[from] HandPacked),
}

#[test]
fn a_packed_source_is_the_source() {
    let status = XmlError::from(SyntaxError::UnclosedComment);
    assert!(packed_ref(&status.kind().expect("a kind")), "in the word");
    let source = status.source().expect("the packed field is the source");
    assert_eq!(
        source.downcast_ref::<SyntaxError>(),
        Some(&SyntaxError::UnclosedComment)
    );
    assert_eq!(
        format!("{status:#}"),
        "syntax error\n  caused by: syntax: UnclosedComment"
    );
    // Beside another field, and under context lines, whose chain ends in it.
    let result: Result<(), XmlError> = Err(XmlErrorKind::Located {
        at: 7,
        cause: SyntaxError::UnclosedTag,
    }
    .into());
    let status = result.context("reading the prolog").unwrap_err();
    let chain: Vec<String> = std::iter::successors(status.source(), |&e| e.source())
        .map(ToString::to_string)
        .collect();
    assert_eq!(chain, ["reading the prolog", "syntax: UnclosedTag"]);
    assert!(format!("{:?}", status.report()).contains("syntax: UnclosedTag"));
    // A transparent variant shows its field and gives the field's own source (none here).
    let status = XmlError::from(XmlErrorKind::Through(SyntaxError::UnclosedTag));
    assert!(packed_ref(&status.kind().expect("a kind")));
    assert_eq!(status.to_string(), "syntax: UnclosedTag");
    assert!(status.source().is_none());
    // No `'static` value to give: the heap, which holds the source.
    let status = XmlError::from(HandPacked(9));
    assert!(matches!(status.kind(), Some(KindRef::Borrowed(_))));
    let source = status.source().expect("the stored field is the source");
    assert_eq!(source.downcast_ref::<HandPacked>(), Some(&HandPacked(9)));
}

/// Sources that hold nothing: the standard library's failed conversions.
#[derive(FastStatus, Debug, Clone)]
#[status(name = ConvertError)]
pub enum ConvertErrorKind {
    #[error("out of range")]
    Range(#[from] std::num::TryFromIntError),
    #[error("not a char")]
    Char(#[from] std::char::CharTryFromError),
    #[error("wrong length")]
    Length(#[from] std::array::TryFromSliceError),
    #[error("never")]
    Never(#[from] std::convert::Infallible),
}

fn convert(byte: u32, c: u32, bytes: &[u8]) -> Result<(u8, char, [u8; 2]), ConvertError> {
    Ok((u8::try_from(byte)?, char::try_from(c)?, bytes.try_into()?))
}

#[test]
fn empty_standard_sources_pack_and_stay_the_source() {
    type IsSource = fn(&(dyn std::error::Error + 'static)) -> bool;
    assert_eq!(convert(65, 66, b"ab").ok(), Some((65, 'B', *b"ab")));
    let checks: [(ConvertError, &str, IsSource, usize); 3] = [
        (
            convert(256, 66, b"ab").unwrap_err(),
            "out of range",
            |e| e.is::<std::num::TryFromIntError>(),
            size_of::<std::num::TryFromIntError>(),
        ),
        (
            convert(65, 0xD800, b"ab").unwrap_err(),
            "not a char",
            |e| e.is::<std::char::CharTryFromError>(),
            size_of::<std::char::CharTryFromError>(),
        ),
        (
            convert(65, 66, b"abc").unwrap_err(),
            "wrong length",
            |e| e.is::<std::array::TryFromSliceError>(),
            size_of::<std::array::TryFromSliceError>(),
        ),
    ];
    for (status, text, is_source, size) in checks {
        let kind = status.kind().expect("a kind");
        // In the word on 64-bit targets while the type is zero-sized (newer Rust's
        // `TryFromIntError` holds a byte: the heap, which holds the source).
        let in_the_word = cfg!(target_pointer_width = "64") && size == 0;
        assert_eq!(matches!(kind, KindRef::Unpacked(_)), in_the_word, "{text}");
        assert_eq!(status.to_string(), text);
        let source = status.source().expect("the field is the source");
        assert!(is_source(source), "{text}");
        assert_eq!(
            format!("{status:#}"),
            format!("{text}\n  caused by: {source}")
        );
        let debug = format!("Some({kind:?})");
        drop(kind);
        assert_eq!(format!("{:?}", status.into_kind().ok()), debug);
    }
}
