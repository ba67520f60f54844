use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
enum ErrorKind {
    #[error("the {r#type} type is not supported")]
    Unsupported { r#type: &'static str },
}

fn main() {}
