//! Statuses read from a peer's bytes: any JSON (or not) given to `Deserialize`, for a status
//! type of codes and one of kinds. Reading must answer with a status or an error, never a
//! panic; a status read is written out and read again, and the second trip changes nothing
//! (its text, its report, its JSON).
#![no_main]

use fast_status::FastStatus;
use libfuzzer_sys::fuzz_target;

/// Codes, with gaps.
#[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
#[status(name = Status)]
pub enum StatusCode {
    /// A code.
    #[status(display = "Invalid input")]
    Invalid = 3,
    /// Another.
    NotFound = 7,
}

/// Kinds with fields.
#[derive(FastStatus, Debug)]
#[status(name = Error)]
pub enum ErrorKind {
    /// Two numbers.
    #[error("type is too big ({size}) for {len}")]
    TooBig { size: usize, len: usize },
    /// A text.
    #[error("bad name {0:?}")]
    Name(String),
    /// No fields.
    #[error("end of input")]
    Eof,
}

/// Reads `data` as an `S`; for one read, checks that a second trip changes nothing.
fn trip<S: FastStatus + serde::Serialize + serde::de::DeserializeOwned>(data: &[u8]) {
    let Ok(first) = serde_json::from_slice::<S>(data) else {
        return;
    };
    let json = serde_json::to_string(&first).expect("a status read serializes");
    let second: S = serde_json::from_str(&json).expect("what was written reads back");
    assert_eq!(first.to_string(), second.to_string());
    assert_eq!(format!("{first:#}"), format!("{second:#}"));
    assert_eq!(
        json,
        serde_json::to_string(&second).expect("serializes"),
        "a second trip changes nothing"
    );
}

fuzz_target!(|data: &[u8]| {
    trip::<Status>(data);
    trip::<Error>(data);
});
