// A key's value is not parsed by rustc before the derive runs: a `from` type, a `crate` path
// and an `#[error(fmt = ..)]` path that are not Rust are the derive's errors, on the token.
use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
enum StatusCode {
    #[status(from = 5)]
    Number,
    #[status(from = Vec<#>)]
    Pound,
    #[status(from = std::io::Error io)]
    Trailing,
}

#[derive(FastStatus, Clone, Copy)]
#[status(crate = ::fast_status::<>::7)]
enum OtherCode {
    Invalid,
}

#[derive(FastStatus, Debug)]
enum ErrorKind {
    #[error(fmt = 5)]
    Number(usize),
    #[error(fmt = write::<#>)]
    Pound(usize),
}

fn main() {}
