//! Where statuses meet other error types: sources of any kind (`with_source`, `from = ..` of
//! boxed errors and `anyhow::Error`), `io::Error` both ways, `Option`, hashing, and code
//! generic over `FastStatus` that formats, walks and boxes statuses.

use std::collections::HashSet;
use std::error::Error;
use std::io;

use fast_status::{FastStatus, OptionExt, ResultExt, status};

/// Codes that convert from foreign errors of every kind a source can be.
#[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
#[status(name = Status)]
pub enum StatusCode {
    /// Not there.
    #[status(io_kind = NotFound)]
    Missing = 1,
    /// Not allowed.
    #[status(display = "Permission denied", io_kind = PermissionDenied)]
    Denied,
    /// Malformed, with no `io_kind`: `Other`.
    Invalid,
    /// From an `anyhow::Error`, a boxed error and an I/O error.
    #[status(from = anyhow::Error)]
    #[status(from = Box<dyn Error + Send + Sync>)]
    #[status(from = io::Error)]
    Upstream,
}

#[test]
fn with_source_keeps_any_error_and_gives_it_back_as_it_is() {
    let io = Status::invalid("bad header").with_source(io::Error::other("disk"));
    assert_eq!(io.to_string(), "Invalid: bad header");
    let source = io.source().expect("a source");
    assert_eq!(source.to_string(), "disk");
    assert!(
        source.downcast_ref::<io::Error>().is_some(),
        "not hidden by a box"
    );

    // A code-only status gains a heap payload for it; a later source replaces an earlier one.
    let replaced = Status::from_code(StatusCode::Invalid)
        .with_source(io::Error::other("first"))
        .with_source("second");
    assert_eq!(
        replaced.source().map(ToString::to_string).as_deref(),
        Some("second")
    );

    // An anyhow::Error, with its own chain.
    let inner = anyhow::anyhow!("root cause").context("while reading");
    let status = Status::invalid("parse failed").with_source(inner);
    let texts: Vec<String> = status.chain().map(ToString::to_string).collect();
    assert_eq!(
        texts,
        ["Invalid: parse failed", "while reading", "root cause"]
    );
}

fn call() -> anyhow::Result<()> {
    Err(anyhow::anyhow!("timeout after 30 ms"))
}

fn upstream() -> Result<(), Status> {
    call()?;
    Ok(())
}

#[test]
fn from_converts_boxed_errors_and_anyhow_errors() {
    let boxed: Box<dyn Error + Send + Sync> = Box::new(io::Error::other("boxed"));
    let status = Status::from(boxed);
    assert!(status.is_upstream());
    assert_eq!(status.to_string(), "Upstream");
    let source = status.source().expect("a source");
    assert!(source.downcast_ref::<io::Error>().is_some());

    let status = upstream().unwrap_err();
    assert!(status.is_upstream());
    assert_eq!(
        format!("{status:#}"),
        "Upstream\n  caused by: timeout after 30 ms"
    );
}

#[test]
fn a_status_becomes_an_io_error_of_its_codes_kind() {
    let cases = [
        (Status::missing("no such table"), io::ErrorKind::NotFound),
        (Status::denied("read-only"), io::ErrorKind::PermissionDenied),
        (Status::invalid("bad"), io::ErrorKind::Other),
        (
            Status::from_code(StatusCode::Upstream),
            io::ErrorKind::Other,
        ),
    ];
    assert_io_errors(cases);
}

/// Each status, converted into an `io::Error`: of the kind given, with the status's text, and
/// the status itself as the inner error.
fn assert_io_errors<S>(cases: impl IntoIterator<Item = (S, io::ErrorKind)>)
where
    S: FastStatus,
    io::Error: From<S>,
{
    for (status, kind) in cases {
        let text = status.to_string();
        let io = io::Error::from(status);
        assert_eq!(io.kind(), kind, "{text}");
        assert_eq!(io.to_string(), text);
        let inner = io
            .into_inner()
            .expect("an inner error")
            .downcast::<S>()
            .expect("the status itself");
        assert_eq!(inner.to_string(), text);
    }
}

#[test]
fn a_status_made_from_an_io_error_converts_back_with_its_kind() {
    let not_found = || io::Error::from(io::ErrorKind::NotFound);
    // `from = io::Error`, without an `io_kind`: the source's kind.
    let io = io::Error::from(Status::from(not_found()));
    assert_eq!(io.kind(), io::ErrorKind::NotFound);
    // Through `or_status`, a context line and a status that wraps it.
    let read: Result<(), io::Error> = Err(not_found());
    let status = read
        .or_status(StatusCode::Invalid)
        .context("reading the footer")
        .unwrap_err();
    let outer = Status::invalid("open failed").with_source(status);
    assert_eq!(io::Error::from(outer).kind(), io::ErrorKind::NotFound);
    // A code's `io_kind` comes first.
    let denied = Status::missing("no such table").with_source(not_found());
    let denied = Status::denied("read-only").with_source(denied);
    assert_eq!(
        io::Error::from(denied).kind(),
        io::ErrorKind::PermissionDenied
    );
}

/// An enum of kinds whose variants hold `io::Error`s, as a thiserror enum does.
#[derive(FastStatus, Debug)]
#[status(name = FileError)]
pub enum FileErrorKind {
    /// Passed through.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// With a text of its own.
    #[error("cannot read {name}")]
    Read {
        /// The file.
        name: String,
        /// Why.
        source: io::Error,
    },
    /// A status of codes, passed through.
    #[error(transparent)]
    Lower(Status),
    /// No `io::Error` anywhere.
    #[error("bad magic {0:#x}")]
    Magic(u32),
    /// A kind of its own, which comes first.
    #[error("truncated at {0}")]
    #[status(io_kind = UnexpectedEof)]
    Truncated(u64),
}

#[test]
fn a_kind_holding_an_io_error_converts_back_with_its_kind() {
    let denied = || io::Error::from(io::ErrorKind::PermissionDenied);
    let cases = [
        (FileError::from(denied()), io::ErrorKind::PermissionDenied),
        (
            FileError::read("a.parquet".to_owned(), denied()),
            io::ErrorKind::PermissionDenied,
        ),
        (
            FileError::lower(Status::from(denied())),
            io::ErrorKind::PermissionDenied,
        ),
        // Only `io::Error`s are looked for: the wrapped status's `io_kind` is its own.
        (
            FileError::lower(Status::missing("no such table")),
            io::ErrorKind::Other,
        ),
        (FileError::magic(7), io::ErrorKind::Other),
        (FileError::truncated(9), io::ErrorKind::UnexpectedEof),
        (
            FileError::from(denied()).context("opening the footer"),
            io::ErrorKind::PermissionDenied,
        ),
    ];
    assert_io_errors(cases);
}

/// `into_io_error = manual`: the crate writes `From<Status> for io::Error` itself (a port of a
/// thiserror enum that had one): no conflicting impl.
mod manual_io_error {
    use std::io;

    use fast_status::FastStatus;

    /// Errors of an archive reader.
    #[derive(FastStatus, Debug)]
    #[status(name = ZipError, into_io_error = manual)]
    pub enum ZipErrorKind {
        /// Passed through.
        #[error(transparent)]
        Io(#[from] io::Error),
        /// Not an archive.
        #[error("invalid Zip archive: {0}")]
        InvalidArchive(&'static str),
    }

    impl From<ZipError> for io::Error {
        fn from(error: ZipError) -> Self {
            match error.into_kind() {
                Ok(ZipErrorKind::Io(io)) => io,
                Ok(kind) => Self::new(io::ErrorKind::InvalidData, ZipError::from(kind)),
                Err(error) => Self::other(error),
            }
        }
    }

    #[test]
    fn the_crates_own_conversion_is_the_one() {
        let io = io::Error::from(ZipError::from(io::Error::from_raw_os_error(2)));
        assert_eq!(
            io.raw_os_error(),
            Some(2),
            "the io::Error itself, unwrapped"
        );
        let io = io::Error::from(ZipError::invalid_archive("no end record"));
        assert_eq!(io.kind(), io::ErrorKind::InvalidData);
        assert_eq!(io.to_string(), "invalid Zip archive: no end record");
    }
}

#[test]
fn options_convert_to_code_only_statuses() {
    assert_eq!(Some(3).ok_or_status(StatusCode::Missing), Ok(3));
    let missing = None::<u8>.ok_or_status(StatusCode::Missing).unwrap_err();
    assert!(missing.is_missing());
    assert_eq!(missing.to_string(), "Missing");
    let name = "price";
    let with_text = None::<u8>
        .ok_or_else(|| status!(StatusCode::Missing, "no column {name}"))
        .unwrap_err();
    assert_eq!(with_text.to_string(), "Missing: no column price");
}

/// A status's hash with a hasher of fixed keys, so that two hashes compare the same way in
/// every run.
fn hash_of(status: &Status) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(status)
}

#[test]
fn equal_statuses_hash_alike() {
    // Equal whatever the state they are in (heap, static), so hashed alike...
    let a = hash_of(&Status::invalid("a"));
    assert_eq!(a, hash_of(&status!(StatusCode::Invalid, "a")));
    assert_eq!(a, hash_of(&Status::invalid(format_args!("{}", "a"))));
    assert_eq!(a, hash_of(&Status::invalid("a").context("not compared")));
    // ...and the code and the message both reach the hash.
    assert_ne!(a, hash_of(&Status::invalid("b")));
    assert_ne!(a, hash_of(&Status::missing("a")));
    assert_ne!(
        hash_of(&Status::from_code(StatusCode::Invalid)),
        hash_of(&Status::from_code(StatusCode::Missing))
    );
    let set: HashSet<Status> = [
        Status::invalid("a"),
        status!(StatusCode::Invalid, "a"),
        Status::invalid("b"),
        Status::from_code(StatusCode::Invalid),
        Status::from_code(StatusCode::Missing),
    ]
    .into_iter()
    .collect();
    assert_eq!(set.len(), 4, "{set:?}");
}

/// Generic code: formats, reads details, walks the chain and boxes, with no bound beyond
/// `FastStatus`.
fn describe<S: FastStatus>(status: &S) -> String {
    let details = status.details().count();
    let causes = status.chain().count() - 1;
    format!("{status} ({details} details, {causes} causes) {status:?}")
}

fn boxed<S: FastStatus>(result: Result<(), S>) -> Result<(), Box<dyn Error + Send + Sync>> {
    result?;
    Ok(())
}

#[test]
fn generic_code_needs_no_extra_bounds() {
    let status = Status::invalid("bad")
        .with_detail(7_u8)
        .with_source(io::Error::other("disk"));
    let text = describe(&status);
    assert!(
        text.starts_with("Invalid: bad (1 details, 1 causes) Invalid: bad"),
        "{text}"
    );
    let error = boxed(Err(status)).unwrap_err();
    assert!(error.downcast_ref::<Status>().is_some());
    assert!(boxed::<Status>(Ok(())).is_ok());
    let read: Result<(), Status> = Err(Status::invalid("x"));
    assert_eq!(
        read.context("reading").unwrap_err().context_lines().count(),
        1
    );
}

/// A module that uses anyhow's `Context` and fast-status's results side by side: it imports
/// `StatusContext` and `OrStatus` instead of `ResultExt`, and every call resolves.
mod with_anyhow_context_in_scope {
    use anyhow::Context as _;
    use fast_status::{OrStatus as _, StatusContext as _};

    use super::{Status, StatusCode};

    fn status_result() -> Result<(), Status> {
        Err(Status::from_code(StatusCode::Invalid))
    }

    fn reads(path: &str) -> anyhow::Result<Vec<u8>> {
        std::fs::read(path).context("reading with anyhow")
    }

    fn converts(path: &str) -> Result<Vec<u8>, Status> {
        std::fs::read(path).or_status(StatusCode::Upstream)
    }

    #[test]
    fn each_result_takes_its_own_context() {
        let line = line!() + 2; // the line of the call, where `#[track_caller]` points
        let status = status_result()
            .status_context("in fast-status")
            .unwrap_err();
        let lines: Vec<(&str, u32)> = status
            .context_lines()
            .map(|(text, at)| (text, at.line()))
            .collect();
        assert_eq!(lines, [("in fast-status", line)]);
        let status = status_result()
            .with_status_context(|| format!("lazily {}", 2))
            .unwrap_err();
        assert_eq!(
            status.context_lines().next().map(|(t, _)| t),
            Some("lazily 2")
        );
        let anyhow = format!("{:#}", reads("/no/such/file").unwrap_err());
        assert!(anyhow.starts_with("reading with anyhow: "), "{anyhow}");
        assert!(converts("/no/such/file").unwrap_err().is_upstream());
        // anyhow's `context` on a status result: it becomes an anyhow error.
        let wrapped = status_result().context("in anyhow").unwrap_err();
        assert_eq!(format!("{wrapped:#}"), "in anyhow: Invalid");
    }
}

/// Read through anyhow, a status's context lines follow its own text, newest first; anyhow's
/// own context comes before the error it wraps. Both orders, as each prints them.
#[test]
fn context_lines_under_anyhow_follow_the_status_newest_first() {
    let status = Status::invalid("missing field qty")
        .context("record 18")
        .context("batch 2");
    let through_anyhow = anyhow::Error::from(status);
    assert_eq!(
        format!("{through_anyhow:#}"),
        "Invalid: missing field qty: batch 2: record 18"
    );
    let debug = format!("{through_anyhow:?}");
    assert!(
        debug.starts_with(
            "Invalid: missing field qty\n\nCaused by:\n    0: batch 2\n    1: record 18"
        ),
        "{debug}"
    );

    let anyhows_own = anyhow::anyhow!("missing field qty")
        .context("record 18")
        .context("batch 2");
    assert_eq!(
        format!("{anyhows_own:#}"),
        "batch 2: record 18: missing field qty"
    );

    // Context added through anyhow at the boundary reads in anyhow's order, before the status.
    let at_the_boundary =
        anyhow::Error::from(Status::invalid("missing field qty").context("record 18"))
            .context("batch 2");
    assert_eq!(
        format!("{at_the_boundary:#}"),
        "batch 2: Invalid: missing field qty: record 18"
    );
}
