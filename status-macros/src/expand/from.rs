//! `from = Type` on a variant without fields: `From<Type>` for the status, that code, the value
//! kept as the source: as it is for an error type, boxed for a type that converts into
//! `Box<dyn Error + Send + Sync>` (the runtime's `sources` module picks which at compile time).

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use super::Gen;

pub(super) fn from(g: &Gen<'_>) -> TokenStream {
    let Gen {
        status_ty,
        code,
        code_ty,
        private,
        ..
    } = g;
    let backtraces = &g.backtraces();
    let impls = g.input.variants.iter().flat_map(|v| {
        let variant = v.ident;
        v.attrs.from.iter().map(move |ty| {
            let doc = format!(
                "Converts the error to a [`{code}::{variant}`] status whose `source()` is the \
                 error (its text is shown once, as the first cause, not repeated as a message)."
            );
            // Spanned on the type, so a type that cannot be a source is reported there, once.
            let assert = quote_spanned! {ty.span()=>
                const { #private::assert_source::<#ty>() };
            };
            let body = quote! {
                #assert
                use #private::{
                    BoxedSource as _, ErrorSource as _, NotASource as _, StatusAsSource as _,
                };
                Self((&&&&#private::SourceProbe::<#ty>::NEW).__fs_status(
                    error,
                    #code_ty::#variant as ::core::primitive::u32,
                    ::core::panic::Location::caller(),
                    #backtraces,
                ))
            };
            quote! {
                #[automatically_derived]
                #[allow(deprecated)]
                impl ::core::convert::From<#ty> for #status_ty {
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
