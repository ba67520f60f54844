// What a port meets that `variant_constructors` cannot keep: a struct variant's literal, and a
// pattern on a tuple variant, name the status type, which is a struct. The crate docs name both
// errors and what to write instead.
use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
#[status(name = Error, variant_constructors)]
pub enum ErrorKind {
    #[error("type is too big ({size}) for {len}")]
    TooBig { size: usize, len: usize },
    #[error("parse error: {0}")]
    ParseError(String),
}

fn main() {
    let error = Error::TooBig { size: 1, len: 2 };
    match error {
        Error::ParseError(text) => drop(text),
        _ => {}
    }
}
