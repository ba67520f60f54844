use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy, Debug)]
enum StatusCode {
    #[status(display = "invalid value {0}")]
    Invalid,
}

fn main() {}
