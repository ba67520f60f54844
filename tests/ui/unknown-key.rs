use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
#[status(nmae = Status)]
enum StatusCode {
    #[status(dispaly = "Invalid input")]
    Invalid,
}

fn main() {}
