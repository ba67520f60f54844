//! Creating heap statuses: a message written into the payload's one allocation, from
//! `format_args!`, from the pieces `status!` splits a message into, or from a foreign error
//! kept as the source. Safe code over `repr`.
//!
//! Nothing here aborts or panics when the allocator fails: a new status degrades to its code
//! alone.

use alloc::boxed::Box;
use core::fmt;
use core::mem::MaybeUninit;
use core::panic::Location;

use crate::backtrace::Backtraces;
use crate::pieces::Piece;
use crate::repr::{
    Extras, FIRST_PASS, MessageOf, MessageSink, Pending, Repr, Shared, Source, Stored, ValueType,
    decimal_len, hex_len, message_of,
};
use crate::sources::{BoxedError, StatusSource, may_be_status, shared_source};
use crate::traits::FastStatus;

impl Repr {
    /// A heap status with `message`, written as its type allows: text (`&str`, `String`,
    /// `Cow<str>`) copied as it is, `format_args!` formatted as it is, anything else through
    /// its `Display` ([`Repr::from_args`] for both). What the derive's constructors call:
    /// inlined into them, where the type is known, so a literal message calls no formatting
    /// code and `format_args!` is not wrapped in a second layer.
    #[inline]
    #[must_use]
    pub fn from_display<M: fmt::Display>(
        raw: u32,
        message: M,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Self {
        match message_of(&message) {
            MessageOf::Text(text) => Self::from_text(text, location, raw, backtraces),
            MessageOf::Args(args) => Self::from_args(*args, location, raw, backtraces),
            MessageOf::Display(message) => {
                Self::from_args(format_args!("{message}"), location, raw, backtraces)
            }
        }
    }

    /// A heap status of the variant of `raw` whose one field is a `String`, with `text` as
    /// that field, written as [`Repr::from_display`] writes a message: straight into the
    /// status's one allocation, with no `String` of its own. The status has no message; its
    /// kind is the variant, built from the text when asked ([`Repr::text_field`]). What the
    /// derive's constructor of such a variant calls, inlined into it. Without memory, the
    /// result is the inline code.
    #[inline]
    #[must_use]
    pub fn from_text_field<M: fmt::Display>(
        raw: u32,
        text: M,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Self {
        match message_of(&text) {
            MessageOf::Text(text) => Self::text_field_of_str(text, location, raw, backtraces),
            MessageOf::Args(args) => Self::text_field_of_args(*args, location, raw, backtraces),
            MessageOf::Display(text) => {
                Self::text_field_of_args(format_args!("{text}"), location, raw, backtraces)
            }
        }
    }

    /// [`Repr::from_text_field`] for text: copied.
    #[cold]
    #[inline(never)]
    fn text_field_of_str(
        text: &str,
        location: &'static Location<'static>,
        raw: u32,
        backtraces: Backtraces,
    ) -> Self {
        let written =
            Pending::with_text(text).map(|pending| pending.finish_text_field(raw, Some(location)));
        Self::created(raw, written, backtraces)
    }

    /// [`Repr::from_text_field`] for `format_args!`: one allocation, of the text's length.
    #[cold]
    #[inline(never)]
    fn text_field_of_args(
        args: fmt::Arguments<'_>,
        location: &'static Location<'static>,
        raw: u32,
        backtraces: Backtraces,
    ) -> Self {
        let written = formatted(args).map(|pending| pending.finish_text_field(raw, Some(location)));
        Self::created(raw, written, backtraces)
    }

    /// A heap status with the message `text`, copied into its single allocation, and a
    /// backtrace when they are enabled. Without memory, the result is the inline code.
    ///
    /// The message and location come first, in the registers a derived constructor
    /// (`Status::invalid(message)`, `#[track_caller]`) receives them in, so that the
    /// constructor, which is out of line, is the code's load and a jump (so is
    /// [`Repr::from_args`]).
    #[cold]
    #[inline(never)]
    #[must_use]
    pub fn from_text(
        text: &str,
        location: &'static Location<'static>,
        raw: u32,
        backtraces: Backtraces,
    ) -> Self {
        Self::created(
            raw,
            alloc_with_str(raw, text, Some(location), None),
            backtraces,
        )
    }

    /// A heap status with `args` formatted into its single allocation, of the message's
    /// length, and a backtrace when they are enabled.
    ///
    /// A literal message (`args.as_str()` is `Some`) is copied without formatting. A message
    /// of up to 128 bytes is formatted once, on the stack, then copied; a longer one is
    /// measured on that pass and formatted again, into its allocation. If a
    /// `Display` inside `args` returns an error, the message is what was written before it.
    /// If it panics, nothing is leaked and the panic goes on. Without memory, the result is the
    /// inline code.
    #[cold]
    #[inline(never)]
    #[must_use]
    pub fn from_args(
        args: fmt::Arguments<'_>,
        location: &'static Location<'static>,
        raw: u32,
        backtraces: Backtraces,
    ) -> Self {
        Self::created(raw, alloc_with_args(raw, args, Some(location)), backtraces)
    }

    /// A heap status whose message is `pieces`, one after the other, with one allocation of its
    /// length, and a backtrace when they are enabled.
    ///
    /// Without a `Display` piece, the length is added up and the pieces copied, with no
    /// `core::fmt` (as `Repr::from_piece_array` does, without the loop, for a message of up to
    /// 12 pieces). With one, the pieces are written as [`Repr::from_args`] writes a message
    /// (measured on the stack first), and a `Display` that fails ends the message there.
    /// Without memory, the result is the inline code.
    #[cold]
    #[inline(never)]
    #[must_use]
    pub fn from_pieces(
        raw: u32,
        pieces: &[Piece<'_>],
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Self {
        let len = pieces
            .iter()
            .try_fold(0_usize, |len, piece| len.checked_add(exact_len(piece)?));
        let written = match len {
            // No `Display` piece, so no piece fails.
            Some(len) => alloc_exact(raw, Some(location), None, len, |sink| {
                for piece in pieces {
                    let _ = write_piece(piece, sink);
                }
            }),
            None => alloc_formatted(|sink| {
                for piece in pieces {
                    if write_piece(piece, sink).is_err() {
                        return;
                    }
                }
            })
            .map(|pending| pending.finish(raw, Some(location), None)),
        };
        Self::created(raw, written, backtraces)
    }

    /// [`Repr::from_pieces`] for pieces by value: inlined into `Parts::make`, which is compiled
    /// once for each shape of message (the kinds of its pieces, in order), where each piece's
    /// kind is a constant. A message of text, integers and strings is then measured and written
    /// with no loop over its pieces and no match on their kinds; one with a `Display` piece
    /// calls `from_pieces`.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "the point: the pieces' kinds are constants only where the array is built"
    )]
    #[must_use]
    pub(crate) fn from_piece_array<const N: usize>(
        raw: u32,
        pieces: [Piece<'_>; N],
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Self {
        let mut len = Some(0_usize);
        each_piece(
            &pieces,
            #[inline(always)]
            |piece| {
                // `None` only for a `Display` piece (a constant here). A sum past `usize::MAX`
                // saturates, and no allocation has room for it: the message of a length no
                // memory holds is the inline code.
                len = match (len, exact_len(piece)) {
                    (Some(len), Some(more)) => Some(len.saturating_add(more)),
                    _ => None,
                };
            },
        );
        let Some(len) = len else {
            return Self::from_pieces(raw, &pieces, location, backtraces);
        };
        let written = alloc_exact(
            raw,
            Some(location),
            None,
            len,
            #[inline(always)]
            |sink| {
                // No `Display` piece, so no piece fails.
                each_piece(
                    &pieces,
                    #[inline(always)]
                    |piece| write_exact(piece, sink),
                );
            },
        );
        Self::created(raw, written, backtraces)
    }

    /// A heap status whose source is `error`, with no message: the error's text is shown once,
    /// as the first cause (Rust's convention, which chain-walking reports such as anyhow's and
    /// eyre's follow). If the source cannot be stored for want of memory, its `Display`
    /// becomes the message instead, so the text is kept; without memory for that either, the
    /// result is the inline code.
    #[cold]
    #[inline(never)]
    #[must_use]
    pub fn from_error<E>(
        raw: u32,
        error: E,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Self
    where
        E: core::error::Error + Send + Sync + 'static,
    {
        Self::from_source(raw, error, Shared::try_new_source, location, backtraces)
    }

    /// [`Repr::from_error`] for an error whose type is not known not to be a status
    /// (`or_status` on any `Result`): a status is recognised as one, so that reports show its
    /// creation site and a chain of such statuses is released in a loop.
    #[cold]
    #[inline(never)]
    #[must_use]
    pub fn from_any_error<E>(
        raw: u32,
        error: E,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Self
    where
        E: core::error::Error + Send + Sync + 'static,
    {
        let share = if may_be_status::<E>() {
            shared_source
        } else {
            Shared::try_new_source
        };
        Self::from_source(raw, error, share, location, backtraces)
    }

    /// [`Repr::from_error`] for an error that is boxed, or converts into a box
    /// (`from = anyhow::Error`): `source()` gives back the boxed error itself.
    #[cold]
    #[inline(never)]
    #[must_use]
    pub fn from_boxed_error(
        raw: u32,
        error: Box<dyn core::error::Error + Send + Sync>,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Self {
        Self::from_source(raw, BoxedError(error), shared_source, location, backtraces)
    }

    /// [`Repr::from_error`] for an error that is a status itself: reports show its creation
    /// site and context lines beneath it.
    #[cold]
    #[inline(never)]
    #[must_use]
    pub fn from_status<S: FastStatus>(
        raw: u32,
        status: S,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Self {
        Self::from_source(
            raw,
            StatusSource(status),
            Shared::try_new_source,
            location,
            backtraces,
        )
    }

    /// The status of `raw` whose source is `source`, shared by `share`, or with its text as
    /// the message when it cannot be stored.
    fn from_source<S: Stored>(
        raw: u32,
        source: S,
        share: fn(S) -> Result<Source, S>,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Self {
        // The source first, then one allocation for the payload and its extras: if either
        // cannot be had, the source is still here to give its text.
        let source = match share(source) {
            Ok(source) => source,
            Err(source) => return Self::with_text_of(raw, source.error(), location, backtraces),
        };
        let mut source = Some(source);
        let made =
            Self::alloc_with_extras(raw, "", Some(location), || Extras::of_source(source.take()));
        match (made, source) {
            (Some(repr), _) => Self::created(raw, Some(repr), backtraces),
            (None, Some(source)) => Self::with_text_of(raw, source.error(), location, backtraces),
            (None, None) => Self::inline(raw),
        }
    }

    /// The status of `raw` with `error`'s text as its message: a source that cannot be kept.
    fn with_text_of(
        raw: u32,
        error: &dyn core::error::Error,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Self {
        let written = alloc_with_args(raw, format_args!("{error}"), Some(location));
        Self::created(raw, written, backtraces)
    }

    /// A heap status whose body is the kind `make` returns, a variant with fields, made in
    /// place once the allocation succeeded (the constructor's fields go straight into the
    /// payload, unformatted): one allocation, and a backtrace when they are enabled. Without
    /// memory, the result is the inline code and `make` is dropped uncalled.
    ///
    /// Inlined into the derive's constructors, which are cold and out of line themselves: an
    /// error site is one call, which allocates and moves the fields in.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "one call at an error site (`compare`'s fields table, heap4 row)"
    )]
    #[must_use]
    pub fn from_kind<K: Send + Sync + 'static>(
        raw: u32,
        make: impl FnOnce() -> K,
        ty: &'static ValueType<K>,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Self {
        let heap = Self::alloc_value(raw, make, ty, Some(location)).ok();
        Self::created(raw, heap, backtraces)
    }

    /// Replaces the message with `message`, written as its type allows (as
    /// [`Repr::from_display`] writes it), keeping code, location, source, details and context
    /// lines. What the derive's `with_message` calls, inlined into it.
    #[inline]
    pub fn replace_message<M: fmt::Display>(&mut self, message: M) {
        match message_of(&message) {
            MessageOf::Text(text) => self.set_message_text(text),
            MessageOf::Args(args) => self.set_message(*args),
            MessageOf::Display(message) => self.set_message(format_args!("{message}")),
        }
    }

    /// Replaces the message with `text`, copied. Without memory for it, the status is left as
    /// it was.
    #[cold]
    #[inline(never)]
    pub fn set_message_text(&mut self, text: &str) {
        let new = alloc_with_str(self.raw_code(), text, self.location(), None);
        let _ = self.put_message(new);
    }

    /// Replaces the message, keeping code, location, source, details and context lines.
    /// Without memory for the new message, the status is left as it was.
    #[cold]
    #[inline(never)]
    pub fn set_message(&mut self, args: fmt::Arguments<'_>) {
        let new = alloc_with_args(self.raw_code(), args, self.location());
        let _ = self.put_message(new);
    }

    /// Replaces this status by `new`, a new payload (with the new message, or a text body's
    /// value), moving the extras into it; `false`, and the status left as it was, without
    /// `new` or memory for the extras' move.
    pub(crate) fn put_message(&mut self, new: Option<Self>) -> bool {
        let Some(mut new) = new else {
            return false;
        };
        let Ok(extras) = self.replacement_extras() else {
            new.release_heap();
            return false;
        };
        if let Some(payload) = new.payload_mut() {
            payload.set_extras(extras);
        }
        self.replace(new);
        true
    }

    /// A new status: `heap` with a backtrace when they are enabled and its type allows them,
    /// or the inline code `raw` when `heap` could not be allocated.
    #[inline]
    pub(crate) fn created(raw: u32, heap: Option<Self>, backtraces: Backtraces) -> Self {
        let Some(repr) = heap else {
            return Self::inline(raw);
        };
        // By value, so the common case keeps the word in a register.
        #[cfg(feature = "std")]
        // The switch first: with backtraces off (the common case) the policy is never read.
        // Anything but "known off" is decided by a cold call made last, so that the caller
        // keeps the word across no call (a heap kind's constructor saves fewer registers:
        // `compare`'s heap4 row).
        if backtraces == Backtraces::Env && !crate::backtrace::known_off() {
            return repr.traced();
        }
        #[cfg(not(feature = "std"))]
        let _ = backtraces;
        repr
    }

    /// This new status with a backtrace if capture is on (deciding it from the environment
    /// the first time): the cold end of [`Repr::created`].
    #[cfg(feature = "std")]
    #[cold]
    #[inline(never)]
    pub(crate) fn traced(self) -> Self {
        if crate::backtrace::enabled() {
            self.with_backtrace()
        } else {
            self
        }
    }

    /// This new heap status with a backtrace of its creation, if the allocator has room.
    #[cfg(feature = "std")]
    #[cold]
    #[inline(never)]
    fn with_backtrace(mut self) -> Self {
        // A new status: only this word holds it, and no source chain has been built yet.
        let Some(backtrace) = crate::backtrace::capture() else {
            return self;
        };
        if let Some(extras) = self
            .payload_mut()
            .and_then(|payload| payload.extras_or_insert(Extras::try_new_boxed))
        {
            extras.backtrace = Some(backtrace);
        }
        self
    }
}

/// A new payload with the message `args` formats, its header not yet written (the caller
/// finishes it as a message or a text body), or `None` if the allocator fails: one
/// allocation, of the message's length.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "one frame for `Repr::from_args`, the hot constructor (`compare`'s formatted4 row)"
)]
fn formatted(args: fmt::Arguments<'_>) -> Option<Pending> {
    match args.as_str() {
        Some(text) => Pending::with_text(text),
        None => alloc_formatted(|sink| {
            let _ = fmt::write(sink, args);
        }),
    }
}

/// A new payload with the message `write` puts into a sink, its header not yet written, or
/// `None` if the allocator fails. `write` runs once or twice and must write the same text each
/// time.
///
/// One allocation, of the message's length (see `FIRST_PASS`). A `Display` that writes more on
/// the second pass than on the first is cut at the measured length. If the allocator has no
/// room for a long message, the message is its first `FIRST_PASS` bytes. A panicking `Display`
/// frees what was allocated and the panic goes on.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "one frame for `Repr::from_args`, the hot constructor (`compare`'s formatted4 row)"
)]
fn alloc_formatted(write: impl Fn(&mut MessageSink<'_>)) -> Option<Pending> {
    let mut buffer = [MaybeUninit::<u8>::uninit(); FIRST_PASS];
    let mut first = MessageSink::new(&mut buffer);
    write(&mut first);
    if first.overflowed() {
        if let Some(mut pending) = Pending::new(first.total()) {
            pending.write(&write);
            return Some(pending);
        }
    }
    Pending::with_text(first.text())
}

/// A heap payload with `code`, `message`, `location` and `extras`, or `None` if the
/// allocator fails.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "one frame for `Repr::from_args`, the hot constructor (`compare`'s formatted4 row)"
)]
pub(crate) fn alloc_with_str(
    code: u32,
    message: &str,
    location: Option<&'static Location<'static>>,
    extras: Option<Box<Extras>>,
) -> Option<Repr> {
    Some(Pending::with_text(message)?.finish(code, location, extras))
}

/// A heap payload with `code`, the message `args` formats and `location`, or `None` if the
/// allocator fails.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "one frame for `Repr::from_args`, the hot constructor (`compare`'s formatted4 row)"
)]
fn alloc_with_args(
    code: u32,
    args: fmt::Arguments<'_>,
    location: Option<&'static Location<'static>>,
) -> Option<Repr> {
    formatted(args).map(|pending| pending.finish(code, location, None))
}

/// A heap payload whose message `write` puts into a sink of `len` bytes, or `None` if the
/// allocator fails. What `write` offers beyond `len` bytes is cut (at a char boundary), so a
/// wrong `len` shortens the message and nothing worse; a panic in `write` frees the
/// allocation.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "one frame for `Repr::from_args`, the hot constructor: out of line, the \
              formatted-message path pays a call (`compare`'s hex4 row)"
)]
fn alloc_exact(
    code: u32,
    location: Option<&'static Location<'static>>,
    extras: Option<Box<Extras>>,
    len: usize,
    write: impl FnOnce(&mut MessageSink<'_>),
) -> Option<Repr> {
    let mut pending = Pending::new(len)?;
    pending.write(write);
    Some(pending.finish(code, location, extras))
}

/// Calls `f` with each of `pieces` (at most 12, as many as `Parts` takes) by constant indices
/// rather than in a loop: inlined where the array is built (`Parts::make`), each piece's kind is
/// then a constant and `f`'s match on it folds, where LLVM would keep a loop (and a jump table)
/// over the 24-byte pieces.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "the unrolling is worth something only inlined where the pieces are made"
)]
fn each_piece<'a, const N: usize>(pieces: &[Piece<'a>; N], mut f: impl FnMut(&Piece<'a>)) {
    macro_rules! unrolled {
        ($($index:literal)*) => {$(
            if $index < N {
                f(&pieces[$index]);
            }
        )*};
    }
    const {
        assert!(
            N <= 12,
            "`Parts` is implemented for tuples of up to 12 parts"
        );
    };
    unrolled!(0 1 2 3 4 5 6 7 8 9 10 11);
}

/// The bytes `piece` writes; `None` for a `Display` piece, whose length is known only once
/// formatted.
#[inline]
fn exact_len(piece: &Piece<'_>) -> Option<usize> {
    Some(match *piece {
        Piece::Str(text) => text.len(),
        Piece::Unsigned(n) => decimal_len(n),
        Piece::Signed(n) => usize::from(n < 0) + decimal_len(n.unsigned_abs()),
        Piece::Hex { value, prefix, .. } => hex_len(value, prefix),
        Piece::Display(_) | Piece::LowerHex(..) | Piece::UpperHex(..) => return None,
    })
}

/// Writes `piece` into `sink`; an error is a `Display` piece's.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "used by both routes, LLVM would keep it out of line: a call per piece \
              (`compare`'s formatted4 row)"
)]
fn write_piece(piece: &Piece<'_>, sink: &mut MessageSink<'_>) -> fmt::Result {
    // One match over every kind: matching the exact kinds again in `write_exact` would test
    // each piece twice on the first-pass route.
    match *piece {
        Piece::Str(text) => sink.push_str(text),
        Piece::Unsigned(n) => sink.push_decimal(n),
        Piece::Signed(n) => push_signed(sink, n),
        Piece::Hex {
            value,
            upper,
            prefix,
        } => sink.push_hex(value, upper, prefix),
        Piece::Display(value) => return fmt::Write::write_fmt(sink, format_args!("{value}")),
        Piece::LowerHex(value, false) => {
            return fmt::Write::write_fmt(sink, format_args!("{value:x}"));
        }
        Piece::LowerHex(value, true) => {
            return fmt::Write::write_fmt(sink, format_args!("{value:#x}"));
        }
        Piece::UpperHex(value, false) => {
            return fmt::Write::write_fmt(sink, format_args!("{value:X}"));
        }
        Piece::UpperHex(value, true) => {
            return fmt::Write::write_fmt(sink, format_args!("{value:#X}"));
        }
    }
    Ok(())
}

/// Writes `piece` into `sink` if it is not a `Display` piece (those are `write_piece`'s): what
/// `from_piece_array` inlines for each of its pieces, with no formatting code to fold away.
#[inline(always)]
#[allow(clippy::inline_always, reason = "as `write_piece`")]
fn write_exact(piece: &Piece<'_>, sink: &mut MessageSink<'_>) {
    match *piece {
        Piece::Str(text) => sink.push_str(text),
        Piece::Unsigned(n) => sink.push_decimal(n),
        Piece::Signed(n) => push_signed(sink, n),
        Piece::Hex {
            value,
            upper,
            prefix,
        } => sink.push_hex(value, upper, prefix),
        Piece::Display(_) | Piece::LowerHex(..) | Piece::UpperHex(..) => {}
    }
}

/// Appends `n` in decimal, after `-` if negative.
#[inline(always)]
#[allow(clippy::inline_always, reason = "as `write_piece`")]
fn push_signed(sink: &mut MessageSink<'_>, n: i64) {
    if n < 0 {
        sink.push_str("-");
    }
    sink.push_decimal(n.unsigned_abs());
}

#[cfg(test)]
mod tests {
    use alloc::string::ToString;
    use alloc::vec::Vec;

    use super::{Piece, exact_len};

    /// Each power of ten, its neighbours, and the extremes.
    fn edges() -> Vec<u64> {
        let mut values = alloc::vec![0, 1, u64::MAX];
        let mut power = 1_u64;
        while let Some(next) = power.checked_mul(10) {
            power = next;
            values.extend([power - 1, power, power + 1]);
        }
        values
    }

    /// The lengths that choose the exact route are known for every integer and string piece,
    /// and are the lengths `Display` writes; a `Display` piece has none (so takes `core::fmt`).
    #[test]
    fn integer_and_string_pieces_have_exact_lengths() {
        for n in edges() {
            assert_eq!(
                exact_len(&Piece::Unsigned(n)),
                Some(n.to_string().len()),
                "{n}"
            );
            #[allow(
                clippy::cast_possible_wrap,
                reason = "every bit pattern is a test value"
            )]
            let signed = [n as i64, (n as i64).wrapping_neg(), i64::MIN];
            for s in signed {
                assert_eq!(
                    exact_len(&Piece::Signed(s)),
                    Some(s.to_string().len()),
                    "{s}"
                );
            }
        }
        assert_eq!(exact_len(&Piece::Str("é!")), Some(3));
        assert_eq!(exact_len(&Piece::Display(&1.5_f64)), None);
    }
}
