//! Error types with fields (DESIGN §9): what a derived status of a *kind* enum (an enum whose
//! variants carry data) is built from and read back as.
//!
//! A variant's fields are never formatted when the status is made. Fields that together fit in
//! 32 bits ([`Pack`]) ride in the word beside the code (the packed state): no allocation, also
//! without `alloc`. Any other variant is moved into the payload's one allocation (its value
//! body). [`KindRef`] is what `kind()` returns: a borrow of the stored value, or the value
//! unpacked from the word.
//!
//! Which fields pack, and whether a kind can be stored at all, is decided at compile time by
//! method resolution on the concrete field types (the generated code calls
//! `(&&Field::<T>::new()).__fs_pack(..)` and the like): the impls on `&&Probe<T>` exist only when
//! `T` qualifies, and those on `&Probe<T>` are the fallback. So a field type without [`Pack`]
//! simply goes to the heap, and a field that is not `Send + Sync + 'static` gets one error, on
//! the field, from the derive's own assertion ([`Storable`]).

use core::error::Error;
use core::fmt;
use core::marker::PhantomData;
use core::mem::ManuallyDrop;
use core::ops::Deref;
use core::panic::Location;

use crate::backtrace::Backtraces;
#[cfg(feature = "alloc")]
use crate::repr::DropTest;
use crate::repr::{Repr, ValueType};
use crate::traits::{Code, FastStatus};

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

/// A kind enum (an enum with `#[derive(FastStatus)]` whose variants carry data): implemented by
/// the derive. Used by generated code only.
#[doc(hidden)]
pub trait Kind: Sized + 'static {
    /// The generated code enum.
    type Code: Code;

    /// The description of this type for a payload to point at: a `static` the derive makes,
    /// so that reading the kind back compares one address.
    const VALUE_TYPE: &'static ValueType<Self>;

    /// The raw code of the variant.
    fn raw(&self) -> u32;

    /// How the variant is stored.
    fn pack(&self) -> Packing;

    /// The variant of raw code `raw`, from its packed fields, or for a variant without fields.
    fn unpack(raw: u32, fields: Option<u32>) -> Option<Self>;

    /// The variant's source: its `#[from]`/`#[source]`/`source` field, or a transparent
    /// variant's field's own source.
    fn source(&self) -> Option<&(dyn Error + 'static)>;

    /// The representation of the variant's source field when that field is a status
    /// (`Net(#[from] NetStatus)`), so that reports show its creation site and context lines.
    fn source_status(&self) -> Option<&Repr>;

    /// The representation of a `transparent` variant's field when that field is a status
    /// (`#[error(transparent)] Net(#[from] NetStatus)`): reports show that status as this
    /// one, with its creation site and context lines. `None` by default: the derive writes
    /// it for an enum with a transparent variant.
    #[inline]
    fn transparent_status(&self) -> Option<&Repr> {
        None
    }

    /// Whether dropping the variant runs any code (whether one of its fields' types needs
    /// dropping): when it does not, freeing a payload that holds it is one call to the
    /// allocator.
    fn needs_drop(&self) -> bool;
}

impl<K: Kind> ValueType<K> {
    /// The description of the kind enum `K` (its [`Kind::VALUE_TYPE`]): with it, a status
    /// of `K` that a report reaches through a chain, where its type is not named, still gives
    /// the status in its variant's source field.
    #[must_use]
    pub const fn of_kind() -> Self {
        #[cfg(feature = "alloc")]
        return Self::described::<KindDrop>(kind_source_status::<K>, kind_transparent_status::<K>);
        #[cfg(not(feature = "alloc"))]
        Self::new()
    }
}

/// The drop test for a kind enum: by its variant ([`Kind::needs_drop`]), so that freeing a
/// payload of a variant of plain fields skips to the allocator even when another variant
/// holds a `String`.
#[cfg(feature = "alloc")]
struct KindDrop;

#[cfg(feature = "alloc")]
impl<K: Kind> DropTest<K> for KindDrop {
    #[inline]
    fn drop_is_noop(value: &K) -> bool {
        !value.needs_drop()
    }
}

/// The status a status of kind `K` has as its source: for a variant transparent over a status,
/// that status's; else its variant's source field, when the variant has one, or else the
/// source it was given (the order in which reports read a status of a kind they know).
#[cfg(feature = "alloc")]
fn kind_source_status<K: Kind>(repr: &Repr) -> Option<&Repr> {
    let kind = repr.kind_value::<K>();
    if let Some(inner) = kind.and_then(K::transparent_status) {
        return inner.source_status();
    }
    match kind {
        Some(kind) if kind.source().is_some() => kind.source_status(),
        _ => repr.attached_source_status(),
    }
}

/// The status a status of kind `K` wraps transparently: its variant's `transparent` field,
/// when that is a status.
#[cfg(feature = "alloc")]
fn kind_transparent_status<K: Kind>(repr: &Repr) -> Option<&Repr> {
    repr.kind_value::<K>()?.transparent_status()
}

/// A variant's source field, to tell a status apart from any other error:
/// `(&&SourceField(field)).__fs_status()` picks [`FieldIsStatus`] for a status and
/// [`FieldIsNotStatus`] for anything else.
pub struct SourceField<'a, T>(pub &'a T);

/// A source field that is a status: its representation.
pub trait FieldIsStatus<'a> {
    /// The field's representation.
    fn __fs_status(self) -> Option<&'a Repr>;
}

impl<'a, S: FastStatus> FieldIsStatus<'a> for &&SourceField<'a, S> {
    #[inline]
    fn __fs_status(self) -> Option<&'a Repr> {
        Some(self.0.__repr())
    }
}

/// A source field that is not a status: nothing to read.
pub trait FieldIsNotStatus<'a> {
    /// None.
    fn __fs_status(self) -> Option<&'a Repr>;
}

impl<'a, T> FieldIsNotStatus<'a> for &SourceField<'a, T> {
    #[inline]
    fn __fs_status(self) -> Option<&'a Repr> {
        None
    }
}

/// What `kind()` returns: the variant a status was made from, borrowed from the status or, for
/// fields packed into the word, unpacked into a copy. `as_deref()` on the `Option` gives
/// `Option<&Kind>`, to match with the enum's own patterns:
/// `match error.kind().as_deref() { Some(ErrorKind::TooBig { size, len }) => .., _ => .. }`
/// (the facade's docs show it whole).
///
/// An unpacked copy is a temporary: to keep a reference to its fields past the statement, bind
/// the `kind()` first (`let kind = error.kind();`), as for any temporary (else E0716).
///
/// ```
/// # use status_runtime as fast_status;
/// use fast_status::KindRef;
///
/// use std::mem::ManuallyDrop;
///
/// let unpacked: KindRef<'_, (u32, bool)> = KindRef::Unpacked(ManuallyDrop::new((7, true)));
/// let stored = (7, true);
/// let borrowed = KindRef::Borrowed(&stored);
/// assert_eq!(*unpacked, *borrowed);
/// assert_eq!(unpacked.0, 7);
/// ```
pub enum KindRef<'a, K> {
    /// The value stored in the status.
    Borrowed(&'a K),
    /// The value unpacked from the status's word (or a variant without fields). It is never
    /// dropped: its fields are [`Pack`], so `Copy`, and own nothing, and the compiler need not
    /// call the kind's drop glue for it where a caller reads a `kind()`.
    Unpacked(ManuallyDrop<K>),
}

impl<K> Deref for KindRef<'_, K> {
    type Target = K;

    #[inline]
    fn deref(&self) -> &K {
        match self {
            KindRef::Borrowed(kind) => kind,
            KindRef::Unpacked(kind) => kind,
        }
    }
}

impl<K: fmt::Debug> fmt::Debug for KindRef<'_, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&**self, f)
    }
}

impl<K: fmt::Display> fmt::Display for KindRef<'_, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&**self, f)
    }
}

impl<K: PartialEq> PartialEq for KindRef<'_, K> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<K: PartialEq> PartialEq<K> for KindRef<'_, K> {
    fn eq(&self, other: &K) -> bool {
        **self == *other
    }
}

/// Where a status's kind is (what `Repr::kind_place` returns).
#[derive(Clone, Copy, Debug)]
pub enum KindPlace<'a, K> {
    /// The variant's value, stored in the status (or in the one it is a changed copy of).
    Value(&'a K),
    /// The raw code and the packed fields, if any, to unpack the variant from.
    Fields(CodeFields),
}

/// A raw code and, if the variant has them, its packed fields, in one `u64`, so that a
/// [`KindPlace`] comes back from a call in two registers: the code in the low 31 bits (raw codes
/// take 30), whether there are fields in bit 31, the fields in the high 32 bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeFields(u64);

impl CodeFields {
    /// Set when there are fields.
    const HAS_FIELDS: u64 = 1 << 31;

    /// `raw` (its low 31 bits) and `fields`.
    #[inline]
    #[must_use]
    pub fn new(raw: u32, fields: Option<u32>) -> Self {
        let raw = u64::from(raw) & (Self::HAS_FIELDS - 1);
        Self(match fields {
            Some(fields) => raw | Self::HAS_FIELDS | u64::from(fields) << 32,
            None => raw,
        })
    }

    /// The raw code.
    #[inline]
    #[must_use]
    pub fn raw(self) -> u32 {
        #[allow(clippy::cast_possible_truncation, reason = "31 bits")]
        let raw = (self.0 & (Self::HAS_FIELDS - 1)) as u32;
        raw
    }

    /// The packed fields, if any.
    #[inline]
    #[must_use]
    pub fn fields(self) -> Option<u32> {
        #[allow(clippy::cast_possible_truncation, reason = "the high 32 bits")]
        let fields = (self.0 >> 32) as u32;
        (self.0 & Self::HAS_FIELDS != 0).then_some(fields)
    }
}

/// The kind a status holds: the stored value, the unpacked fields, or a variant without
/// fields; `None` for a status made from the code alone of a variant with fields.
#[inline]
#[must_use]
pub fn kind_of<K: Kind>(repr: &Repr) -> Option<KindRef<'_, K>> {
    match repr.kind_place::<K>() {
        KindPlace::Value(kind) => Some(KindRef::Borrowed(kind)),
        KindPlace::Fields(at) => {
            K::unpack(at.raw(), at.fields()).map(|kind| KindRef::Unpacked(ManuallyDrop::new(kind)))
        }
    }
}

/// The kind a status holds, as an owned value: the stored value moved out (what is left of the
/// status owns nothing), or the unpacked fields, or a variant without fields (the status is
/// left as it is). A changed copy's value (after `with_message`) moves out too once the status
/// it was copied from is gone. `None`, and the status unchanged, for a status made from the
/// code alone of a variant with fields, and for a stored value that something else reads too
/// (a clone of the status, or a changed copy of one).
#[must_use]
pub fn take_kind<K: Kind>(repr: &mut Repr) -> Option<K> {
    if let KindPlace::Fields(at) = repr.kind_place::<K>() {
        return K::unpack(at.raw(), at.fields());
    }
    // A stored value (there is none without `alloc`).
    #[cfg(feature = "alloc")]
    return repr.take_kind_value(K::VALUE_TYPE);
    #[cfg(not(feature = "alloc"))]
    None
}

/// The source of a status of kind `K`: its variant's, or the one attached to the status.
#[inline]
pub(crate) fn source_of<K: Kind>(repr: &Repr) -> Option<&(dyn Error + 'static)> {
    repr.kind_value::<K>()
        .and_then(K::source)
        .or_else(|| repr.source())
}

/// `Error::source` of a status of kind `K`: its newest context line, whose `source()` is the
/// line before it, down to the variant's source or the attached one (see
/// [`Repr::error_source`]); with no context lines, `source_of`.
#[cfg(feature = "alloc")]
#[must_use]
pub fn kind_error_source<K: Kind>(repr: &Repr) -> Option<&(dyn Error + 'static)> {
    let tail = || crate::repr::Tail {
        value: repr.value_share().map(|share| crate::repr::ValueTail {
            share,
            source: value_source::<K>,
        }),
        source: repr.shared_source(),
    };
    match repr.context_chain(tail) {
        Some(line) => Some(line),
        None => source_of::<K>(repr),
    }
}

/// `Error::source` of a status of kind `K`: without `alloc`, `source_of`.
#[cfg(not(feature = "alloc"))]
#[must_use]
pub fn kind_error_source<K: Kind>(repr: &Repr) -> Option<&(dyn Error + 'static)> {
    source_of::<K>(repr)
}

/// The source field of a shared value, if it is a `K`.
#[cfg(feature = "alloc")]
fn value_source<K: Kind>(share: &crate::repr::ValueShare) -> Option<&(dyn Error + 'static)> {
    share.value(K::VALUE_TYPE).and_then(K::source)
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

/// The kind enum `K` of a kind to be made on the heap by a closure (a constructor's fields,
/// or a whole kind value, go straight into the payload), for the compile-time choice between
/// [`StoreMadeKind`] (the kind is `Send + Sync`) and [`CannotStoreMadeKind`] (it is not, and
/// the derive's field assertion has failed compilation already: this keeps that the only
/// error). The closure is an argument of `__fs_store`, moved into it: nothing is kept to be
/// taken out again, so the store has no "already taken" case to test.
pub struct KindProbe<K>(PhantomData<fn() -> K>);

impl<K> KindProbe<K> {
    /// The probe.
    pub const NEW: Self = Self(PhantomData);
}

/// A made kind that can be stored: implemented for `&&KindProbe<K>` when `K` is
/// `Send + Sync + 'static`.
pub trait StoreMadeKind<K> {
    /// The heap status of the kind `make` makes, at `location`.
    fn __fs_store<F: FnOnce() -> K>(
        self,
        make: F,
        raw: u32,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Repr;
}

impl<K: Kind + Send + Sync> StoreMadeKind<K> for &&KindProbe<K> {
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "the constructor's fields go straight into the allocation only when inlined"
    )]
    fn __fs_store<F: FnOnce() -> K>(
        self,
        make: F,
        raw: u32,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Repr {
        Repr::from_kind(raw, make, K::VALUE_TYPE, location, backtraces)
    }
}

/// A made kind that cannot be stored (never in a program that compiles): implemented for
/// `&KindProbe<K>` of every `K`.
pub trait CannotStoreMadeKind<K> {
    /// The code alone.
    fn __fs_store<F: FnOnce() -> K>(
        self,
        make: F,
        raw: u32,
        location: &'static Location<'static>,
        backtraces: Backtraces,
    ) -> Repr;
}

impl<K> CannotStoreMadeKind<K> for &KindProbe<K> {
    #[inline]
    fn __fs_store<F: FnOnce() -> K>(
        self,
        make: F,
        raw: u32,
        _: &'static Location<'static>,
        _: Backtraces,
    ) -> Repr {
        drop(make);
        Repr::inline(raw)
    }
}

/// A field a status can own: asserted by the derive for every field, so that a field that is
/// not `Send + Sync + 'static` is reported on the field.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a field of a status: a status is `Send + Sync + 'static`, and so must its fields be",
    label = "not `Send + Sync + 'static`",
    note = "use a type that is (`Arc` instead of `Rc`, `String` instead of `&'a str`, `Mutex` instead of `RefCell`), or keep this data outside the error"
)]
pub trait Storable {}

impl<T: ?Sized + Send + Sync + 'static> Storable for T {}

/// [`Storable`] less `Sync`: what a field that is not `Send` is asserted to be, so that it is
/// reported once (as not `Send`), and not a second time for `Sync`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be a field of a status: a status is `Send + Sync + 'static`, and so must its fields be",
    label = "not `Send + Sync + 'static`",
    note = "use a type that is (`Arc` instead of `Rc`, `String` instead of `&'a str`, `Mutex` instead of `RefCell`), or keep this data outside the error"
)]
pub trait StorableIfSync {}

impl<T: ?Sized + Send + 'static> StorableIfSync for T {}

/// A field's type, for the derive's assertion that a status can own it, one error per field:
/// `(&&FieldProbe::<T>::NEW).__fs_storable()` asserts [`Storable`] through [`SendField`] when
/// `T` is `Send` (so only `Sync` or `'static` can be missing), and [`StorableIfSync`] through
/// [`NotSendField`] when it is not (so only that is reported).
pub struct FieldProbe<T: ?Sized>(PhantomData<fn() -> *const T>);

impl<T: ?Sized> FieldProbe<T> {
    /// The probe.
    pub const NEW: Self = Self(PhantomData);
}

/// The assertion for a `Send` field: implemented for `&FieldProbe<T>` of `Send` types. The
/// field's type is named again as `U` (the same type), so that an error points at it whole.
pub trait SendField {
    /// Asserts that `U` is `Storable`.
    fn __fs_storable<U: ?Sized + Storable>(&self);
}

impl<T: ?Sized + Send> SendField for &FieldProbe<T> {
    #[inline]
    fn __fs_storable<U: ?Sized + Storable>(&self) {}
}

/// The assertion for any other field: implemented for `FieldProbe<T>` of every `T`.
pub trait NotSendField {
    /// Asserts that `U` is `Send + 'static` (which it is not, or [`SendField`] would apply).
    fn __fs_storable<U: ?Sized + StorableIfSync>(&self);
}

impl<T: ?Sized> NotSendField for FieldProbe<T> {
    #[inline]
    fn __fs_storable<U: ?Sized + StorableIfSync>(&self) {}
}

/// A kind enum is `Debug` (its `{:#?}` is part of the status's): asserted by the derive, so that
/// a missing `Debug` is one error, on the enum.
#[diagnostic::on_unimplemented(
    message = "`#[derive(FastStatus)]` needs `{Self}` to be `Debug`",
    label = "this enum is not `Debug`",
    note = "add `Debug` to the enum's `#[derive(..)]`: the status's structural `Debug` shows its kind"
)]
pub trait AssertDebug {}

impl<T: ?Sized + fmt::Debug> AssertDebug for T {}

/// A kind, for the compile-time choice between [`KindIsDebug`] and [`KindNotDebug`], so that a
/// kind enum without `Debug` is reported once (by [`AssertDebug`]), not again by its status's
/// `Debug`.
pub struct DebugKind<'a, K>(pub &'a K);

/// A kind that is `Debug`: implemented for `&&DebugKind<K>` when `K: Debug`.
pub trait KindIsDebug<'a> {
    /// The kind, to show.
    fn __fs_debug(self) -> Option<&'a dyn fmt::Debug>;
}

impl<'a, K: fmt::Debug> KindIsDebug<'a> for &&DebugKind<'a, K> {
    #[inline]
    fn __fs_debug(self) -> Option<&'a dyn fmt::Debug> {
        Some(self.0)
    }
}

/// A kind that is not `Debug` (never in a program that compiles): implemented for
/// `&DebugKind<K>` of every `K`.
pub trait KindNotDebug<'a> {
    /// Nothing to show.
    fn __fs_debug(self) -> Option<&'a dyn fmt::Debug>;
}

impl<'a, K> KindNotDebug<'a> for &DebugKind<'a, K> {
    #[inline]
    fn __fs_debug(self) -> Option<&'a dyn fmt::Debug> {
        None
    }
}

/// A field that `{field}` in a display text shows: a filesystem path (`Path`, and what
/// dereferences to one: `PathBuf`, `Box<Path>`, ..) through `display()`, as thiserror shows
/// one, and any `Display` type as it is. The derive calls it, by method syntax, on fields whose
/// type is written as a path; autoderef finds the impl (a `PathBuf` is not `Display`, so the
/// reference impl does not apply, and it derefs to `Path`).
pub trait AsDisplay<'a> {
    /// What is shown.
    type Target: fmt::Display;

    /// The value to show.
    fn __fs_as_display(&'a self) -> Self::Target;
}

impl<'a, T: fmt::Display + ?Sized + 'a> AsDisplay<'a> for &T {
    type Target = &'a T;

    #[inline]
    fn __fs_as_display(&'a self) -> &'a T {
        self
    }
}

#[cfg(feature = "std")]
impl<'a> AsDisplay<'a> for std::path::Path {
    type Target = std::path::Display<'a>;

    #[inline]
    fn __fs_as_display(&'a self) -> std::path::Display<'a> {
        self.display()
    }
}

/// A source field as `&dyn Error`, whether it is an error type, a boxed trait object or a type
/// that dereferences to one (as `anyhow::Error` does).
pub trait AsDynError<'a> {
    /// The field as a trait object.
    fn as_dyn_error(&self) -> &(dyn Error + 'a);
}

impl<'a, T: Error + 'a> AsDynError<'a> for T {
    #[inline]
    fn as_dyn_error(&self) -> &(dyn Error + 'a) {
        self
    }
}

impl<'a> AsDynError<'a> for dyn Error + 'a {
    #[inline]
    fn as_dyn_error(&self) -> &(dyn Error + 'a) {
        self
    }
}

impl<'a> AsDynError<'a> for dyn Error + Send + 'a {
    #[inline]
    fn as_dyn_error(&self) -> &(dyn Error + 'a) {
        self
    }
}

impl<'a> AsDynError<'a> for dyn Error + Send + Sync + 'a {
    #[inline]
    fn as_dyn_error(&self) -> &(dyn Error + 'a) {
        self
    }
}

/// Two statuses' kinds, for the compile-time choice between [`EqKinds`] (the kind is
/// `PartialEq`: compared) and [`AnyKinds`] (it is not: equal).
pub struct KindPair<'a, K>(pub Option<KindRef<'a, K>>, pub Option<KindRef<'a, K>>);

/// Kinds compared: implemented for `&&KindPair<K>` when `K: PartialEq`. One stored value, read
/// by both (a status and its clones, or a changed copy), is equal to itself whatever its
/// `PartialEq` says (a NaN field), so the status's equality stays reflexive, as its `Eq` says;
/// the status's own word is compared first for the same reason (packed fields).
pub trait EqKinds {
    /// Whether the kinds are equal.
    fn __fs_eq(self) -> bool;
}

impl<K: PartialEq> EqKinds for &&KindPair<'_, K> {
    #[inline]
    fn __fs_eq(self) -> bool {
        match (&self.0, &self.1) {
            (Some(a), Some(b)) => {
                let (a, b): (&K, &K) = (a, b);
                core::ptr::eq(core::ptr::from_ref(a), core::ptr::from_ref(b)) || a == b
            }
            (a, b) => a.is_none() && b.is_none(),
        }
    }
}

/// Kinds that cannot be compared: implemented for `&KindPair<K>` of every `K`.
pub trait AnyKinds {
    /// `true`: the statuses' codes and messages decide.
    fn __fs_eq(self) -> bool;
}

impl<K> AnyKinds for &KindPair<'_, K> {
    #[inline]
    fn __fs_eq(self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::{CodeFields, Field, OpaqueField as _, Pack, PackField, Packer, Packing, Unpacker};

    #[test]
    fn code_fields_keep_the_code_and_the_fields_apart() {
        let max_code = crate::repr::MAX_RAW_CODE;
        for raw in [0, 1, 5, max_code] {
            for fields in [None, Some(0), Some(1), Some(0x8000_0000), Some(u32::MAX)] {
                let at = CodeFields::new(raw, fields);
                assert_eq!((at.raw(), at.fields()), (raw, fields));
            }
        }
    }

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
