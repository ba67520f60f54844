//! Messages that `status!` splits at compile time into literal text and plain `{}` arguments.
//!
//! `status!(Code::X, "bad value {x}")` becomes the pieces `"bad value "` and `x`. An argument
//! that is an integer (`u8` to `u64`, `i8` to `i64`, `usize`, `isize`), a string (`str`, `&str`,
//! `String`) or a `bool` is written without `core::fmt`: the message's exact length is added up
//! first, then the pieces are copied into its one allocation (integers through [`Decimal`]),
//! which is what `{}` would write for them. A message with any other argument is formatted
//! through `core::fmt` with the same result, one allocation too. A placeholder with a format
//! spec (`{x:?}`, `{:>4}`) never reaches this module: `status!` hands such a message to
//! `format_args!` whole.
//!
//! Which kind an argument is, is decided at compile time by method resolution (the generated
//! code calls `(&&PieceOf(&arg)).__fast_status_piece()`): [`ViaExact`] is implemented for
//! `&&PieceOf<T>` of the types above, [`ViaDisplay`] for `&PieceOf<T>` of every `T`, and the
//! method on the reference with fewer `&` wins. Generic code (`T: Display`) takes the
//! `Display` route.

#[cfg(feature = "alloc")]
use core::fmt;
use core::fmt::Display;
use core::panic::Location;

use crate::repr::Repr;
#[cfg(feature = "alloc")]
use crate::repr::{Decimal, MessageSink, decimal_len};

/// One piece of a message split by `status!`.
#[derive(Clone, Copy)]
pub enum Piece<'a> {
    /// Text written as it is: literal text, or a string argument.
    Str(&'a str),
    /// An unsigned integer argument, in decimal.
    Unsigned(u64),
    /// A signed integer argument, in decimal.
    Signed(i64),
    /// Any other argument, written by its `Display`.
    Display(&'a dyn Display),
}

impl Piece<'_> {
    /// The bytes this piece writes; `None` for a `Display` piece, whose length is known only
    /// once formatted.
    #[cfg(feature = "alloc")]
    #[inline]
    fn len(&self) -> Option<usize> {
        Some(match *self {
            Piece::Str(text) => text.len(),
            Piece::Unsigned(n) => decimal_len(n),
            Piece::Signed(n) => usize::from(n < 0) + decimal_len(n.unsigned_abs()),
            Piece::Display(_) => return None,
        })
    }

    /// Writes the piece into `sink`; an error is a `Display` piece's.
    #[cfg(feature = "alloc")]
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "used by both routes, LLVM would keep it out of line: a call per piece, about 20 \
                  more instructions for `\"bad value {x}\"` (BENCHMARKS.md, formatted4)"
    )]
    fn write_to(&self, sink: &mut MessageSink<'_>) -> fmt::Result {
        match *self {
            Piece::Str(text) => sink.push_str(text),
            Piece::Unsigned(n) => sink.push_str(Decimal::new(n).as_str()),
            Piece::Signed(n) => {
                if n < 0 {
                    sink.push_str("-");
                }
                sink.push_str(Decimal::new(n.unsigned_abs()).as_str());
            }
            Piece::Display(value) => return fmt::Write::write_fmt(sink, format_args!("{value}")),
        }
        Ok(())
    }
}

/// Writes `pieces` into `sink`, one after the other, up to the first that fails.
#[cfg(feature = "alloc")]
#[inline]
fn write_all(pieces: &[Piece<'_>], sink: &mut MessageSink<'_>) {
    for piece in pieces {
        if piece.write_to(sink).is_err() {
            return;
        }
    }
}

impl Repr {
    /// A heap status whose message is `pieces`, one after the other, with one allocation of its
    /// length, and a backtrace when they are enabled.
    ///
    /// Without a `Display` piece, the length is added up and the pieces copied, with no
    /// `core::fmt`. With one, the pieces are written as [`Repr::from_args`] writes a message
    /// (measured on the stack first), and a `Display` that fails ends the message there.
    /// Without memory, the result is the inline code.
    #[cold]
    #[inline(never)]
    #[must_use]
    pub fn from_pieces(
        raw: u32,
        pieces: &[Piece<'_>],
        location: &'static Location<'static>,
    ) -> Self {
        #[cfg(feature = "alloc")]
        {
            let len = pieces
                .iter()
                .try_fold(0_usize, |len, piece| len.checked_add(piece.len()?));
            let written = match len {
                // No `Display` piece, so no piece fails.
                Some(len) => Self::alloc_exact(raw, Some(location), None, len, |sink| {
                    for piece in pieces {
                        let _ = piece.write_to(sink);
                    }
                }),
                None => Self::alloc_formatted(raw, Some(location), |sink| write_all(pieces, sink)),
            };
            Self::created(raw, written)
        }
        #[cfg(not(feature = "alloc"))]
        {
            let _ = (pieces, location);
            Self::inline(raw)
        }
    }
}

/// A reference to one `status!` argument, whose type picks its [`Piece`] kind.
pub struct PieceOf<'a, T: ?Sized>(pub &'a T);

/// The piece of an argument written without `core::fmt`: implemented for `&&PieceOf<T>` of the
/// integer and string types, so method resolution prefers it to [`ViaDisplay`].
pub trait ViaExact<'a> {
    /// The argument as a piece.
    fn __fast_status_piece(self) -> Piece<'a>;
}

/// The piece of any other argument: implemented for `&PieceOf<T>` of every `T`. Its result
/// becomes a piece through [`piece`], which asks for `T: Display` (so a missing `Display` is
/// reported as by `format_args!`).
pub trait ViaDisplay<'s, T: ?Sized> {
    /// The argument, to be written by its `Display`.
    fn __fast_status_piece(self) -> Displayed<'s, T>;
}

/// An argument written by its `Display` (see [`ViaDisplay`]).
pub struct Displayed<'s, T: ?Sized>(&'s &'s T);

impl<'s, 'a: 's, T: ?Sized> ViaDisplay<'s, T> for &'s PieceOf<'a, T> {
    #[inline]
    fn __fast_status_piece(self) -> Displayed<'s, T> {
        Displayed(&self.0)
    }
}

/// What either route's method returns: a [`Piece`] or a [`Displayed`].
pub trait IntoPiece<'s> {
    /// The piece.
    fn into_piece(self) -> Piece<'s>;
}

impl<'s> IntoPiece<'s> for Piece<'s> {
    #[inline]
    fn into_piece(self) -> Piece<'s> {
        self
    }
}

impl<'s, T: Display + ?Sized> IntoPiece<'s> for Displayed<'s, T> {
    #[inline]
    fn into_piece(self) -> Piece<'s> {
        Piece::Display(self.0)
    }
}

/// The piece of one argument, from either route.
#[inline]
pub fn piece<'s>(of: impl IntoPiece<'s>) -> Piece<'s> {
    of.into_piece()
}

/// `ViaExact` for types whose value converts losslessly into a piece's integer.
macro_rules! via_exact_integer {
    ($variant:ident($wide:ty): $($ty:ty),*) => {$(
        impl<'a> ViaExact<'a> for &&PieceOf<'a, $ty> {
            #[inline]
            fn __fast_status_piece(self) -> Piece<'a> {
                // Lossless: `usize` and `isize` are at most 64 bits on every target Rust
                // supports, and the other types are no wider than `$wide`.
                #[allow(clippy::cast_lossless)]
                Piece::$variant(*self.0 as $wide)
            }
        }
    )*};
}

via_exact_integer!(Unsigned(u64): u8, u16, u32, u64, usize);
via_exact_integer!(Signed(i64): i8, i16, i32, i64, isize);

impl<'a> ViaExact<'a> for &&PieceOf<'a, str> {
    #[inline]
    fn __fast_status_piece(self) -> Piece<'a> {
        Piece::Str(self.0)
    }
}

impl<'a> ViaExact<'a> for &&PieceOf<'a, &str> {
    #[inline]
    fn __fast_status_piece(self) -> Piece<'a> {
        Piece::Str(self.0)
    }
}

#[cfg(feature = "alloc")]
impl<'a> ViaExact<'a> for &&PieceOf<'a, alloc::string::String> {
    #[inline]
    fn __fast_status_piece(self) -> Piece<'a> {
        Piece::Str(self.0)
    }
}

impl<'a> ViaExact<'a> for &&PieceOf<'a, bool> {
    #[inline]
    fn __fast_status_piece(self) -> Piece<'a> {
        Piece::Str(if *self.0 { "true" } else { "false" })
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use alloc::string::ToString;
    use alloc::vec::Vec;

    use super::Piece;

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
            assert_eq!(Piece::Unsigned(n).len(), Some(n.to_string().len()), "{n}");
            #[allow(
                clippy::cast_possible_wrap,
                reason = "every bit pattern is a test value"
            )]
            let signed = [n as i64, (n as i64).wrapping_neg(), i64::MIN];
            for s in signed {
                assert_eq!(Piece::Signed(s).len(), Some(s.to_string().len()), "{s}");
            }
        }
        assert_eq!(Piece::Str("é!").len(), Some(3));
        assert_eq!(Piece::Display(&1.5_f64).len(), None);
    }
}
