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

/// The decimal digits of a `u64`, written without `core::fmt`: at most 20 ASCII digits at the
/// end of a small array.
pub(crate) struct Decimal {
    /// ASCII digits only.
    digits: [u8; 20],
    /// Where the number starts: `digits[start..]`, at least one digit.
    start: usize,
}

impl Decimal {
    /// The digits of `n`, two at a time from the last.
    #[inline]
    pub(crate) fn new(n: u64) -> Self {
        const PAIRS: &[u8; 200] = b"\
            0001020304050607080910111213141516171819\
            2021222324252627282930313233343536373839\
            4041424344454647484950515253545556575859\
            6061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899";
        let mut digits = [b'0'; 20];
        let mut start = digits.len();
        let mut rest = n;
        while rest >= 100 {
            // Truncation is exact: the remainder is below 100.
            #[allow(clippy::cast_possible_truncation)]
            let pair = (rest % 100) as usize * 2;
            rest /= 100;
            start -= 2;
            digits[start] = PAIRS[pair];
            digits[start + 1] = PAIRS[pair + 1];
        }
        // Truncation is exact: `rest` is below 100 here.
        #[allow(clippy::cast_possible_truncation)]
        let rest = rest as usize;
        if rest >= 10 {
            start -= 2;
            digits[start] = PAIRS[rest * 2];
            digits[start + 1] = PAIRS[rest * 2 + 1];
        } else {
            start -= 1;
            digits[start] = PAIRS[rest * 2 + 1];
        }
        Self { digits, start }
    }

    /// The digits, as text.
    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        let digits = self.digits.get(self.start..).unwrap_or_default();
        // SAFETY: every byte of `digits` is an ASCII digit (the array starts as `b'0'` and `new`
        // writes only bytes of `PAIRS`), so any slice of it is UTF-8.
        unsafe { core::str::from_utf8_unchecked(digits) }
    }
}

/// The hexadecimal digits of a `u64`, written without `core::fmt`, as `{:x}`, `{:X}`, `{:#x}`
/// and `{:#X}` write them: at most 16 digits, after `0x` with the prefix, at the end of a small
/// array.
pub(crate) struct Hex {
    /// ASCII hex digits, and `0x` before them with the prefix.
    digits: [u8; 18],
    /// Where the text starts: `digits[start..]`.
    start: usize,
}

impl Hex {
    /// The digits of `n` (`A`-`F` when `upper`), after `0x` when `prefix`.
    #[inline]
    pub(crate) fn new(n: u64, upper: bool, prefix: bool) -> Self {
        let alphabet: &[u8; 16] = if upper {
            b"0123456789ABCDEF"
        } else {
            b"0123456789abcdef"
        };
        let mut digits = [b'0'; 18];
        let mut start = digits.len();
        let mut rest = n;
        loop {
            start -= 1;
            // Truncation is exact: the nibble is below 16.
            #[allow(clippy::cast_possible_truncation)]
            let nibble = (rest & 0xf) as usize;
            digits[start] = alphabet[nibble];
            rest >>= 4;
            if rest == 0 {
                break;
            }
        }
        if prefix {
            start -= 2;
            digits[start + 1] = b'x';
        }
        Self { digits, start }
    }

    /// The text.
    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        let digits = self.digits.get(self.start..).unwrap_or_default();
        // SAFETY: every byte of `digits` is ASCII: the array starts as `b'0'`, and `new` writes
        // only bytes of its alphabets and `b'x'`; so any slice of it is UTF-8.
        unsafe { core::str::from_utf8_unchecked(digits) }
    }
}

/// The length of what [`Hex`] writes for `n`: its hex digits, and 2 for the prefix.
#[inline]
pub(crate) fn hex_len(n: u64, prefix: bool) -> usize {
    // At most 64 significant bits: 16 digits; zero has one.
    let bits = (u64::BITS - (n | 1).leading_zeros()) as usize;
    bits.div_ceil(4) + if prefix { 2 } else { 0 }
}

/// The number of decimal digits of `n`, as [`Decimal`] writes them.
#[inline]
pub(crate) fn decimal_len(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |log| log as usize + 1)
}

/// The longest piece `copy_short` copies.
const SHORT: usize = 16;

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
    reason = "keeps `MessageSink::push_str` a leaf; measured in BENCHMARKS.md"
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
