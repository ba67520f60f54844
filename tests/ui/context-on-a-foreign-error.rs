use fast_status::{FastStatus, ResultExt};

#[derive(FastStatus, Clone, Copy, Debug)]
enum StatusCode {
    IOError = 1,
}

fn read() -> Result<Vec<u8>, Status> {
    let bytes = std::fs::read("table.bin").context("reading the table");
    bytes.or_status(StatusCode::IOError)
}

fn main() {
    let _ = read();
}
