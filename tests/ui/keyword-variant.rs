use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    Crate,
    Super,
    Type,
}

fn main() {}
