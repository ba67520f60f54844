//! Statuses read from a peer's bytes: any JSON (or not) given to `Deserialize`, for a status
//! type of codes and one of kinds. Reading must answer with a status or an error, never a
//! panic; a status read is written out and read again, and the second trip changes nothing
//! (its text, its report, its JSON); its reports show each line it arrived with, and no
//! string of the peer's adds a line or a control character to them.
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
    // What arrived is shown, a line per context line, and no peer's string can add a line of
    // its own or a control character.
    let arrived = first
        .detail::<fast_status::Remote>()
        .map_or(0, |remote| remote.context.len());
    for report in [format!("{first:#}"), format!("{first:?}")] {
        assert!(
            !report.contains(|c: char| c.is_control() && c != '\n'),
            "{report:?}"
        );
    }
    let shown = format!("{first:#}");
    assert_eq!(shown.matches('\n').count(), arrived, "{shown:?}");
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
