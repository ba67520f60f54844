use fast_status::{FastStatus, bail, ensure, status};

#[derive(FastStatus, Clone, Copy, Debug)]
enum StatusCode {
    Invalid = 1,
}

fn check(x: i32) -> Result<(), Status> {
    ensure!(x > 0, "x must be positive, got {}", x);
    if x > 10 {
        bail!("x is too large");
    }
    Ok(())
}

fn main() {
    let _ = check(1);
    let _: Status = status!("just a message");
}
