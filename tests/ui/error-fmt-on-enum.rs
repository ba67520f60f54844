// `#[error(fmt = ..)]` on the enum: the function is given the whole kind, so a function of a
// variant's fields (thiserror's reading) is a type error on the path; and an enum of codes has
// fixed texts, so it takes none.
use std::fmt;

use fast_status::FastStatus;

fn write_size(size: &usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "size {size}")
}

#[derive(FastStatus, Debug)]
#[error(fmt = write_size)]
enum ErrorKind {
    TooBig(usize),
}

#[derive(FastStatus, Clone, Copy, Debug)]
#[error(fmt = write_size)]
enum StatusCode {
    Invalid = 1,
}

fn main() {}
