//! On invalid input that could not be mended (see `Checked`): the errors, and a minimal fallback
//! so the user sees no follow-on "cannot find type" errors.

use proc_macro2::TokenStream;
use quote::quote;

use super::Placement;
use crate::ast::Input;

/// On invalid input: the type and the trait impls that do not depend on the variants, so the
/// user sees the real errors and no follow-on "cannot find type" ones.
pub(super) fn fallback(input: &Input<'_>) -> TokenStream {
    let Some(name) = &input.name else {
        return TokenStream::new();
    };
    if input.name_is_explicit && name == input.ident {
        return TokenStream::new();
    }
    let code = input.ident;
    let placement = Placement::new(input);
    let status_ty = placement.path(name);
    let from_code = (!input.has_generics).then(|| {
        quote! {
            impl ::core::convert::From<#code> for #status_ty {
                fn from(_: #code) -> Self {
                    ::core::unreachable!()
                }
            }
        }
    });
    // The code enum generated beside an enum of kinds, so that code naming it compiles on.
    let code_enum = input
        .code
        .as_ref()
        .filter(|c| *c != code && *c != name)
        .map(|c| {
            let variants = input.variants.iter().map(|v| v.ident);
            let vis = placement.inner_vis();
            let code_enum = quote! {
                #[derive(::core::clone::Clone, ::core::marker::Copy, ::core::fmt::Debug)]
                #[allow(
                    non_camel_case_types,
                    reason = "the variants are named as the kind's"
                )]
                #vis enum #c {
                    #(#variants,)*
                }
            };
            (c, code_enum)
        });
    let definition = placement.define(name, &TokenStream::new(), code_enum);
    quote! {
        #definition

        impl ::core::clone::Clone for #status_ty {
            fn clone(&self) -> Self {
                ::core::unreachable!()
            }
        }

        impl ::core::fmt::Display for #status_ty {
            fn fmt(&self, _: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::unreachable!()
            }
        }

        impl ::core::fmt::Debug for #status_ty {
            fn fmt(&self, _: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::unreachable!()
            }
        }

        impl ::core::error::Error for #status_ty {}

        #from_code
    }
}
