use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
enum ErrorKind {
    #[error("offset {1:#x}")]
    BadOffset(u32),
}

fn main() {}
