use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
struct StatusCode {
    code: u32,
}

fn main() {}
