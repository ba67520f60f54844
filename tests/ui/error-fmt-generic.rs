// A generic `fmt = path` function: the field could be given as `&F` or as `F`, so rustc asks
// for the type, and its help (a turbofish on the path) is the fix.
use std::fmt;

use fast_status::FastStatus;

fn generic<T: fmt::Display>(value: T, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "{value}")
}

#[derive(FastStatus, Debug)]
enum ErrorKind {
    #[error(fmt = generic)]
    Any(u32),
    #[error(fmt = generic::<u32>)]
    Named(u32),
}

fn main() {}
