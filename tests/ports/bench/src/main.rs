//! Six crates from crates.io against their ports to fast-status (`tests/ports/*.patch`, made by
//! `scripts/ports.sh`): instructions (callgrind) and allocations per operation on each crate's
//! hot path and failures, original and port built alike, side by side in one run.
//!
//! The measured process runs with `RUST_BACKTRACE=1` and `RUST_LIB_BACKTRACE=1`, as an
//! application that debugs its panics does: a port must not make a failure dearer then.
//!
//! `cargo run --release` (after `scripts/ports.sh`, which makes the ports and runs this).

use std::hint::black_box;

use fast_status_benches::harness;

#[global_allocator]
static ALLOCATOR: harness::Counting = harness::Counting;

/// Operations per measurement.
const ITERS: u64 = 2_000;

/// One measured operation: runs it `n` times, returns something that depends on each run.
type Cell = fn(u64) -> u64;

/// Each cell repeats one operation and keeps what it read back, so nothing is optimised away.
macro_rules! cell {
    ($name:ident, |$i:ident| $body:expr) => {
        #[inline(never)]
        pub fn $name(n: u64) -> u64 {
            let mut acc = 0_u64;
            for $i in 0..n {
                acc = acc.wrapping_add($body);
            }
            acc
        }
    };
}

/// hex 0.4.3: `decode_to_slice` (no allocation on either side).
mod hex_cells {
    /// 32 bytes as 64 hex digits.
    pub const DIGITS: &str = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

    pub mod original {
        use super::super::black_box;
        use hex::FromHexError;

        cell!(icount_ok, |i| {
            let mut out = [0_u8; 32];
            let ok = hex::decode_to_slice(black_box(super::DIGITS), &mut out).is_ok();
            u64::from(ok) + u64::from(out[usize::try_from(i % 32).unwrap_or(0)])
        });
        cell!(icount_bad_char, |_i| {
            let mut out = [0_u8; 4];
            match hex::decode_to_slice(black_box("66ag0000"), &mut out) {
                Err(FromHexError::InvalidHexCharacter { index, .. }) => index as u64,
                _ => 0,
            }
        });
        cell!(icount_odd, |_i| {
            let mut out = [0_u8; 2];
            u64::from(matches!(
                hex::decode_to_slice(black_box("123"), &mut out),
                Err(FromHexError::OddLength)
            ))
        });
        pub const RESULT_BYTES: usize = size_of::<Result<(), FromHexError>>();
    }

    pub mod port {
        use super::super::black_box;
        use hex_port::{FromHexError, FromHexErrorKind};

        cell!(icount_ok, |i| {
            let mut out = [0_u8; 32];
            let ok = hex_port::decode_to_slice(black_box(super::DIGITS), &mut out).is_ok();
            u64::from(ok) + u64::from(out[usize::try_from(i % 32).unwrap_or(0)])
        });
        cell!(icount_bad_char, |_i| {
            let mut out = [0_u8; 4];
            match hex_port::decode_to_slice(black_box("66ag0000"), &mut out) {
                Err(error) => match error.kind().as_deref() {
                    Some(FromHexErrorKind::InvalidHexCharacter { index, .. }) => *index as u64,
                    _ => 0,
                },
                Ok(()) => 0,
            }
        });
        cell!(icount_odd, |_i| {
            let mut out = [0_u8; 2];
            u64::from(
                hex_port::decode_to_slice(black_box("123"), &mut out)
                    .is_err_and(|e| e.is_odd_length()),
            )
        });
        pub const RESULT_BYTES: usize = size_of::<Result<(), FromHexError>>();
    }
}

/// humantime 2.1.0: `parse_duration`.
mod humantime_cells {
    pub mod original {
        use super::super::black_box;
        use humantime::DurationError;

        cell!(icount_ok, |_i| {
            humantime::parse_duration(black_box("1h 30m 15s")).map_or(0, |d| d.as_secs())
        });
        cell!(icount_number_expected, |_i| {
            match humantime::parse_duration(black_box("1h x")) {
                Err(DurationError::NumberExpected(at)) => at as u64,
                _ => 0,
            }
        });
        cell!(icount_unknown_unit, |_i| {
            match humantime::parse_duration(black_box("10 nights")) {
                Err(DurationError::UnknownUnit { unit, .. }) => unit.len() as u64,
                _ => 0,
            }
        });
        cell!(icount_overflow, |_i| {
            u64::from(matches!(
                humantime::parse_duration(black_box("100000000000000000000s")),
                Err(DurationError::NumberOverflow)
            ))
        });
        pub const RESULT_BYTES: usize = size_of::<Result<std::time::Duration, DurationError>>();
    }

    pub mod port {
        use super::super::black_box;
        use humantime_port::{DurationError, DurationErrorKind};

        cell!(icount_ok, |_i| {
            humantime_port::parse_duration(black_box("1h 30m 15s")).map_or(0, |d| d.as_secs())
        });
        cell!(icount_number_expected, |_i| {
            match humantime_port::parse_duration(black_box("1h x")) {
                Err(error) => match error.kind().as_deref() {
                    Some(DurationErrorKind::NumberExpected(at)) => *at as u64,
                    _ => 0,
                },
                Ok(_) => 0,
            }
        });
        cell!(icount_unknown_unit, |_i| {
            match humantime_port::parse_duration(black_box("10 nights")) {
                Err(error) => match error.kind().as_deref() {
                    Some(DurationErrorKind::UnknownUnit { unit, .. }) => unit.len() as u64,
                    _ => 0,
                },
                Ok(_) => 0,
            }
        });
        cell!(icount_overflow, |_i| {
            u64::from(
                humantime_port::parse_duration(black_box("100000000000000000000s"))
                    .is_err_and(|e| e.is_number_overflow()),
            )
        });
        pub const RESULT_BYTES: usize = size_of::<Result<std::time::Duration, DurationError>>();
    }
}

/// base64 0.22.1: `decode_slice` with the standard engine (no allocation on either side).
mod base64_cells {
    /// 768 bytes of 7s, encoded: 1024 digits.
    pub const DIGITS: [u8; 1024] = {
        let mut digits = [0; 1024];
        let mut i = 0;
        while i < digits.len() {
            digits[i] = b"BwcH"[i % 4];
            i += 1;
        }
        digits
    };

    /// The digits with an invalid byte at offset 5.
    pub const BAD: [u8; 1024] = {
        let mut digits = DIGITS;
        digits[5] = b'*';
        digits
    };

    /// The same cells for the original and the port, which keeps its construction syntax.
    macro_rules! base64_side {
        ($krate:ident, |$error:ident| $offset:expr) => {
            use super::super::black_box;
            use $krate::engine::general_purpose::STANDARD;
            use $krate::{DecodeError, DecodeSliceError, Engine as _};

            cell!(icount_ok, |i| {
                let mut out = [0_u8; 768];
                let len = STANDARD.decode_slice(black_box(&super::DIGITS), &mut out);
                len.unwrap_or(0) as u64 + u64::from(out[usize::try_from(i % 768).unwrap_or(0)])
            });
            cell!(icount_bad_byte, |_i| {
                let mut out = [0_u8; 768];
                match STANDARD.decode_slice(black_box(&super::BAD), &mut out) {
                    Err(DecodeSliceError::DecodeError($error)) => $offset,
                    _ => 0,
                }
            });
            cell!(icount_bad_eq, |_i| {
                let mut out = [0_u8; 768];
                let expected = DecodeSliceError::DecodeError(DecodeError::InvalidByte(5, b'*'));
                u64::from(STANDARD.decode_slice(black_box(&super::BAD), &mut out) == Err(expected))
            });
            pub const RESULT_BYTES: usize = size_of::<Result<usize, DecodeError>>();
        };
    }

    pub mod original {
        base64_side!(base64, |error| match error {
            base64::DecodeError::InvalidByte(offset, _) => offset as u64,
            _ => 0,
        });
    }

    pub mod port {
        base64_side!(base64_port, |error| match error.kind().as_deref() {
            Some(base64_port::DecodeErrorKind::InvalidByte(offset, _)) => *offset as u64,
            _ => 0,
        });
    }
}

/// arrow-schema 60.2.0: a schema's field found by name, and a data type parsed from its name.
mod arrow_cells {
    /// The same cells for the original and the port, which keeps its construction syntax.
    macro_rules! arrow_side {
        ($krate:ident, |$error:ident| $text_len:expr, |$parse:ident| $is_parse:expr) => {
            use std::sync::LazyLock;

            use super::super::black_box;
            use $krate::{DataType, Field, Schema};

            /// Three fields, as a reader's projection names them.
            static SCHEMA: LazyLock<Schema> = LazyLock::new(|| {
                Schema::new(vec![
                    Field::new("id", DataType::Int64, false),
                    Field::new("name", DataType::Utf8, true),
                    Field::new("score", DataType::Float64, true),
                ])
            });

            cell!(icount_ok, |i| {
                let name = if i % 2 == 0 { "score" } else { "name" };
                SCHEMA.index_of(black_box(name)).unwrap_or(9) as u64
            });
            cell!(
                icount_missing,
                |_i| match SCHEMA.index_of(black_box("missing")) {
                    Err($error) => $text_len,
                    Ok(index) => index as u64,
                }
            );
            cell!(icount_parse_ok, |_i| {
                u64::from(black_box("Int64").parse::<DataType>().is_ok())
            });
            cell!(icount_parse_bad, |_i| {
                match black_box("Int65").parse::<DataType>() {
                    Err($parse) => u64::from($is_parse),
                    Ok(_) => 0,
                }
            });
            pub const RESULT_BYTES: usize = size_of::<Result<usize, $krate::ArrowError>>();
        };
    }

    pub mod original {
        arrow_side!(
            arrow_schema,
            |error| match error {
                arrow_schema::ArrowError::SchemaError(text) => text.len() as u64,
                _ => 0,
            },
            |error| matches!(error, arrow_schema::ArrowError::ParseError(_))
        );
    }

    pub mod port {
        arrow_side!(
            arrow_schema_port,
            |error| match error.kind().as_deref() {
                Some(arrow_schema_port::ArrowErrorKind::SchemaError(text)) => text.len() as u64,
                _ => 0,
            },
            |error| error.is_parse_error()
        );
    }
}

/// quick-xml 0.37.5: a pull parser's event loop, and its failures.
mod quick_xml_cells {
    use std::sync::LazyLock;

    /// A document of 8 KiB or so: records of an element, an attribute, text and a comment.
    pub static DOCUMENT: LazyLock<String> = LazyLock::new(|| {
        use std::fmt::Write as _;

        let mut xml = String::from("<?xml version=\"1.0\"?><root>");
        for i in 0..100 {
            let _ = write!(
                xml,
                "<item id=\"{i}\"><name>item {i}</name><!-- note --><value>{}</value></item>",
                i * 7
            );
        }
        xml.push_str("</root>");
        xml
    });

    /// The same cells for the original and the port; `$mismatched` reads the found tag's
    /// length, `$unclosed` tells the syntax error apart.
    macro_rules! xml_side {
        ($krate:ident, |$m:ident| $mismatched:expr, |$u:ident| $unclosed:expr) => {
            use super::super::black_box;
            use $krate::Reader;
            use $krate::events::Event;

            /// The events of `xml` up to its end or its first failure: their count, and the
            /// failure.
            fn events(xml: &str) -> (u64, Option<$krate::Error>) {
                let mut reader = Reader::from_str(black_box(xml));
                let mut count = 0;
                loop {
                    match reader.read_event() {
                        Ok(Event::Eof) => return (count, None),
                        Ok(_) => count += 1,
                        Err(error) => return (count, Some(error)),
                    }
                }
            }

            cell!(icount_ok, |_i| events(&super::DOCUMENT).0);
            cell!(icount_mismatched, |_i| match events("<a><b></c></a>") {
                (count, Some($m)) => count + $mismatched,
                (count, None) => count,
            });
            cell!(icount_unclosed, |_i| match events("<a><b attr=\"1\"") {
                (count, Some($u)) => count + u64::from($unclosed),
                (count, None) => count,
            });
            pub const RESULT_BYTES: usize = size_of::<Result<Event<'static>, $krate::Error>>();
        };
    }

    pub mod original {
        use quick_xml::errors::{Error, IllFormedError, SyntaxError};

        xml_side!(
            quick_xml,
            |error| match error {
                Error::IllFormed(IllFormedError::MismatchedEndTag { found, .. }) => {
                    found.len() as u64
                }
                _ => 0,
            },
            |error| matches!(error, Error::Syntax(SyntaxError::UnclosedTag))
        );
    }

    pub mod port {
        use quick_xml_port::errors::{ErrorKind, IllFormedError, SyntaxError};

        xml_side!(
            quick_xml_port,
            |error| match error.kind().as_deref() {
                Some(ErrorKind::IllFormed(IllFormedError::MismatchedEndTag { found, .. })) => {
                    found.len() as u64
                }
                _ => 0,
            },
            |error| matches!(
                error.kind().as_deref(),
                Some(ErrorKind::Syntax(SyntaxError::UnclosedTag))
            )
        );
    }
}

/// `serde_qs` 0.13.0: `from_str` into a struct, and each way its failures are made.
mod serde_qs_cells {
    /// What a query deserializes into.
    #[derive(serde::Deserialize)]
    pub struct Query {
        pub name: String,
        pub id: u32,
        pub tags: Vec<String>,
    }

    /// A `fmt::Write` that counts the bytes written: a failure's text read without allocating.
    pub struct Count(pub u64);

    impl std::fmt::Write for Count {
        fn write_str(&mut self, text: &str) -> std::fmt::Result {
            self.0 += text.len() as u64;
            Ok(())
        }
    }

    /// The same cells for the original and the port; `$custom` and `$parse` tell a failure apart.
    macro_rules! qs_side {
        ($krate:ident, |$c:ident| $custom:expr, |$p:ident| $parse:expr) => {
            use std::fmt::Write as _;

            use super::super::black_box;
            use super::{Count, Query};

            /// The failure's text, written into a counter, when `tell` says it is the expected
            /// variant.
            fn read(error: &$krate::Error, tell: fn(&$krate::Error) -> bool) -> u64 {
                let mut count = Count(0);
                let _ = write!(count, "{error}");
                u64::from(tell(error)) + count.0
            }

            fn query(text: &str) -> Result<Query, $krate::Error> {
                $krate::from_str(black_box(text))
            }

            cell!(icount_ok, |_i| {
                query("name=Acme&id=42&tags[0]=a&tags[1]=b").map_or(0, |q| {
                    u64::from(q.id) + q.tags.len() as u64 + q.name.len() as u64
                })
            });
            cell!(icount_bad_number, |_i| query("name=Acme&id=x&tags[0]=a")
                .map_or_else(|e| read(&e, |$c| $custom), |_| 0));
            cell!(icount_missing, |_i| query("name=Acme&tags[0]=a")
                .map_or_else(|e| read(&e, |$c| $custom), |_| 0));
            cell!(icount_invalid_type, |_i| query("name=Acme&id=1&tags=a")
                .map_or_else(|e| read(&e, |$c| $custom), |_| 0));
            cell!(icount_top_level, |_i| $krate::from_str::<u32>(black_box(
                "5"
            ))
            .map_or_else(|e| read(&e, |$c| $custom), u64::from));
            cell!(icount_parse, |_i| query("tags[0]]=a")
                .map_or_else(|e| read(&e, |$p| $parse), |_| 0));
            pub const RESULT_BYTES: usize = size_of::<Result<u32, $krate::Error>>();
        };
    }

    pub mod original {
        qs_side!(
            serde_qs,
            |error| matches!(error, serde_qs::Error::Custom(_)),
            |error| matches!(error, serde_qs::Error::Parse(..))
        );
    }

    pub mod port {
        qs_side!(serde_qs_port, |error| error.is_custom(), |error| error
            .is_parse());
    }
}

/// A row of the table: the crate, the operation, what it does, and its original and port cells.
struct Row {
    krate: &'static str,
    name: &'static str,
    what: &'static str,
    original: (&'static str, Cell),
    port: (&'static str, Cell),
}

macro_rules! row {
    ($krate:literal, $module:ident, $name:literal, $cell:ident, $what:literal) => {
        Row {
            krate: $krate,
            name: $name,
            what: $what,
            original: (
                concat!(stringify!($module), "::original::", stringify!($cell)),
                $module::original::$cell,
            ),
            port: (
                concat!(stringify!($module), "::port::", stringify!($cell)),
                $module::port::$cell,
            ),
        }
    };
}

#[allow(clippy::too_many_lines, reason = "a table: one entry per row")]
fn rows() -> Vec<Row> {
    vec![
        row!(
            "hex",
            hex_cells,
            "ok",
            icount_ok,
            "decode_to_slice of 64 digits"
        ),
        row!(
            "hex",
            hex_cells,
            "bad_char",
            icount_bad_char,
            "InvalidHexCharacter { c, index }, index read back"
        ),
        row!("hex", hex_cells, "odd", icount_odd, "OddLength, matched"),
        row!(
            "humantime",
            humantime_cells,
            "ok",
            icount_ok,
            "parse_duration(\"1h 30m 15s\")"
        ),
        row!(
            "humantime",
            humantime_cells,
            "number_expected",
            icount_number_expected,
            "NumberExpected(usize), read back"
        ),
        row!(
            "humantime",
            humantime_cells,
            "unknown_unit",
            icount_unknown_unit,
            "UnknownUnit { start, end, unit: String, value }, unit read back"
        ),
        row!(
            "humantime",
            humantime_cells,
            "overflow",
            icount_overflow,
            "NumberOverflow, matched"
        ),
        row!(
            "base64",
            base64_cells,
            "ok",
            icount_ok,
            "decode_slice of 1024 digits"
        ),
        row!(
            "base64",
            base64_cells,
            "bad_byte",
            icount_bad_byte,
            "InvalidByte(usize, u8) at offset 5, offset read back"
        ),
        row!(
            "base64",
            base64_cells,
            "bad_eq",
            icount_bad_eq,
            "the same, compared with an expected error (its tests' assert_eq!)"
        ),
        row!(
            "arrow",
            arrow_cells,
            "index_of",
            icount_ok,
            "Schema::index_of a field of three"
        ),
        row!(
            "arrow",
            arrow_cells,
            "missing",
            icount_missing,
            "SchemaError(format!(..)) of a missing field, text read back"
        ),
        row!(
            "arrow",
            arrow_cells,
            "parse_ok",
            icount_parse_ok,
            "\"Int64\".parse::<DataType>()"
        ),
        row!(
            "arrow",
            arrow_cells,
            "parse_bad",
            icount_parse_bad,
            "ParseError(format!(..)) of \"Int65\", told apart"
        ),
        row!(
            "quick-xml",
            quick_xml_cells,
            "ok",
            icount_ok,
            "read_event over an 8 KiB document, every event"
        ),
        row!(
            "quick-xml",
            quick_xml_cells,
            "mismatched",
            icount_mismatched,
            "IllFormed(MismatchedEndTag { expected, found }), found read back"
        ),
        row!(
            "quick-xml",
            quick_xml_cells,
            "unclosed",
            icount_unclosed,
            "Syntax(UnclosedTag), matched"
        ),
        row!(
            "serde_qs",
            serde_qs_cells,
            "ok",
            icount_ok,
            "from_str of 4 pairs into a struct"
        ),
        row!(
            "serde_qs",
            serde_qs_cells,
            "bad_number",
            icount_bad_number,
            "de::Error::custom(ParseIntError), told apart, text read"
        ),
        row!(
            "serde_qs",
            serde_qs_cells,
            "missing",
            icount_missing,
            "serde's missing_field (custom), the same"
        ),
        row!(
            "serde_qs",
            serde_qs_cells,
            "invalid_type",
            icount_invalid_type,
            "serde's invalid_type (custom), the same"
        ),
        row!(
            "serde_qs",
            serde_qs_cells,
            "top_level",
            icount_top_level,
            "Error::top_level: custom(format_args!(..)), the same"
        ),
        row!(
            "serde_qs",
            serde_qs_cells,
            "parse",
            icount_parse,
            "Parse(String, usize) via parse_err, the same"
        ),
    ]
}

#[allow(clippy::cast_precision_loss, reason = "counts far below 2^52")]
fn main() {
    let rows = rows();
    // Built before anything is counted, by neither side.
    std::sync::LazyLock::force(&quick_xml_cells::DOCUMENT);
    if harness::is_callgrind_child() {
        for row in &rows {
            black_box((row.original.1)(ITERS));
            black_box((row.port.1)(ITERS));
        }
        return;
    }
    let keys: Vec<String> = rows
        .iter()
        .flat_map(|r| [r.original.0.to_owned(), r.port.0.to_owned()])
        .collect();
    let counts = harness::instruction_counts_with_backtrace("ports_bench", &keys, &[], "1");
    println!("ported crates against their originals, per operation, side by side in this run");
    println!("(the measured process runs with RUST_BACKTRACE=1 and RUST_LIB_BACKTRACE=1)");
    println!(
        "  sizes: hex Result<(), FromHexError> {} -> {} bytes; humantime Result<Duration, \
         DurationError> {} -> {} bytes",
        hex_cells::original::RESULT_BYTES,
        hex_cells::port::RESULT_BYTES,
        humantime_cells::original::RESULT_BYTES,
        humantime_cells::port::RESULT_BYTES,
    );
    println!(
        "  base64 Result<usize, DecodeError> {} -> {} bytes; arrow-schema Result<usize, \
         ArrowError> {} -> {} bytes",
        base64_cells::original::RESULT_BYTES,
        base64_cells::port::RESULT_BYTES,
        arrow_cells::original::RESULT_BYTES,
        arrow_cells::port::RESULT_BYTES,
    );
    println!(
        "  quick-xml Result<Event, Error> {} -> {} bytes; serde_qs Result<u32, Error> {} -> {} bytes",
        quick_xml_cells::original::RESULT_BYTES,
        quick_xml_cells::port::RESULT_BYTES,
        serde_qs_cells::original::RESULT_BYTES,
        serde_qs_cells::port::RESULT_BYTES,
    );
    println!(
        "{:<10} {:<16} {:>9} {:>9} {:>7} {:>7} {:>7}  what",
        "crate", "operation", "original", "port", "ratio", "allocs", "allocs"
    );
    for row in &rows {
        let per_op = |key: &str| {
            counts
                .as_ref()
                .and_then(|c| c.get(key))
                .map(|&total| total as f64 / ITERS as f64)
        };
        let (original, port) = (per_op(row.original.0), per_op(row.port.0));
        let cell = |v: Option<f64>| v.map_or_else(|| "n/a".to_owned(), |v| format!("{v:.0}"));
        let ratio = match (original, port) {
            (Some(o), Some(p)) if o > 0.0 => format!("{:.2}x", p / o),
            _ => "n/a".to_owned(),
        };
        let allocations = |run: Cell| harness::count_allocations(|| run(ITERS)) / ITERS as f64;
        println!(
            "{:<10} {:<16} {:>9} {:>9} {:>7} {:>7.1} {:>7.1}  {}",
            row.krate,
            row.name,
            cell(original),
            cell(port),
            ratio,
            allocations(row.original.1),
            allocations(row.port.1),
            row.what,
        );
    }
    if counts.is_none() {
        println!("(instruction counts need valgrind)");
    }
}
