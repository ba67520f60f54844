//! One-word status types for hot-path Rust: as cheap as an integer error code when nothing fails,
//! as rich as `anyhow` when something does.
//!
//! `#[derive(FastStatus)]` on your own enum of error codes (or a thiserror-style enum with fields)
//! generates a status type that is one machine word. Its `Drop` is inlined everywhere and is a bit
//! test and a branch; the cleanup is one cold function out of line. Code-only and static-message
//! errors allocate nothing, a formatted message allocates once, and a failure can carry a message,
//! a source, typed details and context lines with their source locations.
//!
//! - [A tour](#a-tour)
//! - [Making a status](#making-a-status)
//! - [Error types with fields](#error-types-with-fields)
//! - [Porting from thiserror](#porting-from-thiserror)
//! - [Reports](#reports)
//! - [Results and context](#results-and-context)
//! - [Coming from anyhow](#coming-from-anyhow)
//! - [Boundaries: anyhow, `io::Error`, serde](#boundaries-anyhow-ioerror-serde)
//! - [`no_std`](#no_std)
//! - [Size and cost](#size-and-cost)
//!
//! The derive's own page, [`FastStatus`](macro@FastStatus), is the reference of every attribute,
//! with an example of each, and of what the derive generates.
//!
//! # A tour
//!
//! ```rust
//! use fast_status::{FastStatus, status};
//!
//! /// Why a read failed.
//! #[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq, Hash)]
//! #[status(name = Status)] // the generated type (here also the default: `StatusCode` -> `Status`)
//! pub enum StatusCode {
//!     #[status(display = "Out of memory")]
//!     OutOfMemory = 1, // explicit discriminants are the stable raw codes
//!     #[status(display = "Key error")]
//!     KeyError,
//!     Invalid,
//!     #[status(from = std::io::Error)] // `?` on io::Error -> IOError, the io::Error kept as source
//!     IOError,
//!     NotImplemented,
//! }
//!
//! fn read_header(buf: &[u8]) -> Result<u32, Status> {
//!     if buf.len() < 4 {
//!         // One allocation, of the message's length; records this line.
//!         return Err(status!(StatusCode::Invalid, "header needs 4 bytes, got {}", buf.len()));
//!     }
//!     Ok(u32::from_le_bytes([buf[0], buf[1], buf[2], buf[3]]))
//! }
//!
//! let error = read_header(&[1, 2]).unwrap_err();
//! assert!(error.is_invalid());
//! assert_eq!(error.code(), StatusCode::Invalid);
//! assert_eq!(error.to_string(), "Invalid: header needs 4 bytes, got 2");
//!
//! // No allocation: an inline code, and a code with a `'static` message (usable in `const`).
//! const EMPTY: Status = status!(StatusCode::Invalid, "empty input");
//! assert_eq!(EMPTY.to_string(), "Invalid: empty input");
//! assert_eq!(Status::from_code(StatusCode::NotImplemented).to_string(), "NotImplemented");
//!
//! // Context lines, typed details, cheap clones (a refcount increment, no allocation).
//! let error = error.context("reading the footer").with_detail(7_usize);
//! assert_eq!(error.detail::<usize>(), Some(&7));
//! let shared = error.clone();
//! assert_eq!(shared, error);
//! ```
//!
//! # Making a status
//!
//! | form | state | allocations |
//! |---|---|---|
//! | `Status::from_code(StatusCode::Invalid)`, `status!(StatusCode::Invalid)` | the code in the word | 0 |
//! | `status!(StatusCode::Invalid, "literal")` | a pointer to a `'static` code and message; usable in `const` | 0 |
//! | `status!(StatusCode::Invalid, "x = {x}")`, `status!(StatusCode::Invalid, "x = {}", x)` | heap, the message written in place | 1 |
//! | `Status::invalid(message)`, `Status::new(code, message)` (any `Display`) | heap | 1 |
//! | `bail!(..)`, `ensure!(cond, ..)` | any `status!` form, returned as `Err` | as `status!` |
//!
//! Every constructor that takes a message is `#[cold]` and `#[track_caller]`: the status records
//! the line that made it ([`location()`](FastStatus::location)). [`status!`] splits a message with
//! plain or hexadecimal placeholders at compile time and writes integers, strings and `bool`s
//! without `core::fmt`, in one allocation of the message's exact length; its page says how.
//! The static form needs the code written as a path (`StatusCode::Invalid`); with a code held in
//! a variable the literal is copied into one allocation instead.
//!
//! # Error types with fields
//!
//! Derive on an enum whose variants have fields, and the status is still one word: the fields are
//! moved, never formatted, when the status is made. Variants whose fields fit in the word's spare
//! bits ride in it beside the code; any other variant takes one allocation that holds the status's
//! header and the variant's value together.
//!
//! ```rust
//! use fast_status::FastStatus;
//!
//! /// Why a parse failed: a thiserror-style enum, one word as a status.
//! #[derive(FastStatus, Debug)]
//! #[status(name = Error)] // the status; its code enum is `ErrorCode` (`code = ..` to rename it)
//! pub enum ErrorKind {
//!     #[error("type is too big ({size}) for {len}")]
//!     TooBig { size: usize, len: usize }, // packed while both sizes fit, else one allocation
//!     #[error("bad offset {0:#x}")]
//!     BadOffset(u32), // packed into the word: no allocation
//!     #[error("I/O failed")]
//!     Io(#[from] std::io::Error), // `?` on an io::Error; the field is `source()`
//!     Custom, // no fields: a code, as in a code enum
//! }
//!
//! fn field(buf: &[u8], at: usize) -> Result<u32, Error> {
//!     let Some(&[a, b, c, d]) = buf.get(at..at + 4) else {
//!         return Err(Error::too_big(at + 4, buf.len())); // the error site: two moves and a call
//!     };
//!     Ok(u32::from_le_bytes([a, b, c, d]))
//! }
//!
//! let error = field(&[0; 3], 0).unwrap_err();
//! assert_eq!(error.to_string(), "type is too big (4) for 3"); // formatted now, as thiserror would
//! assert!(error.is_too_big());
//! assert_eq!(error.code(), ErrorCode::TooBig);
//! match error.kind().as_deref() {
//!     Some(ErrorKind::TooBig { size, len }) => assert_eq!((*size, *len), (4, 3)),
//!     _ => unreachable!(),
//! }
//! assert_eq!(format!("{error:?}"), "TooBig { size: 4, len: 3 }"); // the enum's derived Debug
//!
//! // Packed fields come back as a copy: bind the `kind()` to keep a reference to them.
//! let packed = Error::bad_offset(0xdead);
//! let kind = packed.kind();
//! assert!(matches!(kind.as_deref(), Some(ErrorKind::BadOffset(0xdead))));
//!
//! // `?` converts the `from` field's type; the kind enum converts too.
//! let io: Error = std::io::Error::other("disk").into();
//! assert_eq!(std::error::Error::source(&io).unwrap().to_string(), "disk");
//! assert!(Error::from(ErrorKind::Custom).is_custom());
//!
//! // Everything a code status has: messages, context lines, details, cheap clones, `status!`.
//! let error = error.context("reading the footer").with_detail(7_u8);
//! assert_eq!(format!("{error:#}").lines().count(), 2);
//! let message = fast_status::status!(ErrorCode::Custom, "at byte {}", 12);
//! assert_eq!(message.to_string(), "Custom: at byte 12");
//! ```
//!
//! Beyond what a code enum gets, such an enum gets:
//!
//! - **a code enum** (`ErrorCode`): fieldless, the same variants and discriminants. `code()`, the
//!   `is_*()` predicates, `from_code`, `status!` and generic code over [`Code`] use it.
//! - **one constructor per variant** taking its fields (`Error::too_big(size, len)`), out of
//!   line, so that an error site is the fields' moves and one call; `From<ErrorKind>` builds the
//!   same status. A variant whose one field is a `String` (`ParseError(String)`) is the
//!   exception: its constructor takes any text (`Error::parse_error(format_args!("row {row}"))`,
//!   a `&str`, a `String`, anything `Display`) and writes it straight into the status's one
//!   allocation, with no `String` made. `Display` writes the stored text as the variant's
//!   display text would, allocating nothing; `kind()`, `{:?}` and `into_kind()` build the
//!   variant from the text ([`KindRef::Built`], a `String` allocated for each read), and the
//!   status reads as that variant everywhere (equality too).
//! - **`kind()`**: `kind().as_deref()` is an `Option<&ErrorKind>` to match with the enum's own
//!   patterns. It is `None` only for a status made from the code alone (`from_code`, `status!`)
//!   of a variant with fields. A packed variant's view holds an unpacked copy, a temporary: a
//!   reference kept past the statement needs `let kind = error.kind();` first (else E0716). A
//!   field stored on the heap is borrowed from the status for as long as it lives
//!   ([`KindRef::Borrowed`]).
//! - **`into_kind()`**: the kind by value, to move fields out: the value is moved out of its
//!   allocation. It gives the status back (`Err`) when the status has no kind or when another
//!   status shares its value (a clone, or a changed copy, while both live); reading it before
//!   (`source()`, `chain()`, reports) does not count.
//! - **`Display`**: the variant's text, byte for byte what thiserror writes for the same
//!   attribute; with a message attached, `"{text}: {message}"`. The kind enum gets the same
//!   `Display`, `Error` and `From` impls thiserror gave it, so code that still returns it keeps
//!   compiling, and `?` takes it on into the status.
//! - **`{:?}` and `{:#?}`**: exactly what `#[derive(Debug)]` on the kind enum prints for the same
//!   value, then, only when the status has them, its message (`Message: ..`) and context lines
//!   (`Context:`). The report for people is `report()` (a [`Report`]).
//! - **equality** compares code and message, and the kinds when the kind enum is `PartialEq`.
//!
//! How each variant is stored:
//!
//! | variant | storage | allocations | `location()` |
//! |---|---|---|---|
//! | no fields | the code in the word | 0 | `None` |
//! | fields of [`Pack`] types whose values fit the word's spare bits (52, or 31 if a code is 512 or more) | packed beside the code (64-bit targets) | 0 | `None`: no room |
//! | any other fields, or packable values too large | one allocation: the header, then the value | 1 | the caller |
//! | one `String` field, made by the snake-case constructor | one allocation: the header, then the text | 1 | the caller |
//!
//! [`Pack`] is implemented for `u8`, `u16`, `i8`, `i16`, `bool`, `char` and `()` (their own
//! width), and for `u32`, `i32`, `u64`, `i64`, `usize`, `isize`, which pack while their values fit
//! the share of the word's spare bits the variant's other fields leave them, split equally. The
//! word has 52 spare bits when the enum's codes are all below 512 (one `usize` alone packs below
//! `2^52`, beside a `u8` below `2^44`, two (`TooBig { size, len }`) each below `2^26`), and 31
//! otherwise (`2^31`, `2^23`, `2^15`). An `Option` of any of these packs with one bit more, and
//! an enum of your own whose variants have no fields packs with `#[derive(Pack)]`
//! ([`Pack`](macro@Pack)). On 32-bit targets the word has no room beside the code, and such a
//! variant takes the heap. Fields must be `Send + Sync + 'static`.
//!
//! # Porting from thiserror
//!
//! Rename the enum (`Error` to `ErrorKind`), change its derive, name the status after the old
//! enum and add `variant_constructors` (if the module imports `std::error::Error`, import it
//! `as _`: the status now takes that name). thiserror's attributes are read as they are
//! (`#[error("..")]`, `#[error(transparent)]`, `#[from]`, `#[source]`), so the variants do not
//! change, and with `variant_constructors` neither do the construction sites of tuple and unit
//! variants: the status has a function named like each tuple variant (`Error::BadOffset(offset)`)
//! and a constant named like each unit variant (`Error::Eof`, as cheap as `from_code` and usable
//! in `const`). A struct variant's literal (`Error::TooBig { size, len }`) cannot be a function
//! call: it becomes the snake-case constructor, `Error::too_big(size, len)`.
//!
//! ```rust
//! #[derive(fast_status::FastStatus, Debug)]
//! #[status(name = Error, variant_constructors)]
//! pub enum ErrorKind {
//!     #[error("type is too big ({size}) for {len}")]
//!     TooBig { size: usize, len: usize },
//!     #[error("bad offset {0:#x}")]
//!     BadOffset(u32),
//!     #[error("I/O failed")]
//!     Io(#[from] std::io::Error),
//!     #[error(transparent)]
//!     Other(Box<dyn std::error::Error + Send + Sync>),
//!     #[error("parse error: {0}")]
//!     ParseError(String),
//!     #[error("unexpected end of input")]
//!     Eof,
//! }
//!
//! // Making one: tuple and unit variants as before.
//! let offset = Error::BadOffset(0x10);
//! assert_eq!(offset.to_string(), "bad offset 0x10");
//! fn next(rest: &[u8]) -> Result<u8, Error> {
//!     rest.first().copied().ok_or(Error::Eof)
//! }
//! assert!(next(&[]).unwrap_err().is_eof());
//!
//! // A `String` variant: as before, or formatted straight into the status.
//! let moved = Error::ParseError(format!("row {}", 7));
//! let written = Error::parse_error(format_args!("row {}", 7));
//! assert_eq!(moved, written);
//! assert_eq!(written.to_string(), "parse error: row 7");
//!
//! // `Error::TooBig { size, len }` becomes the constructor (or the kind, converted).
//! let error = Error::too_big(4, 3);
//! let same = Error::from(ErrorKind::TooBig { size: 4, len: 3 });
//! assert_eq!(error, same);
//!
//! // Matching: `match &error { Error::TooBig { size, .. } => .. }` matches the kind instead.
//! let size = match error.kind().as_deref() {
//!     Some(ErrorKind::TooBig { size, .. }) => *size,
//!     _ => 0,
//! };
//! assert_eq!(size, 4);
//!
//! // Matching by value, to move a field out: `into_kind()` (the status back when it is shared).
//! let io = match Error::from(std::io::Error::other("disk")).into_kind() {
//!     Ok(ErrorKind::Io(io)) => io,
//!     _ => unreachable!(),
//! };
//! assert_eq!(io.to_string(), "disk");
//!
//! // Code not ported yet, which still returns the enum, compiles as before, and `?` takes its
//! // errors on into the status.
//! fn read() -> Result<(), ErrorKind> {
//!     Err(std::io::Error::other("disk"))?
//! }
//! fn load() -> Result<(), Error> {
//!     Ok(read()?)
//! }
//! assert!(load().unwrap_err().is_io());
//!
//! // `unwrap()`'s and `assert_eq!`'s messages are the enum's derived `Debug`, as before.
//! assert_eq!(format!("{:?}", Error::Eof), "Eof");
//! ```
//!
//! What else a port meets:
//!
//! - **A fieldless kind converted** (`ErrorKind::Eof.into()`) is the same status as
//!   `Error::from_code(ErrorCode::Eof)` and compiles to the same machine code: no call, no
//!   allocation.
//! - **A hand-written `From` impl for the status** builds it with the variant's constructor
//!   (`Error::io(error)`). Mark its `fn from` with `#[track_caller]`, as the derive marks its own,
//!   and the status records the line of the `?` that converted it.
//! - **A hand-written `impl From<Error> for std::io::Error`** conflicts with the one the derive
//!   generates (E0119 on the derive): delete it, and `io::Error::from(error)` keeps the status as
//!   the inner error with the `ErrorKind` of the `io::Error` it was made from; or keep it with
//!   `#[status(into_io_error = manual)]`.
//! - **A hand-written `Display` for the enum** conflicts with the one the derive writes from the
//!   `#[error]` texts: move the text into `#[error("..")]`, or keep the function with
//!   `#[error(fmt = path)]`.
//! - **A variant named like one of the status's own methods** (`Message` beside `message()`, or a
//!   crate's own `Error::protocol(..)` beside a `Protocol(String)` variant) keeps its name and
//!   gets its methods renamed with `#[status(method = custom_message)]`.
//! - **Generic enums and structs** do not derive: a status is one word whatever its parameters
//!   (rejected, with the reason); make a struct an enum of one variant.
//! - **`Error::ParseError(format!(..))`** compiles as it did and costs what it did plus the
//!   status's allocation: `format!`'s `String` is moved in. On a failure path that runs often,
//!   `Error::parse_error(format_args!(..))` formats the text straight into the status, one
//!   allocation in all: fewer instructions than the enum returned by value for a short text,
//!   unless the caller reads the field back (BENCHMARKS.md, "a variant whose one field is a
//!   String"); a text over 128 bytes is formatted twice (measured, then written into an
//!   allocation of its length), which can cost more than `format!`. That
//!   constructor takes the text as `impl Display`, so an argument written `text.into()` no
//!   longer infers its type: pass `text` itself.
//! - **A small function that builds a status and is called from another crate's hot loop** needs
//!   `#[inline]` to be inlined there, where the same function returning the enum did not: rustc
//!   inlines a function without `#[inline]` across crates only when it calls nothing, and a
//!   status's constructor is an out-of-line call (kept out of line so that the error site stays
//!   small). The derive cannot add the attribute: the function is yours.
//!
//! Costs, measured side by side (BENCHMARKS.md, "Scenarios"): a packed variant
//! costs less than the enum by value, with no allocation; a variant on the heap about what the
//! boxed enum costs; `Result<u64, Error>` is 16 bytes where the enum's was 32.
//!
//! # Reports
//!
//! `Display` stays one line; `{:#}` adds the context lines and the causes; `{:?}` of a status of
//! codes is a report for a person (so `fn main() -> Result<(), Status>` prints something to act
//! on), and `report()` (a [`Report`]) gives the same report for every status, a status of
//! kinds too (whose `{:?}` is its kind enum's). `{:#?}` is structural. This is what
//! `cargo run --release --example read_path` prints for one failure:
//!
//! ```text
//! == Display, {}
//! Invalid: value 4294967295 is above the limit 16777216
//!
//! == alternate Display, {:#}
//! Invalid: value 4294967295 is above the limit 16777216
//!   context: decoding the value at byte 4000 (at examples/read_path.rs:70:18)
//!   context: summing column `price` (at examples/read_path.rs:112:10)
//!
//! == Debug, {:?}: what `fn main() -> Result<(), Status>` prints
//! Invalid: value 4294967295 is above the limit 16777216
//!     at examples/read_path.rs:42:20
//!
//! Context:
//!     0: decoding the value at byte 4000
//!        at examples/read_path.rs:70:18
//!     1: summing column `price`
//!        at examples/read_path.rs:112:10
//!
//! Details:
//!     Record { index: 1000 }
//!
//! == from a foreign error with .or_status(..), {:#}
//! IOError
//!   context: opening column chunk /no/such/chunk.bin (at examples/read_path.rs:60:10)
//!   caused by: No such file or directory (os error 2)
//! ```
//!
//! A converted error (`from = T`, `#[from]`, `or_status`) is kept as the source and its text is
//! shown once, as the first cause. A status converted from another status shows the inner one's
//! creation site and context lines beneath it.
//!
//! Backtraces are opt-in twice: a status type captures them only when its enum asks
//! (`#[status(backtrace)]`), and then, for statuses created with a message, only when
//! `RUST_LIB_BACKTRACE` (or else `RUST_BACKTRACE`) is set and not `0`, or when
//! [`set_backtrace_capture(true)`](set_backtrace_capture) says so. A library's status type that
//! does not ask never captures one, so an application that debugs its panics with
//! `RUST_BACKTRACE=1` does not make the library's failures dearer. A captured backtrace starts at
//! the code that made the status.
//!
//! # Results and context
//!
//! ```rust
//! use fast_status::{FastStatus, OptionExt, ResultExt, bail, ensure, status};
//!
//! #[derive(FastStatus, Clone, Copy, Debug)]
//! enum StatusCode {
//!     Invalid = 1,
//!     IOError,
//!     Missing,
//! }
//!
//! fn read_footer(path: &str) -> Result<Vec<u8>, Status> {
//!     // A foreign error becomes the status's `source()`; its text is shown once, as the cause.
//!     let bytes = std::fs::read(path).or_status(StatusCode::IOError)?;
//!     ensure!(bytes.len() >= 8, StatusCode::Invalid, "footer needs 8 bytes, got {}", bytes.len());
//!     if bytes[..4] != *b"PAR1" {
//!         bail!(StatusCode::Invalid, "bad magic");
//!     }
//!     Ok(bytes)
//! }
//!
//! let error = read_footer("/no/such/file.parquet")
//!     .context("reading the footer") // free on Ok; a line with this location on Err
//!     .with_context(|| format!("opening table {}", 7)) // the closure runs only on Err
//!     .unwrap_err();
//! assert!(error.is_io_error());
//! assert_eq!(error.context_lines().count(), 2);
//! assert!(std::error::Error::source(&error).is_some());
//!
//! // `Option`: the code-only status, no allocation; or one with a message.
//! let columns = ["a", "b"];
//! let missing = columns.iter().position(|c| *c == "x").ok_or_status(StatusCode::Missing);
//! assert!(missing.unwrap_err().is_missing());
//! let name = "x";
//! let missing = columns
//!     .iter()
//!     .position(|c| *c == name)
//!     .ok_or_else(|| status!(StatusCode::Missing, "no column {name}"));
//! assert_eq!(missing.unwrap_err().to_string(), "Missing: no column x");
//!
//! // Any source on any status: an error, a boxed error, an anyhow::Error, a String.
//! let wrapped = Status::invalid("bad row").with_source(std::fmt::Error);
//! assert!(std::error::Error::source(&wrapped).unwrap().is::<std::fmt::Error>());
//! ```
//!
//! `bail!` and `ensure!` take every `status!` form and convert with `From`, so they also work in a
//! function returning `Result<_, Box<dyn Error + Send + Sync>>`. [`ResultExt`] is generic: code
//! written once over `S: FastStatus` works with every derived status, and [`FastStatus`] has
//! `Display + Debug + Error` as supertraits, so `fn report<S: FastStatus>(s: &S)` formats, walks
//! ([`chain()`](FastStatus::chain)) and boxes a status with no further bound.
//!
//! A crate that uses another crate's status needs no dependency for its inherent methods (`code()`,
//! `kind()`, `is_invalid()`, `context(..)` on a status); for the traits' methods on a `Result`
//! it adds `fast-status` and imports them from here (`use fast_status::ResultExt;`). Until a crate
//! names `fast_status`, rustc's "perhaps you want to import it" names the path where the trait is
//! defined (`status_runtime::traits::ResultExt`), which that crate cannot write.
//!
//! # Coming from anyhow
//!
//! Before:
//!
//! ```rust
//! use anyhow::{Context, Result, bail, ensure};
//!
//! fn read_header(path: &str) -> Result<u32> {
//!     let bytes = std::fs::read(path).with_context(|| format!("reading {path}"))?;
//!     ensure!(bytes.len() >= 8, "header needs 8 bytes, got {}", bytes.len());
//!     if bytes[..4] != *b"HDR1" {
//!         bail!("bad magic");
//!     }
//!     Ok(u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]))
//! }
//!
//! let error = read_header("/no/such/header").unwrap_err();
//! assert!(format!("{error:#}").starts_with("reading /no/such/header: "));
//! ```
//!
//! After:
//!
//! ```rust
//! use fast_status::{FastStatus, ResultExt, bail, ensure};
//!
//! #[derive(FastStatus, Clone, Copy, Debug)]
//! enum StatusCode {
//!     Invalid = 1,
//!     IOError,
//! }
//!
//! fn read_header(path: &str) -> Result<u32, Status> {
//!     let bytes = std::fs::read(path)
//!         .or_status(StatusCode::IOError) // a foreign error gets a code; it stays the source
//!         .with_context(|| format!("reading {path}"))?;
//!     ensure!(bytes.len() >= 8, StatusCode::Invalid, "header needs 8 bytes, got {}", bytes.len());
//!     if bytes[..4] != *b"HDR1" {
//!         bail!(StatusCode::Invalid, "bad magic");
//!     }
//!     Ok(u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]))
//! }
//!
//! let error = read_header("/no/such/header").unwrap_err();
//! assert!(error.is_io_error()); // no downcast: the code says what failed
//! assert!(format!("{error:#}").starts_with("IOError\n  context: reading /no/such/header (at "));
//!
//! // Into anyhow at the application's edge: `?` converts, and anyhow prints every context
//! // line and every text once.
//! let report: anyhow::Error = error.into();
//! assert!(format!("{report:#}").starts_with("IOError: reading /no/such/header: "));
//! ```
//!
//! | anyhow | fast-status |
//! |---|---|
//! | `anyhow::Error`, `anyhow::Result<T>` | your `Status`, `Result<T, Status>` |
//! | `anyhow!("x = {x}")` | `status!(Code::Invalid, "x = {x}")` (one allocation; none for a literal) |
//! | `bail!(..)`, `ensure!(cond, ..)` | the same, with a code first: `bail!(Code::Invalid, "..")` |
//! | `.context(..)` on a foreign error | `.or_status(Code::IOError)`, then `.context(..)` |
//! | `.context(..)` on an `Option` | `.ok_or_status(Code::Missing)` ([`OptionExt`]) |
//! | `error.downcast_ref::<E>()` | `error.code()`, `error.is_io_error()`, `error.kind()`, `error.source()` |
//! | `error.chain()`, `error.root_cause()` | `error.chain()`, `error.chain().last()` |
//! | an `anyhow::Error` as the cause | `#[status(from = anyhow::Error)]`, or `.with_source(error)` |
//!
//! anyhow's `Context` and [`ResultExt`] both give every `Result` a `context` method, so a module
//! that imports both gets E0034 ("multiple applicable items in scope") on any `.context(..)`.
//! Such a module imports the two narrow traits instead, [`StatusContext`] (status results only,
//! `.status_context(..)`) and [`OrStatus`]:
//!
//! ```rust
//! use anyhow::Context as _;
//! use fast_status::{FastStatus, OrStatus as _, StatusContext as _};
//!
//! #[derive(FastStatus, Clone, Copy, Debug)]
//! enum StatusCode {
//!     IOError = 1,
//! }
//!
//! fn read_table(path: &str) -> Result<Vec<u8>, Status> {
//!     std::fs::read(path)
//!         .or_status(StatusCode::IOError)
//!         .status_context("reading the table")
//! }
//!
//! fn serve(path: &str) -> anyhow::Result<Vec<u8>> {
//!     read_table(path).context("serving a request") // anyhow's: into an anyhow::Error
//! }
//!
//! let report = format!("{:#}", serve("/no/such/table").unwrap_err());
//! assert!(report.starts_with("serving a request: IOError: reading the table: "), "{report}");
//! ```
//!
//! # Boundaries: anyhow, `io::Error`, serde
//!
//! **Source chains.** A status's context lines are part of its source chain: `Error::source` of a
//! status with context lines is its newest line, each line's `source()` is the line before it, and
//! the oldest line's is the status's own source. Reporters that print each chain entry's
//! `Display` (anyhow's `{:#}` and `{:?}`, eyre's) therefore show every line, and every text once:
//!
//! ```text
//! Upstream failed: serving /index: Timeout: after 30 ms: calling upstream      <- anyhow's {:#}
//! ```
//!
//! The order is the status's own text, then its lines newest first: read through anyhow,
//! `Status::invalid("missing field qty").context("record 18").context("batch 2")` prints
//! `Invalid: missing field qty: batch 2: record 18`, where anyhow's own `.context()` calls
//! print `batch 2: record 18: missing field qty`, the context before the error. anyhow prints an
//! error's `Display` first, and a status's `Display` is its code and message, so its lines can
//! only follow it; a line added through anyhow at the boundary (`.context(..)` on the
//! `anyhow::Result`) comes first, as anyhow's do.
//!
//! [`chain()`](FastStatus::chain) walks the same chain as anyhow does. A variant marked
//! `transparent` over another status has that status's text and source, so the reports show it as
//! that status.
//!
//! **`io::Error`.** `io::Error::from(status)` (or `?` in a function returning `io::Result`) keeps
//! the status as the inner error, with the `ErrorKind` its code's `#[status(io_kind = ..)]` names;
//! without one, the kind of the `io::Error` the status was made from (a `transparent` field, or in
//! its sources), so a `NotFound` converted into a status and back is `NotFound`; else `Other`.
//!
//! ```rust
//! use fast_status::FastStatus;
//!
//! #[derive(FastStatus, Clone, Copy, Debug)]
//! enum StatusCode {
//!     #[status(io_kind = InvalidData)]
//!     Corrupt = 1,
//!     #[status(from = std::io::Error)]
//!     IOError,
//! }
//!
//! let corrupt = std::io::Error::from(Status::corrupt("bad checksum"));
//! assert_eq!(corrupt.kind(), std::io::ErrorKind::InvalidData);
//! let missing = Status::from(std::io::Error::from(std::io::ErrorKind::NotFound));
//! assert_eq!(std::io::Error::from(missing).kind(), std::io::ErrorKind::NotFound);
//! ```
//!
//! **serde** (feature `serde`): a status serializes as a map,
//!
//! ```json
//! {"code":3,"name":"Invalid","message":"..","location":"src/lib.rs:7:9",
//!  "context":[{"text":"reading the footer","location":"src/lib.rs:12:5"}]}
//! ```
//!
//! and deserializes back into a status of the same type; an unknown code, or a code whose name
//! differs, is an error, and so is any other form. A variant's fields are not serialized (an
//! `io::Error` is not `Serialize`); their text is, as `"text"` after `"name"`. A location from
//! another process cannot be a `&'static Location` of this one, so the creation site and context
//! lines a status arrived with are its `Remote` detail (`fast_status::Remote`, with the `serde`
//! feature), not its `location()` and `context_lines()`. Every report shows them as it showed
//! them before the trip (`{:#}`, `{:?}`, `report()`, and anyhow's and eyre's reports, through
//! `source()`), lines added since after them, and serializing writes them out again, so a status
//! relayed through several processes keeps it all. A peer's strings are kept with their control
//! characters escaped (a newline as `\n`), so that they cannot forge lines of a report.
//!
//! # `no_std`
//!
//! With `default-features = false`, only `core` is needed: codes, `'static` messages and variants
//! whose fields pack into the word. Adding the `alloc` feature brings the heap states (formatted
//! messages, sources, details, context lines, variants that do not pack). Without `alloc`, a
//! constructor that would allocate keeps the code and drops the message, and a variant whose
//! fields do not pack is kept as its code, never silently: its `Display` and `Debug` say
//! `Protocol (its fields were not kept: this build has no `alloc`)`.
//!
//! Allocation failure never aborts or panics, in any build: creating a heap status degrades to the
//! code-only status, and a change that cannot allocate leaves the status as it was.
//!
//! # Size and cost
//!
//! | type | bytes (64-bit) |
//! |---|---|
//! | `Status`, `Option<Status>`, `Result<(), Status>` | 8 |
//! | `Result<u64, Status>` | 16 |
//!
//! The word is never null, so `Option` and `Result<(), _>` use it as a niche. Its two low bits say
//! what it is: a pointer to a refcounted heap payload (tag `00`, so a heap word is the
//! allocation's own pointer), a pointer to a `'static` code and message, an inline code, or (on
//! 64-bit targets) a code with a variant's fields packed beside it. The success path executes the
//! instructions an integer code does, and no out-of-line drop code survives at opt-level 3, 2 or
//! "s". BENCHMARKS.md in the repository has every measurement and the command that printed it.
//!
//! The minimum supported Rust version is 1.85.
#![no_std]
#![warn(missing_docs)]
#![forbid(unsafe_code)]

/// Derives a one-word status type for an enum of error codes, or of error kinds with fields.
///
/// This page is the reference of what the derive reads and what it writes; the crate page shows it
/// at work.
///
/// # Input
///
/// An enum without generic or lifetime parameters, with at least one variant:
///
/// - **an enum of codes**: every variant without fields (`Invalid`, `KeyError = 4`); the enum
///   must be `Copy`. Its discriminants are the raw codes (below `2^30`, not negative): integer
///   literals or any constant expression (`1 << 3`, `BASE + 1`), checked at compile time.
/// - **an enum of kinds**: any variant with named or tuple fields (thiserror's shape), or
///   `code = ..` on the enum. A fieldless code enum is generated beside it. Fields must be
///   `Send + Sync + 'static`; a field may name its own enum as `Self` (`Wrapped(Box<Self>)`).
///
/// # Attributes
///
/// | where | key | meaning | default |
/// |---|---|---|---|
/// | enum | [`name = Ident`](#name-and-code) | the status type's name | the enum's name without a trailing `Code` or `Kind`; required otherwise |
/// | enum | [`code = Ident`](#name-and-code) | the code enum generated for an enum of kinds (on a fieldless enum: make it an enum of kinds) | `Kind` replaced by `Code`, or `Code` appended |
/// | enum | [`crate = path`](#crate) | the path to `fast_status`, for a renamed dependency | `::fast_status` |
/// | enum | [`backtrace`](#backtrace) | statuses capture a backtrace when `RUST_BACKTRACE` or `RUST_LIB_BACKTRACE` asks; `backtrace = never` says the default | never capture |
/// | enum | [`variant_constructors`](#variant_constructors) | a function named like each tuple variant and a constant named like each unit variant | off |
/// | enum | [`into_io_error = manual`](#into_io_error--manual) | no `From<Status> for std::io::Error`: the crate writes its own | generated |
/// | variant | [`display = "text"`](#display-and-error), or `#[error("text", args..)]` | the variant's text in `Display`; placeholders name fields (`{size}`, `{0:#x}`) or constants in scope (`{LIMIT}`) | the variant's name |
/// | variant | [`from = Type`](#from) (repeatable) | a fieldless variant: `From<Type>` for the status, the value kept as `source()` | - |
/// | variant | [`transparent`](#transparent), or `#[error(transparent)]` | a variant with one field: its `Display` and `source()` are the field's | - |
/// | variant | [`#[error(fmt = path)]`](#display-and-error) | a variant with fields: `path(&field, .., formatter)` writes its text | - |
/// | variant | [`io_kind = Kind`](#io_kind) | the `std::io::ErrorKind` of the `io::Error` this code converts into | the kind of the `io::Error` the status was made from, else `Other` |
/// | variant | [`method = name`](#method) | the variant's constructor `name(..)` and predicate `is_name()` | the variant's name in `snake_case` |
/// | field | [`from`](#from-and-source-on-a-field), or `#[from]` | the variant's one field: `From<FieldType>`, and the field is the `source()` | - |
/// | field | [`source`](#from-and-source-on-a-field), or `#[source]` | the field is the `source()` (a field named `source` is, unmarked; `Option<E>` when `Some`) | - |
///
/// thiserror's spellings (`#[error(..)]`, `#[from]`, `#[source]`) are read as ours, so a
/// thiserror enum keeps its attributes; `#[error(..)]` on the enum is the text of every variant
/// without one. `#[backtrace]` is an error that says why (the status captures backtraces itself),
/// and so is a `Backtrace` field beside a `#[from]` field.
///
/// ## `name` and `code`
///
/// ```rust
/// use fast_status::FastStatus;
///
/// #[derive(FastStatus, Clone, Copy, Debug)]
/// #[status(name = ReadStatus)] // the default would be `Read` (the name without `Code`)
/// enum ReadCode {
///     Truncated = 1,
/// }
///
/// #[derive(FastStatus, Debug)]
/// #[status(name = ParseError, code = ParseCode)] // defaults: `Parse` and `ParseCode`
/// enum ParseKind {
///     #[error("bad digit {0:?}")]
///     BadDigit(char),
/// }
///
/// let error = ReadStatus::truncated("3 bytes short");
/// assert!(error.is_truncated());
/// let error = ParseError::bad_digit('x');
/// assert_eq!(error.code(), ParseCode::BadDigit);
/// ```
///
/// ## `crate`
///
/// For a crate that renamed its dependency (`fs = { package = "fast-status", .. }`), or re-exports
/// it from a facade of its own:
///
/// ```rust
/// use fast_status as fs;
///
/// #[derive(fs::FastStatus, Clone, Copy, Debug)]
/// #[status(crate = fs)]
/// enum StatusCode {
///     Invalid = 1,
/// }
///
/// fn main() {
///     assert!(Status::from_code(StatusCode::Invalid).is_invalid());
/// }
/// ```
///
/// ## `backtrace`
///
/// A status type captures no backtrace unless its enum asks. With `backtrace`, statuses created
/// with a message capture one when `RUST_LIB_BACKTRACE` (or else `RUST_BACKTRACE`) is set and not
/// `0`, or when `fast_status::set_backtrace_capture(true)` says so; `report()` and `{:?}` show it.
///
/// ```rust
/// use fast_status::FastStatus;
///
/// #[derive(FastStatus, Clone, Copy, Debug)]
/// #[status(backtrace)]
/// enum StatusCode {
///     Invalid = 1,
/// }
///
/// let error = Status::invalid("bad row"); // a backtrace when the environment asks for one
/// assert!(error.report().to_string().starts_with("Invalid: bad row"));
/// ```
///
/// ## `variant_constructors`
///
/// A port's construction sites compile unchanged: a function named like each tuple variant (inlined
/// into a call of the snake-case constructor) and a constant named like each unit variant (the
/// code alone, as `from_code` makes it, usable in `const`). A struct variant keeps the snake-case
/// constructor; a variant whose function or constant would clash with another item of the status
/// is an error that names both.
///
/// ```rust
/// use fast_status::FastStatus;
///
/// #[derive(FastStatus, Debug)]
/// #[status(name = Error, variant_constructors)]
/// enum ErrorKind {
///     #[error("parse error: {0}")]
///     ParseError(String),
///     #[error("divide by zero")]
///     DivideByZero,
///     #[error("{a} out of {b}")]
///     OutOfRange { a: u32, b: u32 },
/// }
///
/// const ZERO: Error = Error::DivideByZero;
/// let error = Error::ParseError(format!("at byte {}", 3));
/// assert_eq!(error.to_string(), "parse error: at byte 3");
/// assert!(ZERO.is_divide_by_zero());
/// assert_eq!(Error::out_of_range(4, 3).to_string(), "4 out of 3");
/// ```
///
/// ## `into_io_error = manual`
///
/// No `From<Status> for std::io::Error` is generated, so the crate's own (one that unwraps an
/// `io::Error` again, say) does not conflict with it (E0119 otherwise):
///
/// ```rust
/// use fast_status::FastStatus;
///
/// #[derive(FastStatus, Debug)]
/// #[status(name = Error, into_io_error = manual)]
/// enum ErrorKind {
///     #[error("I/O failed")]
///     Io(#[from] std::io::Error),
/// }
///
/// impl From<Error> for std::io::Error {
///     fn from(error: Error) -> Self {
///         match error.into_kind() {
///             Ok(ErrorKind::Io(io)) => io,
///             Err(error) => std::io::Error::other(error),
///         }
///     }
/// }
///
/// let io = std::io::Error::from(Error::from(std::io::Error::other("disk")));
/// assert_eq!(io.to_string(), "disk");
/// ```
///
/// ## `display` and `#[error]`
///
/// A code's text (an enum without kinds) is fixed, a `&'static str` ([`Code::text`]). A kind's
/// text is written by the kind enum's `Display`, byte for byte as thiserror writes it: placeholders
/// name fields (`{size}`, `{0:#x}`, `{value:>width$}`) or constants in scope (`{LIMIT}`),
/// arguments may follow the text (`.field`, or a named field by its bare name), `{path}` of a
/// `Path`-typed field shows it through `display()`, and `fmt = path` writes it with a function.
///
/// ```rust
/// use fast_status::FastStatus;
///
/// const LIMIT: usize = 16;
///
/// #[derive(FastStatus, Clone, Copy, Debug)]
/// enum StatusCode {
///     #[status(display = "Out of memory")]
///     OutOfMemory = 1,
/// }
///
/// fn write_range(start: &u32, end: &u32, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
///     write!(f, "range {start}..{end}")
/// }
///
/// #[derive(FastStatus, Debug)]
/// #[status(name = Error)]
/// enum ErrorKind {
///     #[error("at most {LIMIT} entries, got {0}")]
///     TooMany(usize),
///     #[error("{} at line {line}", .name.to_uppercase())]
///     Unknown { name: String, line: u32 },
///     #[error(fmt = write_range)]
///     Range(u32, u32),
/// }
///
/// assert_eq!(Status::from_code(StatusCode::OutOfMemory).to_string(), "Out of memory");
/// assert_eq!(Error::too_many(20).to_string(), "at most 16 entries, got 20");
/// assert_eq!(Error::unknown("id".into(), 3).to_string(), "ID at line 3");
/// assert_eq!(Error::range(1, 4).to_string(), "range 1..4");
/// ```
///
/// ## `from`
///
/// On a fieldless variant (repeatable): `From<Type>` for the status, this code, the value kept as
/// `source()`. `Type` is an error type, another status type (whose creation site and context lines
/// the reports then show), or any type that converts into `Box<dyn Error + Send + Sync>`
/// (`anyhow::Error`).
///
/// ```rust
/// use fast_status::FastStatus;
///
/// #[derive(FastStatus, Clone, Copy, Debug)]
/// enum StatusCode {
///     #[status(from = std::io::Error, from = std::num::ParseIntError)]
///     Input = 1,
/// }
///
/// fn parse(text: &str) -> Result<u32, Status> {
///     Ok(text.parse::<u32>()?)
/// }
///
/// let error = parse("x").unwrap_err();
/// assert!(error.is_input());
/// assert_eq!(format!("{error:#}"), "Input\n  caused by: invalid digit found in string");
/// ```
///
/// ## `transparent`
///
/// A variant with one field takes its `Display` and `source()` from the field, as thiserror's
/// `#[error(transparent)]` does:
///
/// ```rust
/// use fast_status::FastStatus;
///
/// #[derive(FastStatus, Debug)]
/// #[status(name = Error)]
/// enum ErrorKind {
///     #[error(transparent)]
///     Other(Box<dyn std::error::Error + Send + Sync>),
/// }
///
/// let error = Error::other("disk on fire".into());
/// assert_eq!(error.to_string(), "disk on fire");
/// ```
///
/// ## `io_kind`
///
/// The `std::io::ErrorKind` of the `io::Error` that `io::Error::from(status)` makes for this code;
/// without one, the kind of the `io::Error` the status was made from (a `transparent` field, or in
/// its sources), else `Other`.
///
/// ```rust
/// use fast_status::FastStatus;
///
/// #[derive(FastStatus, Clone, Copy, Debug)]
/// enum StatusCode {
///     #[status(io_kind = NotFound)]
///     NoSuchTable = 1,
/// }
///
/// let io = std::io::Error::from(Status::no_such_table("orders"));
/// assert_eq!(io.kind(), std::io::ErrorKind::NotFound);
/// ```
///
/// ## `method`
///
/// Names a variant's constructor and predicate, for a variant whose own would clash with a
/// built-in method (`Message` beside `message()`; also `Code`, `Context`, `Source`), with another
/// variant's (`IOError` beside `IoError`), or with a method of the crate's own. A clash is an
/// error on the variant, and the rest of the status type is still generated, so it is the only
/// error the build shows. `Fmt` keeps `fmt(..)`: the status's `Display::fmt` and `Debug::fmt`
/// are trait methods, which `Status::fmt(..)` could not name before either.
///
/// ```rust
/// use fast_status::FastStatus;
///
/// #[derive(FastStatus, Clone, Copy, Debug)]
/// enum StatusCode {
///     #[status(method = custom_message)]
///     Message = 1,
/// }
///
/// let error = Status::custom_message("hello");
/// assert!(error.is_custom_message());
/// assert_eq!(error.message(), "hello");
/// ```
///
/// ## `from` and `source` on a field
///
/// `from` makes the field's type convert into the status (the variant's one field, and it is the
/// `source()`); `source` marks the source among other fields. A field named `source` is the source
/// unmarked, and a source written `Option<E>` is the source when it is `Some`.
///
/// ```rust
/// use fast_status::FastStatus;
///
/// #[derive(FastStatus, Debug)]
/// #[status(name = Error)]
/// enum ErrorKind {
///     #[error("I/O failed")]
///     Io(#[from] std::io::Error),
///     #[error("row {row} unreadable")]
///     Row { row: u64, #[source] cause: std::num::ParseIntError },
/// }
///
/// let io: Error = std::io::Error::other("disk").into();
/// assert_eq!(std::error::Error::source(&io).unwrap().to_string(), "disk");
/// let row = Error::row(7, "x".parse::<u8>().unwrap_err());
/// assert_eq!(format!("{row:#}"), "row 7 unreadable\n  caused by: invalid digit found in string");
/// ```
///
/// # Output
///
/// For `StatusCode` with `name = Status` (the status type has the enum's visibility):
///
/// - `pub struct Status`: one word, `#[repr(transparent)]`, with an `#[inline(always)]` `Drop`
///   whose cold path is one shared function. The type is not `#[must_use]` (a status taken out of
///   a result with `unwrap_err()` may be dropped unread); the functions that make or change a
///   status are. It is defined in a private module beside the enum (`__fast_status_StatusCode`)
///   and brought into the enum's module by a `use`.
/// - Constructors: `const fn from_code`, `new(code, impl Display)` and one per variant in
///   `snake_case` or as its `method` names it (`invalid(message)`; for a variant with fields, its
///   fields, `too_big(size, len)`), `#[cold]` and `#[track_caller]`.
/// - `is_<variant>()` predicates, `code()`, `message()`, `location()`; `with_message`,
///   `with_detail`, `with_source`, `context`; `detail`, `details`, `context_lines`, `report()`;
///   for an enum of kinds also `kind()` and `into_kind()`.
/// - `Display`, `Debug` (for an enum of codes a report, `{:#?}` structural; for an enum of kinds
///   the kind enum's own `Debug`, then any message and context lines), `Error`, `Clone`,
///   `PartialEq`, `Eq`, `Hash`, `From<Code>`, `From<Kind>` (a fieldless kind is its code, with no
///   call), `From<T>` for each `from`, `From<Status> for io::Error` (with `std`), and the
///   [`FastStatus`](trait@FastStatus) and [`Code`] traits.
/// - For an enum of kinds, the code enum (deriving `Clone, Copy, Debug, PartialEq, Eq, Hash`),
///   and on the kind enum what thiserror gave it: `Display`, `Error` and `From` each `#[from]`
///   field's type. `#[non_exhaustive]` on the enum goes on the code enum too; on a variant, it
///   makes the variant's constructor `pub(crate)`.
///
/// Every generated item is documented and passes `#![deny(missing_docs)]`, `clippy::pedantic`,
/// `clippy::nursery` and the other lints strict crates deny; paths are absolute, so shadowed
/// prelude names break nothing. `cargo expand` shows the expansion; it is meant to be read.
///
/// # Mistakes
///
/// Every mistake is a compile error on the offending token that says what to write instead, all
/// of them in one build. A mistake in a text, a key, a field's mark or a method name is mended
/// after it is reported (the text or key left out, the clashing methods renamed out of the
/// way), so the code using the status reports nothing more; a mistake that leaves no type to
/// generate soundly (its name, a code out of range, generic parameters) gets a fallback type
/// with `Display`, `Debug` and `Error`, so that naming it reports nothing more. Some errors come
/// from rustc itself:
///
/// - **a code given to two variants**: E0081 on the enum, naming both.
/// - **an enum of codes that is not `Copy`**: the derive's error says to add `Clone, Copy`; rustc
///   adds two of its own about the same missing `Copy`.
/// - **`the name Error is defined multiple times`** (E0252) on the derive, where the module
///   imports `std::error::Error` and the status is named `Error`: import the trait as
///   `use std::error::Error as _;` (its methods stay in scope), not as rustc's `as OtherError`
///   suggests. Until then, every use of `Error` as a type in that module is a further error
///   ("expected a type, found a trait", E0782), as the name still means the trait there.
/// - **"cannot find macro `status` in this scope"** with the note "`status` is an attribute":
///   `use fast_status::status;`.
/// - **"conflicting implementations of trait `From<Error>` for type `std::io::Error`"** (E0119):
///   the crate has its own conversion; see [`into_io_error = manual`](#into_io_error--manual).
/// - **"duplicate definitions with name `protocol`"** (E0592) on the derive and on a method of the
///   crate's own: the variant's constructor has that name; see [`method`](#method).
/// - **E0034, "multiple applicable items in scope"** on `.context(..)`: anyhow's `Context` and
///   [`ResultExt`] are both imported; import [`StatusContext`] and [`OrStatus`] instead.
/// - **"ambiguous associated type"** (E0223) on `Error::TooBig { size, len }`, a struct
///   variant's literal in a port (rustc's help names a trait that does not exist): the status is
///   a struct, not the enum; call the variant's constructor, `Error::too_big(size, len)`.
/// - **"expected tuple struct or tuple variant, found associated function"** (E0164) on a pattern
///   `Error::ParseError(text)`: `variant_constructors` made a function of that name; match the
///   kind instead, `error.kind().as_deref()` (`Some(ErrorKind::ParseError(text))`) or
///   `error.into_kind()` to move the fields out. Where a test only asks which variant it is
///   (`matches!(r, Err(Error::ParseError(_)))`), `r.is_err_and(|e| e.is_parse_error())` says it.
/// - **"constant of non-structural type `Error` in a pattern"** on a unit variant's pattern
///   (`Err(Error::Eof)`), whose name is now a constant; rustc's note to derive `PartialEq`
///   cannot apply to the status. Ask the status, `r.is_err_and(|e| e.is_eof())`, or match the
///   kind as above. A braced pattern, `Error::Eof {}`, is E0223, as a struct literal is.
pub use status_macros::FastStatus;
/// Derives [`Pack`](trait@Pack) for an enum whose variants have no fields, so that a field of
/// its type rides in a status's word: the variant's index, in as few bits as the variants
/// need (`Option`s of it pack too, with one bit more). The enum must be `Copy`.
///
/// ```
/// use fast_status::{FastStatus, Pack};
///
/// #[derive(Pack, Clone, Copy, Debug, PartialEq)]
/// pub enum Side {
///     Left,
///     Right,
/// }
///
/// #[derive(FastStatus, Debug)]
/// #[status(name = Error)]
/// pub enum ErrorKind {
///     #[error("unexpected {0:?} side at {1}")]
///     Unexpected(Side, u32),
///     #[error("no side given")]
///     Missing(Option<Side>),
/// }
///
/// let error = Error::unexpected(Side::Right, 7); // on 64-bit targets, in the word: no allocation
/// assert_eq!(error.to_string(), "unexpected Right side at 7");
/// assert!(matches!(error.kind().as_deref(), Some(ErrorKind::Unexpected(Side::Right, 7))));
/// ```
///
/// `#[pack(crate = path)]` names the facade for a crate that renamed its dependency. A type
/// that is not such an enum implements the trait by hand (its page shows how).
pub use status_macros::Pack;
pub use status_runtime::{
    BuiltKind, Chain, Code, ContextLines, FastStatus, KindRef, OptionExt, OrStatus, Pack, Report,
    ResultExt, StatusContext,
};

#[cfg(feature = "serde")]
pub use status_runtime::Remote;
#[cfg(feature = "std")]
pub use status_runtime::set_backtrace_capture;

/// Builds a status from a code, optionally with a message.
///
/// | form | state | allocations |
/// |---|---|---|
/// | `status!(StatusCode::Invalid)` | inline code | 0 |
/// | `status!(StatusCode::Invalid, "literal")` | `'static` code and message; usable in `const` | 0 |
/// | `status!(StatusCode::Invalid, "x = {}", x)`, `status!(StatusCode::Invalid, "x = {x}")` | heap, formatted in place | 1 |
/// | `status!(StatusCode::Invalid, message)` (any `Display` value) | heap | 1 |
///
/// The static form (no allocation, usable in `const`) needs the code written as a path to a
/// variant, so the message can be stored with it in a constant. With a code held in a
/// variable (`status!(code, "literal")`, a lowercase name), the literal is copied into one
/// allocation instead.
/// Statuses with a message record where they were created ([`FastStatus::location`]).
///
/// A message whose placeholders are all plain (`{}`, `{0}`, `{name}`) or hexadecimal (`{x:x}`,
/// `{x:X}`, `{x:#x}`, `{x:#X}`) is split into its text and arguments at compile time. Integer
/// (`u8` to `u64`, `i8` to `i64`, `usize`, `isize`), string (`str`, `&str`, `String`) and
/// `bool` arguments are then written without `core::fmt`: the message's length is added up and
/// the pieces are copied into its one allocation. Any other argument is formatted by its
/// `Display` (or `LowerHex`/`UpperHex`), and a message with any other format spec (`{x:?}`,
/// `{x:08x}`) is given to `format_args!` whole. Every route writes exactly the text `format!`
/// would, and allocates once.
///
/// A split message costs its caller a call: the macro generates a cold, out-of-line function
/// for the message, and the error site evaluates the arguments and passes them to it (integers
/// and `bool`s by value, strings as `&str`, others by reference). That function hands them, with
/// the literal text, to one compiled for the message's shape (the kinds of its parts, in
/// order), shared by every message of that shape in the crate: a release build compiles one
/// such function per shape.
///
/// ```
/// use fast_status::{status, FastStatus};
///
/// #[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
/// enum StatusCode {
///     Invalid = 1,
///     NotFound,
/// }
///
/// const EMPTY: Status = status!(StatusCode::Invalid, "empty input");
///
/// let code_only = status!(StatusCode::NotFound);
/// let column = "x";
/// let formatted = status!(StatusCode::NotFound, "no column '{column}'");
/// assert_eq!(code_only.to_string(), "NotFound");
/// assert_eq!(EMPTY.to_string(), "Invalid: empty input");
/// assert_eq!(formatted.to_string(), "NotFound: no column 'x'");
/// ```
#[macro_export]
macro_rules! status {
    ($($args:tt)+) => {
        $crate::__private::status!($crate; $($args)+)
    };
}

/// Returns early with an error status: `return Err(status!(..).into())`.
///
/// Takes every form of [`status!`]; the status converts with `From`, so it also works in a
/// function whose error type a status converts into (`Box<dyn Error + Send + Sync>`). For a
/// split message, the function `status!` generates returns that `Err` itself, of the calling
/// function's `Result` type: the error site passes the arguments and returns what the call
/// returns, with nothing left to wrap (`scripts/error-site.sh` measures the code this takes
/// against `return Err(status!(..))` and a 32-byte enum).
///
/// ```
/// use fast_status::{bail, FastStatus};
///
/// #[derive(FastStatus, Clone, Copy, Debug)]
/// enum StatusCode {
///     Invalid = 1,
/// }
///
/// fn parse_flag(text: &str) -> Result<bool, Status> {
///     match text {
///         "on" => Ok(true),
///         "off" => Ok(false),
///         _ => bail!(StatusCode::Invalid, "expected `on` or `off`, got {text:?}"),
///     }
/// }
///
/// assert_eq!(parse_flag("on"), Ok(true));
/// assert_eq!(
///     parse_flag("maybe").unwrap_err().to_string(),
///     "Invalid: expected `on` or `off`, got \"maybe\""
/// );
/// ```
#[macro_export]
macro_rules! bail {
    ($($args:tt)+) => {
        $crate::__private::bail!($crate; $($args)+)
    };
}

/// Returns early with an error status unless a condition holds:
/// `ensure!(cond, Code::X)`, `ensure!(cond, Code::X, "literal")` or
/// `ensure!(cond, Code::X, "format {}", args..)`, as [`bail!`] after the condition.
///
/// ```
/// use fast_status::{ensure, FastStatus};
///
/// #[derive(FastStatus, Clone, Copy, Debug)]
/// enum StatusCode {
///     Invalid = 1,
/// }
///
/// fn read_header(buf: &[u8]) -> Result<u32, Status> {
///     ensure!(buf.len() >= 4, StatusCode::Invalid, "header needs 4 bytes, got {}", buf.len());
///     Ok(u32::from_le_bytes([buf[0], buf[1], buf[2], buf[3]]))
/// }
///
/// assert_eq!(read_header(&[1, 0, 0, 0]), Ok(1));
/// assert_eq!(
///     read_header(&[1, 2]).unwrap_err().to_string(),
///     "Invalid: header needs 4 bytes, got 2"
/// );
/// ```
#[macro_export]
macro_rules! ensure {
    ($cond:expr, $($args:tt)+) => {
        if !$cond {
            $crate::bail!($($args)+);
        }
    };
}

/// Items used by generated code. Not public API: names and signatures change without notice.
#[doc(hidden)]
pub mod __private {
    pub use status_macros::{__bail as bail, __status as status};
    pub use status_runtime::__private::*;
}

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
