use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
enum ErrorKind {
    Parse {
        #[source]
        position: usize,
    },
}

fn main() {}
