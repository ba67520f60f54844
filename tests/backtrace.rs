//! Backtraces are opt-in: captured for statuses with a message only when enabled, shown by
//! `{:?}`, never forced. Its own test binary, since the switch is process-wide.

mod common;

use common::{Status, StatusCode};
use fast_status::status;

#[inline(never)]
fn deep_failure() -> Status {
    Status::invalid(format_args!("failed at depth {}", 3))
}

#[test]
fn capture_follows_the_switch() {
    fast_status::set_backtrace_capture(true);
    let with = deep_failure();
    let from_io: Status = std::io::Error::other("io").into();
    fast_status::set_backtrace_capture(false);
    let without = deep_failure();

    let report = format!("{with:?}");
    let (head, trace) = report
        .split_once("\n\nStack backtrace:\n")
        .expect("an enabled capture is shown by {:?}");
    assert!(head.starts_with("Invalid: failed at depth 3\n    at tests/backtrace.rs:"));
    assert!(
        trace.contains("deep_failure"),
        "the trace names the creating function"
    );
    // The library's own frames (the capture, the runtime's constructors) are left out: the
    // first frame is the generated constructor the code called, numbered 0.
    let first = trace.lines().next().expect("a frame");
    assert!(first.starts_with("   0: "), "{trace}");
    assert!(!trace.contains("status_runtime::"), "{trace}");
    assert!(format!("{from_io:?}").contains("Stack backtrace:"));

    assert!(!format!("{without:?}").contains("Stack backtrace"));
    // Display never shows it, and clones share it.
    assert_eq!(with.to_string(), "Invalid: failed at depth 3");
    assert!(format!("{:?}", with.clone()).contains("Stack backtrace:"));
    // Code-only and static statuses have no room for one and never capture.
    fast_status::set_backtrace_capture(true);
    assert_eq!(format!("{:?}", status!(StatusCode::Invalid)), "Invalid");
    assert_eq!(
        format!("{:?}", status!(StatusCode::Invalid, "static")),
        "Invalid: static"
    );
    fast_status::set_backtrace_capture(false);
}
