use fast_status::FastStatus;

// thiserror's `From` captures the `Backtrace` field; a status captures its own.
#[derive(FastStatus, Debug)]
enum ErrorKind {
    #[error("I/O error")]
    Io {
        #[from]
        source: std::io::Error,
        backtrace: std::backtrace::Backtrace,
    },
}

fn main() {
    // The variant is still generated, with `source` as its source, so this is no follow-on error.
    let _ = ErrorKind::Io {
        source: std::io::Error::other("x"),
        backtrace: std::backtrace::Backtrace::disabled(),
    };
}
