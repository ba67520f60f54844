use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
enum ErrorKind {
    #[error("bad offset {}")]
    BadOffset(u32),
}

fn main() {}
