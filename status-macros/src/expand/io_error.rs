//! `From<Status> for io::Error`, whose `ErrorKind` each variant's `io_kind` decides. The
//! standard traits that depend on the type names alone are the runtime's `status_items!`.

use proc_macro2::TokenStream;
use quote::quote;

use super::kind::transparent_arms;
use super::{Gen, local};
use crate::ast::IoError;

/// `From<Status> for std::io::Error` (with `std`, unless `into_io_error = manual`): the
/// `ErrorKind` each code's `io_kind` names, else that of an `io::Error` the status was made
/// from (a `transparent` variant's field, or in its sources), else `Other`; the status is the
/// inner error.
pub(super) fn io_error(g: &Gen<'_>) -> TokenStream {
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
