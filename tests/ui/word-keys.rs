use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy, Debug)]
#[status(backtrace = sometimes, io_error = none)]
enum StatusCode {
    #[status(backtrace = never)]
    Invalid = 1,
    #[status(io_error = manual)]
    Io,
}

#[derive(FastStatus, Clone, Copy, Debug)]
#[status(io_error = manual, io_error = manual)]
enum TwiceCode {
    Invalid = 1,
}

fn main() {}
