use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy, Debug)]
enum StatusCode {
    Invalid = 3,
    KeyError = 2,
    NotFound,
}

// Reported once, by rustc (the enum's own discriminants); the status type is
// generated, so code using it reports nothing more.
fn main() {
    let status = Status::not_found("no such key");
    assert!(status.is_not_found());
    let _: StatusCode = status.code();
}
