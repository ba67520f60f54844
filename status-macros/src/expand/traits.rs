//! `impl FastStatus` (forwarding to the inherent methods), and `Clone`, `PartialEq`, `Eq`,
//! `Error`, `Hash`, `From<Code>`, `From<Status> for io::Error` and, with `serde`, `Serialize` and
//! `Deserialize`.

use proc_macro2::TokenStream;
use quote::quote;

use super::kind::transparent_arms;
use super::{Gen, local};
use crate::ast::IoError;

pub(super) fn traits(g: &Gen<'_>) -> TokenStream {
    let fast_status = fast_status_impl(g);
    let std = std_impls(g);
    quote! {
        #fast_status
        #std
    }
}

/// `impl FastStatus`, forwarding to the inherent methods.
fn fast_status_impl(g: &Gen<'_>) -> TokenStream {
    let Gen {
        status_ty,
        code_ty,
        private,
        ..
    } = g;
    let krate = &g.input.krate;
    quote! {
        #[automatically_derived]
        impl #krate::FastStatus for #status_ty {
            type Code = #code_ty;

            #[inline]
            fn from_code(code: #code_ty) -> Self {
                Self::from_code(code)
            }

            #[track_caller]
            fn new(code: #code_ty, message: impl ::core::fmt::Display) -> Self {
                Self::new(code, message)
            }

            #[inline]
            fn code(&self) -> #code_ty {
                Self::code(self)
            }

            #[inline]
            fn message(&self) -> &::core::primitive::str {
                Self::message(self)
            }

            #[inline]
            fn location(&self) -> ::core::option::Option<&'static ::core::panic::Location<'static>> {
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

            #private::if_alloc! {
                #[inline]
                fn with_source(
                    self,
                    error: impl ::core::convert::Into<
                        #private::Box<dyn ::core::error::Error + ::core::marker::Send + ::core::marker::Sync>,
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
            ) -> impl ::core::iter::Iterator<Item = (&::core::primitive::str, &'static ::core::panic::Location<'static>)> {
                Self::context_lines(self)
            }

            #[inline]
            fn __from_repr(repr: #private::Repr) -> Self {
                Self(repr)
            }

            #[inline]
            fn __repr(&self) -> &#private::Repr {
                &self.0
            }

            #[inline]
            fn __into_repr(self) -> #private::Repr {
                let mut this = ::core::mem::ManuallyDrop::new(self);
                ::core::mem::replace(&mut this.0, #private::Repr::inline(0))
            }
        }
    }
}

/// `Clone`, `PartialEq`, `Eq`, `Error` and `From<Code>`.
fn std_impls(g: &Gen<'_>) -> TokenStream {
    let Gen {
        status_ty,
        code_ty,
        private,
        ..
    } = g;
    let (eq_doc, kinds_equal, source) = match g.kind {
        None => (
            "Statuses are equal when their codes and messages are.",
            quote!(true),
            quote!(self.0.error_source()),
        ),
        Some(kind) => (
            "Statuses are equal when their codes and messages are, and their kinds (when the \
             kind enum is `PartialEq`). A status is always equal to itself and to its clones.",
            quote! {{
                use #private::{AnyKinds as _, EqKinds as _};
                (&&#private::KindPair(self.kind(), other.kind())).__fs_eq()
            }},
            quote!(#private::kind_error_source::<#kind>(&self.0)),
        ),
    };
    let io_error = io_error(g);
    let serde = serde_impls(g);
    quote! {
        #[automatically_derived]
        impl ::core::clone::Clone for #status_ty {
            /// Copies the word; a heap payload is shared (an atomic increment, no allocation).
            #[inline]
            fn clone(&self) -> Self {
                Self(self.0.clone())
            }
        }

        #[automatically_derived]
        impl ::core::cmp::PartialEq for #status_ty {
            #[doc = #eq_doc]
            #[inline]
            fn eq(&self, other: &Self) -> ::core::primitive::bool {
                self.0.is_same(&other.0)
                    || (self.0.same_code_and_message(&other.0) && #kinds_equal)
            }
        }

        #[automatically_derived]
        impl ::core::cmp::Eq for #status_ty {}

        #[automatically_derived]
        impl ::core::error::Error for #status_ty {
            fn source(&self) -> ::core::option::Option<&(dyn ::core::error::Error + 'static)> {
                #private::identify::<Self>();
                #source
            }
        }

        #[automatically_derived]
        impl ::core::hash::Hash for #status_ty {
            /// Hashes the code and the message, which equal statuses share.
            fn hash<H: ::core::hash::Hasher>(&self, state: &mut H) {
                ::core::hash::Hash::hash(&self.0.raw_code(), state);
                ::core::hash::Hash::hash(self.0.message(), state);
            }
        }

        #[automatically_derived]
        impl ::core::convert::From<#code_ty> for #status_ty {
            /// The code-only status of `code`.
            #[inline]
            fn from(code: #code_ty) -> Self {
                Self::from_code(code)
            }
        }

        #io_error
        #serde
    }
}

/// `Serialize` and `Deserialize` (with the `serde` feature): code, message, creation site and
/// context lines (and a kind's text), back into this type.
fn serde_impls(g: &Gen<'_>) -> TokenStream {
    let Gen {
        status_ty,
        code_ty,
        private,
        ..
    } = g;
    let serialize = if let Some(kind) = g.kind {
        quote!(#private::serialize_kind::<#kind, S>(&self.0, serializer))
    } else {
        quote!(#private::serialize::<#code_ty, S>(&self.0, serializer))
    };
    quote! {
        #private::if_serde! {
            #[automatically_derived]
            impl #private::serde::Serialize for #status_ty {
                fn serialize<S: #private::serde::Serializer>(
                    &self,
                    serializer: S,
                ) -> ::core::result::Result<S::Ok, S::Error> {
                    #serialize
                }
            }

            #[automatically_derived]
            impl<'de> #private::serde::Deserialize<'de> for #status_ty {
                fn deserialize<D: #private::serde::Deserializer<'de>>(
                    deserializer: D,
                ) -> ::core::result::Result<Self, D::Error> {
                    #private::deserialize::<#code_ty, D>(deserializer)
                }
            }
        }
    }
}

/// `From<Status> for std::io::Error` (with `std`, unless `into_io_error = manual`): the
/// `ErrorKind` each code's `io_kind` names, else that of an `io::Error` the status was made
/// from (a `transparent` variant's field, or in its sources), else `Other`; the status is the
/// inner error.
fn io_error(g: &Gen<'_>) -> TokenStream {
    if g.input.io_error == IoError::Manual {
        return TokenStream::new();
    }
    let Gen {
        name,
        status_ty,
        code_ty,
        private,
        ..
    } = g;
    let found_kind = found_io_kind(g);
    let arms: Vec<TokenStream> = g
        .input
        .variants
        .iter()
        .filter_map(|v| {
            let kind = v.attrs.io_kind.as_ref()?;
            let variant = v.ident;
            Some(quote!(#code_ty::#variant => #private::io::ErrorKind::#kind,))
        })
        .collect();
    let kind = if arms.is_empty() {
        found_kind
    } else {
        quote! {
            #[allow(unreachable_patterns)]
            match status.code() {
                #(#arms)*
                _ => #found_kind,
            }
        }
    };
    let doc = format!(
        "An `io::Error` whose inner error is the status (`into_inner()` and `get_ref()` give \
         the [`{name}`] back), of the `ErrorKind` the code's `io_kind` names, or else of the \
         `io::Error` the status was made from (`NotFound` stays `NotFound`), or else `Other`."
    );
    quote! {
        #private::if_std! {
            #[automatically_derived]
            #[allow(deprecated)]
            impl ::core::convert::From<#status_ty> for #private::io::Error {
                #[doc = #doc]
                fn from(status: #status_ty) -> Self {
                    #private::io::Error::new(#kind, status)
                }
            }
        }
    }
}

/// For `io_error`: the kind of the first `io::Error` in the field of the status's
/// `transparent` variant, if it is one, and in the status's sources (the runtime's
/// `io_error_kind`). Written where no `io_kind` decides, so only such statuses look.
fn found_io_kind(g: &Gen<'_>) -> TokenStream {
    let private = &g.private;
    let none = quote!(::core::option::Option::None);
    let arms = match g.kind {
        Some(kind) => transparent_arms(
            g,
            &quote!(#kind),
            |field| quote!(::core::option::Option::Some(#field.as_dyn_error())),
        ),
        None => Vec::new(),
    };
    if arms.is_empty() {
        return quote!(#private::io_error_kind(#none, &status));
    }
    let (kind_ref, value, first) = (local("kind"), local("value"), local("first"));
    // A block: the kind view borrows the status, which the caller then moves.
    quote! {{
        let #kind_ref = status.kind();
        let #first: ::core::option::Option<&(dyn ::core::error::Error + 'static)> = {
            use #private::AsDynError as _;
            #kind_ref.as_deref().and_then(|#value| match #value {
                #(#arms)*
                #[allow(unreachable_patterns)]
                _ => #none,
            })
        };
        #private::io_error_kind(#first, &status)
    }}
}
