//! Error types with fields: what a derived status of a *kind* enum (an enum whose
//! variants carry data) is built from and read back as.
//!
//! A variant's fields are never formatted when the status is made. Fields that together fit in
//! the word's spare bits ([`Pack`]: 52 bits when the enum's codes are all below 512, else 31)
//! ride in the word beside the code (the packed state): no allocation, also without `alloc`.
//! Any other variant is moved into the payload's one allocation (its value
//! body). [`KindRef`] is what `kind()` returns: a borrow of the stored value, or the value
//! unpacked from the word.
//!
//! Which fields pack, and whether a kind can be stored at all, is decided at compile time by
//! method resolution on the concrete field types (the generated code calls
//! `(&&Field::<T>::new()).__fs_pack(..)` and the like): the impls on `&&Probe<T>` exist only when
//! `T` qualifies, and those on `&Probe<T>` are the fallback. So a field type without [`Pack`]
//! simply goes to the heap, and a field that is not `Send + Sync + 'static` gets one error, on
//! the field, from the derive's own assertion ([`Storable`]).
//!
//! Three modules, one concern each: `pack` (which fields ride in the word, and how),
//! `read` (what `kind()` gives back, and a kind's sources), and `probes` (the compile-time
//! choices the generated code makes by method resolution). The [`Kind`] trait the derive
//! implements is here.

mod pack;
mod probes;
mod read;

use core::error::Error;
use core::fmt;

pub use pack::{Field, OpaqueField, Pack, PackField, Packer, Packing, Unpacker, Width, word_of};
pub use probes::{
    AnyKinds, AsDisplay, AsDynError, AssertDebug, CannotStoreMadeKind, DebugKind, EqKinds,
    FieldIsNotPacked, FieldIsNotStatus, FieldIsPacked, FieldIsStatus, FieldProbe, FmtArg,
    KindIsDebug, KindNotDebug, KindPair, KindProbe, NotSendField, SendField, SourceField, Storable,
    StorableIfSync, StoreMadeKind, TakeField, TakeNotStatus, TakeStatus, fmt_arg,
};
pub use read::{
    BuiltKind, CodeFields, KindPlace, KindRef, ShownKind, kind_error_source, kind_of, shown_kind,
    take_kind, variant_source,
};

#[cfg(feature = "alloc")]
use crate::repr::{DropTest, NestedStatus};
use crate::repr::{Repr, ValueType, packed_field_bits};
use crate::traits::Code;

/// A kind enum (an enum with `#[derive(FastStatus)]` whose variants carry data): implemented by
/// the derive. Used by generated code only.
#[doc(hidden)]
pub trait Kind: Sized + 'static {
    /// The generated code enum.
    type Code: Code;

    /// The description of this type for a payload to point at: a `static` the derive makes,
    /// so that reading the kind back compares one address.
    const VALUE_TYPE: &'static ValueType<Self>;

    /// The bits of fields this type's packed words hold: 52 on a 64-bit target when its codes
    /// are all below 512, else 31.
    const FIELD_BITS: u32 = packed_field_bits(<Self::Code as Code>::__CODE_MASK);

    /// The raw code of the variant.
    fn raw(&self) -> u32;

    /// How the variant is stored.
    fn pack(&self) -> Packing;

    /// The variant of raw code `raw`, from its packed fields, or for a variant without fields.
    fn unpack(raw: u32, fields: Option<u64>) -> Option<Self>;

    /// The variant of raw code `raw` whose one field is a `String`, that field made from
    /// `text`: what `kind()` of a status made by that variant's snake-case constructor, which
    /// writes the text straight into the status's allocation, gives back. `None` for any other
    /// code, without memory for the field, and by default: the derive writes it for an enum
    /// with such variants.
    #[inline]
    #[must_use]
    fn from_text(raw: u32, text: &str) -> Option<Self> {
        let _ = (raw, text);
        None
    }

    /// Writes the variant of raw code `raw` whose one field is a `String` holding `text` as the
    /// variant's `Display` writes it, without building the variant: what `Display` of a status
    /// made by that variant's snake-case constructor does, so that reading it allocates
    /// nothing. `None` for any other code, for a variant whose text needs the `String` itself
    /// (a `fmt = path` function, argument expressions), and by default.
    #[inline]
    fn display_text(raw: u32, text: &str, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        let _ = (raw, text, f);
        None
    }

    /// Writes the variant of raw code `raw` whose one field is a `String` holding `text` as
    /// `#[derive(Debug)]` writes the variant (`Name("text")`, `Name { field: "text" }`, and
    /// their `{:#?}` forms), without building it: what `{:?}` of a status made by that
    /// variant's snake-case constructor shows, so that reading it allocates nothing. `None`
    /// for any other code, and by default: the derive writes it for an enum with such
    /// variants.
    #[inline]
    fn debug_text(raw: u32, text: &str, f: &mut fmt::Formatter<'_>) -> Option<fmt::Result> {
        let _ = (raw, text, f);
        None
    }

    /// The variant's source: its `#[from]`/`#[source]`/`source` field, or a transparent
    /// variant's field's own source.
    fn source(&self) -> Option<&(dyn Error + 'static)>;

    /// The variant's source when its fields are packed into the word: the source field's
    /// `'static` value ([`Pack::as_static`]), or for a `transparent` variant that value's own
    /// source. `None` by default: the derive writes it for an enum whose variants' source
    /// fields may pack.
    #[inline]
    fn packed_source(&self) -> Option<&'static (dyn Error + 'static)> {
        None
    }

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

    /// The variant's source (or `transparent`) field when it is a status, taken out of it, a
    /// status without a payload left in its place: what freeing a payload that holds this
    /// value does first, so that statuses nested in each other's values are released in a
    /// loop. `None` by default: the derive writes it for an enum with such fields.
    #[inline]
    fn take_nested_status(&mut self) -> Option<Repr> {
        None
    }
}

impl<K: Kind> ValueType<K> {
    /// The description of the kind enum `K` (its [`Kind::VALUE_TYPE`]): with it, a status
    /// of `K` that a report reaches through a chain, where its type is not named, still gives
    /// the status in its variant's source field.
    #[must_use]
    pub const fn of_kind() -> Self {
        #[cfg(feature = "alloc")]
        return Self::described::<KindDrop, KindNested>(
            kind_source_status::<K>,
            kind_transparent_status::<K>,
        );
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

/// The nested status of a kind enum: [`Kind::take_nested_status`].
#[cfg(feature = "alloc")]
struct KindNested;

#[cfg(feature = "alloc")]
impl<K: Kind> NestedStatus<K> for KindNested {
    #[inline]
    fn take(value: &mut K) -> Option<Repr> {
        value.take_nested_status()
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
