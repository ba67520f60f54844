// A `fmt = path` function's parameter that no form of the field fits: the field is given as
// `&F`, as `F` when it is `Copy`, or as the borrow of its contents.
use std::fmt;

use fast_status::FastStatus;

fn wider(size: u64, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "{size}")
}

#[derive(FastStatus, Debug)]
enum ErrorKind {
    #[error(fmt = wider)]
    Narrow(u32),
}

fn main() {}
