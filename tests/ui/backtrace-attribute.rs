use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
enum ErrorKind {
    Io {
        #[from]
        source: std::io::Error,
        #[backtrace]
        backtrace: std::backtrace::Backtrace,
    },
}

fn main() {}
