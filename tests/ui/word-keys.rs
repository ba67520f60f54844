use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy, Debug)]
#[status(backtrace = sometimes, into_io_error = none)]
enum StatusCode {
    #[status(backtrace = never)]
    Invalid = 1,
    #[status(into_io_error = manual)]
    Io,
}

#[derive(FastStatus, Clone, Copy, Debug)]
#[status(into_io_error = manual, into_io_error = manual)]
enum TwiceCode {
    Invalid = 1,
}

fn main() {}
