use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
#[status(name = StatusCode)]
enum StatusCode {
    Invalid,
}

fn main() {}
