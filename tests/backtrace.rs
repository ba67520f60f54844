//! Backtraces are opt-in twice: a status type captures one only when its enum asks
//! (`#[status(backtrace)]`), and then only for statuses with a message and only when enabled
//! (the environment or the switch); the report (`{:?}` of a status of codes, `report()` of
//! every status) shows it. Its own test binary, since the switch is
//! process-wide.

use fast_status::status;

/// Codes whose statuses capture a backtrace when enabled.
#[derive(fast_status::FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
#[status(name = Status, backtrace)]
pub enum StatusCode {
    /// Malformed.
    Invalid = 1,
    /// From an I/O error.
    #[status(from = std::io::Error)]
    IOError,
}

/// Codes that say nothing of backtraces: the default, never.
#[derive(fast_status::FastStatus, Clone, Copy, Debug)]
#[status(name = Plain)]
pub enum PlainCode {
    /// Malformed.
    Invalid = 1,
    /// From an I/O error.
    #[status(from = std::io::Error)]
    Io,
}

/// Kinds that say nothing of backtraces either.
#[derive(fast_status::FastStatus, Debug)]
#[status(name = PlainKinds)]
pub enum PlainKindsKind {
    /// Two numbers: one allocation.
    #[error("{0} of {1}")]
    Range(u64, u64),
}

#[inline(never)]
fn deep_failure() -> Status {
    Status::invalid(format_args!("failed at depth {}", 3))
}

/// The capture switch is process-wide: the tests that turn it take turns.
static SWITCH: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// This test's turn with the switch.
fn take_turn() -> std::sync::MutexGuard<'static, ()> {
    SWITCH
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Whether a trace has a frame for every function these tests name. An optimised build makes
/// a call in tail position a jump (`deep_failure`'s to the constructor) and inlines small
/// functions, so their frames may be missing there; the test command builds without
/// optimisation, where the frames a report trims and keeps are checked.
const EVERY_FRAME: bool = cfg!(debug_assertions);

/// A report's head and its backtrace, split where the backtrace starts.
fn head_and_trace(report: &str) -> (&str, &str) {
    report
        .split_once("\n\nStack backtrace:\n")
        .expect("an enabled capture is shown by {:?}")
}

#[test]
fn capture_follows_the_switch() {
    let _turn = take_turn();
    fast_status::set_backtrace_capture(true);
    let with = deep_failure();
    let from_io: Status = std::io::Error::other("io").into();
    fast_status::set_backtrace_capture(false);
    let without = deep_failure();

    let report = format!("{with:?}");
    let (head, trace) = head_and_trace(&report);
    assert!(head.starts_with("Invalid: failed at depth 3\n    at tests/backtrace.rs:"));
    assert!(
        !EVERY_FRAME || trace.contains("deep_failure"),
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

/// A status of kinds, whose constructors store the value through the runtime's trait impls
/// on references (`<&&KindProbe<K> as StoreMadeKind<K>>::__fs_store`).
#[derive(fast_status::FastStatus, Debug)]
#[status(name = Bounds, backtrace)]
pub enum BoundsKind {
    /// Two numbers: one allocation when they do not fit in 26 bits each.
    #[error("{size} over {limit}")]
    TooBig { size: u64, limit: u64 },
    /// Converted by `?`, through the hidden helper every conversion of a kind shares.
    #[error("bad count")]
    Count(#[from] std::num::ParseIntError),
}

#[test]
fn a_status_of_kinds_starts_its_trace_at_the_generated_constructor() {
    let _turn = take_turn();
    fast_status::set_backtrace_capture(true);
    let status = Bounds::too_big(1 << 40, 4);
    fast_status::set_backtrace_capture(false);
    let report = format!("{:?}", status.report());
    let (_, trace) = head_and_trace(&report);
    let first = trace.lines().next().expect("a frame");
    assert!(first.starts_with("   0: "), "{trace}");
    assert!(!EVERY_FRAME || first.ends_with("::too_big"), "{trace}");
    // The runtime's frames, named by their own paths (or, under Miri, the facade's).
    assert!(!trace.contains("status_runtime::"), "{trace}");
    assert!(!trace.contains("fast_status::"), "{trace}");
}

/// `?` from a `from` field: the trace starts at the generated `From::from` that `?` called,
/// without the hidden helper beneath it (`__from_kind`), which no user's code calls.
#[test]
fn a_conversion_starts_its_trace_at_from() {
    fn count(text: &str) -> Result<u32, Bounds> {
        Ok(text.parse()?)
    }
    let _turn = take_turn();
    fast_status::set_backtrace_capture(true);
    let status = count("x").unwrap_err();
    fast_status::set_backtrace_capture(false);
    let report = format!("{:?}", status.report());
    let (_, trace) = head_and_trace(&report);
    let first = trace.lines().next().expect("a frame");
    assert!(first.starts_with("   0: "), "{trace}");
    if EVERY_FRAME {
        assert!(
            first.contains("From<")
                && first.contains("ParseIntError")
                && first.ends_with(">::from"),
            "{trace}"
        );
        assert!(trace.contains("count"), "{trace}");
    }
    assert!(!trace.contains("__from_kind"), "{trace}");
}

/// A library's status that never captures a backtrace, whatever the environment says, written
/// out (`backtrace = never` is the default).
#[derive(fast_status::FastStatus, Clone, Copy, Debug)]
#[status(name = Quiet, backtrace = never)]
pub enum QuietCode {
    /// Malformed.
    Invalid = 1,
    /// From an I/O error.
    #[status(from = std::io::Error)]
    Io,
}

/// The same policy on an enum of kinds.
#[derive(fast_status::FastStatus, Debug)]
#[status(name = QuietKinds, backtrace = never)]
pub enum QuietKindsKind {
    /// Two numbers: one allocation.
    #[error("{0} of {1}")]
    Range(u64, u64),
}

/// Every way of making a `Quiet` status with a heap payload, and a `Plain` one.
fn quiet_statuses() -> Vec<String> {
    let plain_io: Plain = std::io::Error::other("io").into();
    let from_io: Quiet = std::io::Error::other("io").into();
    let or_status =
        fast_status::ResultExt::or_status(Err::<(), _>(std::io::Error::other("io")), QuietCode::Io)
            .unwrap_err();
    vec![
        format!("{:?}", Quiet::invalid(format_args!("at {}", 1))),
        format!("{:?}", Quiet::new(QuietCode::Invalid, "text")),
        format!("{:?}", status!(QuietCode::Invalid, "x = {}", 2)),
        format!("{:?}", status!(QuietCode::Invalid, "x = {:#x}", 2)),
        format!("{from_io:?}"),
        format!("{or_status:?}"),
        format!("{:?}", QuietKinds::range(1, u64::MAX).report()),
        format!("{:?}", Plain::invalid(format_args!("at {}", 1))),
        format!("{:?}", status!(PlainCode::Invalid, "x = {}", 2)),
        format!("{plain_io:?}"),
        format!("{:?}", PlainKinds::range(1, u64::MAX).report()),
    ]
}

#[test]
fn a_type_that_does_not_ask_never_captures() {
    let _turn = take_turn();
    fast_status::set_backtrace_capture(true);
    let quiet = quiet_statuses();
    let loud = format!("{:?}", deep_failure());
    fast_status::set_backtrace_capture(false);
    assert!(loud.contains("Stack backtrace:"), "capture is on: {loud}");
    for report in quiet {
        assert!(!report.contains("Stack backtrace"), "{report}");
    }
}

/// With `RUST_BACKTRACE=1` in the environment (in a child process, so the switch is read
/// from it), a type that does not ask for backtraces still captures none.
#[test]
fn never_holds_with_rust_backtrace_set() {
    if std::env::var_os("FAST_STATUS_BACKTRACE_CHILD").is_some() {
        let quiet = quiet_statuses();
        assert!(format!("{:?}", deep_failure()).contains("Stack backtrace:"));
        for report in quiet {
            assert!(!report.contains("Stack backtrace"), "{report}");
        }
        return;
    }
    if cfg!(miri) {
        // Miri cannot start a process; the policy itself is checked by the test above.
        return;
    }
    let output = std::process::Command::new(std::env::current_exe().expect("this test binary"))
        .args([
            "--exact",
            "never_holds_with_rust_backtrace_set",
            "--test-threads=1",
        ])
        .env("FAST_STATUS_BACKTRACE_CHILD", "1")
        .env("RUST_BACKTRACE", "1")
        .env_remove("RUST_LIB_BACKTRACE")
        .output()
        .expect("the child runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("1 passed"));
}

/// A layer that passes a `Bounds` status through, as a thiserror enum wraps a lower layer's
/// error.
#[derive(fast_status::FastStatus, Debug)]
#[status(name = Layer, backtrace)]
pub enum LayerKind {
    /// The lower status, converted by `?`.
    #[error(transparent)]
    Bounds(#[from] Bounds),
}

#[inline(never)]
fn lower() -> Result<(), Bounds> {
    Err(Bounds::too_big(1 << 40, 4))
}

#[inline(never)]
fn through_layer() -> Result<(), Layer> {
    lower()?;
    Ok(())
}

/// A transparent wrapper reports the status it wraps as its own: the wrapped one's trace,
/// which starts where the error was made, not the conversion's.
#[test]
fn a_transparent_wrapper_shows_the_wrapped_status_trace() {
    let _turn = take_turn();
    fast_status::set_backtrace_capture(true);
    let layer = through_layer().unwrap_err();
    fast_status::set_backtrace_capture(false);
    let report = format!("{:?}", layer.report());
    let (head, trace) = head_and_trace(&report);
    assert!(
        head.starts_with("1099511627776 over 4\n    at tests/backtrace.rs:"),
        "{head}"
    );
    let first = trace.lines().next().expect("a frame");
    assert!(first.starts_with("   0: "), "{trace}");
    assert!(!EVERY_FRAME || first.ends_with("::too_big"), "{trace}");
    assert_eq!(report.matches("Stack backtrace:").count(), 1, "{report}");
}
