//! Messages that `status!` splits at compile time into literal text and arguments, plain (`{}`)
//! or hexadecimal (`{:x}`, `{:X}`, `{:#x}`, `{:#X}`).
//!
//! `status!(Code::X, "bad value {x}")` becomes the pieces `"bad value "` and `x`. An argument
//! that is an integer (`u8` to `u64`, `i8` to `i64`, `usize`, `isize`), a string (`str`, `&str`,
//! `String`) or a `bool` is written without `core::fmt`: the message's exact length is added up
//! first, then the pieces are written into its one allocation (integers straight into it, from
//! their last digit: in decimal, two digits at a time, or in hexadecimal with a hex spec, a
//! signed one as its bits in its own width), which is what `format!` would write for them. A
//! message with any other argument is formatted through `core::fmt` (its `Display`, or
//! `LowerHex`/`UpperHex`) with the same result, one allocation too. A placeholder with any
//! other format spec (`{x:?}`, `{:>4}`, `{x:08x}`) never reaches this module: `status!` hands
//! such a message to `format_args!` whole.
//!
//! Which kind an argument is, is decided at compile time by method resolution (the generated
//! code calls `(&&PieceOf(&arg)).__fast_status_piece()`): [`ViaExact`] is implemented for
//! `&&PieceOf<T>` of the types above, [`ViaDisplay`] for `&PieceOf<T>` of every `T`, and the
//! method on the reference with fewer `&` wins. Generic code (`T: Display`) takes the
//! `Display` route.
//!
//! The error site keeps only the routed arguments: `status!` generates a cold, out-of-line
//! function for each split message, which receives them (an integer or a `bool` by value, a
//! string as a `&str`, any other argument by reference), so no piece array is built in the
//! caller's code. That function passes the message's parts, its literal text as [`Text`] and
//! the routed arguments, as a tuple to [`Parts::make`], compiled once for each shape of message
//! (the parts' types, in order), which writes them with no loop and no match on their kinds.
//! A message of more than 12 pieces is written by a loop over them (`Repr::from_pieces`).

use core::fmt::{Display, LowerHex, UpperHex};
use core::panic::Location;

use crate::backtrace::Backtraces;
use crate::repr::Repr;

/// One piece of a message split by `status!`.
#[derive(Clone, Copy)]
pub enum Piece<'a> {
    /// Text written as it is: literal text, or a string argument.
    Str(&'a str),
    /// An unsigned integer argument, in decimal.
    Unsigned(u64),
    /// A signed integer argument, in decimal.
    Signed(i64),
    /// An integer argument in hexadecimal (`{:x}`, `{:X}`, `{:#x}`, `{:#X}`): its bits in its
    /// own width (a negative one in two's complement, as `LowerHex` writes it).
    Hex {
        /// The bits.
        value: u64,
        /// `A`-`F` rather than `a`-`f`.
        upper: bool,
        /// After `0x`.
        prefix: bool,
    },
    /// Any other argument, written by its `Display`.
    Display(&'a dyn Display),
    /// Any other argument with `{:x}` or `{:#x}` (`prefix`), written by its `LowerHex`.
    LowerHex(&'a dyn LowerHex, bool),
    /// Any other argument with `{:X}` or `{:#X}` (`prefix`), written by its `UpperHex`.
    UpperHex(&'a dyn UpperHex, bool),
}

/// A reference to one `status!` argument, whose type picks its route: [`ViaExact`] or
/// [`ViaDisplay`].
pub struct PieceOf<'a, T: ?Sized>(pub &'a T);

/// An argument written without `core::fmt`: an integer or a `bool` by value, a string as a
/// `&str`. It becomes a [`Piece`] in the function that makes the status, out of the caller's
/// code; holding the value rather than a reference to it lets the caller keep the argument in a
/// register.
pub struct Exact<T>(T);

/// The route of an argument written without `core::fmt`: implemented for `&&PieceOf<T>` of the
/// integer and string types (and for `&&LowerHexOf<T>` and `&&UpperHexOf<T>` of the integer
/// types), so method resolution prefers it to [`ViaDisplay`] and [`ViaFormat`].
pub trait ViaExact {
    /// What the argument is carried as: the value, or a `&str`.
    type Value;

    /// The argument, to be written without `core::fmt`.
    fn __fast_status_piece(self) -> Exact<Self::Value>;
}

/// The route of any other argument: implemented for `&PieceOf<T>` of every `T`. Its result
/// becomes a piece through [`IntoPiece`], which asks for `T: Display` (so a missing `Display`
/// is reported on the argument, as by `format_args!`).
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

/// A routed argument of a plain placeholder (`{}`): an `Exact` or a `Displayed`. The
/// function a split message's `status!` generates takes each argument as one of these and makes
/// its piece there.
pub trait IntoPiece<'s> {
    /// Whether the piece is written without `core::fmt` (all but a `Display` piece).
    const EXACT: bool = true;

    /// What it is as a part of a tuple of [`Parts`]: an integer widened to 64 bits, a `bool`
    /// as its word, so that messages whose arguments differ only in those types share a shape.
    type Part: IntoPiece<'s>;

    /// The part.
    fn into_part(self) -> Self::Part;

    /// The piece.
    fn into_piece(self) -> Piece<'s>;
}

impl<'s, T: Display + ?Sized> IntoPiece<'s> for Displayed<'s, T> {
    const EXACT: bool = false;

    type Part = Self;

    #[inline]
    fn into_part(self) -> Self {
        self
    }

    #[inline]
    fn into_piece(self) -> Piece<'s> {
        Piece::Display(self.0)
    }
}

/// A routed argument of a hex placeholder (`{:x}`, `{:X}`, `{:#x}`, `{:#X}`): an integer's
/// `Exact`, or a `LowerHexed` or `UpperHexed`.
pub trait IntoHexPiece<'s> {
    /// Whether the piece is written without `core::fmt` (an integer's).
    const EXACT: bool = true;

    /// What it is as a part (see [`IntoPiece::Part`]): an integer as its bits in its own
    /// width, widened to 64.
    type Part: IntoHexPiece<'s>;

    /// The part.
    fn into_hex_part(self) -> Self::Part;

    /// The piece: `A`-`F` if `upper` (for an integer), after `0x` if `prefix`.
    fn into_hex_piece(self, upper: bool, prefix: bool) -> Piece<'s>;
}

/// `ViaExact` on `$of`'s double reference for each type that is carried by value.
macro_rules! via_exact {
    ($of:ident: $($ty:ty),*) => {$(
        impl ViaExact for &&$of<'_, $ty> {
            type Value = $ty;

            #[inline]
            fn __fast_status_piece(self) -> Exact<$ty> {
                Exact(*self.0)
            }
        }
    )*};
}

/// The integers' pieces: in decimal, the value widened losslessly into the piece's integer; in
/// hexadecimal, the value's bits in its own width.
macro_rules! exact_integer {
    ($variant:ident($wide:ty): $($ty:ty as $bits:ty),*) => {$(
        impl<'s> IntoPiece<'s> for Exact<$ty> {
            type Part = Exact<$wide>;

            #[inline]
            fn into_part(self) -> Exact<$wide> {
                // Lossless, as in `into_piece`.
                #[allow(clippy::cast_lossless, clippy::useless_conversion)]
                Exact(self.0 as $wide)
            }

            #[inline]
            fn into_piece(self) -> Piece<'s> {
                // Lossless: `usize` and `isize` are at most 64 bits on every target Rust
                // supports, and the other types are no wider than `$wide`.
                #[allow(clippy::cast_lossless)]
                Piece::$variant(self.0 as $wide)
            }
        }

        impl<'s> IntoHexPiece<'s> for Exact<$ty> {
            type Part = Exact<u64>;

            #[inline]
            fn into_hex_part(self) -> Exact<u64> {
                // The bits in the type's own width, as in `into_hex_piece`.
                #[allow(
                    clippy::cast_sign_loss,
                    clippy::cast_lossless,
                    reason = "two's complement in the type's width, as `LowerHex` writes it"
                )]
                Exact(self.0 as $bits as u64)
            }

            #[inline]
            fn into_hex_piece(self, upper: bool, prefix: bool) -> Piece<'s> {
                // The bits in the type's own width (`-1i8` is `ff`), then widened: lossless,
                // as `usize` is at most 64 bits on every target Rust supports.
                #[allow(
                    clippy::cast_sign_loss,
                    clippy::cast_lossless,
                    reason = "two's complement in the type's width, as `LowerHex` writes it"
                )]
                let value = self.0 as $bits as u64;
                Piece::Hex {
                    value,
                    upper,
                    prefix,
                }
            }
        }
    )*};
}

exact_integer!(Unsigned(u64): u8 as u8, u16 as u16, u32 as u32, u64 as u64, usize as usize);
exact_integer!(Signed(i64): i8 as u8, i16 as u16, i32 as u32, i64 as u64, isize as usize);
via_exact!(PieceOf: u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, bool);

impl<'a> ViaExact for &&PieceOf<'a, str> {
    type Value = &'a str;

    #[inline]
    fn __fast_status_piece(self) -> Exact<&'a str> {
        Exact(self.0)
    }
}

impl<'b> ViaExact for &&PieceOf<'_, &'b str> {
    type Value = &'b str;

    #[inline]
    fn __fast_status_piece(self) -> Exact<&'b str> {
        Exact(*self.0)
    }
}

#[cfg(feature = "alloc")]
impl<'a> ViaExact for &&PieceOf<'a, alloc::string::String> {
    type Value = &'a str;

    #[inline]
    fn __fast_status_piece(self) -> Exact<&'a str> {
        Exact(self.0.as_str())
    }
}

impl<'s> IntoPiece<'s> for Exact<&'s str> {
    type Part = Self;

    #[inline]
    fn into_part(self) -> Self {
        self
    }

    #[inline]
    fn into_piece(self) -> Piece<'s> {
        Piece::Str(self.0)
    }
}

impl<'s> IntoPiece<'s> for Exact<bool> {
    type Part = Exact<&'s str>;

    #[inline]
    fn into_part(self) -> Exact<&'s str> {
        Exact(if self.0 { "true" } else { "false" })
    }

    #[inline]
    fn into_piece(self) -> Piece<'s> {
        Piece::Str(if self.0 { "true" } else { "false" })
    }
}

/// A reference to one `status!` argument with a hex spec, whose type picks its route:
/// `LowerHexOf(&arg)` for `{:x}` and `{:#x}`, `UpperHexOf` for `{:X}` and `{:#X}`. An integer
/// (`u8` to `u64`, `i8` to `i64`, `usize`, `isize`) is written without `core::fmt`
/// ([`ViaExact`]); any other type by its formatting trait ([`ViaFormat`]).
macro_rules! hex_of {
    ($of:ident, $formatted:ident, $fmt:ident) => {
        #[doc = concat!("A `status!` argument with a hex spec, written by its `", stringify!($fmt), "` unless it is an integer.")]
        pub struct $of<'a, T: ?Sized>(pub &'a T);

        #[doc = concat!("An argument written by its `", stringify!($fmt), "`.")]
        pub struct $formatted<'s, T: ?Sized>(&'s &'s T);

        impl<'s, 'a: 's, T: ?Sized> ViaFormat<'s> for &'s $of<'a, T> {
            type Formatted = $formatted<'s, T>;

            #[inline]
            fn __fast_status_piece(self) -> $formatted<'s, T> {
                $formatted(&self.0)
            }
        }

        impl<'s, T: $fmt + ?Sized> IntoHexPiece<'s> for $formatted<'s, T> {
            const EXACT: bool = false;

            type Part = Self;

            #[inline]
            fn into_hex_part(self) -> Self {
                self
            }

            /// `upper` is the formatting trait's own.
            #[inline]
            fn into_hex_piece(self, _upper: bool, prefix: bool) -> Piece<'s> {
                Piece::$fmt(self.0, prefix)
            }
        }

        via_exact!($of: u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);
    };
}

/// The route of any other argument with a hex spec: implemented for `&LowerHexOf<T>` and
/// `&UpperHexOf<T>` of every `T`; its result becomes a piece through [`IntoHexPiece`], which
/// asks for the formatting trait (so a missing one is reported on the argument, as by
/// `format_args!`).
pub trait ViaFormat<'s> {
    /// The argument, to be written by its formatting trait.
    type Formatted;

    /// The argument, to be written by its formatting trait.
    fn __fast_status_piece(self) -> Self::Formatted;
}

hex_of!(LowerHexOf, LowerHexed, LowerHex);
hex_of!(UpperHexOf, UpperHexed, UpperHex);

/// The literal text of a split message, as a part (see [`Parts`]).
#[derive(Clone, Copy)]
pub struct Text(pub &'static str);

impl<'s> IntoPiece<'s> for Text {
    type Part = Self;

    #[inline]
    fn into_part(self) -> Self {
        self
    }

    #[inline]
    fn into_piece(self) -> Piece<'s> {
        Piece::Str(self.0)
    }
}

/// A routed argument of a hex placeholder, as a part (see [`Parts`]): `A`-`F` if `UPPER`,
/// after `0x` if `PREFIX`.
pub struct Hex<T, const UPPER: bool, const PREFIX: bool>(pub T);

impl<'s, T: IntoHexPiece<'s>, const UPPER: bool, const PREFIX: bool> IntoPiece<'s>
    for Hex<T, UPPER, PREFIX>
{
    const EXACT: bool = T::EXACT;

    type Part = Hex<T::Part, UPPER, PREFIX>;

    #[inline]
    fn into_part(self) -> Self::Part {
        Hex(self.0.into_hex_part())
    }

    #[inline]
    fn into_piece(self) -> Piece<'s> {
        self.0.into_hex_piece(UPPER, PREFIX)
    }
}

/// The parts of a split message, in order, as a tuple of up to 12 (as the standard library's
/// tuple impls): [`Text`] for its literal text, and its routed arguments (an `Exact`, a
/// `Displayed`, a [`Hex`]). What the function `status!` generates passes to `from_parts`.
///
/// Each part's type says which kind of piece it makes: integers are widened to 64 bits and a
/// `bool` becomes its word first ([`IntoPiece::into_part`]), so messages that differ only in
/// those types have the same parts. A message of text, integers and strings (`EXACT`) is made
/// by `make`, compiled once for each sequence of part types (a message's shape) rather than
/// for each message, which writes it with no loop over its pieces and no match on their kinds
/// (`Repr::from_piece_array`, inlined into it): messages of the same shape share it, their
/// literal text an argument. A message with a `Display` part is made from its `pieces` by
/// `Repr::from_pieces`, whose first pass formats it.
pub trait Parts<'s> {
    /// Whether every part is written without `core::fmt`.
    const EXACT: bool;

    /// The parts as pieces: an array.
    type Pieces: AsRef<[Piece<'s>]>;

    /// The parts as pieces.
    fn pieces(self) -> Self::Pieces;

    /// The heap status of code `raw` with this message, for `EXACT` parts (see
    /// `Repr::from_pieces`).
    fn make(self, raw: u32, location: &'static Location<'static>, backtraces: Backtraces) -> Repr;
}

/// `Parts` for the tuples of each length, given as the parts' type names and their indices.
macro_rules! parts {
    ($(($len:literal: $($part:ident $index:tt),+))*) => {$(
        impl<'s, $($part: IntoPiece<'s>),+> Parts<'s> for ($($part,)+) {
            const EXACT: bool = $($part::EXACT)&&+;

            type Pieces = [Piece<'s>; $len];

            #[inline]
            fn pieces(self) -> Self::Pieces {
                [$(self.$index.into_piece()),+]
            }

            #[cold]
            #[inline(never)]
            fn make(
                self,
                raw: u32,
                location: &'static Location<'static>,
                backtraces: Backtraces,
            ) -> Repr {
                Repr::from_piece_array(raw, self.pieces(), location, backtraces)
            }
        }
    )*};
}

parts! {
    (1: A 0)
    (2: A 0, B 1)
    (3: A 0, B 1, C 2)
    (4: A 0, B 1, C 2, D 3)
    (5: A 0, B 1, C 2, D 3, E 4)
    (6: A 0, B 1, C 2, D 3, E 4, F 5)
    (7: A 0, B 1, C 2, D 3, E 4, F 5, G 6)
    (8: A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7)
    (9: A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8)
    (10: A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9)
    (11: A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10)
    (12: A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7, I 8, J 9, K 10, L 11)
}
