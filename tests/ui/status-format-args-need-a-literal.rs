use fast_status::{status, FastStatus};

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    Invalid,
}

fn main() {
    let text = "x = {}";
    let _ = status!(StatusCode::Invalid, text, 5);
}
