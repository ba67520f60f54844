use fast_status::FastStatus;

const BASE: isize = 10;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    Invalid = BASE + 1,
    KeyError,
}

fn main() {}
