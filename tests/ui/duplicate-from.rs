use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    #[status(from = std::io::Error)]
    IOError,
    #[status(from = std::io::Error)]
    Disk,
}

fn main() {}
