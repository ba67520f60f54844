// A thiserror enum ported without its rename: the error says how to keep the name `Error` for
// the status, and the code that uses the enum sees no follow-on error.
use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
pub enum Error {
    #[error("bad offset {0:#x}")]
    BadOffset(u32),
    #[error("end of input")]
    Eof,
}

pub fn parse(at: u32) -> Result<(), Error> {
    if at > 4 {
        return Err(Error::BadOffset(at));
    }
    Err(Error::Eof)
}

fn main() {}
