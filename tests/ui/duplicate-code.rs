use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    Invalid = 3,
    KeyError = 2,
    NotFound,
}

fn main() {}
