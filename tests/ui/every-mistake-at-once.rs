// Every mistake is reported in one build, and code using the status type sees no follow-on
// errors (the fallback expansion still defines it).
use fast_status::FastStatus;

#[derive(FastStatus, Clone, Copy)]
#[status(name = Status, colour = "red")]
enum StatusCode {
    Success,
    Invalid(u32),
    Negative = -2,
    #[status(from = std::io::Error)]
    IOError,
    #[status(from = std::io::Error)]
    IoError,
}

fn uses_it(status: Status) -> String {
    status.to_string()
}

fn main() {
    let _ = uses_it;
}
