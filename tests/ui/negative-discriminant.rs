use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
#[repr(i32)]
enum StatusCode {
    Invalid = -1,
    KeyError,
}

fn main() {}
