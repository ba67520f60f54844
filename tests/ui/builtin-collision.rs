use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    Code,
    Message,
    Invalid,
}

fn main() {}
