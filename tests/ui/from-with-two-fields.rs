use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
enum ErrorKind {
    Io(#[from] std::io::Error, u32),
}

fn main() {}
