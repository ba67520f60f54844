use fast_status::{FastStatus, bail, ensure};

#[derive(FastStatus, Clone, Copy, Debug)]
enum StatusCode {
    Invalid = 1,
}

/// An error type with no `From<Status>`.
#[derive(Debug)]
struct Other;

fn not_a_result(x: u32) -> Option<u32> {
    ensure!(x > 0, StatusCode::Invalid, "x is {x}");
    Some(x)
}

fn unit(x: u32) {
    if x > 10 {
        bail!(StatusCode::Invalid);
    }
}

fn no_conversion(x: u32) -> Result<u32, Other> {
    if x > 10 {
        bail!(StatusCode::Invalid, "{x} is over {}", 10);
    }
    Ok(x)
}

fn main() {
    let _ = (not_a_result(1), unit(1), no_conversion(1));
}
