use fast_status::FastStatus;

// A thiserror struct, derive changed: one error, which says how to rewrite it.
#[derive(FastStatus, Debug)]
#[error("parse failed at line {line}")]
pub struct ParseError {
    line: usize,
}

fn main() {}
