use fast_status::{status, FastStatus};

/// Why a read failed.
#[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[status(name = Status)]
pub enum StatusCode {
    #[status(display = "Out of memory")]
    OutOfMemory = 1,
    #[status(display = "Key error")]
    KeyError,
    Invalid,
    #[status(from = std::io::Error)]
    IOError,
    NotImplemented,
}

const EMPTY: Status = status!(StatusCode::Invalid, "empty");

#[test]
fn smoke() {
    let s = Status::invalid(format_args!("x = {}", 5));
    assert_eq!(s.to_string(), "Invalid: x = 5");
    let x = 3;
    let t = status!(StatusCode::KeyError, "x = {x}");
    assert_eq!(t.to_string(), "Key error: x = 3");
    assert_eq!(EMPTY.to_string(), "Invalid: empty");
    assert_eq!(status!(StatusCode::OutOfMemory).to_string(), "Out of memory");
    println!("{t:?}\n{t:#?}");
}
