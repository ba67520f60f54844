use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    Code,
    Message,
    Invalid,
    // A built-in chosen by `method` itself.
    #[status(method = location)]
    Missing,
}

fn main() {}
