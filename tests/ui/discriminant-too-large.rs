use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    Invalid = 1073741824,
    KeyError,
}

fn main() {}
