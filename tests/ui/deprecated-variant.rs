#![deny(deprecated)]

use fast_status::FastStatus;

/// A deprecated code: the generated code that names it is quiet, and what a caller uses of
/// it (its constructor, its predicate) is deprecated with the variant's note.
#[derive(FastStatus, Clone, Copy, Debug)]
enum StatusCode {
    Invalid = 1,
    #[deprecated(note = "use `Invalid`")]
    OldInvalid,
}

fn main() {
    let status = Status::old_invalid("x");
    let _ = status.is_old_invalid();
    let _ = Status::invalid("fine").is_invalid();
}
