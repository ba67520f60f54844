// A status is not `#[must_use]` itself (`r.unwrap_err();` drops one unread, as tests do), but
// every function that makes or changes one is: discarding what it made is a mistake. (`status!`
// with arguments expands to a `match`, through which the lint does not look.)
#![deny(unused_must_use)]
use fast_status::{FastStatus, status};

#[derive(FastStatus, Clone, Copy, Debug)]
enum StatusCode {
    Invalid = 1,
}

#[derive(FastStatus, Debug)]
enum ErrorKind {
    #[error("bad offset {0}")]
    BadOffset(u32),
}

fn main() {
    Status::invalid("made and dropped");
    Status::from_code(StatusCode::Invalid);
    status!(StatusCode::Invalid, "static");
    Error::bad_offset(4);
    Status::from_code(StatusCode::Invalid).context("changed and dropped");
    // Taking a status out of a result and dropping it is fine.
    let r: Result<(), Status> = Err(Status::from_code(StatusCode::Invalid));
    r.clone().unwrap_err();
    r.expect_err("an error");
}
