use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
enum ErrorKind {
    Read(#[from] std::io::Error),
    Write(#[status(from)] std::io::Error),
}

fn main() {}
