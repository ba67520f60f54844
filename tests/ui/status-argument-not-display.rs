use fast_status::{status, FastStatus};

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    Invalid,
}

struct Opaque;

fn main() {
    let opaque = Opaque;
    let _ = status!(StatusCode::Invalid, "split: {}", Opaque);
    let _ = status!(StatusCode::Invalid, "captured: {opaque}");
    let _ = status!(StatusCode::Invalid, "hex: {opaque:#x}");
    let _ = status!(StatusCode::Invalid, "{}", 1, 2);
}
