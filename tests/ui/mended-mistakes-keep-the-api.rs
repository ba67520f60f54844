// Mistakes in a variant's text, keys and field marks are reported one error each, and mended:
// the status type is still generated in full (a text in error shows the variant's name, a mark
// that cannot apply is left out), so the code using it reports nothing more.
use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
#[status(name = Parse)]
enum ParseKind {
    #[error("type is too big ({size}) for {length}")]
    TooBig { size: usize, len: usize },
    #[status(dispaly = "bad offset {0:#x}")]
    BadOffset(u32),
    #[error(transparent)]
    Io(#[from] std::io::Error),
    #[error("read {0} of {1}")]
    Short(#[from] std::num::TryFromIntError, usize),
    #[error("I/O again")]
    Again(#[from] std::io::Error),
    #[error(transparent)]
    Pair(u8, u8),
}

fn read() -> Result<u32, Parse> {
    let _ = std::fs::read("config")?;
    Err(Parse::too_big(4, 3))
}

fn main() {
    let status = read().unwrap_err();
    match status.kind().as_deref() {
        Some(ParseKind::TooBig { size, len }) => println!("{size} {len}"),
        Some(ParseKind::BadOffset(offset)) => println!("{offset}"),
        _ => println!("{status:#}"),
    }
    assert!(status.is_too_big() || Parse::bad_offset(1).is_bad_offset());
    let _: ParseCode = status.code();
    let _ = Parse::pair(1, 2);
}
