//! A port as a maintainer makes it, checked end to end: one body of library code (its error
//! sites, its `?` conversions and what its own tests assert) compiled twice, over a thiserror
//! enum `Error` and over the status `Error` that `#[derive(FastStatus)]` with
//! `variant_constructors` makes of the same enum renamed `ErrorKind`.
//!
//! The body compiles unchanged on both sides, under `deny(unused_must_use)` with `unwrap_err`
//! and `expect_err` as statements, and every error it makes prints the same `Display`, `{:?}`,
//! `{:#?}`, source chain and `unwrap()` panic message. What a port does change is kept apart,
//! one item per side: a struct variant's literal becomes its snake-case constructor
//! (`too_big`), and a pattern on the variants becomes a method or `kind()` (`is_io`).
#![deny(unused_must_use)]

use std::io;
use std::panic::{self, AssertUnwindSafe};

/// An error of the crate's own that a variant keeps as its source, boxed.
#[derive(Debug)]
struct PluginFailed {
    plugin: &'static str,
}

impl std::fmt::Display for PluginFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "plugin {} failed", self.plugin)
    }
}

impl std::error::Error for PluginFailed {}

/// A reader that fails after its first bytes, as a truncated file does.
struct Truncated<'a>(&'a [u8]);

impl io::Read for Truncated<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.0.is_empty() {
            return Err(io::Error::new(io::ErrorKind::UnexpectedEof, "truncated"));
        }
        let n = self.0.len().min(buf.len());
        buf[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

/// The library's code, the same on both sides: it names `Error`, its variants and the
/// per-side items `too_big` and `is_io`.
macro_rules! library {
    () => {
        /// What a unit variant gives as a constant.
        pub const NO_DIVISOR: Error = Error::DivideByZero;

        /// A count in decimal.
        pub fn parse_count(text: &str) -> Result<u32, Error> {
            text.trim()
                .parse()
                .map_err(|e| Error::ParseError(format!("invalid count {text:?}: {e}")))
        }

        /// `a / b`.
        pub fn divide(a: u32, b: u32) -> Result<u32, Error> {
            if b == 0 {
                return Err(NO_DIVISOR);
            }
            if a % b != 0 {
                return Err(Error::Inexact(a, b));
            }
            Ok(a / b)
        }

        /// Everything `reader` holds, as text: `?` on `io::Error` and `Utf8Error`.
        pub fn read_text(mut reader: impl std::io::Read) -> Result<String, Error> {
            let mut bytes = Vec::new();
            reader.read_to_end(&mut bytes)?;
            Ok(std::str::from_utf8(&bytes)?.to_owned())
        }

        /// Whether a block of `size` bytes fits in `len`.
        pub fn check_size(size: usize, len: usize) -> Result<(), Error> {
            if size > len {
                return Err(too_big(size, len));
            }
            Ok(())
        }

        /// The first character that is not blank, a digit.
        pub fn first_digit(text: &str) -> Result<char, Error> {
            match text.char_indices().find(|(_, c)| !c.is_whitespace()) {
                Some((_, c)) if c.is_ascii_digit() => Ok(c),
                Some((at, c)) => Err(Error::Unexpected(c, at)),
                None => Err(Error::Schema(String::from("empty input"))),
            }
        }

        /// A plugin's failure, kept as the source.
        pub fn run_plugin(plugin: &'static str) -> Result<(), Error> {
            Err(Error::External(Box::new(crate::PluginFailed { plugin })))
        }

        /// A failure from a text, boxed by `Into`.
        pub fn reject(reason: &str) -> Result<(), Error> {
            Err(Error::External(reason.into()))
        }

        /// Retries what failed on I/O, at most once.
        pub fn retrying(mut attempt: impl FnMut() -> Result<u32, Error>) -> Result<u32, Error> {
            match attempt() {
                Err(e) if is_io(&e) => attempt(),
                other => other,
            }
        }

        /// One error of every kind the library makes, in a fixed order.
        pub fn failures() -> Vec<Error> {
            let mut io_first = true;
            vec![
                parse_count("x1").unwrap_err(),
                parse_count("").unwrap_err(),
                divide(1, 0).unwrap_err(),
                divide(7, 2).unwrap_err(),
                read_text(crate::Truncated(b"abc")).unwrap_err(),
                read_text(&b"ok \xff"[..]).unwrap_err(),
                check_size(100_000_000, 8).unwrap_err(),
                check_size(usize::MAX, 0).unwrap_err(),
                first_digit("  \"x").unwrap_err(),
                first_digit("\n\t").unwrap_err(),
                run_plugin("gzip").unwrap_err(),
                reject("no \"quotes\" here").unwrap_err(),
                retrying(|| {
                    if std::mem::take(&mut io_first) {
                        Err(std::io::Error::other("first try").into())
                    } else {
                        Err(Error::ParseError(String::from("second try")))
                    }
                })
                .unwrap_err(),
            ]
        }

        /// What the library's own tests do: results unwrapped, errors taken out and dropped,
        /// compared through their text.
        pub fn its_tests() {
            assert_eq!(divide(6, 3).unwrap(), 2);
            assert_eq!(parse_count(" 7 ").expect("a number"), 7);
            divide(1, 0).unwrap_err();
            parse_count("x").expect_err("not a number");
            check_size(2, 1).expect_err("too big");
            assert!(first_digit(" 4").is_ok());
            assert_eq!(
                divide(1, 0).unwrap_err().to_string(),
                "divide by zero",
                "a unit variant's text"
            );
            assert_eq!(
                read_text(&b"text"[..]).map_err(|e| e.to_string()),
                Ok(String::from("text"))
            );
        }
    };
}

/// Declares `original` (thiserror) and `ported` (fast-status) with the same variants and the
/// library's code; `$original` and `$ported` are each side's own items.
macro_rules! port {
    (
        variants { $($variants:tt)* }
        original { $($original:item)* }
        ported { $($ported:item)* }
    ) => {
        mod original {
            #[derive(thiserror::Error, Debug)]
            #[allow(
                clippy::enum_variant_names,
                reason = "`ParseError` is how a columnar library names its variant"
            )]
            pub enum Error {
                $($variants)*
            }

            $($original)*

            library!();
        }

        mod ported {
            #[derive(fast_status::FastStatus, Debug)]
            #[status(name = Error, variant_constructors)]
            pub enum ErrorKind {
                $($variants)*
            }

            $($ported)*

            library!();
        }
    };
}

port! {
    variants {
        #[error("parse error: {0}")]
        ParseError(String),
        #[error("schema error: {0}")]
        Schema(String),
        #[error("divide by zero")]
        DivideByZero,
        #[error("{0} is not a multiple of {1}")]
        Inexact(u32, u32),
        #[error("I/O error: {0}")]
        Io(#[from] std::io::Error),
        #[error("invalid UTF-8")]
        Utf8(#[from] std::str::Utf8Error),
        #[error("type is too big ({size}) for {len}")]
        TooBig { size: usize, len: usize },
        #[error("unexpected {0:?} at {1}")]
        Unexpected(char, usize),
        #[error("external error")]
        External(#[source] Box<dyn std::error::Error + Send + Sync>),
    }
    original {
        fn too_big(size: usize, len: usize) -> Error {
            Error::TooBig { size, len }
        }

        fn is_io(error: &Error) -> bool {
            matches!(error, Error::Io(_))
        }
    }
    ported {
        fn too_big(size: usize, len: usize) -> Error {
            Error::too_big(size, len)
        }

        fn is_io(error: &Error) -> bool {
            error.is_io()
        }
    }
}

/// `error`'s sources, outermost first, as `Display` and `Debug` print them.
fn sources(error: &(dyn std::error::Error + 'static)) -> Vec<(String, String)> {
    let mut sources = Vec::new();
    let mut next = error.source();
    while let Some(source) = next {
        sources.push((source.to_string(), format!("{source:?}")));
        next = source.source();
    }
    sources
}

/// The message `unwrap()` panics with on `result`.
fn unwrap_message<T, E: std::fmt::Debug>(result: Result<T, E>) -> String {
    let payload = panic::catch_unwind(AssertUnwindSafe(|| result.unwrap()))
        .err()
        .expect("an error to unwrap");
    payload
        .downcast::<String>()
        .map(|message| *message)
        .expect("a formatted panic message")
}

#[test]
fn every_error_the_port_makes_prints_what_the_original_printed() {
    let originals = original::failures();
    let ported = ported::failures();
    assert_eq!(ported.len(), originals.len());
    for (original, ported) in originals.iter().zip(&ported) {
        assert_eq!(ported.to_string(), original.to_string());
        assert_eq!(format!("{ported:?}"), format!("{original:?}"));
        assert_eq!(format!("{ported:#?}"), format!("{original:#?}"));
        assert_eq!(sources(ported), sources(original));
    }
    // Spot checks that the values are the ones meant, not two equal mistakes.
    let texts: Vec<String> = ported.iter().map(|e| format!("{e:?}")).collect();
    assert_eq!(
        texts[0],
        r#"ParseError("invalid count \"x1\": invalid digit found in string")"#
    );
    assert_eq!(texts[2], "DivideByZero");
    assert_eq!(texts[3], "Inexact(7, 2)");
    assert_eq!(
        texts[4],
        r#"Io(Custom { kind: UnexpectedEof, error: "truncated" })"#
    );
    assert_eq!(
        texts[7],
        format!("TooBig {{ size: {}, len: 0 }}", usize::MAX)
    );
    assert_eq!(texts[8], r#"Unexpected('"', 2)"#);
    assert_eq!(texts[11], r#"External("no \"quotes\" here")"#);
    assert_eq!(texts[12], r#"ParseError("second try")"#);
    assert_eq!(ported[10].to_string(), "external error");
    assert_eq!(
        sources(&ported[10]),
        [(
            String::from("plugin gzip failed"),
            String::from(r#"PluginFailed { plugin: "gzip" }"#)
        )]
    );
}

#[test]
fn unwrap_panics_with_the_original_message() {
    let pairs = [
        (
            unwrap_message(original::parse_count("x")),
            unwrap_message(ported::parse_count("x")),
        ),
        (
            unwrap_message(original::check_size(9, 1)),
            unwrap_message(ported::check_size(9, 1)),
        ),
        (
            unwrap_message(original::reject("\"quoted\"")),
            unwrap_message(ported::reject("\"quoted\"")),
        ),
        (
            unwrap_message(original::read_text(Truncated(b""))),
            unwrap_message(ported::read_text(Truncated(b""))),
        ),
    ];
    for (original, ported) in &pairs {
        assert_eq!(ported, original);
    }
    assert_eq!(
        pairs[1].1,
        "called `Result::unwrap()` on an `Err` value: TooBig { size: 9, len: 1 }"
    );
}

#[test]
#[should_panic(expected = r#"ParseError("invalid count \"-\": invalid digit found in string")"#)]
fn a_should_panic_expectation_written_for_the_original_holds() {
    ported::parse_count("-").unwrap();
}

#[test]
fn the_library_tests_pass_on_both_sides() {
    original::its_tests();
    ported::its_tests();
}

#[test]
fn a_unit_variant_constant_is_the_code_alone() {
    assert!(ported::NO_DIVISOR.is_divide_by_zero());
    assert_eq!(ported::NO_DIVISOR.message(), "");
    assert!(ported::NO_DIVISOR.location().is_none());
    assert!(matches!(
        original::NO_DIVISOR,
        original::Error::DivideByZero
    ));
}
