// `backtrace` asks for backtraces, `backtrace = never` says the default: not both.
use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
#[status(backtrace, backtrace = never)]
enum StatusCode {
    Invalid,
}

fn main() {}
