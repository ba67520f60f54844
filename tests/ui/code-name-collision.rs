use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
#[status(name = Error, code = Error)]
enum ErrorKind {
    TooBig(usize),
}

fn main() {}
