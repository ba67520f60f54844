//! `Display` and `Debug` of the status, and for an enum of kinds the kind's own `Display`
//! (each variant's display text with its fields, as thiserror writes it) and `Error` (each
//! variant's source).

use proc_macro2::TokenStream;
use quote::quote;
use syn::Ident;

use super::{Gen, local};
use crate::ast::Variant;
use crate::format;

pub(super) fn display(g: &Gen<'_>) -> TokenStream {
    let Gen {
        name,
        status_ty,
        code_ty,
        private,
        ..
    } = g;
    let krate = &g.input.krate;
    let name_str = name.to_string();
    // The report for people: `report()`, and `{:?}` of a status of codes. Written as a
    // function of the representation, which `report()` hands to the runtime's `Report`.
    let (repr, f) = (local("repr"), local("f"));
    let report = match g.kind {
        None => quote!(#private::debug::<#code_ty>(#repr, #name_str, #f)),
        Some(kind) => {
            let (value, debug) = (local("value"), local("debug"));
            quote! {{
                let #value = #private::kind_of::<#kind>(#repr);
                let #debug = #value.as_deref().and_then(|#value| {
                    use #private::{KindIsDebug as _, KindNotDebug as _};
                    (&&#private::DebugKind(#value)).__fs_debug()
                });
                #private::debug_kind::<#kind>(#repr, #name_str, #debug, #f)
            }}
        }
    };
    let (display, debug, debug_doc) = match g.kind {
        None => (
            quote!(#private::display::<#code_ty>(&self.0, f)),
            quote!(#private::debug::<#code_ty>(&self.0, #name_str, f)),
            quote! {
                /// The report for people (where created, context, details, causes), as
                /// [`report`](Self::report) gives it; `{:#?}` is structural.
            },
        ),
        Some(kind) => {
            let (value, debug) = (local("value"), local("debug"));
            (
                quote!(#private::display_kind::<#kind>(&self.0, f)),
                quote! {
                    let #value = self.kind();
                    let #debug = #value.as_deref().and_then(|#value| {
                        use #private::{KindIsDebug as _, KindNotDebug as _};
                        (&&#private::DebugKind(#value)).__fs_debug()
                    });
                    #private::debug_as_kind::<#kind>(&self.0, #debug, f)
                },
                quote! {
                    /// What `#[derive(Debug)]` on the kind enum prints for the kind (`{:#?}`
                    /// too), then the message and the context lines, where there are any. The
                    /// report for people is [`report`](Self::report).
                },
            )
        }
    };
    let kind_display = g.kind.map(|kind| kind_display(g, kind));
    quote! {
        #[automatically_derived]
        impl ::core::fmt::Display for #status_ty {
            /// The code's text, or for a kind its variant's text with its fields; then
            /// `": message"` if there is a message. `{:#}` adds the context lines and the causes.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                #display
            }
        }

        #[automatically_derived]
        impl ::core::fmt::Debug for #status_ty {
            #debug_doc
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                #debug
            }
        }

        impl #status_ty {
            /// The report for people: the one-line form, where the status was created, then
            /// its context lines, details, causes and a captured backtrace, each only when
            /// there is one; `{:#?}` of it is the structural form.
            #[must_use]
            pub fn report(&self) -> #krate::Report<'_> {
                #krate::Report::__new(&self.0, |#repr, #f| #report)
            }
        }

        #kind_display
    }
}

/// `impl Display for` the kind enum.
fn kind_display(g: &Gen<'_>, kind: &Ident) -> TokenStream {
    // Hygienic: a field named `f` or `formatter` does not shadow it.
    let formatter = local("formatter");
    let private = &g.private;
    let arms = g
        .input
        .variants
        .iter()
        .map(|v| variant_arm(v, &formatter, private));
    quote! {
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
    }
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
