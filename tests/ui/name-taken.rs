// The status of `ErrorKind` is `Error`, a name this module already imports: one error, on the
// enum's name, with the fix on the import.
use std::error::Error;

use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy, Debug)]
pub enum ErrorKind {
    Invalid = 1,
    NotFound = 2,
}

pub fn source_of(error: &dyn Error) -> Option<&dyn Error> {
    error.source()
}

fn main() {}
