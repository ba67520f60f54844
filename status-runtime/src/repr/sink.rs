//! Message bytes written into a buffer: the stack buffer of a first formatting pass, or the
//! message bytes of a payload under construction. Also the decimal digits `status!` writes
//! for integer arguments without `core::fmt`.

use core::mem::MaybeUninit;
use core::ptr;

/// Messages up to this many bytes are formatted once, into a stack buffer, and copied into an
/// allocation of their exact length; a longer one is measured on that pass and formatted again,
/// into an allocation of its length. Either way, one allocation.
pub(crate) const FIRST_PASS: usize = 128;

/// Writes message bytes into a buffer (the stack buffer of a first pass, or the message bytes
/// of a payload under construction) and counts every byte offered.
///
/// Text that does not fit is cut at a char boundary and the sink closes, so the bytes written
/// are always valid UTF-8 and never followed by a later, smaller piece.
pub(crate) struct MessageSink<'a> {
    /// The first message byte: just after a payload's header, or a stack buffer's first.
    start: *mut u8,
    /// Bytes that may still be written: `len <= room`; set to `len` when the sink closes.
    room: usize,
    len: usize,
    /// Bytes offered but not written, once the sink is full.
    dropped: usize,
    /// The buffer `start` points into.
    buffer: core::marker::PhantomData<&'a mut [MaybeUninit<u8>]>,
}

impl<'a> MessageSink<'a> {
    /// An empty sink over `buffer`.
    pub(crate) fn new(buffer: &'a mut [MaybeUninit<u8>]) -> Self {
        Self {
            start: buffer.as_mut_ptr().cast::<u8>(),
            room: buffer.len(),
            len: 0,
            dropped: 0,
            buffer: core::marker::PhantomData,
        }
    }

    /// The text written so far.
    pub(crate) fn text(&self) -> &str {
        // SAFETY: the first `len` bytes were written by `push_str`, whole `&str`s appended in
        // order or the last one cut at a char boundary: initialised, valid UTF-8.
        unsafe { core::str::from_utf8_unchecked(core::slice::from_raw_parts(self.start, self.len)) }
    }

    /// Appends as much of `text` as fits.
    ///
    /// This runs once per piece the formatter writes (two for `"bad value {x}"`), so the path
    /// for a short piece that fits is a leaf without a stack frame: it is copied inline, with
    /// no `memcpy` call.
    #[inline]
    pub(crate) fn push_str(&mut self, text: &str) {
        let at = self.len;
        if text.len() <= SHORT && text.len() <= self.room - at {
            // Counted before the copy, so nothing is left to do after it.
            self.len = at + text.len();
            // SAFETY: `text.len() <= SHORT` and `<= room - at`; the `room` bytes after `start`
            // are the sink's buffer, which it borrows mutably; `text` is a separate borrow, so
            // the ranges do not overlap.
            unsafe { copy_short(text.as_bytes(), self.start.add(at)) };
        } else {
            self.push_long(text);
        }
    }

    /// `push_str` for a piece longer than `SHORT` bytes or one that does not fit.
    #[inline(never)]
    fn push_long(&mut self, text: &str) {
        let room = self.room - self.len;
        if text.len() <= room {
            // SAFETY: `text.len()` is at most the room left after `len`: the destination is
            // inside the sink's buffer, as in `push_str`.
            unsafe {
                ptr::copy_nonoverlapping(text.as_ptr(), self.start.add(self.len), text.len());
            }
            self.len += text.len();
        } else {
            self.cut(text, room);
        }
    }

    /// Appends the longest prefix of `text` that fits in `room` bytes and ends on a char
    /// boundary, then closes.
    #[cold]
    fn cut(&mut self, text: &str, room: usize) {
        let mut take = room;
        while !text.is_char_boundary(take) {
            take -= 1;
        }
        // SAFETY: `take <= room`, the room left after `len`: the destination is inside the
        // sink's buffer, as in `push_str`.
        unsafe { ptr::copy_nonoverlapping(text.as_ptr(), self.start.add(self.len), take) };
        self.len += take;
        self.room = self.len;
        self.dropped = self.dropped.wrapping_add(text.len() - take);
    }

    /// The bytes written.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Whether some text did not fit.
    pub(crate) fn overflowed(&self) -> bool {
        self.dropped > 0
    }

    /// Every byte offered: the message's length on a first pass.
    pub(crate) fn total(&self) -> usize {
        self.len.wrapping_add(self.dropped)
    }
}

/// Two decimal digits for each value below 100, in order: `PAIRS[2 * n..2 * n + 2]`.
const PAIRS: &[u8; 200] = b"\
    0001020304050607080910111213141516171819\
    2021222324252627282930313233343536373839\
    4041424344454647484950515253545556575859\
    6061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899";

/// The most bytes a number piece writes: `u64::MAX` in decimal, or `0x` and 16 hex digits.
const NUMBER_MAX: usize = 20;

impl MessageSink<'_> {
    /// Appends the decimal digits of `n`, as `Display` writes them, straight into the buffer:
    /// their count is known first ([`decimal_len`]), so they are written from the last.
    #[inline]
    pub(crate) fn push_decimal(&mut self, n: u64) {
        // SAFETY: `write_decimal` writes every byte of the slice it is given, in ASCII; a
        // decimal `u64` is at most `NUMBER_MAX` digits.
        unsafe { self.push_number(decimal_len(n), move |out| write_decimal(n, out)) };
    }

    /// Appends the hex digits of `n` (`A`-`F` when `upper`), after `0x` when `prefix`, as
    /// `LowerHex` and `UpperHex` write them.
    #[inline]
    pub(crate) fn push_hex(&mut self, n: u64, upper: bool, prefix: bool) {
        let write = move |out: &mut [MaybeUninit<u8>]| write_hex(n, upper, prefix, out);
        // SAFETY: `write_hex` writes every byte of the slice it is given, in ASCII; `0x` and
        // 16 hex digits are at most `NUMBER_MAX` bytes.
        unsafe { self.push_number(hex_len(n, prefix), write) };
    }

    /// Appends the `len` bytes `write` fills: in place when they fit, else through a stack
    /// buffer and `push_long`, which cuts them.
    ///
    /// # Safety
    ///
    /// `write` writes every byte of the slice it is given, in ASCII, and `len` is at most
    /// [`NUMBER_MAX`]: the bytes are counted as written message text once it returns.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "one call site per number kind, on the split-message path (`compare`'s formatted4 row)"
    )]
    unsafe fn push_number(&mut self, len: usize, write: impl FnOnce(&mut [MaybeUninit<u8>])) {
        let at = self.len;
        if len <= self.room - at {
            // SAFETY: the `len` bytes after the `at` written are inside the room (just checked),
            // in the buffer the sink borrows mutably; nothing else references them.
            let out = unsafe { core::slice::from_raw_parts_mut(self.start.add(at).cast(), len) };
            write(out);
            // Counted once written: `write` wrote every byte, in ASCII (the caller guarantees
            // it); if it panics, they are not counted.
            self.len = at + len;
        } else {
            // SAFETY: the caller's guarantees, passed on.
            unsafe { self.push_number_cut(len, write) };
        }
    }

    /// `push_number` for a number that does not fit in the room left: written on the stack,
    /// then appended by `push_long`, which cuts it. Out of line: it is the rare case (a message
    /// measured first always has room for its numbers).
    ///
    /// # Safety
    ///
    /// As `push_number`'s.
    #[cold]
    #[inline(never)]
    unsafe fn push_number_cut(&mut self, len: usize, write: impl FnOnce(&mut [MaybeUninit<u8>])) {
        let mut buffer = [MaybeUninit::new(b'0'); NUMBER_MAX];
        let out = &mut buffer[..len.min(NUMBER_MAX)];
        write(out);
        // SAFETY: every byte of `out` was initialised with the buffer, and `write` wrote
        // ASCII over it (the caller guarantees it): a `[u8]` of the same length, valid
        // UTF-8.
        let text = unsafe {
            let bytes = &*(ptr::from_mut(out) as *const [u8]);
            core::str::from_utf8_unchecked(bytes)
        };
        self.push_long(text);
    }
}

/// Writes the last `out.len()` decimal digits of `n` into `out`, two at a time from the last,
/// every byte of it: with `out.len() == decimal_len(n)`, the digits of `n`.
///
/// Out of line: inlined, its loop is compiled again into each shape of message (`Parts::make`),
/// a build cost for every crate with many message shapes, which a call per number saves
/// (`compare`'s formatted4 and hex4 rows measure the call).
#[inline(never)]
fn write_decimal(n: u64, out: &mut [MaybeUninit<u8>]) {
    let mut rest = n;
    let mut pairs = out.rchunks_exact_mut(2);
    for digits in &mut pairs {
        // Truncation is exact: the remainder is below 100.
        #[allow(clippy::cast_possible_truncation)]
        let pair = (rest % 100) as usize * 2;
        rest /= 100;
        digits[0].write(PAIRS[pair]);
        digits[1].write(PAIRS[pair + 1]);
    }
    if let [digit] = pairs.into_remainder() {
        // Truncation is exact: the remainder is below 10.
        #[allow(clippy::cast_possible_truncation)]
        digit.write(b'0' + (rest % 10) as u8);
    }
}

/// Writes the last hex digits of `n` into `out` (`A`-`F` when `upper`), after `0x` when
/// `prefix`, every byte of it: with `out.len() == hex_len(n, prefix)`, the digits of `n`.
/// Out of line, as `write_decimal`.
#[inline(never)]
fn write_hex(n: u64, upper: bool, prefix: bool, out: &mut [MaybeUninit<u8>]) {
    let alphabet: &[u8; 16] = if upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    let digits_start = if prefix && out.len() >= 2 {
        out[0].write(b'0');
        out[1].write(b'x');
        2
    } else {
        0
    };
    let mut rest = n;
    for digit in out[digits_start..].iter_mut().rev() {
        // Truncation is exact: the nibble is below 16.
        #[allow(clippy::cast_possible_truncation)]
        digit.write(alphabet[(rest & 0xf) as usize]);
        rest >>= 4;
    }
}

/// The length of what [`MessageSink::push_hex`] writes for `n`: its hex digits, and 2 for the
/// prefix.
#[inline]
pub(crate) fn hex_len(n: u64, prefix: bool) -> usize {
    // At most 64 significant bits: 16 digits; zero has one.
    let bits = (u64::BITS - (n | 1).leading_zeros()) as usize;
    bits.div_ceil(4) + if prefix { 2 } else { 0 }
}

/// The number of decimal digits of `n`, as [`MessageSink::push_decimal`] writes them: from its
/// bit length (`log10(2)` is about `1233 / 4096`), corrected by one comparison, without a
/// division.
#[inline]
pub(crate) fn decimal_len(n: u64) -> usize {
    /// `10^i`, for every `i` whose power fits a `u64`.
    const POWERS: [u64; 20] = {
        let mut powers = [1_u64; 20];
        let mut i = 1;
        while i < 20 {
            powers[i] = powers[i - 1] * 10;
            i += 1;
        }
        powers
    };
    let n = n | 1; // zero has one digit, as one does
    let bits = (u64::BITS - n.leading_zeros()) as usize; // 1..=64
    // At most `64 * 1233 >> 12 == 19`: a valid index.
    let guess = (bits * 1233) >> 12;
    guess + usize::from(n >= POWERS[guess])
}

/// The longest piece `copy_short` copies.
const SHORT: usize = 16;

/// The longest text [`copy_bytes`] copies inline, without a `memcpy` call.
pub(crate) const COPIED_INLINE: usize = 4 * 16;

/// Copies `src` to `dst`: inline up to [`COPIED_INLINE`] bytes (most messages and context
/// lines, and their pieces), in blocks of 16 from the start and ending at the end, which
/// overlap when the length is not a multiple of 16; longer ones with `memcpy`.
///
/// # Safety
///
/// `dst` is valid for `src.len()` bytes of writes and does not overlap `src`.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "out of line, the call and its frame cost more than the copy (context4)"
)]
pub(super) unsafe fn copy_bytes(src: &[u8], dst: *mut u8) {
    let n = src.len();
    let s = src.as_ptr();
    // SAFETY: as the caller guarantees; each block starts at an offset `at` with
    // `at + 16 <= n` (`16 < n` in the second case, `32 < n` in the third), so it is inside
    // `src` and inside `dst`'s `n` bytes.
    unsafe {
        if n <= SHORT {
            copy_short(src, dst);
        } else if n <= 2 * 16 {
            copy_block(s, dst, 0);
            copy_block(s, dst, n - 16);
        } else if n <= COPIED_INLINE {
            copy_block(s, dst, 0);
            copy_block(s, dst, 16);
            copy_block(s, dst, n - 32);
            copy_block(s, dst, n - 16);
        } else {
            ptr::copy_nonoverlapping(s, dst, n);
        }
    }
}

/// Copies the 16 bytes at offset `at` of `src` to the same offset of `dst`.
///
/// # Safety
///
/// `src` is valid for reads and `dst` for writes of the 16 bytes at `at`, and they do not
/// overlap.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "a load and a store: `copy_bytes`'s blocks, which must stay inline"
)]
unsafe fn copy_block(src: *const u8, dst: *mut u8, at: usize) {
    // SAFETY: as the caller guarantees; `read/write_unaligned` allow any alignment.
    unsafe {
        let bytes = src.add(at).cast::<u128>().read_unaligned();
        dst.add(at).cast::<u128>().write_unaligned(bytes);
    }
}

/// Copies `src`, at most [`SHORT`] bytes, to `dst` with at most two overlapping loads and
/// stores: what a formatter mostly writes (literal pieces, numbers) costs a few instructions
/// instead of a `memcpy` call.
///
/// # Safety
///
/// `src.len() <= SHORT`; `dst` is valid for `src.len()` bytes of writes and does not overlap
/// `src`.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "keeps `MessageSink::push_str` a leaf (`compare`'s formatted4 row)"
)]
unsafe fn copy_short(src: &[u8], dst: *mut u8) {
    let n = src.len();
    let s = src.as_ptr();
    debug_assert!(n <= SHORT);
    // SAFETY: every offset read is below `n`, inside `src`; every offset written is below `n`,
    // inside the caller's `dst` range. `read/write_unaligned` allow any alignment.
    unsafe {
        if n >= 8 {
            let head = s.cast::<u64>().read_unaligned();
            let tail = s.add(n - 8).cast::<u64>().read_unaligned();
            dst.cast::<u64>().write_unaligned(head);
            dst.add(n - 8).cast::<u64>().write_unaligned(tail);
        } else if n >= 4 {
            let head = s.cast::<u32>().read_unaligned();
            let tail = s.add(n - 4).cast::<u32>().read_unaligned();
            dst.cast::<u32>().write_unaligned(head);
            dst.add(n - 4).cast::<u32>().write_unaligned(tail);
        } else if n > 0 {
            *dst = *s;
            *dst.add(n / 2) = *s.add(n / 2);
            *dst.add(n - 1) = *s.add(n - 1);
        }
    }
}

impl core::fmt::Write for MessageSink<'_> {
    /// Never fails: a message longer than the room is measured to its end.
    #[inline]
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.push_str(s);
        Ok(())
    }
}
