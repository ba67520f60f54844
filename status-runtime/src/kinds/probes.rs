//! The compile-time choices generated code makes by method resolution on a concrete type
//! (autoref specialisation): `(&&Probe::<T>::NEW).method()` picks the impl on `&&Probe<T>`
//! when `T` qualifies, else the fallback on `&Probe<T>`. Whether a source field is a status,
//! whether a kind can be stored, whether a field is `Send`, `Debug` or `PartialEq`, how a
//! field displays and becomes a `dyn Error`.

use core::error::Error;
use core::fmt;
use core::marker::PhantomData;
use core::panic::Location;

use super::{Kind, KindRef};
use crate::backtrace::Backtraces;
use crate::repr::Repr;
use crate::traits::FastStatus;

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

/// A source field that packs into the word with a `'static` value to answer `source()` with
/// ([`Pack::as_static`](super::Pack::as_static)): that value.
pub trait FieldIsPacked {
    /// The field's `'static` value, as an error.
    fn __fs_packed(self) -> Option<&'static (dyn Error + 'static)>;
}

impl<T: super::Pack + Error> FieldIsPacked for &&SourceField<'_, T> {
    #[inline]
    fn __fs_packed(self) -> Option<&'static (dyn Error + 'static)> {
        let error: &'static T = (*self.0).as_static()?;
        Some(error)
    }
}

/// A source field that never packs: the status holds it, and a packed word has none.
pub trait FieldIsNotPacked {
    /// None.
    fn __fs_packed(self) -> Option<&'static (dyn Error + 'static)>;
}

impl<T> FieldIsNotPacked for &SourceField<'_, T> {
    #[inline]
    fn __fs_packed(self) -> Option<&'static (dyn Error + 'static)> {
        None
    }
}

/// A variant's source field, by type, to take a status out of it:
/// `(&&TakeField::<T>::NEW).__fs_take(field)` picks [`TakeStatus`] for a status and
/// [`TakeNotStatus`] for anything else.
pub struct TakeField<T>(PhantomData<fn() -> T>);

impl<T> TakeField<T> {
    /// The probe.
    pub const NEW: Self = Self(PhantomData);
}

/// A source field that is a status: taken out, a status without a payload (its raw code 0,
/// never read: the value it is in is being freed) left in its place.
pub trait TakeStatus<T> {
    /// The field's representation, taken out.
    fn __fs_take(self, field: &mut T) -> Option<Repr>;
}

impl<S: FastStatus> TakeStatus<S> for &&TakeField<S> {
    #[inline]
    fn __fs_take(self, field: &mut S) -> Option<Repr> {
        let taken = core::mem::replace(field, S::__from_repr(Repr::inline(0)));
        Some(taken.__into_repr())
    }
}

/// A source field that is not a status: nothing to take.
pub trait TakeNotStatus<T> {
    /// None.
    fn __fs_take(self, field: &mut T) -> Option<Repr>;
}

impl<T> TakeNotStatus<T> for &TakeField<T> {
    #[inline]
    fn __fs_take(self, _: &mut T) -> Option<Repr> {
        None
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

    /// `repr` made a status of the value `K::from_text` builds, if it holds a text body
    /// ([`Repr::text_to_value`]); `false` when the allocator failed.
    fn __fs_text_to_value(self, repr: &mut Repr) -> bool;
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

    #[inline]
    fn __fs_text_to_value(self, repr: &mut Repr) -> bool {
        repr.text_field().is_none() || repr.text_to_value::<K>()
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

    /// `true`.
    fn __fs_text_to_value(self, repr: &mut Repr) -> bool;
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

    #[inline]
    fn __fs_text_to_value(self, _: &mut Repr) -> bool {
        true
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

/// A field as the parameter of a `#[error(fmt = path)]` function takes it: by reference (`&F`,
/// thiserror's form), by value when it is `Copy` (`u32`, `Option<u8>`, `&'static str`), or as
/// the borrow clippy asks for (`&str` of a `String`, `&[T]` of a `Vec<T>`, `&Path` of a
/// `PathBuf`, `Option<&T>` of an `Option<T>`). The function's signature picks the impl
/// ([`fmt_arg`]); a generic parameter leaves it ambiguous.
#[diagnostic::on_unimplemented(
    message = "a `fmt = ..` function cannot take a `{F}` field as a `{Self}`",
    label = "this function's parameter for the field",
    note = "a field is given as `&{F}`, as `{F}` when it is `Copy`, or as the borrow of its \
            contents (`&str` for a `String`, `&[T]` for a `Vec<T>`, `&Path` for a `PathBuf`, \
            `Option<&T>` for an `Option<T>`)"
)]
pub trait FmtArg<'a, F: ?Sized> {
    /// The parameter's value.
    fn __fs_fmt_arg(field: &'a F) -> Self;
}

impl<'a, F: ?Sized> FmtArg<'a, F> for &'a F {
    #[inline]
    fn __fs_fmt_arg(field: &'a F) -> Self {
        field
    }
}

impl<F: Copy> FmtArg<'_, F> for F {
    #[inline]
    fn __fs_fmt_arg(field: &F) -> Self {
        *field
    }
}

impl<'a, T> FmtArg<'a, Option<T>> for Option<&'a T> {
    #[inline]
    fn __fs_fmt_arg(field: &'a Option<T>) -> Self {
        field.as_ref()
    }
}

#[cfg(feature = "alloc")]
impl<'a> FmtArg<'a, alloc::string::String> for &'a str {
    #[inline]
    fn __fs_fmt_arg(field: &'a alloc::string::String) -> Self {
        field
    }
}

#[cfg(feature = "alloc")]
impl<'a, T> FmtArg<'a, alloc::vec::Vec<T>> for &'a [T] {
    #[inline]
    fn __fs_fmt_arg(field: &'a alloc::vec::Vec<T>) -> Self {
        field
    }
}

#[cfg(feature = "std")]
impl<'a> FmtArg<'a, std::path::PathBuf> for &'a std::path::Path {
    #[inline]
    fn __fs_fmt_arg(field: &'a std::path::PathBuf) -> Self {
        field
    }
}

/// `field` as the `fmt = path` function's parameter takes it ([`FmtArg`]).
#[inline]
pub fn fmt_arg<'a, F: ?Sized, A: FmtArg<'a, F>>(field: &'a F) -> A {
    A::__fs_fmt_arg(field)
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
