use fast_status::FastStatus;

const MAX: usize = 64;

#[derive(FastStatus, Clone, Copy, Debug)]
enum StatusCode {
    // A field that does not exist.
    #[status(display = "invalid value {0}")]
    Invalid,
    // A value in scope: a code's text is a `&'static str`, formatted by nothing.
    #[error("too large (max {MAX} bytes)")]
    TooLarge,
}

fn main() {}
