//! Reading a kind back: what `kind()` and `into_kind()` give ([`KindRef`], from the stored
//! value, the unpacked fields or a text body's text), and the source of a status of a kind.

use core::error::Error;
use core::fmt;
use core::mem::ManuallyDrop;
use core::ops::Deref;

use super::Kind;
use crate::repr::{Repr, inline_bits, packed_bits, packed_fields_of};
use crate::traits::Code;

/// What `kind()` returns: the variant a status was made from, borrowed from the status or, for
/// fields packed into the word, unpacked into a copy, or, for a status that holds the text of
/// a variant whose one field is a `String`, built with a copy of that text. `as_deref()` on the
/// `Option` gives `Option<&Kind>`, to match with the enum's own patterns:
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
///
/// Non-exhaustive: a `match` on it takes `&**kind` (or `as_deref()`), not its variants, so
/// that a new way of holding a kind is not a breaking change.
#[non_exhaustive]
pub enum KindRef<'a, K> {
    /// The value stored in the status.
    Borrowed(&'a K),
    /// The value unpacked from the status's word (or a variant without fields). It is never
    /// dropped: its fields are [`Pack`](super::Pack), so `Copy`, and own nothing, and the compiler need not
    /// call the kind's drop glue for it where a caller reads a `kind()`.
    Unpacked(ManuallyDrop<K>),
    /// The value built from the text the status holds for a variant whose one field is a
    /// `String` (a status its snake-case constructor made from formatted text): the text is
    /// copied into the field, an allocation for each read.
    Built(BuiltKind<K>),
}

/// A kind built from a status's text ([`KindRef::Built`]): derefs to the kind, and is dropped
/// out of line, so that code that reads the `kind()` of other statuses (borrowed or unpacked,
/// which own nothing) tests one tag where it drops the result, not the kind's whole drop.
pub struct BuiltKind<K>(Option<K>);

impl<K> BuiltKind<K> {
    /// `kind`, built.
    #[must_use]
    pub fn new(kind: K) -> Self {
        Self(Some(kind))
    }
}

impl<K> Deref for BuiltKind<K> {
    type Target = K;

    #[inline]
    fn deref(&self) -> &K {
        match &self.0 {
            Some(kind) => kind,
            // Taken out only by `drop`.
            None => unreachable!("a built kind is there until it is dropped"),
        }
    }
}

impl<K> Drop for BuiltKind<K> {
    #[inline]
    fn drop(&mut self) {
        drop_built(&mut self.0);
    }
}

/// Drops a built kind: out of line and cold.
#[cold]
#[inline(never)]
fn drop_built<K>(kind: &mut Option<K>) {
    kind.take();
}

impl<K> Deref for KindRef<'_, K> {
    type Target = K;

    #[inline]
    fn deref(&self) -> &K {
        match self {
            KindRef::Borrowed(kind) => kind,
            KindRef::Unpacked(kind) => kind,
            KindRef::Built(kind) => kind,
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
#[derive(Debug)]
pub enum KindPlace<'a, K> {
    /// The variant's value, stored in the status (or in the one it is a changed copy of).
    Value(&'a K),
    /// The raw code and the packed fields, if any, to unpack the variant from.
    Fields(CodeFields),
    /// The raw code of a variant whose one field is a `String`, and that field's text, which
    /// the status holds in place of a stored value.
    Text {
        /// The raw code.
        raw: u32,
        /// The field's text.
        text: &'a str,
    },
}

// References and a `u64`: `Copy` whatever `K` is (a derive would ask `K: Copy`).
impl<K> Clone for KindPlace<'_, K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K> Copy for KindPlace<'_, K> {}

/// A raw code and, if the variant has them, its packed fields, in one `u64`, so that a
/// [`KindPlace`] comes back from a call in two registers: the bits of an inline word of the
/// code, or of a packed word of the code and the fields (on every target), in the layout of
/// its type, whose own reads give them back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CodeFields(u64);

impl CodeFields {
    /// The code and fields `repr`'s word holds (none for a static word).
    #[inline]
    #[must_use]
    pub(crate) fn of_word(repr: &Repr) -> Self {
        Self(repr.code_bits())
    }

    /// `raw` and `fields`, of a type whose packed words hold `field_bits` (`fields` came from
    /// a packed word of `raw` of that type, so they fit one).
    #[inline]
    #[must_use]
    pub fn new(raw: u32, fields: Option<u64>, field_bits: u32) -> Self {
        Self(
            match fields.and_then(|fields| packed_bits(raw, fields, field_bits)) {
                Some(bits) => bits,
                None => inline_bits(raw),
            },
        )
    }

    /// The raw code, of a type whose codes `mask` reads.
    #[inline]
    #[must_use]
    pub fn raw_in(self, mask: u32) -> u32 {
        // Exact: masked to 30 bits at most.
        #[allow(clippy::cast_possible_truncation)]
        let raw = (self.0 >> 2) as u32 & mask;
        raw
    }

    /// The packed fields, if any, of a type whose packed words hold `field_bits`.
    #[inline]
    #[must_use]
    pub fn fields_in(self, field_bits: u32) -> Option<u64> {
        packed_fields_of(self.0, field_bits)
    }
}

/// The kind a status holds: the stored value, the unpacked fields, or a variant without
/// fields; `None` for a status made from the code alone of a variant with fields.
#[inline]
#[must_use]
pub fn kind_of<K: Kind>(repr: &Repr) -> Option<KindRef<'_, K>> {
    kind_at(repr.kind_place::<K>())
}

/// The kind at `place`, as [`kind_of`] gives it.
#[inline]
fn kind_at<K: Kind>(place: KindPlace<'_, K>) -> Option<KindRef<'_, K>> {
    match place {
        KindPlace::Value(kind) => Some(KindRef::Borrowed(kind)),
        KindPlace::Fields(at) => {
            unpack::<K>(at).map(|kind| KindRef::Unpacked(ManuallyDrop::new(kind)))
        }
        KindPlace::Text { raw, text } => {
            K::from_text(raw, text).map(|kind| KindRef::Built(BuiltKind::new(kind)))
        }
    }
}

/// A status's kind as `{:?}` of the status shows it: what [`kind_of`] gives, or, for a status
/// that holds a variant's text in place of the variant, the raw code and the text, which
/// [`Kind::debug_text`] writes as `#[derive(Debug)]` writes the variant, so that showing it
/// allocates nothing.
pub enum ShownKind<'a, K> {
    /// The kind, read back.
    Kind(KindRef<'a, K>),
    /// The raw code of a variant whose one field is a `String`, and that field's text.
    Text {
        /// The raw code.
        raw: u32,
        /// The field's text.
        text: &'a str,
    },
}

impl<K: Kind + fmt::Debug> fmt::Debug for ShownKind<'_, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Kind(ref kind) => kind.fmt(f),
            Self::Text { raw, text } => match K::debug_text(raw, text, f) {
                Some(written) => written,
                // A `Kind` the derive did not write: built, as `kind()` builds it.
                None => match K::from_text(raw, text) {
                    Some(kind) => kind.fmt(f),
                    None => fmt::Debug::fmt(text, f),
                },
            },
        }
    }
}

/// The kind a status holds as `{:?}` shows it ([`ShownKind`]); `None` where [`kind_of`] is.
#[inline]
#[must_use]
pub fn shown_kind<K: Kind>(repr: &Repr) -> Option<ShownKind<'_, K>> {
    match repr.kind_place::<K>() {
        KindPlace::Text { raw, text } => Some(ShownKind::Text { raw, text }),
        place => kind_at(place).map(ShownKind::Kind),
    }
}

/// The variant of kind `K` that `at` holds: its code and any fields, read in `K`'s layout.
#[inline]
fn unpack<K: Kind>(at: CodeFields) -> Option<K> {
    K::unpack(
        at.raw_in(<K::Code as Code>::__CODE_MASK),
        at.fields_in(K::FIELD_BITS),
    )
}

/// The kind a status holds, as an owned value: the stored value moved out (what is left of the
/// status owns nothing), or the unpacked fields, or a variant without fields, or the variant
/// built from a text body's text (the status is left as it is). A changed copy's value (after
/// `with_message`) moves out too once the status it was copied from is gone. `None`, and the
/// status unchanged, for a status made from the code alone of a variant with fields, and for a
/// stored value that something else reads too (a clone of the status, or a changed copy of
/// one).
#[must_use]
pub fn take_kind<K: Kind>(repr: &mut Repr) -> Option<K> {
    match repr.kind_place::<K>() {
        KindPlace::Fields(at) => return unpack::<K>(at),
        KindPlace::Text { raw, text } => return K::from_text(raw, text),
        KindPlace::Value(_) => {}
    }
    // A stored value (there is none without `alloc`).
    #[cfg(feature = "alloc")]
    return repr.take_kind_value(K::VALUE_TYPE);
    #[cfg(not(feature = "alloc"))]
    None
}

/// The source of a status of kind `K`: its variant's (stored, or packed), or the one attached
/// to the status.
#[inline]
fn source_of<K: Kind>(repr: &Repr) -> Option<&(dyn Error + 'static)> {
    variant_source::<K>(repr).or_else(|| repr.source())
}

/// The source of the variant a status of kind `K` holds: the stored value's source field, or
/// the `'static` value of a packed one ([`Kind::packed_source`]).
#[inline]
#[must_use]
pub fn variant_source<K: Kind>(repr: &Repr) -> Option<&(dyn Error + 'static)> {
    match repr.kind_place::<K>() {
        KindPlace::Value(kind) => kind.source(),
        KindPlace::Fields(at) => packed_source::<K>(at),
        KindPlace::Text { .. } => None,
    }
}

/// The source of the packed variant `at` holds ([`Kind::packed_source`]).
#[inline]
fn packed_source<K: Kind>(at: CodeFields) -> Option<&'static (dyn Error + 'static)> {
    // Packed fields are `Pack`, so `Copy`: the unpacked copy owns nothing to drop.
    unpack::<K>(at).and_then(|kind| ManuallyDrop::new(kind).packed_source())
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
        packed: match repr.kind_place::<K>() {
            KindPlace::Fields(at) => Some(crate::repr::PackedTail {
                bits: at.0,
                source: |bits| packed_source::<K>(CodeFields(bits)),
            }),
            _ => None,
        },
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

#[cfg(test)]
mod tests {
    use super::CodeFields;

    #[test]
    fn code_fields_keep_the_code_and_the_fields_apart() {
        use crate::repr::{
            MAX_RAW_CODE, NARROW_FIELD_BITS, WIDE_CODE_MASK, WIDE_CODES, WIDE_FIELD_BITS,
        };
        let narrow_fields = [0, 1, 0x4000_0000, (1 << 31) - 1];
        for (mask, bits, raws, fields) in [
            (
                MAX_RAW_CODE,
                NARROW_FIELD_BITS,
                [0, 5, WIDE_CODES, MAX_RAW_CODE],
                narrow_fields,
            ),
            (
                WIDE_CODE_MASK,
                WIDE_FIELD_BITS,
                [0, 1, 5, WIDE_CODES - 1],
                [0, 1, 1 << 32, (1 << 52) - 1],
            ),
        ] {
            for raw in raws {
                for fields in fields.map(Some).into_iter().chain([None]) {
                    let at = CodeFields::new(raw, fields, bits);
                    assert_eq!((at.raw_in(mask), at.fields_in(bits)), (raw, fields));
                }
            }
        }
    }
}
