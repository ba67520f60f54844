// thiserror's `#[error(..)]` on the enum is the text of every variant without one of its own;
// where it cannot apply, the error names the variant.
use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
#[status(name = Error)]
#[error("column {0} failed")]
pub enum ErrorKind {
    Int(u32),
    Unit,
}

#[derive(FastStatus, Debug)]
#[status(name = Forward)]
#[error(transparent)]
pub enum ForwardKind {
    Io(std::io::Error),
    Pair(u8, u8),
}

#[derive(FastStatus, Debug)]
#[status(name = Twice)]
#[error("first")]
#[error("second")]
pub enum TwiceKind {
    Only(u8),
}

fn main() {}
