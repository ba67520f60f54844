//! A `#![no_std]` library: the derive, `status!`, `bail!` and `ensure!` on `core` alone
//! (inline, static and packed statuses), or with `alloc` (heap statuses too).
#![no_std]
#![deny(missing_docs, warnings)]

use fast_status::{FastStatus, bail, ensure, status};

/// Why a frame could not be decoded.
#[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq)]
pub enum FrameCode {
    /// Fewer bytes than the header needs.
    #[status(display = "Short frame")]
    Short = 1,
    /// A reserved bit is set.
    Reserved,
    /// The length field is larger than the frame.
    Length,
}

/// The status for a frame with no bytes at all, built at compile time.
pub const EMPTY: Frame = status!(FrameCode::Short, "empty frame");

/// Decodes a frame's header byte and length.
///
/// # Errors
///
/// [`FrameCode::Short`], [`FrameCode::Reserved`] or [`FrameCode::Length`].
pub fn decode(frame: &[u8]) -> Result<(u8, usize), Frame> {
    let Some((&header, rest)) = frame.split_first() else {
        return Err(EMPTY);
    };
    ensure!(header & 0x80 == 0, FrameCode::Reserved, "reserved bit set");
    let len = usize::from(header & 0x7f);
    if len > rest.len() {
        // One allocation with `alloc`; the code alone on `core`.
        bail!(FrameCode::Length, "length {} but {} bytes follow", len, rest.len());
    }
    ensure!(len > 0, FrameCode::Short);
    Ok((header, len))
}

/// Why a packet was rejected: a kind enum with fields.
#[derive(FastStatus, Debug, PartialEq)]
#[status(name = Packet)]
pub enum PacketKind {
    /// Small fields (16 + 8 bits): packed into the word, on `core` alone too.
    #[status(display = "length {len} at byte {at}")]
    BadLength {
        /// The length read.
        len: u16,
        /// Where it was read.
        at: u8,
    },
    /// Two `usize`s: packed when each fits in 26 bits (on `core` alone too), else on the heap.
    #[status(display = "want {want} bytes, got {got}")]
    Truncated {
        /// The bytes needed.
        want: usize,
        /// The bytes there were.
        got: usize,
    },
    /// A field that does not pack: on the heap, so on `core` alone only its code is kept.
    #[status(display = "unknown protocol {0}")]
    Protocol(&'static str),
    /// No fields.
    #[status(display = "checksum mismatch")]
    Checksum,
}

/// Checks a packet's length byte and protocol tag.
///
/// # Errors
///
/// [`PacketKind::BadLength`] or [`PacketKind::Protocol`].
pub fn check(packet: &[u8]) -> Result<(), Packet> {
    let [len, tag, ..] = *packet else {
        return Err(PacketKind::Checksum.into());
    };
    if usize::from(len) != packet.len() {
        return Err(Packet::bad_length(u16::from(len), 0));
    }
    match tag {
        0 => Ok(()),
        1 => Err(Packet::protocol("legacy")),
        _ => Err(PacketKind::Protocol("unknown").into()),
    }
}
