//! `#[derive(Pack)]`: a fieldless enum that rides in a status's word, as the variant's index
//! in as few bits as the variants need. One pass: the checks, each error spanned on what to
//! change, then the impl.

use proc_macro2::TokenStream;
use quote::{ToTokens as _, quote};
use syn::spanned::Spanned;
use syn::{Data, DeriveInput, Error, Fields, Path};

/// The `Pack` impl of `node`, or every mistake in it as compile errors.
pub(crate) fn derive(node: &DeriveInput) -> TokenStream {
    let mut errors = Vec::new();
    let krate = match crate_path(node) {
        Ok(path) => path.map_or_else(|| quote!(::fast_status), Path::into_token_stream),
        Err(error) => {
            errors.push(error);
            quote!(::fast_status)
        }
    };
    let Data::Enum(data) = &node.data else {
        errors.push(Error::new(
            node.ident.span(),
            "`Pack` is derived for an enum whose variants have no fields; implement \
             `fast_status::Pack` by hand for another type",
        ));
        return compile_errors(&errors);
    };
    if !node.generics.params.is_empty() {
        errors.push(Error::new(
            node.generics.span(),
            "`Pack` is derived for an enum without generic parameters; remove them, or \
             implement `fast_status::Pack` by hand",
        ));
    }
    if data.variants.is_empty() {
        errors.push(Error::new(
            node.ident.span(),
            "an enum without variants has no value to pack; add its variants, or remove \
             `Pack` from the derive",
        ));
    }
    for variant in &data.variants {
        if !matches!(variant.fields, Fields::Unit) {
            errors.push(Error::new(
                variant.fields.span(),
                format!(
                    "`Pack` is derived for variants without fields; remove these from `{}`, or \
                     implement `fast_status::Pack` by hand",
                    variant.ident
                ),
            ));
        }
    }
    if !errors.is_empty() {
        return compile_errors(&errors);
    }
    let ty = &node.ident;
    let variants: Vec<_> = data.variants.iter().map(|v| &v.ident).collect();
    let indices: Vec<u32> = (0..).take(variants.len()).collect();
    // The bits the indices need: none for one variant.
    let last = indices.last().copied().unwrap_or(0);
    let bits = u32::BITS - last.leading_zeros();
    let doc = format!(
        "`{ty}` rides in a status's word as its variant's index, in {bits} bit{s}.",
        s = if bits == 1 { "" } else { "s" },
    );
    quote! {
        #[doc = #doc]
        #[automatically_derived]
        impl #krate::Pack for #ty {
            const BITS: ::core::primitive::u32 = #bits;

            #[inline]
            fn pack(self) -> ::core::option::Option<::core::primitive::u32> {
                ::core::option::Option::Some(match self {
                    #(Self::#variants => #indices,)*
                })
            }

            #[inline]
            fn unpack(bits: ::core::primitive::u32) -> ::core::option::Option<Self> {
                ::core::option::Option::Some(match bits {
                    #(#indices => Self::#variants,)*
                    _ => return ::core::option::Option::None,
                })
            }

            #[inline]
            fn as_static(self) -> ::core::option::Option<&'static Self> {
                // A variant without fields is a constant: its reference is promoted to `'static`.
                ::core::option::Option::Some(match self {
                    #(Self::#variants => &Self::#variants,)*
                })
            }
        }
    }
}

/// `#[pack(crate = path)]`, the one key this derive reads: where the facade is, for a crate
/// that renamed its dependency.
fn crate_path(node: &DeriveInput) -> syn::Result<Option<Path>> {
    let mut path = None;
    for attr in node.attrs.iter().filter(|a| a.path().is_ident("pack")) {
        attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("crate") {
                if path.is_some() {
                    return Err(meta.error("written twice; keep one"));
                }
                path = Some(meta.value()?.parse()?);
                Ok(())
            } else {
                Err(meta.error("unknown key; `#[pack(..)]` takes `crate = path` alone"))
            }
        })?;
    }
    Ok(path)
}

/// All of `errors` as one compile error each.
fn compile_errors(errors: &[Error]) -> TokenStream {
    errors.iter().map(Error::to_compile_error).collect()
}
