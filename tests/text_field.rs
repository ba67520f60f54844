//! Variants whose one field is a `String`: their snake-case constructor takes any text and
//! writes it straight into the status (a text body), and the status reads as the variant it
//! stands for: `Display`, `Debug`, `kind()`, `into_kind()`, equality, and the builders keep it.

use std::hash::{BuildHasher, RandomState};

use fast_status::{FastStatus, KindRef};

/// A port's error kinds: message variants, as a columnar library writes most of its errors.
#[derive(FastStatus, Debug, Clone, PartialEq, Eq)]
#[status(name = Error, variant_constructors)]
pub enum ErrorKind {
    /// A message alone.
    #[error("parse error: {0}")]
    ParseError(String),
    /// A message in a named field, printed with `Debug`.
    #[error("invalid argument {text:?}")]
    Invalid { text: String },
    /// A number: not a text variant.
    #[error("at {0}")]
    At(u32),
    /// A message beside another field: stored as a value.
    #[error("{1} at {0}")]
    Located(usize, String),
    /// No fields.
    #[error("divide by zero")]
    DivideByZero,
}

/// `kind()`'s result is the variant built from the text.
fn built<K>(kind: Option<&KindRef<'_, K>>) -> bool {
    matches!(kind, Some(KindRef::Built(_)))
}

#[test]
fn a_text_body_reads_as_its_variant() {
    let x = 5;
    let status = Error::parse_error(format_args!("bad value {x}"));
    let variant = ErrorKind::ParseError("bad value 5".to_owned());
    assert!(status.is_parse_error());
    assert_eq!(status.code(), ErrorCode::ParseError);
    assert_eq!(status.to_string(), "parse error: bad value 5");
    assert_eq!(status.to_string(), variant.to_string());
    assert_eq!(status.message(), "");
    assert_eq!(format!("{status:?}"), format!("{variant:?}"));
    assert_eq!(format!("{status:#?}"), format!("{variant:#?}"));
    let kind = status.kind();
    assert!(built(kind.as_ref()));
    assert_eq!(kind.as_deref(), Some(&variant));
    assert!(status.location().is_some());
    // Built from the text, the variant comes out of a shared status too: nothing is moved.
    let clone = status.clone();
    assert_eq!(status.into_kind().ok(), Some(variant.clone()));
    assert_eq!(clone.into_kind().ok(), Some(variant));
}

#[test]
fn any_text_makes_one() {
    let owned = String::from("owned");
    for (status, text) in [
        (Error::parse_error("a literal"), "a literal"),
        (Error::parse_error(owned), "owned"),
        (Error::parse_error(42), "42"),
        (Error::parse_error(format_args!("{:>4}", 7)), "   7"),
        (Error::parse_error(""), ""),
    ] {
        let kind = status.kind();
        assert!(built(kind.as_ref()), "{text:?} is held as text");
        assert_eq!(
            kind.as_deref(),
            Some(&ErrorKind::ParseError(text.to_owned()))
        );
        assert_eq!(status.to_string(), format!("parse error: {text}"));
    }
    // A named field, and a `{:?}` in the variant's text.
    let status = Error::invalid(format_args!("x{}", "\"y\""));
    let variant = ErrorKind::Invalid {
        text: "x\"y\"".to_owned(),
    };
    assert_eq!(status.to_string(), variant.to_string());
    assert_eq!(format!("{status:?}"), format!("{variant:?}"));
    assert_eq!(status.into_kind().ok(), Some(variant));
}

#[test]
fn other_variants_keep_their_constructors() {
    // Two fields, one a `String`: moved in as the value.
    let status = Error::located(3, "late".to_owned());
    assert!(matches!(status.kind(), Some(KindRef::Borrowed(_))));
    assert_eq!(status.to_string(), "late at 3");
    // A number packs into the word (on 64-bit targets; a 32-bit word has no room for it).
    let packed = matches!(Error::at(7).kind(), Some(KindRef::Unpacked(_)));
    assert_eq!(packed, cfg!(target_pointer_width = "64"));
    // The variant's own spelling moves the caller's `String` in: a stored value.
    let moved = Error::ParseError(String::from("moved"));
    assert!(matches!(moved.kind(), Some(KindRef::Borrowed(_))));
    assert_eq!(moved.to_string(), "parse error: moved");
    assert_eq!(Error::DivideByZero.to_string(), "divide by zero");
}

#[test]
fn a_text_body_equals_the_same_variant_stored() {
    let text = Error::parse_error("same");
    let stored = Error::ParseError("same".to_owned());
    let from_kind = Error::from(ErrorKind::ParseError("same".to_owned()));
    assert_eq!(text, stored);
    assert_eq!(text, from_kind);
    assert_ne!(text, Error::parse_error("other"));
    assert_ne!(text, Error::invalid("same"));
    let hasher = RandomState::new();
    assert_eq!(hasher.hash_one(&text), hasher.hash_one(&stored));
}

#[test]
fn with_message_keeps_the_variant() {
    let status = Error::parse_error(format_args!("bad {}", 1)).with_message("while reading");
    assert_eq!(status.message(), "while reading");
    assert_eq!(status.to_string(), "parse error: bad 1: while reading");
    assert_eq!(
        status.kind().as_deref(),
        Some(&ErrorKind::ParseError("bad 1".to_owned()))
    );
    assert!(status.location().is_some());

    // A clone keeps its own text body; the changed copy has the message.
    let original = Error::parse_error("shared").context("first");
    let changed = original.clone().with_message("changed");
    assert_eq!(original.message(), "");
    assert!(built(original.kind().as_ref()));
    assert_eq!(changed.message(), "changed");
    assert_eq!(
        changed.kind().as_deref(),
        Some(&ErrorKind::ParseError("shared".to_owned()))
    );
    assert_eq!(changed.context_lines().count(), 1);
    assert_eq!(changed.location(), original.location());
    // And the copy's value moves out once it is its own.
    drop(original);
    assert_eq!(
        changed.into_kind().ok(),
        Some(ErrorKind::ParseError("shared".to_owned()))
    );
}

#[test]
fn context_details_and_sources_keep_the_variant() {
    let status = Error::parse_error("ctx")
        .context("one")
        .with_detail(7_u8)
        .with_source(std::fmt::Error);
    assert!(built(status.kind().as_ref()));
    assert_eq!(status.to_string(), "parse error: ctx");
    assert_eq!(status.context_lines().count(), 1);
    assert_eq!(status.detail::<u8>(), Some(&7));

    // Copy on write: the clone that gains a line is a text body too.
    let original = Error::parse_error("cow");
    let copy = original.clone().context("two");
    for status in [&original, &copy] {
        assert!(built(status.kind().as_ref()));
        assert_eq!(status.to_string(), "parse error: cow");
    }
    assert_eq!(original.context_lines().count(), 0);
    assert_eq!(copy.context_lines().count(), 1);
    let report = format!("{}", copy.report());
    assert!(report.contains("parse error: cow"), "{report}");
}

#[test]
fn generic_code_sees_the_variant() {
    fn display<S: FastStatus>(status: &S) -> String {
        status.to_string()
    }
    assert_eq!(display(&Error::invalid("g")), "invalid argument \"g\"");
}

/// Variants whose one field is a `String`, shown in every way a display text can show it.
#[derive(FastStatus, Debug, Clone, PartialEq, Eq)]
#[status(name = Shown)]
pub enum ShownKind {
    /// Padded and aligned.
    #[error("[{0:>12}]")]
    Padded(String),
    /// Printed with `Debug`, in a named field.
    #[error("quoted {text:?} and plain {text}")]
    Quoted { text: String },
    /// Its length, by an argument expression: shown from the variant, built.
    #[error("{} bytes", .0.len())]
    Counted(String),
    /// Written by a function of its own: shown from the variant, built.
    #[error(fmt = reversed)]
    Reversed(String),
    /// No display text: the variant's name.
    Unnamed(String),
    /// A display text that does not use the field.
    #[error("fixed")]
    Fixed(String),
    /// Literal text and the field, twice: written piece by piece.
    #[error("<{0}> and <{0}>")]
    Twice(String),
    /// A named field, plain.
    #[error("named {name}")]
    Plain { name: String },
}

/// The variant of raw code `.0` holding the text `.1`, as `Display` of a status holding that
/// text writes it without building the variant (the derive's `Kind::display_text`).
struct FromText<'a>(u32, &'a str);

impl FromText<'_> {
    /// Whether the derive leaves this variant to be built from the text.
    fn unwritten(&self) -> bool {
        struct Probe<'a>(&'a FromText<'a>, std::cell::Cell<bool>);
        impl std::fmt::Display for Probe<'_> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                let written = <ShownKind as fast_status::__private::Kind>::display_text(
                    self.0.0, self.0.1, f,
                );
                self.1.set(written.is_none());
                Ok(())
            }
        }
        let probe = Probe(self, std::cell::Cell::new(false));
        let _ = probe.to_string();
        probe.1.get()
    }
}

impl std::fmt::Display for FromText<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        <ShownKind as fast_status::__private::Kind>::display_text(self.0, self.1, f)
            .expect("written from the text")
    }
}

fn reversed(text: &str, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
    text.chars()
        .rev()
        .try_for_each(|c| std::fmt::Write::write_char(f, c))
}

#[test]
fn a_text_body_is_shown_as_the_variant_is() {
    for text in [
        "",
        "x",
        "a longer text, of 32 bytes: é ü",
        "{braces} \"quotes\"",
    ] {
        let owned = || text.to_owned();
        let pairs = [
            (Shown::padded(text), ShownKind::Padded(owned())),
            (Shown::quoted(text), ShownKind::Quoted { text: owned() }),
            (Shown::counted(text), ShownKind::Counted(owned())),
            (Shown::reversed(text), ShownKind::Reversed(owned())),
            (Shown::unnamed(text), ShownKind::Unnamed(owned())),
            (Shown::fixed(text), ShownKind::Fixed(owned())),
            (Shown::twice(text), ShownKind::Twice(owned())),
            (Shown::plain(text), ShownKind::Plain { name: owned() }),
        ];
        for (status, variant) in pairs {
            // Written from the text, with no variant built, but where the text needs the
            // `String` itself (an argument expression, a `fmt = path` function).
            let code = status.code();
            let built = matches!(code, ShownCode::Counted | ShownCode::Reversed);
            let written = FromText(code as u32, text);
            if built {
                assert!(written.unwritten(), "{variant:?}");
            } else {
                assert_eq!(written.to_string(), variant.to_string(), "{variant:?}");
            }
            assert_eq!(status.to_string(), variant.to_string(), "{variant:?}");
            assert_eq!(format!("{status:#}"), variant.to_string(), "{variant:?}");
            assert_eq!(
                format!("{status:>40}"),
                format!("{variant:>40}"),
                "{variant:?}"
            );
            let with_context = status.clone().context("reading");
            assert!(with_context.to_string().starts_with(&variant.to_string()));
            assert_eq!(status, Shown::from(variant));
        }
    }
}

/// Variants whose field and name are raw identifiers: `{:?}` of a text body is what
/// `#[derive(Debug)]` writes for the variant, without `r#`.
#[derive(FastStatus, Debug, Clone, PartialEq, Eq)]
#[status(name = RawError)]
pub enum RawErrorKind {
    /// A named field spelled as a raw identifier.
    #[error("bad type {type}")]
    Typed { r#type: String },
    /// A variant spelled as a raw identifier.
    #[error("{0}")]
    r#Match(String),
}

#[test]
fn a_text_body_debugs_as_derive_debug_writes_it() {
    for (status, variant) in [
        (
            RawError::typed("u8 \"x\""),
            RawErrorKind::Typed {
                r#type: "u8 \"x\"".to_owned(),
            },
        ),
        (
            RawError::r#match("é\n"),
            RawErrorKind::r#Match("é\n".to_owned()),
        ),
    ] {
        assert!(built(status.kind().as_ref()), "{variant:?} is held as text");
        assert_eq!(format!("{status:?}"), format!("{variant:?}"));
        assert_eq!(format!("{status:#?}"), format!("{variant:#?}"));
    }
}
