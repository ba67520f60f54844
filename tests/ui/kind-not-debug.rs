use fast_status::FastStatus;

// Variants with fields: the status's `{:#?}` shows the kind, so the enum must be `Debug`.
#[derive(FastStatus)]
enum ErrorKind {
    Invalid(u32),
    KeyError { key: u32 },
    NotFound,
}

fn main() {}
