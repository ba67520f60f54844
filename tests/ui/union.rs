use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
union StatusCode {
    code: u32,
}

fn main() {}
