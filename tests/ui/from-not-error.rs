use fast_status::FastStatus;

struct NotAnError;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    #[status(from = NotAnError)]
    Invalid,
}

fn main() {}
