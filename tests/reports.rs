//! The exact text of every report form: `{}`, `{:#}`, `{:?}` and `{:#?}`.

mod common;

use std::fmt;
use std::panic::Location;

use common::{Status, StatusCode};
use fast_status::{ResultExt, status};

/// An error with a source of its own, for a two-level cause chain.
#[derive(Debug)]
struct Outer(Inner);

#[derive(Debug)]
struct Inner;

impl fmt::Display for Outer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("footer unreadable")
    }
}

impl fmt::Display for Inner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("checksum mismatch")
    }
}

impl std::error::Error for Outer {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

impl std::error::Error for Inner {}

#[derive(Debug)]
#[allow(dead_code, reason = "read through `Debug` only")]
struct RowGroup(usize);

/// A status with everything: message, location, two context lines, two details, two causes.
fn everything() -> (Status, [&'static Location<'static>; 3]) {
    fast_status::set_backtrace_capture(false);
    let failed: Result<(), Outer> = Err(Outer(Inner));
    let created = Location::caller();
    let status = failed.or_status(StatusCode::KeyError).unwrap_err();
    let status = status
        .with_message(format_args!("no column '{}'", "x"))
        .with_detail(RowGroup(3))
        .with_detail("part-0.parquet");
    let status = status.context("reading column x");
    let status = status.context("reading row group 3");
    let lines: Vec<_> = status.context_lines().map(|(_, l)| l).collect();
    assert_eq!(
        status.location().map(Location::line),
        Some(created.line() + 1)
    );
    let locations = [status_location(&status), lines[0], lines[1]];
    (status, locations)
}

fn status_location(status: &Status) -> &'static Location<'static> {
    status.location().expect("recorded")
}

#[test]
fn display_is_one_line() {
    let (status, _) = everything();
    assert_eq!(status.to_string(), "Key error: no column 'x'");
    assert_eq!(status!(StatusCode::Invalid).to_string(), "Invalid");
    assert_eq!(
        status!(StatusCode::Invalid, "static").to_string(),
        "Invalid: static"
    );
}

#[test]
fn alternate_display_adds_context_and_causes() {
    let (status, [_, first, second]) = everything();
    assert_eq!(
        format!("{status:#}"),
        format!(
            "Key error: no column 'x'\n  \
             context: reading column x (at {first})\n  \
             context: reading row group 3 (at {second})\n  \
             caused by: footer unreadable\n  \
             caused by: checksum mismatch"
        )
    );
    assert_eq!(format!("{:#}", status!(StatusCode::Invalid)), "Invalid");
}

#[test]
fn debug_is_a_report_for_people() {
    let (status, [created, first, second]) = everything();
    assert_eq!(
        format!("{status:?}"),
        format!(
            "Key error: no column 'x'\n    at {created}\n\n\
             Context:\n    0: reading column x\n       at {first}\n    \
             1: reading row group 3\n       at {second}\n\n\
             Details:\n    RowGroup(3)\n    \"part-0.parquet\"\n\n\
             Caused by:\n    0: footer unreadable\n    1: checksum mismatch"
        )
    );
    assert_eq!(format!("{:?}", status!(StatusCode::Cancelled)), "Cancelled");
    assert_eq!(
        format!("{:?}", status!(StatusCode::Invalid, "static")),
        "Invalid: static"
    );
}

#[test]
fn alternate_debug_is_structural() {
    let (status, [created, first, second]) = everything();
    let location = |l: &Location<'_>| {
        format!(
            "Location {{\n            file: {:?},\n            line: {},\n            column: {},\n        }}",
            l.file(),
            l.line(),
            l.column()
        )
    };
    let context_line = |text: &str, l: &Location<'_>| {
        format!(
            "        (\n            {text:?},\n            Location {{\n                file: {:?},\n                line: {},\n                column: {},\n            }},\n        ),\n",
            l.file(),
            l.line(),
            l.column()
        )
    };
    let expected = format!(
        "Status {{\n    code: KeyError,\n    message: \"no column 'x'\",\n    location: Some(\n        {},\n    ),\n    context: [\n{}{}    ],\n    details: [\n        RowGroup(\n            3,\n        ),\n        \"part-0.parquet\",\n    ],\n    causes: [\n        Outer(\n            Inner,\n        ),\n        Inner,\n    ],\n}}",
        location(created),
        context_line("reading column x", first),
        context_line("reading row group 3", second),
    );
    assert_eq!(format!("{status:#?}"), expected);
}

#[test]
fn main_returning_a_status_prints_the_report() {
    // `fn main() -> Result<(), Status>` prints `Error: {:?}`; this is what a person sees.
    let (status, _) = everything();
    let printed = format!("Error: {status:?}");
    assert!(printed.starts_with("Error: Key error: no column 'x'\n    at tests/reports.rs:"));
}
