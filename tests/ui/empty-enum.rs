use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {}

fn main() {}
