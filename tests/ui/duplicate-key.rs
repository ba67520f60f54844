use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
#[status(name = Status, name = Failure)]
enum StatusCode {
    #[status(display = "Invalid input")]
    #[status(display = "Bad input")]
    Invalid,
}

fn main() {}
