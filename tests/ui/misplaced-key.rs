use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
#[status(display = "Everything")]
enum StatusCode {
    #[status(name = Status)]
    Invalid,
}

fn main() {}
