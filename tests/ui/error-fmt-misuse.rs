use std::fmt;

use fast_status::FastStatus;

fn write_size(size: &usize, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write!(f, "size {size}")
}

fn write_nothing(f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str("nothing")
}

#[derive(FastStatus, Debug)]
enum ErrorKind {
    // A text and a function: one too many.
    #[error("too big")]
    #[error(fmt = write_size)]
    TooBig(usize),
    // No fields: a code's fixed text.
    #[error(fmt = write_nothing)]
    Empty,
    // Something else after `fmt =`.
    #[error(fmt = write_size, "extra")]
    Extra(usize),
    // Not `fmt`.
    #[error(format = write_size)]
    Misspelled(usize),
}

fn main() {}
