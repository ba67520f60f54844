//! The status type the behaviour tests share: the crate docs' tour enum.
#![allow(dead_code)]

use fast_status::FastStatus;

/// Why a read failed.
#[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[status(name = Status)]
pub enum StatusCode {
    /// The allocator gave up.
    #[status(display = "Out of memory")]
    OutOfMemory = 1,
    /// A key was missing.
    #[status(display = "Key error")]
    KeyError,
    /// The input is malformed.
    Invalid,
    /// The operating system reported an error.
    #[status(from = std::io::Error)]
    IOError,
    /// Not built yet.
    NotImplemented,
    /// A code with a gap before it.
    Cancelled = 40,
    /// A parse error.
    #[status(from = std::num::ParseIntError)]
    Parse,
}
