//! The items of a derived status type that depend on its type names alone: written once, here,
//! as the `macro_rules!` the derive's output invokes (`__private::status_items!`), so that the
//! macro crate holds templates only for what each input's variants decide.
//!
//! Every `quote!` token is code the macro crate compiles, and users compile the macro crate on
//! every clean build; these items are the same for every status, so they are written here,
//! where rustc transcribes them. `scripts/build-cost.sh` measures the difference. `cargo
//! expand` shows them expanded, as if the derive had written them.
//!
//! Hygiene: the bodies name only `self`, the items' own parameters and `$crate` paths, all
//! written here. The derive passes types and names, and the public arms pass the shared one
//! paths of functions, never an expression that names `self` or a local: `macro_rules!`
//! hygiene would keep such a name from the parameter of the same name.

/// The items every derived status type has: its `Drop`, the constructors and accessors that do
/// not depend on its variants, the builders, `impl FastStatus`, `Clone`, `PartialEq`, `Eq`,
/// `Error`, `Hash`, `From<Code>`, `Display`, `Debug`, `report()` and (with `serde`)
/// `Serialize` and `Deserialize`; for an enum of kinds also `kind()`, `into_kind()` and the
/// constructor from a kind.
///
/// ```text
/// status_items! { name: Error, status: path::Error, code: path::ErrorCode, backtraces: Never }
/// status_items! { name: Error, status: path::Error, code: path::ErrorCode, backtraces: Never,
///                 kind: ErrorKind, text_fields: ErrorKind }
/// ```
///
/// `backtraces` is a `Backtraces` variant; `text_fields`, given when a variant of the kind
/// enum holds its one `String` field as text, makes `with_message` store the variant first.
#[doc(hidden)]
#[macro_export]
macro_rules! __fs_status_items {
    (
        name: $name:ident,
        status: $status:ty,
        code: $code:ty,
        backtraces: $backtraces:ident $(,)?
    ) => {
        $crate::__fs_status_items! {
            @common $status, $code, $backtraces, [],
            kind: $code,
            into_kind: $crate::__private::code_as_kind::<$status>,
            display: $crate::__private::display::<$code>,
            source: $crate::__private::Repr::error_source,
            serialize: $crate::__private::serialize::<$code, _>,
        }

        #[automatically_derived]
        impl ::core::cmp::PartialEq for $status {
            /// Statuses are equal when their codes and messages are.
            #[inline]
            fn eq(&self, other: &Self) -> ::core::primitive::bool {
                self.0.is_same(&other.0) || self.0.same_code_and_message(&other.0)
            }
        }

        #[automatically_derived]
        impl ::core::fmt::Debug for $status {
            /// The report for people (where created, context, details, causes), as
            /// [`report`](Self::report) gives it; `{:#?}` is structural.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                $crate::__private::debug::<$code>(&self.0, ::core::stringify!($name), f)
            }
        }

        impl $status {
            /// The report for people: the one-line form, where the status was created, then
            /// its context lines, details, causes and a captured backtrace, each only when
            /// there is one; `{:#?}` of it is the structural form.
            #[must_use]
            pub fn report(&self) -> $crate::Report<'_> {
                $crate::Report::__new(&self.0, |repr, f| {
                    $crate::__private::debug::<$code>(repr, ::core::stringify!($name), f)
                })
            }
        }
    };

    (
        name: $name:ident,
        status: $status:ty,
        code: $code:ty,
        backtraces: $backtraces:ident,
        kind: $kind:ty
        $(, text_fields: $text_kind:ty)? $(,)?
    ) => {
        $crate::__fs_status_items! {
            @common $status, $code, $backtraces, [$($text_kind)?],
            kind: $kind,
            into_kind: Self::into_kind,
            display: $crate::__private::display_kind::<$kind>,
            source: $crate::__private::kind_error_source::<$kind>,
            serialize: $crate::__private::serialize_kind::<$kind, _>,
        }

        #[automatically_derived]
        impl ::core::cmp::PartialEq for $status {
            /// Statuses are equal when their codes and messages are, and their kinds (when the
            /// kind enum is `PartialEq`). A status is always equal to itself and to its clones.
            #[inline]
            fn eq(&self, other: &Self) -> ::core::primitive::bool {
                self.0.is_same(&other.0)
                    || (self.0.same_code_and_message(&other.0) && {
                        use $crate::__private::{AnyKinds as _, EqKinds as _};
                        (&&$crate::__private::KindPair(self.kind(), other.kind())).__fs_eq()
                    })
            }
        }

        #[automatically_derived]
        impl ::core::fmt::Debug for $status {
            /// What `#[derive(Debug)]` on the kind enum prints for the kind (`{:#?}` too), then
            /// the message and the context lines, where there are any. The report for people
            /// is [`report`](Self::report).
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let value = $crate::__private::shown_kind::<$kind>(&self.0);
                let debug = value.as_ref().and_then(|value| {
                    use $crate::__private::{KindIsDebug as _, KindNotDebug as _};
                    (&&$crate::__private::DebugKind(value)).__fs_debug()
                });
                $crate::__private::debug_as_kind::<$kind>(&self.0, debug, f)
            }
        }

        impl $status {
            /// The report for people: the one-line form, where the status was created, then
            /// its context lines, details, causes and a captured backtrace, each only when
            /// there is one; `{:#?}` of it is the structural form.
            #[must_use]
            pub fn report(&self) -> $crate::Report<'_> {
                $crate::Report::__new(&self.0, |repr, f| {
                    let value = $crate::__private::shown_kind::<$kind>(repr);
                    let debug = value.as_ref().and_then(|value| {
                        use $crate::__private::{KindIsDebug as _, KindNotDebug as _};
                        (&&$crate::__private::DebugKind(value)).__fs_debug()
                    });
                    $crate::__private::debug_kind::<$kind>(repr, ::core::stringify!($name), debug, f)
                })
            }

            #[doc = ::core::concat!(
                "The [`", ::core::stringify!($kind), "`] this status was made from, to `match` \
                 with its own patterns: `match status.kind().as_deref() { Some(",
                ::core::stringify!($kind), "::Variant { .. }) => .., _ => .. }`.\n\n\
                 A variant without fields always comes back. A variant with fields comes \
                 back unless the status was made without them: from its code (`from_code`, \
                 `new`, `status!`, `bail!`, `ensure!`), by `or_status` (unless its one field \
                 is its source, of the error's type), by deserializing (the fields do not cross; \
                 the text does), or, in a build without `alloc`, with fields too large to \
                 pack. Those are `None`.\n\n\
                 Fields packed into the word come back as a copy owned by the result: to keep \
                 a reference to them past the statement, bind the result first \
                 (`let kind = status.kind();`)."
            )]
            #[inline]
            #[must_use]
            pub fn kind(&self) -> ::core::option::Option<$crate::KindRef<'_, $kind>> {
                $crate::__private::kind_of::<$kind>(&self.0)
            }

            /// The kind this status was made from, as an owned value, to `match` and move its
            /// fields out: the stored value moved out of the status (whose message, context
            /// lines and source are dropped with it), or a copy of fields packed into the word.
            ///
            /// `Err` gives the status back when it has no kind (made from a code alone) or when
            /// its stored value is shared: with a clone, or between a status and a changed copy
            /// of it (`clone().with_message(..)`) while both live. [`kind`](Self::kind) reads
            /// the kind without taking the status.
            #[inline]
            pub fn into_kind(mut self) -> ::core::result::Result<$kind, Self> {
                match $crate::__private::take_kind::<$kind>(&mut self.0) {
                    ::core::option::Option::Some(value) => {
                        // Dropped before the kind is returned: if a detail's `Drop` panics, the
                        // kind, still a local, is dropped as the panic unwinds (a value already
                        // moved into the function's result would leak).
                        ::core::mem::drop(self);
                        ::core::result::Result::Ok(value)
                    }
                    ::core::option::Option::None => ::core::result::Result::Err(self),
                }
            }

            /// The status of `kind`: its code alone, its fields packed into the word, or the
            /// kind moved into one allocation.
            #[inline(always)]
            #[track_caller]
            #[allow(clippy::inline_always)]
            fn __from_kind(value: $kind) -> Self {
                let raw = $crate::__private::Kind::raw(&value);
                let word = $crate::__private::word_of(
                    raw,
                    $crate::__private::Kind::pack(&value),
                    <$kind as $crate::__private::Kind>::FIELD_BITS,
                );
                Self(match word {
                    ::core::option::Option::Some(word) => word,
                    ::core::option::Option::None => {
                        use $crate::__private::{CannotStoreMadeKind as _, StoreMadeKind as _};
                        (&&$crate::__private::KindProbe::<$kind>::NEW).__fs_store(
                            move || value,
                            raw,
                            ::core::panic::Location::caller(),
                            $crate::__private::Backtraces::$backtraces,
                        )
                    }
                })
            }
        }
    };

    // What statuses of codes and of kinds share. `[$text_kind]`: see `text_fields`. The
    // functions of the representation that `Display`, `Error::source` and `Serialize` call.
    (
        @common $status:ty, $code:ty, $backtraces:ident, [$($text_kind:ty)?],
        kind: $kind:ty,
        into_kind: $into_kind:path,
        display: $display:path,
        source: $source:path,
        serialize: $serialize:path $(,)?
    ) => {
        #[automatically_derived]
        impl ::core::ops::Drop for $status {
            /// Inline, static and packed states own nothing: one test of the tag and a branch.
            /// A heap state calls the one cold cleanup function.
            #[inline(always)]
            fn drop(&mut self) {
                if self.0.is_heap() {
                    self.0.release_heap();
                }
            }
        }

        // The methods the `FastStatus` trait has too, callable without importing it; and a
        // message or a context line is any `Display`.
        #[allow(clippy::same_name_method, clippy::impl_trait_in_params)]
        impl $status {
            /// A status with only `code`: no allocation, usable in `const`.
            #[inline]
            #[must_use = "a status reports a failure: return it, inspect it or handle it"]
            pub const fn from_code(code: $code) -> Self {
                Self($crate::__private::Repr::inline(code as ::core::primitive::u32))
            }

            /// A status with `code` and `message`, recording the caller's location. One
            /// allocation, of the message's length.
            #[cold]
            #[inline(never)]
            #[track_caller]
            #[must_use = "a status reports a failure: return it, inspect it or handle it"]
            pub fn new(code: $code, message: impl ::core::fmt::Display) -> Self {
                Self($crate::__private::Repr::from_display(
                    code as ::core::primitive::u32,
                    message,
                    ::core::panic::Location::caller(),
                    $crate::__private::Backtraces::$backtraces,
                ))
            }

            /// The status's code.
            #[inline]
            #[must_use]
            pub fn code(&self) -> $code {
                $crate::__private::code_of::<$code>(&self.0)
            }

            /// The message; empty for a code-only status.
            #[inline]
            #[must_use]
            pub fn message(&self) -> &::core::primitive::str {
                self.0.message()
            }

            /// Where the status was created, for statuses built with a message or on the heap.
            #[inline]
            #[must_use]
            pub fn location(
                &self,
            ) -> ::core::option::Option<&'static ::core::panic::Location<'static>> {
                self.0.location()
            }

            /// The same status with `message` instead of its message; code, location, source,
            /// details and context lines are kept.
            #[inline]
            #[must_use = "the changed status is returned; the one it was called on is moved into it"]
            pub fn with_message(mut self, message: impl ::core::fmt::Display) -> Self {
                $(
                    // A status that holds a variant's text in place of its value becomes a
                    // status of the value first: the text leaves no room for a message.
                    use $crate::__private::{CannotStoreMadeKind as _, StoreMadeKind as _};
                    if !(&&$crate::__private::KindProbe::<$text_kind>::NEW)
                        .__fs_text_to_value(&mut self.0)
                    {
                        return self;
                    }
                )?
                self.0.replace_message(message);
                self
            }

            /// The same status with `value` attached as a typed detail, replacing an earlier
            /// detail of the same type.
            #[inline]
            #[must_use = "the changed status is returned; the one it was called on is moved into it"]
            pub fn with_detail<T>(mut self, value: T) -> Self
            where
                T: ::core::fmt::Debug + ::core::marker::Send + ::core::marker::Sync + 'static,
            {
                self.0.set_detail(value);
                self
            }

            /// The detail of type `T`, if one was attached.
            #[inline]
            #[must_use]
            pub fn detail<T: 'static>(&self) -> ::core::option::Option<&T> {
                self.0.detail::<T>()
            }

            /// All details, in the order their types were first attached.
            #[inline]
            pub fn details(
                &self,
            ) -> impl ::core::iter::ExactSizeIterator<
                Item = &(dyn ::core::fmt::Debug + ::core::marker::Send + ::core::marker::Sync),
            > {
                self.0.details()
            }

            $crate::__fs_if_alloc! {
                /// The same status with `error` as its `source()`, replacing an earlier one:
                /// an error type, a `Box<dyn Error + Send + Sync>`, an `anyhow::Error`, a
                /// `String`. `source()` gives the error back as it is. A status given here, or
                /// boxed, is known as one (with `std`): reports show its creation site and
                /// context lines, and statuses nested this way, however deep, are released in
                /// a loop. Without memory, the status is left as it was.
                #[inline]
                #[must_use = "the changed status is returned; the one it was called on is moved into it"]
                pub fn with_source(
                    mut self,
                    error: impl ::core::convert::Into<
                        $crate::__private::Box<
                            dyn ::core::error::Error + ::core::marker::Send + ::core::marker::Sync,
                        >,
                    >,
                ) -> Self {
                    self.0.set_source(error.into());
                    self
                }
            }

            /// The same status with a context line `message` appended, recording the caller's
            /// location.
            #[inline]
            #[must_use = "the changed status is returned; the one it was called on is moved into it"]
            #[track_caller]
            pub fn context(mut self, message: impl ::core::fmt::Display) -> Self {
                self.0.add_context(message, ::core::panic::Location::caller());
                self
            }

            /// The context lines, oldest first: each line's text and where it was added.
            #[inline]
            pub fn context_lines(&self) -> $crate::ContextLines<'_> {
                self.0.context_lines()
            }
        }

        #[automatically_derived]
        impl $crate::FastStatus for $status {
            type Code = $code;
            type Kind = $kind;

            #[inline]
            fn __into_kind(self) -> ::core::result::Result<$kind, Self> {
                $into_kind(self)
            }

            #[inline]
            fn from_code(code: $code) -> Self {
                Self::from_code(code)
            }

            #[track_caller]
            fn new(code: $code, message: impl ::core::fmt::Display) -> Self {
                Self::new(code, message)
            }

            #[inline]
            fn code(&self) -> $code {
                Self::code(self)
            }

            #[inline]
            fn message(&self) -> &::core::primitive::str {
                Self::message(self)
            }

            #[inline]
            fn location(
                &self,
            ) -> ::core::option::Option<&'static ::core::panic::Location<'static>> {
                Self::location(self)
            }

            #[inline]
            fn with_message(self, message: impl ::core::fmt::Display) -> Self {
                Self::with_message(self, message)
            }

            #[inline]
            fn with_detail<T>(self, value: T) -> Self
            where
                T: ::core::fmt::Debug + ::core::marker::Send + ::core::marker::Sync + 'static,
            {
                Self::with_detail(self, value)
            }

            #[inline]
            fn detail<T: 'static>(&self) -> ::core::option::Option<&T> {
                Self::detail::<T>(self)
            }

            #[inline]
            fn details(
                &self,
            ) -> impl ::core::iter::ExactSizeIterator<
                Item = &(dyn ::core::fmt::Debug + ::core::marker::Send + ::core::marker::Sync),
            > {
                Self::details(self)
            }

            $crate::__fs_if_alloc! {
                #[inline]
                fn with_source(
                    self,
                    error: impl ::core::convert::Into<
                        $crate::__private::Box<
                            dyn ::core::error::Error + ::core::marker::Send + ::core::marker::Sync,
                        >,
                    >,
                ) -> Self {
                    Self::with_source(self, error)
                }
            }

            #[track_caller]
            fn context(self, message: impl ::core::fmt::Display) -> Self {
                Self::context(self, message)
            }

            #[inline]
            fn context_lines(
                &self,
            ) -> impl ::core::iter::Iterator<
                Item = (&::core::primitive::str, &'static ::core::panic::Location<'static>),
            > {
                Self::context_lines(self)
            }

            #[inline]
            fn __from_repr(repr: $crate::__private::Repr) -> Self {
                Self(repr)
            }

            #[inline]
            fn __repr(&self) -> &$crate::__private::Repr {
                &self.0
            }

            #[inline]
            fn __into_repr(self) -> $crate::__private::Repr {
                let mut this = ::core::mem::ManuallyDrop::new(self);
                ::core::mem::replace(&mut this.0, $crate::__private::Repr::inline(0))
            }
        }

        #[automatically_derived]
        impl ::core::clone::Clone for $status {
            /// Copies the word; a heap payload is shared (an atomic increment, no allocation).
            #[inline]
            fn clone(&self) -> Self {
                Self(self.0.clone())
            }
        }

        #[automatically_derived]
        impl ::core::cmp::Eq for $status {}

        #[automatically_derived]
        impl ::core::error::Error for $status {
            fn source(&self) -> ::core::option::Option<&(dyn ::core::error::Error + 'static)> {
                $crate::__private::identify::<Self>();
                $source(&self.0)
            }
        }

        #[automatically_derived]
        impl ::core::fmt::Display for $status {
            /// The code's text, or for a kind its variant's text with its fields; then
            /// `": message"` if there is a message. `{:#}` adds the context lines and the causes.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                $display(&self.0, f)
            }
        }

        #[automatically_derived]
        impl ::core::hash::Hash for $status {
            /// Hashes the code and the message, which equal statuses share.
            fn hash<H: ::core::hash::Hasher>(&self, state: &mut H) {
                ::core::hash::Hash::hash(&self.0.raw_code(), state);
                ::core::hash::Hash::hash(self.0.message(), state);
            }
        }

        #[automatically_derived]
        impl ::core::convert::From<$code> for $status {
            /// The code-only status of `code`.
            #[inline]
            fn from(code: $code) -> Self {
                Self::from_code(code)
            }
        }

        $crate::__fs_if_serde! {
            #[automatically_derived]
            impl $crate::__private::serde::Serialize for $status {
                fn serialize<S: $crate::__private::serde::Serializer>(
                    &self,
                    serializer: S,
                ) -> ::core::result::Result<S::Ok, S::Error> {
                    $serialize(&self.0, serializer)
                }
            }

            #[automatically_derived]
            impl<'de> $crate::__private::serde::Deserialize<'de> for $status {
                fn deserialize<D: $crate::__private::serde::Deserializer<'de>>(
                    deserializer: D,
                ) -> ::core::result::Result<Self, D::Error> {
                    $crate::__private::deserialize::<$code, D>(deserializer)
                }
            }
        }
    };
}
