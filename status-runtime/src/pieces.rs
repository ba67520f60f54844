//! Messages that `status!` splits at compile time into literal text and arguments, plain (`{}`)
//! or hexadecimal (`{:x}`, `{:X}`, `{:#x}`, `{:#X}`).
//!
//! `status!(Code::X, "bad value {x}")` becomes the pieces `"bad value "` and `x`. An argument
//! that is an integer (`u8` to `u64`, `i8` to `i64`, `usize`, `isize`), a string (`str`, `&str`,
//! `String`) or a `bool` is written without `core::fmt`: the message's exact length is added up
//! first, then the pieces are copied into its one allocation (integers in decimal, two digits at
//! a time, or in hexadecimal with a hex spec, a signed one as its bits in its own width), which
//! is what `format!` would write for them. A message with any other argument is formatted
//! through `core::fmt` (its `Display`, or `LowerHex`/`UpperHex`) with the same result, one
//! allocation too. A placeholder with any other format spec (`{x:?}`, `{:>4}`, `{x:08x}`) never
//! reaches this module: `status!` hands such a message to `format_args!` whole.
//!
//! Which kind an argument is, is decided at compile time by method resolution (the generated
//! code calls `(&&PieceOf(&arg)).__fast_status_piece()`): [`ViaExact`] is implemented for
//! `&&PieceOf<T>` of the types above, [`ViaDisplay`] for `&PieceOf<T>` of every `T`, and the
//! method on the reference with fewer `&` wins. Generic code (`T: Display`) takes the
//! `Display` route.

use core::fmt::{Display, LowerHex, UpperHex};

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

/// A reference to one `status!` argument with a hex spec, whose type picks its [`Piece`]:
/// `LowerHexOf(&arg, prefix)` for `{:x}` and `{:#x}`, `UpperHexOf` for `{:X}` and `{:#X}`. An
/// integer (`u8` to `u64`, `i8` to `i64`, `usize`, `isize`) is written without `core::fmt`
/// ([`ViaExact`]); any other type by its formatting trait ([`ViaFormat`]).
macro_rules! hex_of {
    ($of:ident, $formatted:ident, $fmt:ident, $upper:literal) => {
        #[doc = concat!("A `status!` argument with a hex spec, written by its `", stringify!($fmt), "` unless it is an integer.")]
        pub struct $of<'a, T: ?Sized>(pub &'a T, pub bool);

        #[doc = concat!("An argument written by its `", stringify!($fmt), "`.")]
        pub struct $formatted<'s, T: ?Sized>(&'s &'s T, bool);

        impl<'s, 'a: 's, T: ?Sized> ViaFormat<'s> for &'s $of<'a, T> {
            type Formatted = $formatted<'s, T>;

            #[inline]
            fn __fast_status_piece(self) -> $formatted<'s, T> {
                $formatted(&self.0, self.1)
            }
        }

        impl<'s, T: $fmt + ?Sized> IntoPiece<'s> for $formatted<'s, T> {
            #[inline]
            fn into_piece(self) -> Piece<'s> {
                Piece::$fmt(self.0, self.1)
            }
        }

        via_exact_hex!($of, $upper: u8 as u8, u16 as u16, u32 as u32, u64 as u64,
            usize as usize, i8 as u8, i16 as u16, i32 as u32, i64 as u64, isize as usize);
    };
}

/// `ViaExact` for the integers with a hex spec: the value's bits in its own width.
macro_rules! via_exact_hex {
    ($of:ident, $upper:literal: $($ty:ty as $bits:ty),*) => {$(
        impl<'a> ViaExact<'a> for &&$of<'a, $ty> {
            #[inline]
            fn __fast_status_piece(self) -> Piece<'a> {
                // The bits in the type's own width (`-1i8` is `ff`), then widened: lossless,
                // as `usize` is at most 64 bits on every target Rust supports.
                #[allow(
                    clippy::cast_sign_loss,
                    clippy::cast_lossless,
                    reason = "two's complement in the type's width, as `LowerHex` writes it"
                )]
                let value = *self.0 as $bits as u64;
                Piece::Hex {
                    value,
                    upper: $upper,
                    prefix: self.1,
                }
            }
        }
    )*};
}

/// The piece of any other argument with a hex spec: implemented for `&LowerHexOf<T>` and
/// `&UpperHexOf<T>` of every `T`; its result becomes a piece through [`piece`], which asks for
/// the formatting trait (so a missing one is reported as by `format_args!`).
pub trait ViaFormat<'s> {
    /// The argument, to be written by its formatting trait.
    type Formatted;

    /// The argument, to be written by its formatting trait.
    fn __fast_status_piece(self) -> Self::Formatted;
}

hex_of!(LowerHexOf, LowerHexed, LowerHex, false);
hex_of!(UpperHexOf, UpperHexed, UpperHex, true);
