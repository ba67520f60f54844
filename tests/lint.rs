//! The expansion is documented and clean under the strictest lints users turn on: this file is
//! compiled by `cargo clippy --all-targets -- -D warnings` in CI (pedantic), and by the tests.
#![deny(missing_docs, warnings, clippy::pedantic)]

/// A public module, so `missing_docs` checks every generated public item.
pub mod codes {
    use fast_status::FastStatus;

    /// Codes of a strict crate.
    #[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum StrictCode {
        /// Bad input.
        #[status(display = "Invalid input")]
        Invalid = 1,
        /// Reading failed.
        #[status(from = std::io::Error, from = std::fmt::Error)]
        IOError,
        /// Timed out.
        Timeout = 1_000,
    }

    /// A constant status.
    pub const TIMEOUT: Strict = fast_status::status!(StrictCode::Timeout, "too slow");

    /// Split messages (mixed, `Display` only, exact only), and one for `format_args!`.
    pub fn formatted(offset: u64, column: &str, ratio: f64) -> [Strict; 4] {
        [
            fast_status::status!(StrictCode::Invalid, "{column}[{offset}] at {}", ratio),
            fast_status::status!(StrictCode::Invalid, "{offset:#x}"),
            fast_status::status!(StrictCode::Invalid, "ratio {ratio}"),
            fast_status::status!(StrictCode::Invalid, "offset {offset}"),
        ]
    }
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
}
