use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy, Debug)]
enum StatusCode {
    Ok,
    Invalid,
}

// The variant is reported and otherwise generated like any other: code using the status type
// meanwhile sees no follow-on errors.
fn main() {
    let status = Status::invalid("bad input");
    assert!(status.is_invalid());
    let _: StatusCode = status.code();
}
