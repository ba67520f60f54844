//! For an enum of kinds, the kind's own `Display` (each variant's display text with its fields,
//! as thiserror writes it) and `Error` (each variant's source). The status's `Display` and
//! `Debug` are the runtime's `status_items!`, which read the kind through `Kind`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::Ident;
use syn::spanned::Spanned as _;

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
    let Written { pattern, body, .. } = written(v, formatter, private);
    quote! {
        Self::#ident #pattern => #body,
    }
}

/// How the kind's `Display` writes a variant: the pattern after its path, the expression that
/// writes it with the fields the pattern binds, and the binding of its first field when the
/// expression uses it.
struct Written {
    pattern: TokenStream,
    body: TokenStream,
    first: Option<Ident>,
    /// Whether the fields are needed as they are typed: by a `fmt = path` function, or by
    /// argument expressions (`.0.len()`).
    typed: bool,
}

/// [`Written`] for `v`.
fn written(v: &Variant<'_>, formatter: &Ident, private: &TokenStream) -> Written {
    if let Some(fmt) = &v.attrs.kind_fmt {
        // `fmt = path` on the enum: the whole kind, then the formatter.
        return Written {
            pattern: super::kind::rest_pattern(v),
            // Spanned on the path: a function of another signature is reported there.
            body: quote_spanned!(fmt.span()=> #fmt(self, #formatter)),
            first: None,
            typed: true,
        };
    }
    if let Some(fmt) = &v.attrs.fmt {
        // thiserror's `fmt = path`: the fields by reference, in order, then the formatter.
        let pattern = super::kind::bind_all(v);
        // Each field as the function's parameter takes it: `&F`, or by value, or the borrow
        // of its contents (`FmtArg`).
        // Spanned on the path: a parameter that no form of its field fits is reported there.
        let bindings = v.fields.iter().map(|f| &f.binding);
        let fmt_arg = super::spanned(quote!(#private::fmt_arg), fmt.span());
        return Written {
            pattern,
            body: quote_spanned! {fmt.span()=>
                #fmt(#(#fmt_arg(#bindings),)* #formatter)
            },
            first: None,
            typed: true,
        };
    }
    if v.attrs.transparent.is_some() {
        let fields = v.field_names(v.ident.span());
        let field = &fields[0].binding;
        return Written {
            pattern: pattern(v, &fields, &[true]),
            body: quote!(::core::fmt::Display::fmt(#field, #formatter)),
            first: Some(field.clone()),
            typed: false,
        };
    }
    let Some(display) = &v.attrs.display else {
        let name = &v.name;
        return Written {
            pattern: pattern(v, &v.field_names(v.ident.span()), &[]),
            body: quote!(#formatter.write_str(#name)),
            first: None,
            typed: false,
        };
    };
    let fields = v.field_names(display.text.span());
    let plan = format::plan(&display.text, &display.args, &fields, &v.name)
        .expect("validated: the display text names the fields");
    let first = (plan.used.first() == Some(&true)).then(|| fields[0].binding.clone());
    let pattern = pattern(v, &fields, &plan.used);
    let body = if !plan.has_holes && plan.args.is_empty() {
        let text = &plan.plain;
        quote!(#formatter.write_str(#text))
    } else if plan.paths.is_empty() {
        let (format, args) = (&plan.format, &plan.args);
        quote!(::core::write!(#formatter, #format #(, #args)*))
    } else {
        // `{path}` of a `PathBuf` field: shown through `display()`, as thiserror shows it.
        let (format, args) = (&plan.format, &plan.args);
        let (names, bindings): (Vec<_>, Vec<_>) = plan.paths.iter().cloned().unzip();
        quote! {{
            use #private::AsDisplay as _;
            ::core::write!(
                #formatter,
                #format
                #(, #args)*
                #(, #names = #bindings.__fs_as_display())*
            )
        }}
    };
    Written {
        pattern,
        body,
        first,
        typed: !display.args.is_empty(),
    }
}

/// `Kind::display_text`, for an enum with variants whose one field is a `String`: the variant
/// of the code written as [`kind_display`] writes it, its field bound to the text (a `&str`
/// formats as the `String` would), so that a status holding the text shows it without building
/// the variant. A variant whose text needs the `String` itself (a `fmt = path` function,
/// argument expressions) is left to the default: built.
pub(super) fn display_text(g: &Gen<'_>) -> Option<TokenStream> {
    g.kind?;
    let private = &g.private;
    let (raw, text, formatter) = (local("raw"), local("text"), local("formatter"));
    let arms: Vec<_> = g
        .input
        .variants
        .iter()
        .filter(|v| v.text_field().is_some())
        .filter_map(|v| {
            let code = super::codes::raw_pattern(g, v, &raw);
            if let Some(pieces) = text_pieces(v, &text) {
                return Some(quote! {
                    #code => #private::write_strs(#formatter, &[#(#pieces),*]),
                });
            }
            let Written {
                body, first, typed, ..
            } = written(v, &formatter, private);
            if typed {
                return None;
            }
            let bind = first.map(|field| quote!(let #field: &::core::primitive::str = #text;));
            Some(quote! {
                #code => {
                    #bind
                    #body
                }
            })
        })
        .collect();
    if arms.is_empty() {
        return None;
    }
    Some(super::kind::text_writer(
        &quote!(display_text),
        [&raw, &text, &formatter],
        &arms,
    ))
}

/// The pieces a text-field variant's display text is, when it is literal text and `{field}`
/// placeholders without a spec: the literals and `text` (the field's `&str`) in order, which
/// `write_str` writes as `write!` would (a `{}` of a `&str` with no spec is its bytes).
fn text_pieces(v: &Variant<'_>, text: &Ident) -> Option<Vec<TokenStream>> {
    let display = v.attrs.display.as_ref()?;
    if !display.args.is_empty() || v.attrs.kind_fmt.is_some() || v.attrs.fmt.is_some() {
        return None;
    }
    let field = v.text_field()?;
    let segments = format::parse(&display.text.value()).ok()?;
    segments
        .into_iter()
        .map(|segment| match segment {
            format::Segment::Text(literal) => Some(quote!(#literal)),
            format::Segment::Hole(hole) => {
                let is_field = match (&hole.arg, field.ident) {
                    (format::Arg::Index(0), None) => true,
                    (format::Arg::Name(name), Some(ident)) => ident == name,
                    _ => false,
                };
                (is_field && hole.spec.is_empty()).then(|| quote!(#text))
            }
        })
        .collect()
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
