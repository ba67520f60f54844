use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
enum ErrorKind {
    #[status(display = "too big")]
    #[error("too big")]
    TooBig(usize),
}

fn main() {}
