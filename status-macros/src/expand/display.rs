//! For an enum of kinds, the kind's own `Display` (each variant's display text with its fields,
//! as thiserror writes it) and `Error` (each variant's source). The status's `Display` and
//! `Debug` are the runtime's `status_items!`, which read the kind through `Kind`.

use proc_macro2::TokenStream;
use quote::quote;
use syn::Ident;

use super::{Gen, local};
use crate::ast::Variant;
use crate::format;

/// `impl Display for` the kind enum.
pub(super) fn kind_display(g: &Gen<'_>) -> Option<TokenStream> {
    let kind = g.kind?;
    // Hygienic: a field named `f` or `formatter` does not shadow it.
    let formatter = local("formatter");
    let private = &g.private;
    let arms = g
        .input
        .variants
        .iter()
        .map(|v| variant_arm(v, &formatter, private));
    Some(quote! {
        #[automatically_derived]
        #[allow(deprecated)]
        impl ::core::fmt::Display for #kind {
            fn fmt(&self, #formatter: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                match self {
                    #(#arms)*
                }
            }
        }

        // The kind enum stays an error, as it was under thiserror: its variants' sources, a
        // `Box<Self>` source among them, and code that still returns it, keep working. The
        // bound holds for every kind enum that compiles (the derive asks for `Debug`, once,
        // through `AssertDebug`); written out, a missing `Debug` is not reported twice.
        #[automatically_derived]
        impl ::core::error::Error for #kind
        where
            for<'__fs> #kind: ::core::fmt::Debug,
        {
            fn source(&self) -> ::core::option::Option<&(dyn ::core::error::Error + 'static)> {
                #private::Kind::source(self)
            }
        }
    })
}

/// The match arm that writes `v`: its display text with the fields it names (bound, the others
/// `_`), its one field's text when `transparent`, or its name.
fn variant_arm(v: &Variant<'_>, formatter: &Ident, private: &TokenStream) -> TokenStream {
    let ident = v.ident;
    if let Some(fmt) = &v.attrs.fmt {
        // thiserror's `fmt = path`: the fields by reference, in order, then the formatter.
        let pattern = super::kind::bind_all(v);
        let bindings = v.fields.iter().map(|f| &f.binding);
        return quote! {
            Self::#ident #pattern => #fmt(#(#bindings,)* #formatter),
        };
    }
    if v.attrs.transparent.is_some() {
        let fields = v.field_names(v.ident.span());
        let pattern = pattern(v, &fields, &[true]);
        let field = &fields[0].binding;
        return quote! {
            Self::#ident #pattern => ::core::fmt::Display::fmt(#field, #formatter),
        };
    }
    let Some(display) = &v.attrs.display else {
        let pattern = pattern(v, &v.field_names(v.ident.span()), &[]);
        let name = &v.name;
        return quote! {
            Self::#ident #pattern => #formatter.write_str(#name),
        };
    };
    let fields = v.field_names(display.text.span());
    let plan = format::plan(&display.text, &display.args, &fields, &v.name)
        .expect("validated: the display text names the fields");
    let pattern = pattern(v, &fields, &plan.used);
    if !plan.has_holes && plan.args.is_empty() {
        let text = &plan.plain;
        return quote! {
            Self::#ident #pattern => #formatter.write_str(#text),
        };
    }
    let format = &plan.format;
    let args = &plan.args;
    if plan.paths.is_empty() {
        return quote! {
            Self::#ident #pattern => ::core::write!(#formatter, #format #(, #args)*),
        };
    }
    // `{path}` of a `PathBuf` field: shown through `display()`, as thiserror shows it.
    let (names, bindings): (Vec<_>, Vec<_>) = plan.paths.iter().cloned().unzip();
    quote! {
        Self::#ident #pattern => {
            use #private::AsDisplay as _;
            ::core::write!(
                #formatter,
                #format
                #(, #args)*
                #(, #names = #bindings.__fs_as_display())*
            )
        }
    }
}

/// The pattern after a variant's path binding the fields marked in `used` (by position; a
/// missing mark is unused) to their `fields` bindings, and ignoring the others.
fn pattern(v: &Variant<'_>, fields: &[format::FieldName], used: &[bool]) -> TokenStream {
    if v.fields.is_empty() {
        return TokenStream::new();
    }
    let is_used = |i: usize| used.get(i).copied().unwrap_or(false);
    if v.named {
        let bound = v
            .fields
            .iter()
            .zip(fields)
            .enumerate()
            .filter(|&(i, _)| is_used(i))
            .map(|(_, (field, name))| {
                let binding = &name.binding;
                match field.ident {
                    // A raw identifier's field, bound to its made-up name.
                    Some(member) if member != binding => quote!(#member: #binding),
                    _ => quote!(#binding),
                }
            });
        quote!({ #(#bound,)* .. })
    } else {
        let fields = fields.iter().enumerate().map(|(i, f)| {
            if is_used(i) {
                let binding = &f.binding;
                quote!(#binding)
            } else {
                quote!(_)
            }
        });
        quote!((#(#fields),*))
    }
}
