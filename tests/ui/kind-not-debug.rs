use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    Invalid(u32),
    KeyError { key: u32 },
    NotFound,
}

fn main() {}
