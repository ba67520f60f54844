use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    Code,
    Message,
    // A builder every status has (its constructor and the builder were two definitions).
    WithSource,
    Invalid,
    // A built-in chosen by `method` itself.
    #[status(method = location)]
    Missing,
    // Not a built-in: `Status::fmt` named neither `Display::fmt` nor `Debug::fmt`.
    Fmt,
}

// Each clash is reported once, and the status type is generated whole: code using it, the
// variants' other methods included, sees no follow-on errors.
fn main() {
    let status = Status::invalid("bad");
    assert!(status.is_invalid() && Status::fmt("unformatted").is_fmt());
    let _ = (status.code(), status.message(), status.location());
}
