use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    Ok,
    OK,
    Invalid,
}

fn main() {}
