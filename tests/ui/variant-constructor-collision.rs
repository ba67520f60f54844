// With `variant_constructors`, a variant also names an item of the status type after itself:
// a variant named in `snake_case` would name it as its own constructor.
use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
#[status(variant_constructors)]
#[allow(non_camel_case_types)]
enum ErrorKind {
    #[error("parse: {0}")]
    parse(String),
    #[error("fine")]
    Fine(u8),
}

// Reported once, and the status type is generated whole (the variant keeps its snake-case
// constructor): code using it sees no follow-on errors.
fn main() {
    let error = Error::Fine(1);
    assert!(error.is_fine() && Error::parse("x").is_parse());
}
