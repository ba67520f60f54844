use fast_status::FastStatus;

// A status type with fields has `kind()` and `into_kind()` besides the built-ins of every
// status type.
#[derive(FastStatus, Debug)]
#[status(name = Error)]
enum ErrorKind {
    #[error("kind {0}")]
    Kind(u8),
    #[error("into {0}")]
    IntoKind(u8),
    #[error("fine {0}")]
    #[status(method = into_kind_of)]
    Fine(u8),
}

// Reported once per variant, and the status type is generated whole: code using it sees no
// follow-on errors.
fn main() {
    let error = Error::into_kind_of(1);
    assert!(error.is_into_kind_of() && error.kind().is_some() && error.into_kind().is_ok());
}
