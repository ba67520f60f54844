// The status of `ErrorKind` is `Error`, a name this module already imports: one error, on the
// derive, with the fix on the import.
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

// The code enum of `ParseKind` is `ParseCode`, a name this module already defines: one error.
pub mod parse {
    pub struct ParseCode;

    #[derive(fast_status::FastStatus, Debug)]
    pub enum ParseKind {
        #[error("too big: {0}")]
        TooBig(usize),
    }
}

fn main() {}
