use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy, Debug)]
#[status(backtrace = sometimes)]
enum StatusCode {
    #[status(backtrace = never)]
    Invalid = 1,
}

fn main() {}
