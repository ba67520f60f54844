use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode<'a> {
    Invalid,
    Borrowed(&'a str),
}

fn main() {}
