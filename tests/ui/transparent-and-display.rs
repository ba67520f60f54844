use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
enum ErrorKind {
    #[error(transparent)]
    #[status(display = "other")]
    Other(std::io::Error),
}

fn main() {}
