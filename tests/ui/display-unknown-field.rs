use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
enum ErrorKind {
    #[status(display = "type is too big ({size}) for {length}")]
    TooBig { size: usize, len: usize },
}

fn main() {}
