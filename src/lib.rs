//! One-word status types for hot-path Rust: as cheap as an integer error code when nothing fails,
//! as rich as `anyhow` when something does.
//!
//! `#[derive(FastStatus)]` on your own enum of error codes, or on a thiserror-style enum with
//! fields, generates a status type beside it that is one machine word. Dropping one is a bit test
//! inlined where it happens; code-only and static-message errors allocate nothing, a formatted
//! message allocates once, and a failure can carry a message, a source, typed details and context
//! lines with where each was added.
//!
//! [A tour](#a-tour) · [Error types with fields](#error-types-with-fields) ·
//! [Matching](#matching) · [What each route costs](#what-each-route-costs) ·
//! [Results and context](#results-and-context) · [Porting from thiserror](#porting-from-thiserror)
//! · [Reports and anyhow](#reports-and-anyhow) · [Boundaries](#boundaries)
//!
//! The derive's page, [`FastStatus`](macro@FastStatus), is the reference of its attributes and of
//! what it generates.
//!
//! # A tour
//!
//! ```rust
//! use fast_status::{FastStatus, status};
//!
//! /// Why a read failed. The derive generates `Status` (the name without `Code`).
//! #[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq, Hash)]
//! pub enum StatusCode {
//!     #[status(display = "Out of memory")]
//!     OutOfMemory = 1, // explicit discriminants are the stable raw codes
//!     Invalid,
//!     #[status(from = std::io::Error)] // `?` on an io::Error: this code, the error its source
//!     IOError,
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
//! // No allocation: a code alone, or a code with a `'static` message (usable in `const`).
//! const EMPTY: Status = status!(StatusCode::Invalid, "empty input");
//! assert_eq!(Status::from_code(StatusCode::OutOfMemory).to_string(), "Out of memory");
//!
//! // Context lines, typed details, cheap clones (a reference count, no allocation).
//! let error = error.context("reading the footer").with_detail(7_usize);
//! assert_eq!(error.detail::<usize>(), Some(&7));
//! assert_eq!(error.clone(), error);
//! ```
//!
//! # Error types with fields
//!
//! Derive on an enum whose variants have fields and the status is still one word. The fields are
//! moved, not formatted, when the status is made: small ones (integers, `bool`, `char`, `Option`s
//! of these, your fieldless enums with [`#[derive(Pack)]`](macro@Pack)) ride in the word while
//! their values fit, on 64-bit targets; any other variant takes one allocation, which holds it.
//!
//! ```rust
//! use fast_status::{FastStatus, ResultExt};
//!
//! /// Why a parse failed. The derive generates `Error` and the code enum `ErrorCode`.
//! #[derive(FastStatus, Debug)]
//! #[status(name = Error)]
//! pub enum ErrorKind {
//!     #[error("type is too big ({size}) for {len}")]
//!     TooBig { size: usize, len: usize },
//!     #[error("bad offset {0:#x}")]
//!     BadOffset(u32),
//!     #[error("I/O failed")]
//!     Io(#[from] std::io::Error),
//!     #[error("unexpected end of input")]
//!     Eof,
//! }
//!
//! fn field(buf: &[u8], at: usize) -> Result<u32, Error> {
//!     let Some(&[a, b, c, d]) = buf.get(at..at + 4) else {
//!         return Err(Error::too_big(at + 4, buf.len())); // in the word: no allocation
//!     };
//!     Ok(u32::from_le_bytes([a, b, c, d]))
//! }
//!
//! let error = field(&[0; 3], 0).unwrap_err();
//! assert_eq!(error.to_string(), "type is too big (4) for 3"); // thiserror's text, byte for byte
//! assert_eq!(format!("{error:?}"), "TooBig { size: 4, len: 3 }"); // the enum's derived Debug
//! assert!(error.is_too_big());
//! assert_eq!(error.code(), ErrorCode::TooBig);
//! match error.kind().as_deref() {
//!     Some(ErrorKind::TooBig { size, .. }) => assert_eq!(*size, 4),
//!     _ => unreachable!(),
//! }
//! assert!(matches!(field(&[], 0).kinds(), Err(ErrorKind::TooBig { size: 4, len: 0 })));
//!
//! // `?` converts the `#[from]` field's type, and so does `or_status` with its code.
//! let io = std::fs::read("/no/such/file").or_status(ErrorCode::Io).unwrap_err();
//! assert!(matches!(io.kind().as_deref(), Some(ErrorKind::Io(_))));
//! assert_eq!(Error::from(ErrorKind::Eof), Error::from_code(ErrorCode::Eof));
//! ```
//!
//! Beside the code enum, the status has a constructor per variant taking its fields
//! (`Error::too_big(size, len)`), `From<ErrorKind>` (the same status), `kind()` and `into_kind()`,
//! and the kind enum keeps the `Display`, `Error` and `From` impls thiserror gave it, so code that
//! still returns it compiles, and `?` takes its errors on into the status. `kind()` reads the
//! variant back: a borrow of a stored value, or a copy of fields from the word. It is `None` only
//! for a status made without the variant's fields: from its code (`from_code`, `new`, `status!`),
//! by `or_status` with a code whose one field is not a source of the error's type, or from a
//! peer through serde.
//!
//! A variant whose one field is a `String` has two constructors: `Error::Parse(format!(..))` as
//! before (the `String` and the status: two allocations), and `Error::parse(format_args!(..))`,
//! which writes the text into the status's one allocation. Such a status shows the text without
//! building the variant (`{:?}` writes it as `#[derive(Debug)]` writes the variant, whatever
//! `Debug` the enum has); `kind()` and `into_kind()` build it, a `String` each time.
//!
//! # Matching
//!
//! A port's patterns on the old enum become patterns on the kind enum. rustc's errors on the old
//! patterns, and what to write:
//!
//! | before | after |
//! |---|---|
//! | `matches!(r, Err(Error::Eof))`: "constant of non-structural type `Error` in a pattern" | `matches!(r.kinds(), Err(ErrorKind::Eof))` |
//! | `matches!(r, Err(Error::BadOffset(_)))`: "expected tuple struct or tuple variant, found associated function" (E0164), or without `variant_constructors` "no associated item named `BadOffset`" (E0599) | `matches!(r.kinds(), Err(ErrorKind::BadOffset(_)))` |
//! | `match r { Err(Error::TooBig { size, .. }) if size > 4 => .. }`: "ambiguous associated type" (E0223) | `match r.kinds() { Err(ErrorKind::TooBig { size, .. }) if size > 4 => .. }` |
//! | `match &error { Error::Io(io) => .. }`, keeping the error | `match error.kind().as_deref() { Some(ErrorKind::Io(io)) => .. }` |
//! | `match error { Error::Io(io) => io, .. }`, moving a field out | `match error.into_kind() { Ok(ErrorKind::Io(io)) => io, .. }` |
//! | `matches!(error, Error::Io(_))` | `error.is_io()` |
//! | `Err(Outer::Xml(Error::IllFormed(cause))) =>`, a status inside an enum that is not one | `Err(Outer::Xml(e)) if e.is_ill_formed() =>`, then `e.into_kind()` for `cause`: a pattern cannot call a method |
//!
//! [`kinds()`](ResultExt::kinds) turns a `Result`'s status into its kind by value (for a status of
//! codes, its code); it is for tests and code that made the status itself, as the message,
//! context lines and source go, and it panics on a status that has no kind or shares it with a
//! live clone. `match error.kind()` without `.as_deref()` is E0308, "expected `KindRef<'_,
//! ErrorKind>`, found `ErrorKind`"; a reference kept from `error.kind().as_deref()` past the
//! statement is E0716: bind `let kind = error.kind();` first.
//!
//! # What each route costs
//!
//! Allocations per status made, and the success path of a hot reader whose error branch is that
//! route (instructions per value at opt-level 3, against the same reader returning a constant;
//! BENCHMARKS.md, "Success path", has every row, at opt-level "s" too):
//!
//! | route | allocations | success path |
//! |---|---|---|
//! | `Status::from_code(C::X)`, `status!(C::X)`, `Error::Eof`, `ErrorKind::Eof.into()` | 0 | 1.00x |
//! | `status!(C::X, "literal")`, usable in `const` | 0 | 1.00x |
//! | `status!(C::X, "x = {x}")`, `bail!(..)`, `ensure!(..)` | 1 | 1.00x-1.04x |
//! | `Status::invalid("literal")` | 1 | 1.09x |
//! | `Status::invalid(format_args!(..))`, `Status::new(C::X, format_args!(..))` | 1 | 1.30x-1.39x |
//! | `Error::bad_offset(x)`, `Error::from(ErrorKind::BadOffset(x))`: fields that always fit the word (small integers, one `u32`, `bool`, `char`, `Pack` enums) | 0 | 1.00x |
//! | `Error::too_big(a, b)`, `Error::from(ErrorKind::TooBig { .. })`: fields in the word while their values fit (two `usize`s) | 0 | 1.04x |
//! | the same, fields on the heap (an `io::Error`, a `Vec`, values too large) | 1 | 1.04x |
//! | `Error::parse(format_args!(..))` | 1 | 1.30x |
//! | `Error::Parse(format!(..))` | 2 | 1.39x |
//! | `?` through `#[from]` or `from = ..`, `.or_status(C::X)` | 1; 0 from a `Pack` type (`TryFromIntError`, your fieldless error enums) | 1.00x |
//! | `.context(..)` | 0 on success; lines share the status's allocation | 1.00x |
//! | for comparison: a thiserror enum's `TooBig { .. }`, `Custom(format!(..))`; `anyhow!(..)` | 0, 1; 1 | 1.22x, 1.48x; 1.30x |
//!
//! A message formatted at the site (`format_args!`, `format!`) costs the success path its operands'
//! stores; `status!` takes them by value. A small function that builds a status and is called
//! from another crate's hot loop needs `#[inline]` to be inlined there: a constructor is a call,
//! and rustc inlines a function without `#[inline]` across crates only when it calls nothing.
//!
//! # Results and context
//!
//! [`ResultExt`] gives every `Result` `context`, `with_context` and `or_status`; [`OptionExt`]
//! gives `Option` `ok_or_status`. A loop that skips bad records and counts them, keeping the
//! first report:
//!
//! ```rust
//! use std::collections::HashMap;
//!
//! use fast_status::{FastStatus, ResultExt};
//!
//! #[derive(FastStatus, Debug)]
//! #[status(name = RecordError)]
//! pub enum RecordErrorKind {
//!     #[error("no quantity")]
//!     Missing,
//!     #[error("bad quantity")]
//!     Number(#[from] std::num::ParseIntError),
//! }
//!
//! fn quantity(record: &str) -> Result<u64, RecordError> {
//!     let (_, qty) = record.split_once(',').ok_or(RecordErrorKind::Missing)?;
//!     Ok(qty.trim().parse()?)
//! }
//!
//! let (mut total, mut skipped, mut first) = (0, HashMap::new(), None);
//! for (line, record) in "a, 1\nb\nc, x\nd, 4\ne".lines().enumerate() {
//!     match quantity(record).with_context(|| format!("record {}", line + 1)) {
//!         Ok(qty) => total += qty,
//!         Err(error) => {
//!             *skipped.entry(error.code()).or_insert(0) += 1;
//!             first.get_or_insert(error); // the others are dropped here
//!         }
//!     }
//! }
//! assert_eq!(total, 5);
//! assert_eq!(skipped[&RecordErrorCode::Missing], 2);
//! let first = first.unwrap();
//! assert!(format!("{first:#}").starts_with("no quantity\n  context: record 2 (at "));
//! ```
//!
//! `bail!` and `ensure!` take every `status!` form. [`FastStatus`] is implemented by every
//! status, with `Display + Debug + Error` as supertraits, for code generic over status types. A
//! crate that calls another crate's status's inherent methods needs no dependency; for the traits'
//! methods it adds `fast-status` (rustc's "perhaps you want to import it" names
//! `status_runtime::traits::ResultExt`, which it cannot write: import `fast_status::ResultExt`).
//!
//! # Porting from thiserror
//!
//! **Porting a public error enum is a semver-major change**: downstream matches on it stop
//! compiling ([Matching](#matching) has their rewrite). It pays where the enum is 24 bytes or more
//! (`Result<u64, E>` of 32 bytes and up, returned through memory), its `Result`s are on hot paths,
//! and failures are rare or code-only: arrow-schema's `Result`s go from 32 to 16 bytes and its hot
//! paths run at or below the original's instructions (0.91x-0.99x), quick-xml's event loop at
//! 0.98x. It does not pay for an enum of 16 bytes or less whose failures are a few stores in
//! registers: hex's decode loop is 1.29x, its failures 4.0x-4.6x (BENCHMARKS.md, "Ports of real
//! crates", has every row).
//!
//! The steps: rename the enum (`Error` to `ErrorKind`), change its derive, name the status after
//! the old enum, and add `variant_constructors` (if the module imports `std::error::Error`, import
//! it `as _`). thiserror's attributes are read as they are, and construction sites keep compiling:
//! a tuple variant's `Error::BadOffset(x)` is a function, a unit variant's `Error::Eof` a constant.
//! A struct variant's literal becomes `Error::from(ErrorKind::TooBig { size, len })`, the same
//! status as the constructor `Error::too_big(size, len)` and the least diff.
//!
//! What else a port meets:
//!
//! - A hand-written `Display` for the enum moves over whole as `#[error(fmt = path)]` on the enum,
//!   the function taking `&ErrorKind`; a variant's `fmt = path` function may take `Copy` fields by
//!   value and `String`, `Vec`, `PathBuf` and `Option` fields borrowed (`&str`, `&[T]`, `&Path`,
//!   `Option<&T>`).
//! - A hand-written `From` impl for the status builds it with the variant's constructor; mark its
//!   `fn from` with `#[track_caller]` and the status records the `?`'s line. A hand-written
//!   `impl From<Error> for io::Error` takes `#[status(into_io_error = manual)]`.
//! - A variant named like one of the status's methods (`Message`) takes
//!   `#[status(method = ..)]`. Generic enums do not derive.
//! - `.or_status(ErrorCode::Io)` builds `ErrorKind::Io` when its one field is the source of the
//!   error's type, as `?` does; with any other code the error is the source and `kind()` is
//!   `None`.
//!
//! # Reports and anyhow
//!
//! `Display` is one line; `{:#}` adds the context lines and the causes; `{:?}` of a status of
//! codes, and `report()` of every status, is a report for a person, so `fn main() -> Result<(),
//! Status>` prints something to act on (`cargo run --example read_path` shows each form). A status
//! of kinds prints its enum's `Debug` for `{:?}`, as the enum did.
//!
//! Backtraces are opt-in: a status type captures one only when its enum says `#[status(backtrace)]`,
//! and then only when `RUST_LIB_BACKTRACE` (or else `RUST_BACKTRACE`) asks, or
//! [`set_backtrace_capture`] does.
//!
//! A status converts into `anyhow::Error` with `?`. Its context lines are in its source chain, so
//! anyhow's `{:#}` and `{:?}` show every line and every text once, in this order: the status's own
//! text, then its lines newest first (`Invalid: missing field qty: batch 2: record 18`), where
//! anyhow's own `.context()` puts the lines first. A line added through anyhow at the boundary
//! comes first, as anyhow's do.
//!
//! | anyhow | fast-status |
//! |---|---|
//! | `anyhow!("x = {x}")`, `bail!(..)`, `ensure!(cond, ..)` | the same with a code first: `bail!(Code::Invalid, "x = {x}")` |
//! | `.context(..)` on a foreign error | `.or_status(Code::IOError)`, then `.context(..)` |
//! | `.context(..)` on an `Option` | `.ok_or_status(Code::Missing)` |
//! | `error.downcast_ref::<E>()` | `error.code()`, `error.is_io_error()`, `error.kind()` |
//! | `error.chain()`, `error.root_cause()` | `error.chain()`, `error.chain().last()` |
//!
//! A module that imports anyhow's `Context` and [`ResultExt`] gets E0034 ("multiple applicable
//! items in scope") on `.context(..)`: import [`StatusContext`] (`.status_context(..)`) and
//! [`OrStatus`] instead of `ResultExt`.
//!
//! # Boundaries
//!
//! **`io::Error`**: `io::Error::from(status)` (or `?`) keeps the status as the inner error, with
//! the `ErrorKind` its code names (`#[status(io_kind = ..)]`), else that of the `io::Error` it was
//! made from, else `Other`.
//!
//! **serde** (feature `serde`): a status serializes as a map of its code, name, message, variant
//! text, location and context lines, and deserializes into a status of the same type; its origin
//! is then its `Remote` detail, shown by every report.
//!
//! **`no_std`**: with `default-features = false`, codes, `'static` messages and fields in the
//! word; the `alloc` feature adds the rest. Without `alloc`, a status that would allocate keeps
//! its code. Allocation failure never panics: the status degrades to its code.
//!
//! The minimum supported Rust version is 1.85.
#![no_std]
#![warn(missing_docs)]
#![forbid(unsafe_code)]

/// Derives a one-word status type for an enum of error codes, or of error kinds with fields.
///
/// This page is the reference of what the derive reads and what it writes; the crate page shows
/// it at work.
///
/// # Input
///
/// An enum without generic or lifetime parameters, with at least one variant:
///
/// - **an enum of codes**: every variant without fields; the enum must be `Copy`. Its
///   discriminants are the raw codes (below `2^30`, not negative): literals or any constant
///   expression.
/// - **an enum of kinds**: any variant with named or tuple fields (thiserror's shape), or
///   `code = ..` on the enum. A fieldless code enum is generated beside it. Fields must be
///   `Send + Sync + 'static`; a field may name its own enum as `Self` (`Wrapped(Box<Self>)`).
///
/// # Attributes
///
/// thiserror's spellings (`#[error(..)]`, `#[from]`, `#[source]`) are read as ours, so a thiserror
/// enum keeps its attributes.
///
/// | where | attribute | meaning |
/// |---|---|---|
/// | enum | `name = Ident` | the status type's name; default: the enum's name without a trailing `Code` or `Kind` |
/// | enum | `code = Ident` | the code enum of an enum of kinds; default: `Kind` replaced by `Code`, or `Code` appended |
/// | enum | `crate = path` | the path to `fast_status`, for a renamed dependency or a facade's re-export |
/// | enum | `backtrace` | statuses capture a backtrace when `RUST_LIB_BACKTRACE`/`RUST_BACKTRACE` asks; default: never |
/// | enum | `variant_constructors` | a function named like each tuple variant, a constant named like each unit variant, so a port's construction sites compile unchanged |
/// | enum | `into_io_error = manual` | no `From<Status> for std::io::Error`: the crate writes its own |
/// | enum | `#[error(..)]` | the text of every variant without one; `#[error(fmt = path)]` there is `path(&kind, formatter)` |
/// | variant | `display = "text"`, `#[error("text", args..)]` | the variant's text: placeholders name fields (`{size}`, `{0:#x}`) or constants in scope, arguments may follow (`.name.len()`), a `Path` field shows through `display()`; default: the variant's name |
/// | variant | `#[error(fmt = path)]` | `path(field, .., formatter)` writes the text; each field as the function's parameter takes it: `&F`, `F` when `Copy`, or `&str`, `&[T]`, `&Path`, `Option<&T>` of a `String`, `Vec<T>`, `PathBuf`, `Option<T>` |
/// | variant | `transparent`, `#[error(transparent)]` | one field, whose `Display` and `source()` are the variant's |
/// | variant | `from = Type` (repeatable) | a fieldless variant: `From<Type>` for the status, the value kept as `source()` |
/// | variant | `io_kind = Kind` | the `std::io::ErrorKind` of the `io::Error` this code converts into |
/// | variant | `method = name` | the constructor `name(..)` and predicate `is_name()`, for a variant whose own would clash (`Message` beside `message()`) |
/// | field | `from`, `#[from]` | the variant's one field: `From<FieldType>` for the status and the kind enum, and the field is the `source()` |
/// | field | `source`, `#[source]` | the field is the `source()` (so is a field named `source`; `Option<E>` when `Some`) |
///
/// ```rust
/// use fast_status::FastStatus;
///
/// #[derive(FastStatus, Clone, Copy, Debug)]
/// #[status(name = ReadStatus)] // the default would be `Read`
/// enum ReadCode {
///     #[status(display = "Out of memory")]
///     OutOfMemory = 1,
///     #[status(from = std::num::ParseIntError, io_kind = InvalidData)]
///     Corrupt,
///     #[status(method = custom_message)] // `message()` is taken
///     Message,
/// }
///
/// fn write_range(start: u32, end: u32, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
///     write!(f, "range {start}..{end}")
/// }
///
/// #[derive(FastStatus, Debug)]
/// #[status(name = Error, variant_constructors)] // the code enum: `ErrorCode`
/// enum ErrorKind {
///     #[error("{} at line {line}", .name.to_uppercase())]
///     Unknown { name: String, line: u32 },
///     #[error(fmt = write_range)]
///     Range(u32, u32),
///     #[error("row {row} unreadable")]
///     Row { row: u64, #[source] cause: std::num::ParseIntError },
///     #[error(transparent)]
///     Other(Box<dyn std::error::Error + Send + Sync>),
///     #[error("unexpected end")]
///     Eof,
/// }
///
/// let corrupt = ReadStatus::from("x".parse::<u8>().unwrap_err());
/// assert_eq!(format!("{corrupt:#}"), "Corrupt\n  caused by: invalid digit found in string");
/// assert_eq!(std::io::Error::from(corrupt).kind(), std::io::ErrorKind::InvalidData);
/// assert_eq!(ReadStatus::custom_message("hello").message(), "hello");
///
/// assert_eq!(Error::unknown("id".into(), 3).to_string(), "ID at line 3");
/// assert_eq!(Error::Range(1, 4).to_string(), "range 1..4"); // `variant_constructors`
/// const EOF: Error = Error::Eof;
/// assert_eq!(Error::other("disk on fire".into()).to_string(), "disk on fire");
/// ```
///
/// # Output
///
/// For `StatusCode` with `name = Status` (the status has the enum's visibility):
///
/// - `struct Status`, one word, with an inlined `Drop` whose cleanup is one shared cold function.
/// - Constructors: `const fn from_code`, `new(code, message)`, and one per variant in snake case
///   taking a message (a code) or the variant's fields (a kind); all `#[cold]` and
///   `#[track_caller]`.
/// - `is_<variant>()`, `code()`, `message()`, `location()`; `with_message`, `with_detail`,
///   `with_source`, `context`; `detail`, `details`, `context_lines`, `chain()`, `report()`; for an
///   enum of kinds, `kind()` and `into_kind()`.
/// - `Display`, `Debug`, `Error`, `Clone`, `PartialEq`, `Eq`, `Hash`, `From<Code>`, `From<Kind>`,
///   `From<T>` for each `from`, `From<Status> for io::Error` (with `std`), and the
///   [`FastStatus`](trait@FastStatus) and [`Code`] traits.
/// - For an enum of kinds, the code enum (`Clone, Copy, Debug, PartialEq, Eq, Hash`), and on the
///   kind enum what thiserror gave it: `Display`, `Error`, and `From` each `#[from]` field's type.
///   `#[non_exhaustive]` on the enum goes on the code enum too.
///
/// Every generated item is documented and passes `missing_docs` and `clippy::pedantic`;
/// `cargo expand` shows the expansion, meant to be read.
///
/// # Mistakes
///
/// Each mistake is a compile error on the offending token that says what to write instead, all of
/// them in one build, and the rest of the type is still generated, so no follow-on errors appear.
/// rustc's own, and their fixes:
///
/// - **E0252, "the name `Error` is defined multiple times"**: the module imports
///   `std::error::Error`; import it `as _`.
/// - **E0119 on `From<Error>` for `std::io::Error`**: the crate has its own conversion; add
///   `into_io_error = manual`.
/// - **E0592, "duplicate definitions with name `protocol`"**: a variant's constructor is named like
///   a method of the crate's own; rename it with `method = ..`.
/// - **E0081** on a code given to two variants; **"cannot find macro `status`"**:
///   `use fast_status::status;`.
/// - Patterns on a ported enum: the crate page's [Matching](crate#matching).
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
/// An error enum of your own packs as a variant's source too (`Syntax(#[from] SyntaxError)`, a
/// pull parser's syntax errors): `source()` of the status gives the field, as the enum's would.
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
