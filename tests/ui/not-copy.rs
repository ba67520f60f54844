use fast_status::FastStatus;

#[derive(FastStatus, Clone)]
enum StatusCode {
    Invalid,
}

fn main() {}
