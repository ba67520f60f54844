use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
enum ErrorKind {
    #[error(transparent)]
    Other(std::io::Error, u32),
    #[status(transparent)]
    Nothing,
}

fn main() {}
