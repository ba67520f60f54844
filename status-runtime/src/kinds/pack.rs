//! Packing: which of a variant's fields ride in the status's word beside its code ([`Pack`],
//! decided per field type by [`PackField`] and [`OpaqueField`]), how they share its field bits
//! (52 on a 64-bit target for a type whose codes are below 512, else 31), and the word of a
//! variant that needs no allocation ([`word_of`]).

use core::marker::PhantomData;

use crate::repr::{Repr, WIDE_FIELD_BITS};

/// A field type that can ride in a status's word: its value fits in [`BITS`](Self::BITS) bits
/// (at most 32) and comes back from them.
///
/// A status's word has 52 bits for a variant's fields on a 64-bit target when its enum's codes
/// are all below 512, else 31 (and none on a 32-bit target). `u8`, `u16`, `i8`, `i16`, `bool`,
/// `char` and `()` always pack in their bits, and the standard library's conversion errors
/// `TryFromIntError`, `CharTryFromError` and `TryFromSliceError` in none while they hold nothing,
/// staying the variant's source (see [`as_static`](Self::as_static)); the integers of 32 bits and
/// more (`u32`, `i32`, `u64`, `usize`, `i64`, `isize`) pack when their values fit in an equal
/// share of the bits the variant's other fields leave: with 52 bits, one alone below 2^52, two
/// below 2^26 each, one beside a `u8` below 2^44; with 31, 2^31, 2^15 and 2^23. A status whose
/// values do not fit takes the heap path. An `Option` of a packable type packs with one bit more.
/// An enum of your own whose variants have no fields derives it (`#[derive(fast_status::Pack)]`);
/// any other type implements it by hand:
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

    /// A `'static` value equal to `self`: what `source()` of a status gives for a field of
    /// this type that is its variant's source (`#[from]`, `#[source]`), packed. `None`, the
    /// default, sends such a variant to the heap, where the status holds its source;
    /// `#[derive(Pack)]` writes it (a fieldless enum's variants are constants).
    #[inline]
    #[must_use]
    fn as_static(self) -> Option<&'static Self> {
        None
    }

    /// Whether the type's width is shared: an integer of 32 bits or more, whose value packs
    /// into an equal share of the bits the variant's other fields leave, when it fits there.
    /// Used by the runtime.
    #[doc(hidden)]
    const __SHARED: bool = false;

    /// The value's bits in `width` bits: [`BITS`](Self::BITS), or a shared type's share (up
    /// to 52 bits). Used by the runtime.
    #[doc(hidden)]
    #[inline]
    fn __pack_in(self, width: u32) -> Option<u64> {
        let _ = width;
        self.pack().map(u64::from)
    }

    /// The value `__pack_in(width)` made `bits` from. Used by the runtime.
    #[doc(hidden)]
    #[inline]
    #[must_use]
    fn __unpack_from(bits: u64, width: u32) -> Option<Self> {
        let _ = width;
        Self::unpack(u32::try_from(bits).ok()?)
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
/// the field's share of the word (all its field bits for a variant's only field), as `$pack_in` and
/// `$unpack_from` write and read it in that many bits.
macro_rules! pack_shared {
    ($($ty:ty => $wide:ty, $pack_in:ident, $unpack_from:ident;)*) => {$(
        impl Pack for $ty {
            const BITS: u32 = 32;
            const __SHARED: bool = true;

            #[inline]
            fn pack(self) -> Option<u32> {
                // Exact: in 32 bits.
                #[allow(clippy::cast_possible_truncation)]
                self.__pack_in(32).map(|bits| bits as u32)
            }

            #[inline]
            fn unpack(bits: u32) -> Option<Self> {
                Self::__unpack_from(u64::from(bits), 32)
            }

            #[inline]
            fn __pack_in(self, width: u32) -> Option<u64> {
                $pack_in(<$wide>::try_from(self).ok()?, width)
            }

            #[inline]
            fn __unpack_from(bits: u64, width: u32) -> Option<Self> {
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

/// The most bits a field can take: all of a wide packed word's.
const MAX_WIDTH: u32 = WIDE_FIELD_BITS;

/// `value`'s bits in `width` bits, if it is below `2^width`.
#[inline]
fn pack_unsigned_in(value: u64, width: u32) -> Option<u64> {
    (width <= MAX_WIDTH && value >> width == 0).then_some(value)
}

/// The value whose `width` bits are `bits` (masked to `width` already).
#[inline]
#[allow(
    clippy::unnecessary_wraps,
    reason = "the same signature as `unpack_signed_from`, for `pack_shared!`"
)]
fn unpack_unsigned_from(bits: u64, _: u32) -> Option<u64> {
    Some(bits)
}

/// `value`'s two's complement bits in `width` bits, if it fits there (`-2^(width-1)` up to
/// `2^(width-1) - 1`; only zero in no bits).
#[inline]
fn pack_signed_in(value: i64, width: u32) -> Option<u64> {
    match width {
        0 => (value == 0).then_some(0),
        1..=MAX_WIDTH => {
            let half = 1_i64 << (width - 1);
            // The two's complement bits, which the mask keeps `width` of.
            #[allow(clippy::cast_sign_loss)]
            (-half..half)
                .contains(&value)
                .then(|| value as u64 & ((1_u64 << width) - 1))
        }
        _ => None,
    }
}

/// The value whose `width` two's complement bits are `bits`.
#[inline]
fn unpack_signed_from(bits: u64, width: u32) -> Option<i64> {
    match width {
        0 => (bits == 0).then_some(0),
        1..=MAX_WIDTH => {
            let unused = 64 - width;
            // The sign bit moved to the top and back with an arithmetic shift, which copies it.
            #[allow(
                clippy::cast_possible_wrap,
                reason = "the two's complement bits, on purpose"
            )]
            Some(((bits << unused) as i64) >> unused)
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

/// `Pack` for standard errors that hold nothing (zero-sized `Copy` types, what `?` on a failed
/// conversion gives): no bits, and the one value comes back from a conversion that fails the
/// same way. As a variant's source, a `'static` value is a `Box` of it, which for a zero-sized
/// type allocates nothing. Should one of them ever hold something, it packs no more.
macro_rules! pack_empty_error {
    ($($ty:ty => $failing:expr),* $(,)?) => {$(
        impl Pack for $ty {
            const BITS: u32 = 0;

            #[inline]
            fn pack(self) -> Option<u32> {
                (size_of::<Self>() == 0).then_some(0)
            }

            #[inline]
            fn unpack(bits: u32) -> Option<Self> {
                if bits == 0 && size_of::<Self>() == 0 {
                    $failing.err()
                } else {
                    None
                }
            }

            #[inline]
            fn as_static(self) -> Option<&'static Self> {
                #[cfg(feature = "alloc")]
                if size_of::<Self>() == 0 {
                    return Some(alloc::boxed::Box::leak(alloc::boxed::Box::new(self)));
                }
                None
            }
        }
    )*};
}

pack_empty_error! {
    core::num::TryFromIntError => u8::try_from(256_u16),
    core::char::CharTryFromError => char::try_from(0xD800_u32),
    core::array::TryFromSliceError => <[u8; 1]>::try_from(&[][..]),
}

/// `Infallible` has no value: never packed, never unpacked.
impl Pack for core::convert::Infallible {
    const BITS: u32 = 0;

    #[inline]
    fn pack(self) -> Option<u32> {
        match self {}
    }

    #[inline]
    fn unpack(_: u32) -> Option<Self> {
        None
    }

    #[inline]
    fn as_static(self) -> Option<&'static Self> {
        match self {}
    }
}

/// An `Option` packs as what it holds, with one bit more: `None` is all zeros, `Some(value)`
/// the value's bits above a set bit. An option of a type whose width is shared shares the same
/// way, one bit of its share going to the flag.
impl<T: Pack> Pack for Option<T> {
    const BITS: u32 = if T::BITS < 32 { T::BITS + 1 } else { 32 };
    const __SHARED: bool = T::__SHARED;

    #[inline]
    fn pack(self) -> Option<u32> {
        u32::try_from(self.__pack_in(Self::BITS)?).ok()
    }

    #[inline]
    fn unpack(bits: u32) -> Option<Self> {
        Self::__unpack_from(u64::from(bits), Self::BITS)
    }

    #[inline]
    fn __pack_in(self, width: u32) -> Option<u64> {
        let Some(value) = self else {
            return Some(0);
        };
        let room = width.checked_sub(1)?;
        let bits = value.__pack_in(room)?;
        // A type that does not share its width ignores `room`: its value may still not fit.
        (room < u64::BITS && bits >> room == 0).then_some((bits << 1) | 1)
    }

    #[inline]
    fn __unpack_from(bits: u64, width: u32) -> Option<Self> {
        if bits & 1 == 0 {
            return (bits == 0).then_some(None);
        }
        T::__unpack_from(bits >> 1, width.checked_sub(1)?).map(Some)
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
    /// A share of what the variant's fixed-width fields leave of the word's field bits, split
    /// equally among its shared fields (an integer of 32 bits or more: [`Pack::__SHARED`]).
    Shared,
}

/// The bits each shared field of a variant gets, from all its fields' widths (`None` for a
/// field that does not pack) and the `bits` its type's packed words hold: `None` when the
/// variant does not pack.
///
/// The fields' types and the bits are constants where this is called, so it folds to a
/// constant.
#[inline]
fn share_of(widths: &[Option<Width>], bits: u32) -> Option<u32> {
    let (mut fixed, mut shared) = (0_u32, 0_u32);
    for width in widths {
        match (*width)? {
            Width::Fixed(bits) => fixed = fixed.checked_add(bits)?,
            Width::Shared => shared += 1,
        }
    }
    // A shared field takes one bit at least.
    if fixed.checked_add(shared)? > bits {
        return None;
    }
    Some((bits - fixed).checked_div(shared).unwrap_or(0))
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

    /// Adds this field to the fields so far in `packer`, which gives up if the value does not
    /// fit.
    fn __fs_pack(self, value: &T, packer: &mut Packer);

    /// `__fs_pack` for the variant's source field, which packs only with a `'static` value
    /// to answer `source()` with ([`Pack::as_static`]).
    fn __fs_pack_source(self, value: &T, packer: &mut Packer);

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
    fn __fs_pack(self, value: &T, packer: &mut Packer) {
        if let Some(share) = packer.share {
            let width = width_of::<T>(share);
            packer.push(width, value.__pack_in(width));
        }
    }

    #[inline]
    fn __fs_pack_source(self, value: &T, packer: &mut Packer) {
        if value.as_static().is_some() {
            self.__fs_pack(value, packer);
        } else {
            packer.share = None;
        }
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

    /// Nothing: a variant with such a field does not pack, as its widths said already.
    fn __fs_pack(self, value: &T, packer: &mut Packer);

    /// The same, for the variant's source field.
    fn __fs_pack_source(self, value: &T, packer: &mut Packer);

    /// `None`: a variant with such a field is never packed.
    fn __fs_unpack(self, fields: &mut Unpacker) -> Option<T>;
}

impl<T> OpaqueField<T> for &Field<T> {
    #[inline]
    fn __fs_width(self) -> Option<Width> {
        None
    }

    #[inline]
    fn __fs_pack(self, _: &T, packer: &mut Packer) {
        packer.share = None;
    }

    #[inline]
    fn __fs_pack_source(self, _: &T, packer: &mut Packer) {
        packer.share = None;
    }

    #[inline]
    fn __fs_unpack(self, _: &mut Unpacker) -> Option<T> {
        None
    }
}

/// A variant's fields packed one after the other, lowest bits first, in straight-line code
/// (`new`, one `__fs_pack` per field, `finish`): once a field does not fit, the packer has
/// given up, the later fields are skipped and `finish` says the variant goes to the heap.
#[derive(Clone, Copy, Debug)]
pub struct Packer {
    bits: u64,
    width: u32,
    /// The bits the type's packed words hold.
    limit: u32,
    /// The bits each shared field takes; `None` once the packer has given up.
    share: Option<u32>,
}

impl Packer {
    /// No fields yet, of a variant whose fields take `widths`, in the `bits` of fields its
    /// type's packed words hold (`packed_field_bits`); given up already if they cannot pack.
    #[inline]
    #[must_use]
    pub fn new<const N: usize>(widths: [Option<Width>; N], bits: u32) -> Self {
        Self {
            bits: 0,
            width: 0,
            limit: bits,
            share: share_of(&widths, bits),
        }
    }

    /// Adds a field of `width` bits, `bits` (`None` for a value that does not fit in them);
    /// gives up if it does not fit, or the fields no longer fit in the word.
    #[inline]
    fn push(&mut self, width: u32, bits: Option<u64>) {
        let total = self.width + width;
        match bits {
            Some(bits) if total <= self.limit => {
                self.bits |= bits << self.width;
                self.width = total;
            }
            _ => self.share = None,
        }
    }

    /// The packed fields, or the heap if the packer gave up.
    #[inline]
    #[must_use]
    pub fn finish(self) -> Packing {
        match self.share {
            Some(_) => Packing::Fields(self.bits),
            None => Packing::Heap,
        }
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
    /// The packed `fields` of a variant whose fields take `widths` in `bits` (as
    /// [`Packer::new`] was given them); `None` if they cannot pack.
    #[inline]
    #[must_use]
    pub fn new<const N: usize>(fields: u64, widths: [Option<Width>; N], bits: u32) -> Option<Self> {
        Some(Self {
            fields,
            share: share_of(&widths, bits)?,
        })
    }

    /// The next `width` bits.
    fn take(&mut self, width: u32) -> Option<u64> {
        if width > MAX_WIDTH {
            return None;
        }
        let bits = self.fields & ((1_u64 << width) - 1);
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
    Fields(u64),
    /// Fields that do not pack.
    Heap,
}

/// The word of a variant that needs no allocation: its code alone, or its fields packed beside
/// it in the layout of its type, whose packed words hold `field_bits` (where the target's word
/// has room); `None` for a variant that goes to the heap.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "inlined into each cold constructor, where the packing of its variant folds away"
)]
#[must_use]
pub fn word_of(raw: u32, packing: Packing, field_bits: u32) -> Option<Repr> {
    match packing {
        Packing::Code => Some(Repr::inline(raw)),
        Packing::Fields(fields) => Repr::packed(raw, fields, field_bits),
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
        round_trip(&[None, Some(0_u8), Some(u8::MAX)]);
        round_trip(&[None, Some(i16::MIN), Some(-1_i16)]);
        round_trip(&[None, Some('\0'), Some(char::MAX)]);
        round_trip(&[None, Some(false), Some(true)]);
        round_trip(&[None, Some(None), Some(Some(()))]);
        // A wide integer's option keeps one bit of 32 for its flag.
        round_trip(&[None, Some(0_u32), Some((1 << 31) - 1)]);
        assert_eq!(Some(1_u32 << 31).pack(), None);
        assert_eq!(
            Some(-1_i32 << 30).pack().and_then(<Option<i32>>::unpack),
            Some(Some(-1 << 30))
        );
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
    fn fields_pack_and_unpack_in_order_up_to_the_word_s_bits() {
        let mut packer = Packer::new(widths!(u8, bool, char), 31);
        (&&Field::<u8>::new()).__fs_pack(&0xAB, &mut packer);
        (&&Field::<bool>::new()).__fs_pack(&true, &mut packer);
        (&&Field::<char>::new()).__fs_pack(&'é', &mut packer);
        let Packing::Fields(bits) = packer.finish() else {
            panic!("30 bits fit");
        };
        let mut fields = Unpacker::new(bits, widths!(u8, bool, char), 31).expect("they pack");
        assert_eq!((&&Field::<u8>::new()).__fs_unpack(&mut fields), Some(0xAB));
        assert_eq!(
            (&&Field::<bool>::new()).__fs_unpack(&mut fields),
            Some(true)
        );
        assert_eq!((&&Field::<char>::new()).__fs_unpack(&mut fields), Some('é'));
        // A field that does not pack, or fixed widths past the word's bits, never fit.
        assert_eq!(
            Packer::new(widths!(u8, &'static str), 52).finish(),
            Packing::Heap
        );
        assert_eq!(
            Packer::new(widths!(u16, u16, bool), 31).finish(),
            Packing::Heap
        );
        assert_eq!(
            Packer::new(widths!(u16, u16, u32), 31).finish(),
            Packing::Heap
        );
        // A field that does not pack gives the packer up, whatever follows.
        let mut packer = Packer::new(widths!(u8, u8), 31);
        (&Field::<u8>::new()).__fs_pack(&1, &mut packer);
        (&&Field::<u8>::new()).__fs_pack(&2, &mut packer);
        assert_eq!(packer.finish(), Packing::Heap);
    }

    /// Packs `(a, b)` as a variant of two fields of types `A` and `B` in a narrow word (31
    /// bits of fields), and reads them back.
    fn pack_pair<A: Pack, B: Pack>(a: A, b: B) -> Option<(A, B)> {
        pack_pair_in(31, a, b)
    }

    /// The same in a word with `bits` of fields.
    fn pack_pair_in<A: Pack, B: Pack>(bits: u32, a: A, b: B) -> Option<(A, B)> {
        let limit = bits;
        let mut packer = Packer::new(widths!(A, B), limit);
        (&&Field::<A>::new()).__fs_pack(&a, &mut packer);
        (&&Field::<B>::new()).__fs_pack(&b, &mut packer);
        let Packing::Fields(bits) = packer.finish() else {
            return None;
        };
        let mut fields = Unpacker::new(bits, widths!(A, B), limit)?;
        let a = (&&Field::<A>::new()).__fs_unpack(&mut fields)?;
        let b = (&&Field::<B>::new()).__fs_unpack(&mut fields)?;
        Some((a, b))
    }

    #[test]
    fn wide_integers_share_the_bits_the_other_fields_leave() {
        // A narrow word, 31 bits. Two: 15 bits each.
        assert_eq!(pack_pair(4_usize, 3_usize), Some((4, 3)));
        assert_eq!(pack_pair(0x7FFF_usize, 0_u64), Some((0x7FFF, 0)));
        assert_eq!(pack_pair(0x8000_usize, 0_usize), None);
        assert_eq!(pack_pair(0_u64, 0x8000_u64), None);
        assert_eq!(
            pack_pair(-0x4000_i64, 0x3FFF_isize),
            Some((-0x4000, 0x3FFF))
        );
        assert_eq!(pack_pair(-0x4001_i64, 0_isize), None);
        assert_eq!(pack_pair(0x4000_i64, 0_isize), None);
        // Beside a fixed field: the rest of the 31 bits.
        assert_eq!(pack_pair(0xFF_u8, 0x7F_FFFF_u64), Some((0xFF, 0x7F_FFFF)));
        assert_eq!(pack_pair(0_u8, 0x80_0000_u64), None);
        assert_eq!(pack_pair(-0x40_0000_i64, 7_u8), Some((-0x40_0000, 7)));
        assert_eq!(pack_pair(0x40_0000_i64, 7_u8), None);
        assert_eq!(
            pack_pair(-0x2000_0000_i64, true),
            Some((-0x2000_0000, true))
        );
        assert_eq!(pack_pair(0x2000_0000_i64, true), None);
        // 32-bit integers share too: beside a byte, 23 bits; two, 15 each.
        assert_eq!(pack_pair(0x7F_FFFF_u32, 1_u8), Some((0x7F_FFFF, 1)));
        assert_eq!(pack_pair(0x80_0000_u32, 1_u8), None);
        assert_eq!(pack_pair(-0x4000_i32, 0x7FFF_u32), Some((-0x4000, 0x7FFF)));
        assert_eq!(pack_pair(-0x4001_i32, 0_u32), None);
        // Alone: all 31.
        assert_eq!(pack_pair(i32::MAX as u32, ()), Some((i32::MAX as u32, ())));
        assert_eq!(pack_pair(1_u32 << 31, ()), None);
        assert_eq!(pack_pair(-(1_i32 << 30), ()), Some((-(1 << 30), ())));
        assert_eq!(pack_pair(i32::MIN, ()), None);
        assert_eq!(
            pack_pair(u64::from(i32::MAX as u32), ()),
            Some((u64::from(i32::MAX as u32), ()))
        );
        // Three: 10 bits each (the one left over goes unused).
        let three = |value: u64| {
            let mut packer = Packer::new(widths!(u64, u64, u64), 31);
            (&&Field::<u64>::new()).__fs_pack(&1, &mut packer);
            (&&Field::<u64>::new()).__fs_pack(&value, &mut packer);
            (&&Field::<u64>::new()).__fs_pack(&2, &mut packer);
            packer.finish()
        };
        assert_eq!(three(1023), Packing::Fields(1 | 1023 << 10 | 2 << 20));
        assert_eq!(three(1024), Packing::Heap);
    }

    #[test]
    fn a_wide_word_gives_wide_integers_52_bits() {
        // Two: 26 bits each, what a parser's `TooBig { size, len }` needs.
        assert_eq!(pack_pair_in(52, 100_000_usize, 8_usize), Some((100_000, 8)));
        let below = (1_usize << 26) - 1;
        assert_eq!(pack_pair_in(52, below, below), Some((below, below)));
        assert_eq!(pack_pair_in(52, below + 1, 0_usize), None);
        assert_eq!(pack_pair_in(52, 0_u64, 1_u64 << 26), None);
        assert_eq!(
            pack_pair_in(52, -(1_i64 << 25), (1_isize << 25) - 1),
            Some((-(1 << 25), (1 << 25) - 1))
        );
        assert_eq!(pack_pair_in(52, 1_i64 << 25, 0_isize), None);
        // Alone: 52 bits.
        assert_eq!(
            pack_pair_in(52, (1_u64 << 52) - 1, ()),
            Some(((1 << 52) - 1, ()))
        );
        assert_eq!(pack_pair_in(52, 1_u64 << 52, ()), None);
        assert_eq!(
            pack_pair_in(52, i64::MIN >> 12, ()),
            Some((i64::MIN >> 12, ()))
        );
        assert_eq!(pack_pair_in(52, u32::MAX, ()), Some((u32::MAX, ())));
        // Beside a byte: 44 bits.
        assert_eq!(
            pack_pair_in(52, 0xFF_u8, (1_u64 << 44) - 1),
            Some((0xFF, (1 << 44) - 1))
        );
        assert_eq!(pack_pair_in(52, 0_u8, 1_u64 << 44), None);
        // Fixed widths: up to 52 together.
        assert_eq!(pack_pair_in(52, 'é', u16::MAX), Some(('é', u16::MAX)));
    }

    #[test]
    fn signed_values_come_back_from_every_width() {
        for width in 0..=super::MAX_WIDTH {
            let (min, max) = match width {
                0 => (0, 0),
                _ => (-(1_i64 << (width - 1)), (1_i64 << (width - 1)) - 1),
            };
            for value in [min, -1, 0, 1, max] {
                if (min..=max).contains(&value) {
                    let bits = super::pack_signed_in(value, width).expect("fits");
                    assert!(bits < 1 << width, "{value} in {width}");
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
