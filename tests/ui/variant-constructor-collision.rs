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

fn main() {}
