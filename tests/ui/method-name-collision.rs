use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    IOError,
    IoError,
    Valid,
    IsValid,
}

fn main() {}
