use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum Failure {
    Invalid,
}

fn main() {}
