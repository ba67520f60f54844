use fast_status::{FastStatus, status};

#[derive(FastStatus, Clone, Copy, Debug)]
enum StatusCode {
    Invalid = 1,
}

fn main() {
    let raw = 5_u32;
    let _: Status = status!(raw);
    let _: Status = status!(raw, "code {}", raw);
}
