use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    IOError,
    IoError,
    Valid,
    IsValid,
}

// Reported once per variant, and the status type is generated whole: code using it sees no
// follow-on errors.
fn main() {
    assert!(Status::io_error("read").is_io_error() && Status::valid("checked").is_valid());
}
