use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    Invalid = 1073741823,
    KeyError,
}

fn main() {}
