//! The expansion is documented and clean under the strictest lints users turn on: this file is
//! compiled by `cargo clippy --all-targets -- -D warnings` in CI (pedantic), and by the tests.
#![deny(
    missing_docs,
    unused_lifetimes,
    unused_qualifications,
    unreachable_pub,
    rust_2018_idioms,
    missing_debug_implementations,
    trivial_casts,
    trivial_numeric_casts,
    unused_import_braces,
    unused_results,
    single_use_lifetimes,
    unsafe_code,
    let_underscore_drop,
    variant_size_differences,
    missing_copy_implementations,
    unit_bindings,
    redundant_lifetimes,
    warnings,
    clippy::pedantic,
    clippy::nursery
)]
// Restriction lints some libraries turn on, which the derive's output must not trip either:
// what it generates beside the enums (re-exports, inherent methods named as the trait's,
// `impl Display` parameters, the status's `pub(super)` field, a code enum as exhaustive as the
// kinds) is the derive's, not the user's, to write otherwise.
#![deny(
    clippy::exhaustive_enums,
    clippy::field_scoped_visibility_modifiers,
    clippy::impl_trait_in_params,
    clippy::pub_use,
    clippy::same_name_method
)]

/// A public module, so `missing_docs` checks every generated public item.
pub mod codes {
    use fast_status::FastStatus;

    /// Codes of a strict crate.
    #[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq, Hash)]
    #[non_exhaustive]
    pub enum StrictCode {
        /// Bad input.
        #[status(display = "Invalid input")]
        Invalid = 1,
        /// Reading failed.
        #[status(from = std::io::Error, from = std::fmt::Error)]
        IOError,
        /// Timed out.
        Timeout = 1_000,
        /// Replaced: the generated code that names it raises no deprecation warning, and its
        /// constructor and predicate are deprecated for their callers.
        #[deprecated(note = "use `Invalid`")]
        OldInvalid,
        /// An old-style hidden variant: its constructor and predicate (`is___nonexhaustive`)
        /// are hidden too, and raise no naming lint.
        #[doc(hidden)]
        __Nonexhaustive,
    }

    /// A constant status.
    pub const TIMEOUT: Strict = fast_status::status!(StrictCode::Timeout, "too slow");

    /// Kinds of a strict crate: every shape of variant.
    #[derive(FastStatus, Debug)]
    #[status(name = StrictError)]
    #[non_exhaustive]
    pub enum StrictErrorKind {
        /// Heap fields.
        #[error("type is too big ({size}) for {len}")]
        TooBig {
            /// The size asked for.
            size: usize,
            /// The room there is.
            len: usize,
        },
        /// A packed field.
        #[error("bad offset {0:#x}")]
        BadOffset(u32),
        /// Many packed fields: more than seven constructor arguments.
        #[error("{0}{1}{2}{3}{4}{5}{6}{7}")]
        Bits(bool, bool, bool, bool, bool, bool, bool, bool),
        /// A source.
        #[error("I/O failed")]
        Io(#[from] std::io::Error),
        /// Transparent.
        #[error(transparent)]
        Other(Box<dyn std::error::Error + Send + Sync>),
        /// A path, shown through `display()`.
        #[error("cannot open {0}")]
        OpenPath(std::path::PathBuf),
        /// No fields.
        #[error("custom")]
        Custom,
        /// Named like its status type's constructor would be.
        StrictError,
        /// Replaced, with a deprecated field too.
        #[deprecated(note = "use `TooBig`")]
        #[error("old {0}")]
        Old(#[deprecated] u8),
    }

    /// Split messages (mixed, `Display` only, exact only), and one for `format_args!`.
    #[must_use]
    pub fn formatted(offset: u64, column: &str, ratio: f64) -> [Strict; 4] {
        [
            fast_status::status!(StrictCode::Invalid, "{column}[{offset}] at {}", ratio),
            fast_status::status!(StrictCode::Invalid, "{offset:#x}"),
            fast_status::status!(StrictCode::Invalid, "ratio {ratio}"),
            fast_status::status!(StrictCode::Invalid, "offset {offset}"),
        ]
    }

    /// A literal with a run-time code (copied, no argument), and a message of eight arguments.
    #[must_use]
    pub fn run_time(code: StrictCode, row: u8, width: u16, id: u32, size: u64) -> [Strict; 2] {
        [
            fast_status::status!(code, "literal"),
            fast_status::status!(
                code,
                "{row} {width} {id} {size} {} {} {} {}",
                row,
                width,
                id,
                size
            ),
        ]
    }

    /// `bail!` and `ensure!` in every form, the last as the function's tail, where a `return`
    /// of the user's own would be `clippy::needless_return`.
    ///
    /// # Errors
    ///
    /// Each check that fails.
    pub fn checked(offset: u64, len: u64) -> Result<u64, Strict> {
        fast_status::ensure!(len > 0, StrictCode::Invalid);
        fast_status::ensure!(len < 1 << 40, StrictCode::Invalid, "too long");
        fast_status::ensure!(offset < len, StrictCode::Invalid, "{offset} past {len}");
        if offset == 0 {
            fast_status::bail!(StrictCode::Timeout, "offset {offset:?}")
        }
        if offset > 1 {
            return Ok(offset);
        }
        fast_status::bail!(StrictCode::Invalid, "offset {} of {len}", offset)
    }
}

#[test]
fn strict_kinds_compile_and_work() {
    use codes::{StrictError, StrictErrorCode};
    assert_eq!(
        StrictError::too_big(2, 1).to_string(),
        "type is too big (2) for 1"
    );
    assert_eq!(
        StrictError::bad_offset(16).code(),
        StrictErrorCode::BadOffset
    );
    let bits = StrictError::bits(true, false, true, false, true, false, true, false);
    assert_eq!(bits.to_string(), "truefalsetruefalsetruefalsetruefalse");
    assert!(StrictError::strict_error("self-named").is_strict_error());
}

#[test]
fn strict_crate_compiles_and_works() {
    use codes::{Strict, StrictCode, TIMEOUT};
    assert_eq!(TIMEOUT.to_string(), "Timeout: too slow");
    assert!(Strict::from(std::fmt::Error).is_io_error());
    assert_eq!(Strict::invalid("x").code(), StrictCode::Invalid);
    let [split, specs, display_only, exact_only] = codes::formatted(16, "c", 0.5);
    assert_eq!(split.message(), "c[16] at 0.5");
    assert_eq!(specs.message(), "0x10");
    assert_eq!(display_only.message(), "ratio 0.5");
    assert_eq!(exact_only.message(), "offset 16");
    let [literal, eight] = codes::run_time(StrictCode::Timeout, 1, 2, 3, 4);
    assert_eq!(literal.to_string(), "Timeout: literal");
    assert_eq!(eight.message(), "1 2 3 4 1 2 3 4");
    assert_eq!(codes::checked(2, 3), Ok(2));
    let messages = [(1, 0), (1, 1 << 40), (3, 3), (0, 3), (1, 3)]
        .map(|(offset, len)| codes::checked(offset, len).unwrap_err().to_string());
    assert_eq!(
        messages,
        [
            "Invalid input",
            "Invalid input: too long",
            "Invalid input: 3 past 3",
            "Timeout: offset 0",
            "Invalid input: offset 1 of 3"
        ]
    );
}
