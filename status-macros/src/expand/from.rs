//! `from = Type` on a variant without fields: `From<Type>` for the status, that code, the value
//! kept as the source.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::Gen;

pub(super) fn from(g: &Gen<'_>) -> TokenStream {
    let Gen {
        name,
        code,
        private,
        ..
    } = g;
    let impls = g.input.variants.iter().flat_map(|v| {
        let variant = v.ident;
        v.attrs.from.iter().map(move |ty| {
            let doc = format!(
                "Converts the error to a [`{code}::{variant}`] status whose `source()` is the \
                 error (its text is shown once, as the first cause, not repeated as a message)."
            );
            // Spanned on the type, so an unmet `Error + Send + Sync + 'static` bound points there.
            let body = quote_spanned! {ty.span()=>
                Self(#private::Repr::from_error(
                    #code::#variant as ::core::primitive::u32,
                    error,
                    ::core::panic::Location::caller(),
                ))
            };
            quote! {
                #[automatically_derived]
                impl ::core::convert::From<#ty> for #name {
                    #[doc = #doc]
                    #[cold]
                    #[track_caller]
                    fn from(error: #ty) -> Self {
                        #body
                    }
                }
            }
        })
    });
    quote!(#(#impls)*)
}
