//! The behaviours of Apache Arrow C++'s status tests (`arrow/status_test.cc`) that apply in
//! Rust, written for this crate. Where Arrow and fast-status differ, the test says how.

mod common;

use common::{Status, StatusCode};
use fast_status::{FastStatus, status};

/// A detail, as Arrow's `TestStatusDetail`.
#[derive(Debug, PartialEq)]
struct TestDetail(&'static str);

// Arrow: `Status::OK()` is a null pointer, free to return. Here success is `Ok(())`, and the
// `Result` is still one word (the status word is never null, so `Ok` uses that niche).
#[test]
fn ok_is_free() {
    let ok: Result<(), Status> = Ok(());
    assert!(ok.is_ok());
    assert_eq!(size_of::<Result<(), Status>>(), size_of::<usize>());
}

// Arrow: TestCodeAndMessage.
#[test]
fn code_and_message() {
    let file_error = Status::io_error("file error");
    assert_eq!(file_error.code(), StatusCode::IOError);
    assert_eq!(file_error.message(), "file error");
    assert!(file_error.is_io_error());
}

// Arrow: TestToString (`ToString()` and `operator<<` agree).
#[test]
fn to_string_forms() {
    let file_error = Status::io_error("file error");
    assert_eq!(file_error.to_string(), "IOError: file error");
    assert_eq!(format!("{file_error}"), file_error.to_string());
    // Arrow's code text for codes with a display name.
    assert_eq!(Status::key_error("x").to_string(), "Key error: x");
    assert_eq!(Status::out_of_memory("y").to_string(), "Out of memory: y");
}

// Arrow: TestToStringWithDetail prints ". Detail: ..." in `ToString()`. Here `Display` stays one
// line and the report `{:?}` lists details.
#[test]
fn detail_in_the_report() {
    fast_status::set_backtrace_capture(false);
    let status = Status::io_error("summary").with_detail(TestDetail("detail"));
    assert_eq!(status.to_string(), "IOError: summary");
    assert!(format!("{status:?}").ends_with("\n\nDetails:\n    TestDetail(\"detail\")"));
}

// Arrow: `Status::Invalid("a", 1, "b")` concatenates its arguments. Here: format arguments.
#[test]
fn message_from_arguments() {
    let status = Status::invalid(format_args!("a{}b", 1));
    assert_eq!(status.message(), "a1b");
    let x = 1;
    assert_eq!(status!(StatusCode::Invalid, "a{x}b").message(), "a1b");
}

// Arrow: TestWithDetail: the new status keeps code and message and has the detail.
#[test]
fn with_detail_keeps_code_and_message() {
    let status = Status::io_error("summary");
    let new_status = status.clone().with_detail(TestDetail("detail"));
    assert_eq!(new_status.code(), status.code());
    assert_eq!(new_status.message(), status.message());
    assert_eq!(
        new_status.detail::<TestDetail>(),
        Some(&TestDetail("detail"))
    );
    assert_eq!(
        status.detail::<TestDetail>(),
        None,
        "the original is unchanged"
    );
}

// Arrow: WithMessage keeps code and detail.
#[test]
fn with_message_keeps_code_and_detail() {
    let status = Status::io_error("summary").with_detail(TestDetail("detail"));
    let new_status = status.clone().with_message("another summary");
    assert_eq!(new_status.code(), StatusCode::IOError);
    assert_eq!(new_status.message(), "another summary");
    assert_eq!(
        new_status.detail::<TestDetail>(),
        Some(&TestDetail("detail"))
    );
    assert_eq!(status.message(), "summary", "the original is unchanged");
}

// Arrow: TestEquality. Arrow also compares details; here equality is code and message only,
// so two statuses that differ only in details are equal.
#[test]
fn equality() {
    assert_eq!(Status::invalid("error"), Status::invalid("error"));
    assert_ne!(Status::invalid("error"), Status::invalid("other error"));
    assert_ne!(Status::invalid("error"), Status::io_error("error"));
    assert_eq!(
        Status::invalid("error").with_detail(1_u8),
        Status::invalid("error").with_detail(2_u8)
    );
}

// Arrow: copies compare equal and share the state; a moved-from C++ status is OK. Rust moves
// leave nothing behind, and clones share the payload.
#[test]
fn copies_and_moves() {
    let status = Status::invalid(format_args!("{}", "error")).with_detail(TestDetail("d"));
    let copy = status.clone();
    assert_eq!(copy, status);
    assert_eq!(copy.detail::<TestDetail>(), status.detail::<TestDetail>());
    let moved = status;
    assert_eq!(moved, copy);
    let mut assigned = Status::from_code(StatusCode::KeyError);
    assert!(assigned.is_key_error());
    assigned = moved.clone();
    assert!(assigned.is_invalid());
}

// Arrow: ARROW_RETURN_NOT_OK propagates. Here: `?`.
#[test]
fn return_not_ok_is_the_question_mark() {
    fn step(fail: bool) -> Result<(), Status> {
        if fail {
            return Err(Status::not_implemented("step"));
        }
        Ok(())
    }
    fn all() -> Result<u32, Status> {
        step(false)?;
        step(true)?;
        Ok(1)
    }
    assert!(all().unwrap_err().is_not_implemented());
}

// Arrow's code names are stable integers; here the discriminants are the raw codes.
#[test]
fn codes_are_stable_integers() {
    use fast_status::Code;
    assert_eq!(StatusCode::OutOfMemory.to_raw(), 1);
    assert_eq!(StatusCode::from_raw(4), Some(StatusCode::IOError));
    assert_eq!(
        <Status as FastStatus>::from_code(StatusCode::IOError)
            .code()
            .to_raw(),
        4
    );
}
