//! Packing: which of a variant's fields ride in the status's word beside its code ([`Pack`],
//! decided per field type by [`PackField`] and [`OpaqueField`]), how they share its 32 bits,
//! and the word of a variant that needs no allocation ([`word_of`]).

use core::marker::PhantomData;

use crate::repr::Repr;

/// A field type that can ride in a status's word: its value fits in [`BITS`](Self::BITS) bits
/// (at most 32 for all of a variant's fields together) and comes back from them.
///
/// Implemented for `u8`, `u16`, `i8`, `i16`, `bool`, `char` and `()`, which always pack in
/// their bits, and for the integers of 32 bits and more (`u32`, `i32`, `u64`, `usize`, `i64`,
/// `isize`), whose values pack when they fit in an equal share of the bits the variant's other
/// fields leave (all 32 for one alone, 16 each for two; a status whose value does not fit takes
/// the heap path). Implement it for a fieldless enum of your own to pack it too:
///
/// ```
/// # use status_runtime as fast_status;
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// #[repr(u8)]
/// enum Side {
///     Left,
///     Right,
/// }
///
/// impl fast_status::Pack for Side {
///     const BITS: u32 = 1;
///
///     fn pack(self) -> Option<u32> {
///         Some(self as u32)
///     }
///
///     fn unpack(bits: u32) -> Option<Self> {
///         match bits {
///             0 => Some(Side::Left),
///             1 => Some(Side::Right),
///             _ => None,
///         }
///     }
/// }
/// ```
///
/// A wrong implementation gives wrong fields back from `kind()` (or `None`), nothing worse:
/// `unpack` sees only bits that `pack` returned.
pub trait Pack: Copy + 'static {
    /// The bits the packed form takes, at most 32.
    const BITS: u32;

    /// The value's bits (below `2^BITS`), or `None` if this value does not fit.
    fn pack(self) -> Option<u32>;

    /// The value `pack` made `bits` from.
    fn unpack(bits: u32) -> Option<Self>;

    /// Whether the type's width is shared: an integer of 32 bits or more, whose value packs
    /// into an equal share of the bits the variant's other fields leave, when it fits there.
    /// Used by the runtime.
    #[doc(hidden)]
    const __SHARED: bool = false;

    /// The value's bits in `width` bits: [`BITS`](Self::BITS), or a shared type's share. Used by
    /// the runtime.
    #[doc(hidden)]
    #[inline]
    fn __pack_in(self, width: u32) -> Option<u32> {
        let _ = width;
        self.pack()
    }

    /// The value `__pack_in(width)` made `bits` from. Used by the runtime.
    #[doc(hidden)]
    #[inline]
    #[must_use]
    fn __unpack_from(bits: u32, width: u32) -> Option<Self> {
        let _ = width;
        Self::unpack(bits)
    }
}

/// `Pack` for an unsigned integer narrower than 32 bits: always, in its bits.
macro_rules! pack_unsigned {
    ($($ty:ty),*) => {$(
        impl Pack for $ty {
            const BITS: u32 = <$ty>::BITS;

            #[inline]
            fn pack(self) -> Option<u32> {
                Some(u32::from(self))
            }

            #[inline]
            fn unpack(bits: u32) -> Option<Self> {
                <$ty>::try_from(bits).ok()
            }
        }
    )*};
}

/// `Pack` for a signed integer narrower than 32 bits: always, its two's complement bits.
macro_rules! pack_signed {
    ($($ty:ty => $unsigned:ty),*) => {$(
        impl Pack for $ty {
            const BITS: u32 = <$ty>::BITS;

            #[inline]
            #[allow(clippy::cast_sign_loss, reason = "the two's complement bits, on purpose")]
            fn pack(self) -> Option<u32> {
                Some(u32::from(self as $unsigned))
            }

            #[inline]
            #[allow(clippy::cast_possible_wrap, reason = "the two's complement bits, on purpose")]
            fn unpack(bits: u32) -> Option<Self> {
                <$unsigned>::try_from(bits).ok().map(|bits| bits as $ty)
            }
        }
    )*};
}

/// `Pack` for an integer of 32 bits or more, through `$wide`: its value packs when it fits in
/// the field's share of the word (all 32 bits for a variant's only field), as `$pack_in` and
/// `$unpack_from` write and read it in that many bits.
macro_rules! pack_shared {
    ($($ty:ty => $wide:ty, $pack_in:ident, $unpack_from:ident;)*) => {$(
        impl Pack for $ty {
            const BITS: u32 = 32;
            const __SHARED: bool = true;

            #[inline]
            fn pack(self) -> Option<u32> {
                self.__pack_in(32)
            }

            #[inline]
            fn unpack(bits: u32) -> Option<Self> {
                Self::__unpack_from(bits, 32)
            }

            #[inline]
            fn __pack_in(self, width: u32) -> Option<u32> {
                $pack_in(<$wide>::try_from(self).ok()?, width)
            }

            #[inline]
            fn __unpack_from(bits: u32, width: u32) -> Option<Self> {
                Self::try_from($unpack_from(bits, width)?).ok()
            }
        }
    )*};
}

pack_unsigned!(u8, u16);
pack_signed!(i8 => u8, i16 => u16);
pack_shared! {
    u32 => u64, pack_unsigned_in, unpack_unsigned_from;
    u64 => u64, pack_unsigned_in, unpack_unsigned_from;
    usize => u64, pack_unsigned_in, unpack_unsigned_from;
    i32 => i64, pack_signed_in, unpack_signed_from;
    i64 => i64, pack_signed_in, unpack_signed_from;
    isize => i64, pack_signed_in, unpack_signed_from;
}

/// `value`'s bits in `width` bits, if it is below `2^width`.
#[inline]
fn pack_unsigned_in(value: u64, width: u32) -> Option<u32> {
    // Exact: below `2^width`, and `width <= 32`.
    #[allow(clippy::cast_possible_truncation)]
    (width <= 32 && value >> width == 0).then_some(value as u32)
}

/// The value whose `width` bits are `bits` (masked to `width` already).
#[inline]
#[allow(
    clippy::unnecessary_wraps,
    reason = "the same signature as `unpack_signed_from`, for `pack_shared!`"
)]
fn unpack_unsigned_from(bits: u32, _: u32) -> Option<u64> {
    Some(u64::from(bits))
}

/// `value`'s two's complement bits in `width` bits, if it fits there (`-2^(width-1)` up to
/// `2^(width-1) - 1`; only zero in no bits).
#[inline]
fn pack_signed_in(value: i64, width: u32) -> Option<u32> {
    match width {
        0 => (value == 0).then_some(0),
        1..=32 => {
            let half = 1_i64 << (width - 1);
            // Exact: the value fits in `width <= 32` bits, and the mask keeps those.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            (-half..half)
                .contains(&value)
                .then(|| (value as u64 & ((1_u64 << width) - 1)) as u32)
        }
        _ => None,
    }
}

/// The value whose `width` two's complement bits are `bits`.
#[inline]
fn unpack_signed_from(bits: u32, width: u32) -> Option<i64> {
    match width {
        0 => (bits == 0).then_some(0),
        1..=32 => {
            let unused = 32 - width;
            // The sign bit moved to the top and back with an arithmetic shift, which copies it.
            #[allow(
                clippy::cast_possible_wrap,
                reason = "the two's complement bits, on purpose"
            )]
            Some(i64::from(((bits << unused) as i32) >> unused))
        }
        _ => None,
    }
}

impl Pack for bool {
    const BITS: u32 = 1;

    #[inline]
    fn pack(self) -> Option<u32> {
        Some(u32::from(self))
    }

    #[inline]
    fn unpack(bits: u32) -> Option<Self> {
        match bits {
            0 => Some(false),
            1 => Some(true),
            _ => None,
        }
    }
}

impl Pack for char {
    const BITS: u32 = 21;

    #[inline]
    fn pack(self) -> Option<u32> {
        Some(u32::from(self))
    }

    #[inline]
    fn unpack(bits: u32) -> Option<Self> {
        char::from_u32(bits)
    }
}

impl Pack for () {
    const BITS: u32 = 0;

    #[inline]
    fn pack(self) -> Option<u32> {
        Some(0)
    }

    #[inline]
    fn unpack(_: u32) -> Option<Self> {
        Some(())
    }
}

/// A field's type, for the compile-time choice between [`PackField`] (the type is [`Pack`]) and
/// [`OpaqueField`] (any other type).
pub struct Field<T>(PhantomData<T>);

impl<T> Field<T> {
    /// The probe for fields of type `T`.
    #[must_use]
    pub const fn new() -> Self {
        Self(PhantomData)
    }
}

impl<T> Default for Field<T> {
    fn default() -> Self {
        Self::new()
    }
}

/// How many bits a field of a type that packs takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    /// Always this many: the type's [`Pack::BITS`].
    Fixed(u32),
    /// A share of what the variant's fixed-width fields leave of 32 bits, split equally among
    /// its shared fields (an integer of 32 bits or more: [`Pack::__SHARED`]).
    Shared,
}

/// The bits each shared field of a variant gets, from all its fields' widths (`None` for a
/// field that does not pack): `None` when the variant does not pack.
///
/// The fields' types are constants where this is called, so it folds to a constant.
#[inline]
fn share_of(widths: &[Option<Width>]) -> Option<u32> {
    let (mut fixed, mut shared) = (0_u32, 0_u32);
    for width in widths {
        match (*width)? {
            Width::Fixed(bits) => fixed = fixed.checked_add(bits)?,
            Width::Shared => shared += 1,
        }
    }
    // A shared field takes one bit at least.
    if fixed.checked_add(shared)? > 32 {
        return None;
    }
    Some((32 - fixed).checked_div(shared).unwrap_or(0))
}

/// The bits a field of type `T` takes, given the variant's share.
#[inline]
fn width_of<T: Pack>(share: u32) -> u32 {
    if T::__SHARED { share } else { T::BITS }
}

/// A field whose type packs: implemented for `&&Field<T>` when `T: Pack`.
pub trait PackField<T> {
    /// How many bits the field takes.
    fn __fs_width(self) -> Option<Width>;

    /// The fields so far in `packer` and this one, or `None` if this value does not fit.
    fn __fs_pack(self, value: &T, packer: Packer) -> Option<Packer>;

    /// The field, from the packed fields.
    fn __fs_unpack(self, fields: &mut Unpacker) -> Option<T>;
}

impl<T: Pack> PackField<T> for &&Field<T> {
    #[inline]
    fn __fs_width(self) -> Option<Width> {
        Some(if T::__SHARED {
            Width::Shared
        } else {
            Width::Fixed(T::BITS)
        })
    }

    #[inline]
    fn __fs_pack(self, value: &T, packer: Packer) -> Option<Packer> {
        let width = width_of::<T>(packer.share);
        packer.push(width, value.__pack_in(width)?)
    }

    #[inline]
    fn __fs_unpack(self, fields: &mut Unpacker) -> Option<T> {
        let width = width_of::<T>(fields.share);
        T::__unpack_from(fields.take(width)?, width)
    }
}

/// A field whose type does not pack: implemented for `&Field<T>` of every `T`.
pub trait OpaqueField<T> {
    /// `None`: the variant does not pack.
    fn __fs_width(self) -> Option<Width>;

    /// `None`: the variant does not pack.
    fn __fs_pack(self, value: &T, packer: Packer) -> Option<Packer>;

    /// `None`: a variant with such a field is never packed.
    fn __fs_unpack(self, fields: &mut Unpacker) -> Option<T>;
}

impl<T> OpaqueField<T> for &Field<T> {
    #[inline]
    fn __fs_width(self) -> Option<Width> {
        None
    }

    #[inline]
    fn __fs_pack(self, _: &T, _: Packer) -> Option<Packer> {
        None
    }

    #[inline]
    fn __fs_unpack(self, _: &mut Unpacker) -> Option<T> {
        None
    }
}

/// A variant's fields packed one after the other, lowest bits first.
#[derive(Clone, Copy, Debug)]
pub struct Packer {
    bits: u64,
    width: u32,
    /// The bits each shared field takes.
    share: u32,
}

impl Packer {
    /// No fields yet, of a variant whose fields take `widths`; `None` if they cannot pack.
    #[inline]
    #[must_use]
    pub fn new<const N: usize>(widths: [Option<Width>; N]) -> Option<Self> {
        Some(Self {
            bits: 0,
            width: 0,
            share: share_of(&widths)?,
        })
    }

    /// The fields so far and one of `width` bits, or `None` if they no longer fit in 32 bits.
    #[inline]
    fn push(self, width: u32, bits: u32) -> Option<Self> {
        let total = self.width + width;
        if total > 32 {
            return None;
        }
        Some(Self {
            bits: self.bits | u64::from(bits) << self.width,
            width: total,
            share: self.share,
        })
    }

    /// The packed fields.
    #[inline]
    #[must_use]
    pub fn finish(self) -> Packing {
        // Exact: at most 32 bits were pushed.
        #[allow(clippy::cast_possible_truncation)]
        Packing::Fields(self.bits as u32)
    }
}

/// Packed fields, read back one after the other.
#[derive(Debug)]
pub struct Unpacker {
    fields: u64,
    /// The bits each shared field takes.
    share: u32,
}

impl Unpacker {
    /// The packed `fields` of a variant whose fields take `widths` (as [`Packer::new`] was
    /// given them); `None` if they cannot pack.
    #[inline]
    #[must_use]
    pub fn new<const N: usize>(fields: u32, widths: [Option<Width>; N]) -> Option<Self> {
        Some(Self {
            fields: u64::from(fields),
            share: share_of(&widths)?,
        })
    }

    /// The next `width` bits.
    fn take(&mut self, width: u32) -> Option<u32> {
        if width > 32 {
            return None;
        }
        let mask = (1_u64 << width) - 1;
        // Exact: masked to at most 32 bits.
        #[allow(clippy::cast_possible_truncation)]
        let bits = (self.fields & mask) as u32;
        self.fields >>= width;
        Some(bits)
    }
}

/// How a variant is stored: its code alone (no fields), its fields packed beside the code, or a
/// value on the heap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Packing {
    /// A variant without fields: the inline code says it all.
    Code,
    /// The fields, packed.
    Fields(u32),
    /// Fields that do not pack.
    Heap,
}

/// The word of a variant that needs no allocation: its code alone, or its fields packed beside
/// it (where the target's word has room); `None` for a variant that goes to the heap.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "inlined into each cold constructor, where the packing of its variant folds away"
)]
#[must_use]
pub fn word_of(raw: u32, packing: Packing) -> Option<Repr> {
    match packing {
        Packing::Code => Some(Repr::inline(raw)),
        Packing::Fields(fields) => Repr::packed(raw, fields),
        Packing::Heap => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{Field, OpaqueField as _, Pack, PackField, Packer, Packing, Unpacker};

    fn round_trip<T: Pack + PartialEq + core::fmt::Debug>(values: &[T]) {
        for &value in values {
            let bits = value.pack().expect("fits");
            assert!(T::BITS == 32 || bits < 1 << T::BITS, "{value:?}");
            assert_eq!(T::unpack(bits), Some(value));
        }
    }

    #[test]
    fn every_packable_type_comes_back_from_its_bits() {
        round_trip(&[0_u8, 1, u8::MAX]);
        round_trip(&[0_u16, u16::MAX]);
        round_trip(&[0_u32, u32::MAX]);
        round_trip(&[i8::MIN, -1, 0, i8::MAX]);
        round_trip(&[i16::MIN, -1, i16::MAX]);
        round_trip(&[i32::MIN, -1, 0, i32::MAX]);
        round_trip(&[0_u64, u64::from(u32::MAX)]);
        round_trip(&[i64::from(i32::MIN), -1, i64::from(i32::MAX)]);
        round_trip(&[0_usize, 7, usize::try_from(u32::MAX).unwrap()]);
        round_trip(&[-1_isize, isize::try_from(i32::MAX).unwrap()]);
        round_trip(&[false, true]);
        round_trip(&['a', 'é', '\u{10FFFF}']);
        round_trip(&[()]);
    }

    #[test]
    fn wide_values_that_do_not_fit_do_not_pack() {
        assert_eq!(
            u64::from(u32::MAX).checked_add(1).and_then(Pack::pack),
            None
        );
        assert_eq!((i64::from(i32::MIN) - 1).pack(), None);
        assert_eq!(i8::unpack(256), None);
        assert_eq!(char::unpack(0xD800), None);
    }

    /// The widths of fields of these types, as the generated code gives them.
    macro_rules! widths {
        ($($ty:ty),*) => { [$((&&Field::<$ty>::new()).__fs_width()),*] };
    }

    #[test]
    fn fields_pack_and_unpack_in_order_up_to_32_bits() {
        let packer = Packer::new(widths!(u8, bool, char))
            .and_then(|p| (&&Field::<u8>::new()).__fs_pack(&0xAB, p))
            .and_then(|p| (&&Field::<bool>::new()).__fs_pack(&true, p))
            .and_then(|p| (&&Field::<char>::new()).__fs_pack(&'é', p))
            .expect("30 bits fit");
        let Packing::Fields(bits) = packer.finish() else {
            panic!("packed");
        };
        let mut fields = Unpacker::new(bits, widths!(u8, bool, char)).expect("they pack");
        assert_eq!((&&Field::<u8>::new()).__fs_unpack(&mut fields), Some(0xAB));
        assert_eq!(
            (&&Field::<bool>::new()).__fs_unpack(&mut fields),
            Some(true)
        );
        assert_eq!((&&Field::<char>::new()).__fs_unpack(&mut fields), Some('é'));
        // A field that does not pack, or fixed widths past 32 bits, never fit.
        assert!(Packer::new(widths!(u8, &'static str)).is_none());
        assert!(Packer::new(widths!(u16, u16, bool)).is_none());
        assert!(Packer::new(widths!(u16, u16, u32)).is_none());
    }

    /// Packs `(a, b)` as a variant of two fields of types `A` and `B`, and reads them back.
    fn pack_pair<A, B>(a: A, b: B) -> Option<(A, B)>
    where
        A: Pack,
        B: Pack,
    {
        let packer = Packer::new(widths!(A, B))
            .and_then(|p| (&&Field::<A>::new()).__fs_pack(&a, p))
            .and_then(|p| (&&Field::<B>::new()).__fs_pack(&b, p))?;
        let Packing::Fields(bits) = packer.finish() else {
            panic!("packed");
        };
        let mut fields = Unpacker::new(bits, widths!(A, B))?;
        let a = (&&Field::<A>::new()).__fs_unpack(&mut fields)?;
        let b = (&&Field::<B>::new()).__fs_unpack(&mut fields)?;
        Some((a, b))
    }

    #[test]
    fn wide_integers_share_the_bits_the_other_fields_leave() {
        // Two: 16 bits each.
        assert_eq!(pack_pair(4_usize, 3_usize), Some((4, 3)));
        assert_eq!(pack_pair(0xFFFF_usize, 0_u64), Some((0xFFFF, 0)));
        assert_eq!(pack_pair(0x1_0000_usize, 0_usize), None);
        assert_eq!(pack_pair(0_u64, 0x1_0000_u64), None);
        assert_eq!(
            pack_pair(-0x8000_i64, 0x7FFF_isize),
            Some((-0x8000, 0x7FFF))
        );
        assert_eq!(pack_pair(-0x8001_i64, 0_isize), None);
        assert_eq!(pack_pair(0x8000_i64, 0_isize), None);
        // Beside a fixed field: the rest of the 32 bits.
        assert_eq!(pack_pair(0xFF_u8, 0xFF_FFFF_u64), Some((0xFF, 0xFF_FFFF)));
        assert_eq!(pack_pair(0_u8, 0x100_0000_u64), None);
        assert_eq!(pack_pair(-0x80_0000_i64, 7_u8), Some((-0x80_0000, 7)));
        assert_eq!(pack_pair(0x80_0000_i64, 7_u8), None);
        assert_eq!(
            pack_pair(-0x4000_0000_i64, true),
            Some((-0x4000_0000, true))
        );
        assert_eq!(pack_pair(0x4000_0000_i64, true), None);
        // 32-bit integers share too: beside a byte, 24 bits; two, 16 each.
        assert_eq!(pack_pair(0xFF_FFFF_u32, 1_u8), Some((0xFF_FFFF, 1)));
        assert_eq!(pack_pair(0x100_0000_u32, 1_u8), None);
        assert_eq!(pack_pair(-0x8000_i32, 0xFFFF_u32), Some((-0x8000, 0xFFFF)));
        assert_eq!(pack_pair(-0x8001_i32, 0_u32), None);
        // Alone: all 32, as before.
        assert_eq!(pack_pair(u32::MAX, ()), Some((u32::MAX, ())));
        assert_eq!(pack_pair(i32::MIN, ()), Some((i32::MIN, ())));
        assert_eq!(
            pack_pair(u64::from(u32::MAX), ()),
            Some((u64::from(u32::MAX), ()))
        );
        assert_eq!(
            pack_pair(i64::from(i32::MIN), ()),
            Some((i64::from(i32::MIN), ()))
        );
        // Three: 10 bits each (the two left over go unused).
        let packer = Packer::new(widths!(u64, u64, u64)).expect("they pack");
        let three = |value: u64| {
            Some(packer)
                .and_then(|p| (&&Field::<u64>::new()).__fs_pack(&1, p))
                .and_then(|p| (&&Field::<u64>::new()).__fs_pack(&value, p))
                .and_then(|p| (&&Field::<u64>::new()).__fs_pack(&2, p))
        };
        assert!(three(1023).is_some());
        assert!(three(1024).is_none());
    }

    #[test]
    fn signed_values_come_back_from_every_width() {
        for width in 0..=32 {
            let (min, max) = match width {
                0 => (0, 0),
                _ => (-(1_i64 << (width - 1)), (1_i64 << (width - 1)) - 1),
            };
            for value in [min, -1, 0, 1, max] {
                if (min..=max).contains(&value) {
                    let bits = super::pack_signed_in(value, width).expect("fits");
                    assert!(u64::from(bits) < 1 << width, "{value} in {width}");
                    assert_eq!(super::unpack_signed_from(bits, width), Some(value));
                }
            }
            for value in [min - 1, max + 1] {
                assert_eq!(
                    super::pack_signed_in(value, width),
                    None,
                    "{value} in {width}"
                );
            }
        }
    }
}
