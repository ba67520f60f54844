//! The inherent API each variant decides: its constructor (taking a message for a variant
//! without fields, its fields for one with), its predicate, and with `variant_constructors`
//! the function or constant named like it. The rest of the inherent API is the runtime's
//! `status_items!`.

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::Ident;

use super::{Gen, constructor_name, must_use_made};
use crate::ast::{Field, Variant};
use crate::case::{Spelling, to_snake_case};

pub(super) fn inherent(g: &Gen<'_>) -> TokenStream {
    let Gen {
        name,
        status_ty,
        code,
        code_ty,
        private,
        ..
    } = g;
    let type_snake = to_snake_case(&name.to_string());
    let must_use = must_use_made();
    let constructors = g.input.variants.iter().map(|v| {
        let method = constructor_name(v);
        // `Counted::counted(..)` is the variant's constructor, not a `new` in disguise.
        let allow =
            (v.snake == type_snake).then(|| quote!(#[allow(clippy::self_named_constructors)]));
        // A deprecated (or hidden) variant's constructor is deprecated (or hidden) too.
        let carried = &v.carried;
        let attrs = quote!(#must_use #allow #(#carried)*);
        // Other crates cannot build a `#[non_exhaustive]` kind, so they cannot call its
        // constructor either, whose parameters would change with its fields.
        let vis = if g.kind.is_some() && v.non_exhaustive {
            quote!(pub(crate))
        } else {
            quote!(pub)
        };
        match g.kind {
            Some(kind) if v.text_field().is_some() => {
                text_constructor(g, kind, v, &method, &attrs, &vis)
            }
            Some(kind) if !v.fields.is_empty() => {
                field_constructor(g, kind, v, &method, &attrs, &vis)
            }
            _ => message_constructor(g, v, &method, &attrs, &vis),
        }
    });
    let predicates = g.input.variants.iter().map(|v| {
        let method = format_ident!("is_{}", v.snake, span = v.method_site().span());
        let variant = v.ident;
        let doc = format!("Whether the code is [`{code}::{variant}`].");
        let carried = &v.carried;
        // `__Hidden` (a hidden variant's old-style name) makes `is___hidden`.
        let allow = v
            .snake
            .starts_with('_')
            .then(|| quote!(#[allow(non_snake_case)]));
        quote! {
            #[doc = #doc]
            #[inline]
            #[must_use]
            #(#carried)*
            #allow
            pub fn #method(&self) -> ::core::primitive::bool {
                #private::raw_code_of::<#code_ty>(&self.0)
                    == #code_ty::#variant as ::core::primitive::u32
            }
        }
    });
    let variant_constructors = g
        .input
        .variant_constructors
        .then(|| variant_constructors(g));
    quote! {
        // A variant's constructor and predicate stand beside the `FastStatus` methods of the
        // same names (`code`, `message`); a message is any `Display`.
        #[allow(deprecated, clippy::same_name_method, clippy::impl_trait_in_params)]
        impl #status_ty {
            #(#constructors)*

            #variant_constructors

            #(#predicates)*
        }
    }
}

/// `variant_constructors`: for each tuple variant a function named like it, taking its fields
/// (`Error::ParseError(text)`), and for each unit variant a constant named like it
/// (`Error::DivideByZero`), so that a port's construction sites compile as they were. The
/// function is inlined into the caller and calls the variant's constructor, so the site is that
/// one call; the constant is `from_code`'s word.
fn variant_constructors(g: &Gen<'_>) -> TokenStream {
    let Gen { code_ty, .. } = g;
    let must_use = must_use_made();
    let items = g
        .input
        .variants
        .iter()
        .filter(|v| v.has_variant_constructor());
    let items = items.map(|v| {
        let (variant, carried) = (v.ident, &v.carried);
        let vis = if g.kind.is_some() && v.non_exhaustive {
            quote!(pub(crate))
        } else {
            quote!(pub)
        };
        if v.fields.is_empty() {
            let doc = format!(
                "The status of [`{code}::{variant}`] alone, as `from_code` makes it: a \
                 constant, usable in `const`.",
                code = g.code,
            );
            return quote! {
                #[doc = #doc]
                #[allow(non_upper_case_globals)]
                #(#carried)*
                #vis const #variant: Self = Self::from_code(#code_ty::#variant);
            };
        }
        let method = constructor_name(v);
        let params = field_params(v);
        let types = v.fields.iter().map(Field::ty);
        let doc = format!(
            "The status of the variant `{variant}` with these fields, as [`{method}`](Self::{method}) \
             makes it: named like the variant, so that `{name}::{variant}(..)` builds a status \
             where it built the enum.",
            name = g.name,
            method = method.to_string().trim_start_matches("r#"),
        );
        let too_many = (params.len() > 7).then(|| quote!(#[allow(clippy::too_many_arguments)]));
        // The snake-case constructor of a variant whose one field is a `String` takes any
        // text and copies it; this one moves the caller's `String` in, as the enum would.
        if let (Some(kind), Some(_)) = (g.kind, v.text_field()) {
            let body = stored(g, kind, v, &quote!(#kind::#variant(#(#params),*)));
            let doc = format!(
                "The status of the variant `{variant}` holding `{param}`, moved in: named like \
                 the variant, so that `{name}::{variant}(..)` builds a status where it built the \
                 enum. [`{method}`](Self::{method}) takes any text instead (`format_args!` \
                 too) and writes it into the status's one allocation.",
                name = g.name,
                param = params[0],
                method = method.to_string().trim_start_matches("r#"),
            );
            return quote! {
                #[doc = #doc]
                #[cold]
                #[inline(never)]
                #[track_caller]
                #[allow(non_snake_case)]
                #must_use
                #(#carried)*
                #vis fn #variant(#(#params: #types),*) -> Self {
                    #body
                }
            };
        }
        quote! {
            #[doc = #doc]
            #[inline]
            #[track_caller]
            #[allow(non_snake_case)]
            #must_use
            #(#carried)*
            #too_many
            #vis fn #variant(#(#params: #types),*) -> Self {
                Self::#method(#(#params),*)
            }
        }
    });
    quote!(#(#items)*)
}

/// The parameters of a constructor taking `v`'s fields: a named field's name; a tuple field
/// named after its type (`String` -> `text`, `io::Error` -> `error`, `Box<dyn Error>` ->
/// `error`, a number -> `value`), with its position appended where two would share a name
/// (`value0`, `value1`), so rustdoc shows `parse_error(text: String)`.
fn field_params(v: &Variant<'_>) -> Vec<Ident> {
    let names: Vec<String> = v
        .fields
        .iter()
        .map(|f| match f.ident {
            Some(ident) => ident.to_string(),
            None => param_name(f.ty()),
        })
        .collect();
    v.fields
        .iter()
        .zip(&names)
        .enumerate()
        .map(|(i, (field, name))| match field.ident {
            Some(ident) => ident.clone(),
            None if names.iter().filter(|n| *n == name).count() > 1 => {
                format_ident!("{}{}", name, i)
            }
            None => Ident::new(name, Span::call_site()),
        })
        .collect()
}

/// A parameter name for a tuple field of type `ty`: the snake-case name of the type it holds
/// (through references, `Box`, `Arc`, `Rc`, `Option` and `dyn`), `text` for strings, and
/// `value` for numbers and whatever has no usable name.
fn param_name(ty: &syn::Type) -> String {
    const WRAPPERS: &[&str] = &["Box", "Arc", "Rc", "Option", "Cow"];
    let name = match ty {
        syn::Type::Reference(r) => return param_name(&r.elem),
        syn::Type::Paren(p) => return param_name(&p.elem),
        syn::Type::Group(g) => return param_name(&g.elem),
        syn::Type::TraitObject(object) => object.bounds.iter().find_map(|bound| match bound {
            syn::TypeParamBound::Trait(t) => t.path.segments.last().map(|s| s.ident.to_string()),
            _ => None,
        }),
        syn::Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return "value".to_owned();
            };
            let ident = last.ident.to_string();
            if WRAPPERS.contains(&ident.as_str()) {
                if let syn::PathArguments::AngleBracketed(args) = &last.arguments {
                    let inner = args.args.iter().find_map(|arg| match arg {
                        syn::GenericArgument::Type(inner) => Some(inner),
                        _ => None,
                    });
                    if let Some(inner) = inner {
                        return param_name(inner);
                    }
                }
            }
            Some(ident)
        }
        _ => None,
    };
    let Some(name) = name else {
        return "value".to_owned();
    };
    let snake = to_snake_case(&name);
    match snake.as_str() {
        "string" | "str" => "text".to_owned(),
        "path_buf" => "path".to_owned(),
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" | "i8" | "i16" | "i32" | "i64" | "i128"
        | "isize" | "f32" | "f64" | "bool" | "char" => "value".to_owned(),
        // A keyword, or a name spelled like the generated bindings (`__`), stays out.
        _ if snake.starts_with("__") || crate::case::spelling(&snake) != Spelling::Plain => {
            "value".to_owned()
        }
        _ => snake,
    }
}

/// `variant(message)`: a variant without fields, with a message.
fn message_constructor(
    g: &Gen<'_>,
    v: &Variant<'_>,
    method: &Ident,
    attrs: &TokenStream,
    vis: &TokenStream,
) -> TokenStream {
    let Gen {
        code,
        code_ty,
        private,
        ..
    } = g;
    let variant = v.ident;
    let backtraces = g.backtraces();
    let doc = format!(
        "A status of code [`{code}::{variant}`] with `message`, recording the caller's \
         location. One allocation, of the message's length."
    );
    quote! {
        #[doc = #doc]
        #[cold]
        #[inline(never)]
        #[track_caller]
        #attrs
        #vis fn #method(message: impl ::core::fmt::Display) -> Self {
            Self(#private::Repr::from_display(
                #code_ty::#variant as ::core::primitive::u32,
                message,
                ::core::panic::Location::caller(),
                #backtraces,
            ))
        }
    }
}

/// `variant(fields..)`: a variant with fields, which are moved, not formatted. Out of line, so
/// an error site is the fields' moves and one call. A variant whose written types say it never
/// packs is made straight into its allocation.
fn field_constructor(
    g: &Gen<'_>,
    kind: &Ident,
    v: &Variant<'_>,
    method: &Ident,
    attrs: &TokenStream,
    vis: &TokenStream,
) -> TokenStream {
    let variant = v.ident;
    let params = field_params(v);
    let types = v.fields.iter().map(Field::ty);
    let value = if v.named {
        quote!(#kind::#variant { #(#params),* })
    } else {
        quote!(#kind::#variant(#(#params),*))
    };
    let too_many = (params.len() > 7).then(|| quote!(#[allow(clippy::too_many_arguments)]));
    let doc = format!(
        "A status of [`{kind}::{variant}`] with these fields. The fields are moved, not \
         formatted: packed into the word when their values fit beside the code, else into one \
         allocation, which records the caller's location."
    );
    if !super::kind::always_packs(g, v) {
        let body = if super::kind::may_pack(v) {
            quote!(Self::__from_kind(#value))
        } else {
            stored(g, kind, v, &value)
        };
        return quote! {
            #[doc = #doc]
            #[cold]
            #[inline(never)]
            #[track_caller]
            #attrs
            #too_many
            #vis fn #method(#(#params: #types),*) -> Self {
                #body
            }
        };
    }
    // Fields that always fit: packed inline, arithmetic on registers at the error site with no
    // call (the cold heap path is there for the types, which a 32-bit target does not pack).
    let Gen {
        status_ty,
        code_ty,
        private,
        ..
    } = g;
    let types: Vec<_> = v.fields.iter().map(Field::ty).collect();
    let widths = super::kind::widths(g, v);
    let (packer, word) = (super::local("packer"), super::local("word"));
    // A field of a type the derive cannot judge, with drop glue, is not `Pack` (which is
    // `Copy`): its variant goes to the heap, by a call with the field as it is.
    let opaque = types
        .iter()
        .find(|ty| super::kind::width_is_unknown(ty))
        .map(|ty| {
            quote! {
                if ::core::mem::needs_drop::<#ty>() {
                    return __fs_stored(#(#params),*);
                }
            }
        });
    let pushes = params.iter().zip(&v.fields).map(|(param, field)| {
        let (ty, push) = (field.ty(), super::kind::pack_method(v, field));
        quote!((&&#private::Field::<#ty>::new()).#push(&#param, &mut #packer);)
    });
    quote! {
        #[doc = #doc]
        #[inline]
        #[track_caller]
        #attrs
        #too_many
        #vis fn #method(#(#params: #types),*) -> Self {
            #[cold]
            #[inline(never)]
            #[track_caller]
            #too_many
            fn __fs_stored(#(#params: #types),*) -> #status_ty {
                #status_ty::__from_kind(#value)
            }
            #opaque
            use #private::{OpaqueField as _, PackField as _};
            let mut #packer = #private::Packer::new(
                #widths,
                <#kind as #private::Kind>::FIELD_BITS,
            );
            #(#pushes)*
            match #private::word_of(
                #code_ty::#variant as ::core::primitive::u32,
                #packer.finish(),
                <#kind as #private::Kind>::FIELD_BITS,
            ) {
                ::core::option::Option::Some(#word) => Self(#word),
                ::core::option::Option::None => __fs_stored(#(#params),*),
            }
        }
    }
}

/// The body of a constructor that moves `value`, of the variant `v` (which never packs),
/// straight into the status's allocation.
fn stored(g: &Gen<'_>, kind: &Ident, v: &Variant<'_>, value: &TokenStream) -> TokenStream {
    let Gen {
        code_ty, private, ..
    } = g;
    let variant = v.ident;
    let backtraces = g.backtraces();
    quote! {
        use #private::{CannotStoreMadeKind as _, StoreMadeKind as _};
        Self((&&#private::KindProbe::<#kind>::NEW).__fs_store(
            move || #value,
            #code_ty::#variant as ::core::primitive::u32,
            ::core::panic::Location::caller(),
            #backtraces,
        ))
    }
}

/// `variant(text)`: a variant whose one field is a `String`, from any text (`format_args!`,
/// `&str`, a `String`, anything `Display`), written straight into the status's allocation.
fn text_constructor(
    g: &Gen<'_>,
    kind: &Ident,
    v: &Variant<'_>,
    method: &Ident,
    attrs: &TokenStream,
    vis: &TokenStream,
) -> TokenStream {
    let Gen {
        code_ty, private, ..
    } = g;
    let variant = v.ident;
    let backtraces = g.backtraces();
    let param = field_params(v).remove(0);
    let moved = if g.input.variant_constructors && v.has_variant_constructor() {
        format!("[`{variant}`](Self::{variant})")
    } else {
        format!("`From<{kind}>`")
    };
    let doc = format!(
        "A status of [`{kind}::{variant}`] whose field is `{param}`: `format_args!` is written \
         straight into the status's one allocation, text is copied, anything else is written \
         through its `Display`; no `String` is made. The caller's location is recorded. \
         `kind()` builds the variant from the text when asked; {moved} takes a `String` and \
         moves it in instead.",
    );
    quote! {
        #[doc = #doc]
        #[cold]
        #[inline(never)]
        #[track_caller]
        #attrs
        #vis fn #method(#param: impl ::core::fmt::Display) -> Self {
            Self(#private::Repr::from_text_field(
                #code_ty::#variant as ::core::primitive::u32,
                #param,
                ::core::panic::Location::caller(),
                #backtraces,
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::param_name;

    #[test]
    fn tuple_fields_are_named_after_their_types() {
        let name = |ty: &str| param_name(&syn::parse_str(ty).expect("a type"));
        assert_eq!(name("String"), "text");
        assert_eq!(name("&'static str"), "text");
        assert_eq!(name("std::io::Error"), "error");
        assert_eq!(name("Box<dyn std::error::Error + Send + Sync>"), "error");
        assert_eq!(name("Arc<ParseIntError>"), "parse_int_error");
        assert_eq!(name("Option<PathBuf>"), "path");
        assert_eq!(name("u32"), "value");
        assert_eq!(name("[u8; 4]"), "value");
        assert_eq!(name("(u8, u8)"), "value");
        assert_eq!(name("Type"), "value"); // `type` is a keyword
        assert_eq!(name("<u8 as Tr>::Item"), "value");
    }
}
