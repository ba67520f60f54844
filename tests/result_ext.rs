//! `ResultExt`, `bail!` and `ensure!`, for any derived status.

mod common;

use std::error::Error as _;
use std::panic::Location;

use common::{Status, StatusCode};
use fast_status::{FastStatus, ResultExt, bail, ensure};

fn read_footer(path: &str) -> Result<Vec<u8>, Status> {
    let bytes = std::fs::read(path).or_status(StatusCode::IOError)?;
    Ok(bytes)
}

#[test]
fn or_status_wraps_a_foreign_error_as_the_source() {
    let parsed = "x".parse::<u8>();
    let line = line!() + 1;
    let error = parsed.or_status(StatusCode::Invalid).unwrap_err();
    assert!(error.is_invalid());
    assert_eq!(
        error.message(),
        "",
        "the source's text is shown once, as the cause"
    );
    assert_eq!(error.to_string(), "Invalid");
    let source = error.source().expect("kept as source");
    assert!(source.downcast_ref::<std::num::ParseIntError>().is_some());
    assert_eq!(error.location().map(Location::line), Some(line));
    assert_eq!("7".parse::<u8>().or_status(StatusCode::Invalid), Ok(7));
}

#[test]
fn kinds_gives_a_status_of_codes_as_its_code() {
    let failed: Result<u8, Status> = Err(Status::invalid("bad row").context("reading"));
    assert!(matches!(failed.kinds(), Err(StatusCode::Invalid)));
    let read = read_footer("/no/such/fast-status/file");
    assert!(matches!(read.kinds(), Err(StatusCode::IOError)));
    assert!(matches!(Ok::<u8, Status>(3).kinds(), Ok(3)));
}

#[test]
fn context_and_with_context_add_lines_on_err_only() {
    let line = line!() + 2;
    let error = read_footer("/no/such/fast-status/file")
        .context("reading the footer")
        .with_context(|| format!("opening table {}", 7))
        .unwrap_err();
    assert!(error.is_io_error());
    let lines: Vec<(&str, u32)> = error.context_lines().map(|(t, l)| (t, l.line())).collect();
    assert_eq!(
        lines,
        [("reading the footer", line), ("opening table 7", line + 1)]
    );

    let mut called = false;
    let ok: Result<u8, Status> = Ok(1);
    let ok = ok.context("unused").with_context(|| {
        called = true;
        "unused"
    });
    assert_eq!(ok, Ok(1));
    assert!(!called, "the closure runs only on Err");
}

/// The error type left to inference, from the function's result: `context` returns
/// `Result<T, E>` as it is, so rustc infers `E` (CONTRIBUTING.md, "Decisions": a signature that would
/// make a misuse one error fewer broke both of these).
fn parse_inferred(text: &str) -> Result<u8, Status> {
    text.parse::<u8>().map_err(Into::into).context("parsing")
}

fn invalid_inferred() -> Result<u8, Status> {
    Err(StatusCode::Invalid.into()).with_context(|| "checking")
}

#[test]
fn context_leaves_the_error_type_to_inference() {
    let error = parse_inferred("x").unwrap_err();
    assert!(error.is_parse());
    assert_eq!(
        error
            .context_lines()
            .map(|(line, _)| line)
            .collect::<Vec<_>>(),
        ["parsing"]
    );
    assert_eq!(parse_inferred("7"), Ok(7));
    let error = invalid_inferred().unwrap_err();
    assert!(error.is_invalid());
    assert_eq!(error.context_lines().count(), 1);
}

fn parse_flag(text: &str) -> Result<bool, Status> {
    match text {
        "on" => Ok(true),
        "off" => Ok(false),
        "" => bail!(StatusCode::Invalid),
        "?" => bail!(StatusCode::Invalid, "a question is not a flag"),
        _ => bail!(StatusCode::Invalid, "expected `on` or `off`, got {text:?}"),
    }
}

#[test]
fn bail_takes_every_status_form() {
    assert_eq!(parse_flag("on"), Ok(true));
    assert_eq!(parse_flag("").unwrap_err().to_string(), "Invalid");
    assert_eq!(
        parse_flag("?").unwrap_err().to_string(),
        "Invalid: a question is not a flag"
    );
    assert_eq!(
        parse_flag("maybe").unwrap_err().to_string(),
        "Invalid: expected `on` or `off`, got \"maybe\""
    );
}

fn read_header(buf: &[u8]) -> Result<u32, Status> {
    ensure!(
        buf.len() >= 4,
        StatusCode::Invalid,
        "header needs 4 bytes, got {}",
        buf.len()
    );
    ensure!(buf[0] != 0xff, StatusCode::KeyError, "reserved marker");
    ensure!(buf[0] != 0xfe, StatusCode::NotImplemented);
    Ok(u32::from_le_bytes([buf[0], buf[1], buf[2], buf[3]]))
}

#[test]
fn ensure_returns_early_unless_the_condition_holds() {
    assert_eq!(read_header(&[1, 0, 0, 0]), Ok(1));
    assert_eq!(
        read_header(&[1, 2]).unwrap_err().to_string(),
        "Invalid: header needs 4 bytes, got 2"
    );
    assert_eq!(
        read_header(&[0xff, 0, 0, 0]).unwrap_err().to_string(),
        "Key error: reserved marker"
    );
    assert!(
        read_header(&[0xfe, 0, 0, 0])
            .unwrap_err()
            .is_not_implemented()
    );
}

fn boxed(fail: bool) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    ensure!(!fail, StatusCode::Cancelled, "into a boxed error");
    Ok(())
}

#[test]
fn bail_converts_into_the_functions_error_type() {
    let error = boxed(true).unwrap_err();
    assert_eq!(error.to_string(), "Cancelled: into a boxed error");
    assert!(error.downcast_ref::<Status>().is_some());
    assert!(boxed(false).is_ok());
}

/// A split message: the function `bail!` generates for it returns the caller's `Result`, of
/// whatever error type the status converts into.
fn boxed_split(len: usize) -> Result<usize, Box<dyn std::error::Error + Send + Sync>> {
    if len > 4 {
        bail!(StatusCode::Cancelled, "{len} bytes over {}", 4);
    }
    Ok(len)
}

#[test]
fn bail_with_a_split_message_returns_the_functions_own_result() {
    let error = boxed_split(9).unwrap_err();
    assert_eq!(error.to_string(), "Cancelled: 9 bytes over 4");
    let status = error.downcast_ref::<Status>().expect("the status, boxed");
    assert_eq!(status.message(), "9 bytes over 4");
    assert_eq!(boxed_split(3).ok(), Some(3));

    // The status records the line of the `bail!`, as `status!` does.
    let line = line!() + 3;
    let located = |x: u32| -> Result<u32, Status> {
        if x == 0 {
            bail!(StatusCode::Invalid, "x is {x} at {}", "start");
        }
        Ok(x)
    };
    let error = located(0).unwrap_err();
    assert_eq!(error.message(), "x is 0 at start");
    assert_eq!(error.location().map(Location::line), Some(line));
    assert_eq!(located(2), Ok(2));
}

/// Works for any derived status type: written once, used with two.
fn checked<S: FastStatus>(value: i64, code: S::Code) -> Result<i64, S> {
    if value < 0 {
        return Err(S::new(code, format_args!("{value} is negative")));
    }
    Ok(value).context("unreachable on Ok")
}

mod other {
    /// A second status type.
    #[derive(fast_status::FastStatus, Clone, Copy, Debug)]
    pub enum ErrorKind {
        /// Out of range.
        Range = 3,
    }
}

#[test]
fn generic_helpers_over_two_status_types() {
    assert_eq!(
        checked::<Status>(-1, StatusCode::Invalid)
            .unwrap_err()
            .to_string(),
        "Invalid: -1 is negative"
    );
    let other = checked::<other::Error>(-2, other::ErrorKind::Range).unwrap_err();
    assert!(other.is_range());
    assert_eq!(other.to_string(), "Range: -2 is negative");
    assert_eq!(
        checked::<other::Error>(2, other::ErrorKind::Range).ok(),
        Some(2)
    );
}
