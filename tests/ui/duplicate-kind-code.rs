use fast_status::FastStatus;

#[derive(FastStatus, Debug)]
#[status(name = Error)]
#[repr(u32)]
enum ErrorKind {
    #[status(display = "type is too big ({0})")]
    TooBig(usize) = 3,
    Invalid = 3,
}

// rustc reports the repeated discriminant on the enum, once; the generated code enum repeats
// none, and code using the status type reports nothing more.
fn main() {
    let error = Error::too_big(4);
    assert!(error.is_too_big());
    let _: ErrorCode = error.code();
    assert!(Error::from(ErrorKind::Invalid).is_invalid());
}
