use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
enum ErrorKind {
    #[status(from = std::io::Error)]
    Io(u32),
}

fn main() {}
