// A port's pattern on a unit variant: with `variant_constructors` its name is a constant of the
// status type, which cannot be matched on (rustc reports it only once nothing else fails, so
// apart from `port-struct-literal-and-pattern.rs`). The crate docs say what to write instead.
use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
#[status(name = Error, variant_constructors)]
pub enum ErrorKind {
    #[error("parse error: {0}")]
    ParseError(String),
    #[error("unexpected end of input")]
    Eof,
}

fn main() {
    let result: Result<(), Error> = Err(Error::Eof);
    assert!(matches!(result, Err(Error::Eof)));
}
