//! For an enum of kinds: how each variant is stored (`impl Kind`: its raw code, its fields packed
//! when their types are `Pack` and fit in the word, unpacked back, its source, and the status a
//! source or `transparent` field is, for reports), `From` the
//! kind enum, `From` each `from` field's type (for the status, and for the kind enum as
//! thiserror made it), and the assertions that give one error per
//! mistake, on the offending token: a field that is not `Send + Sync + 'static`, an enum that is
//! not `Debug`.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::Ident;
use syn::ext::IdentExt as _;
use syn::spanned::Spanned;

use super::{Gen, codes, local};
use crate::ast::{Field, Raw, Variant};

pub(super) fn kind(g: &Gen<'_>) -> TokenStream {
    let Some(kind) = g.kind else {
        return TokenStream::new();
    };
    let kind_impl = kind_impl(g, kind);
    let conversions = conversions(g, kind);
    let assertions = assertions(g, kind);
    quote! {
        #kind_impl
        #conversions
        #assertions
    }
}

/// `impl Kind`: raw code, packing, unpacking and source of each variant, and the statuses its
/// fields hold.
fn kind_impl(g: &Gen<'_>, kind: &Ident) -> TokenStream {
    let Gen {
        code_ty, private, ..
    } = g;
    let variants = &g.input.variants;
    let raw_arms = variants.iter().map(|v| {
        let ident = v.ident;
        let rest = rest_pattern(v);
        quote!(Self::#ident #rest => #code_ty::#ident,)
    });
    let pack_arms = variants.iter().map(|v| pack_arm(g, v));
    let raw = local("raw");
    let unpack_arms = variants.iter().map(|v| unpack_arm(g, v, &raw));
    let fields = if variants.iter().any(|v| !v.fields.is_empty()) {
        let fields = local("fields");
        quote!(#fields)
    } else {
        quote!(_)
    };
    let source_arms = variants.iter().filter_map(source_arm);
    let status_arms: Vec<_> = variants
        .iter()
        .filter_map(|v| source_status_arm(g, v))
        .collect();
    let source_status = status_method(g, &quote!(source_status), &status_arms);
    let transparent_status = transparent_status(g);
    let take_nested_status = take_nested_status(g);
    let packed_source = packed_source(g);
    let drop_arms = variants.iter().filter_map(needs_drop_arm);
    let from_text = from_text(g);
    let display_text = super::display::display_text(g);
    let debug_text = debug_text(g);
    quote! {
        #[automatically_derived]
        #[allow(deprecated)]
        impl #private::Kind for #kind {
            type Code = #code_ty;

            const VALUE_TYPE: &'static #private::ValueType<Self> = {
                static TYPE: #private::ValueType<#kind> = #private::ValueType::of_kind();
                &TYPE
            };

            #[inline]
            fn raw(&self) -> ::core::primitive::u32 {
                (match self {
                    #(#raw_arms)*
                }) as ::core::primitive::u32
            }

            #[inline]
            fn pack(&self) -> #private::Packing {
                use #private::{OpaqueField as _, PackField as _};
                match self {
                    #(#pack_arms)*
                }
            }

            fn unpack(
                #raw: ::core::primitive::u32,
                #fields: ::core::option::Option<::core::primitive::u64>,
            ) -> ::core::option::Option<Self> {
                use #private::{OpaqueField as _, PackField as _};
                match #raw {
                    #(#unpack_arms)*
                    _ => ::core::option::Option::None,
                }
            }

            fn source(&self) -> ::core::option::Option<&(dyn ::core::error::Error + 'static)> {
                use #private::AsDynError as _;
                match self {
                    #(#source_arms)*
                    #[allow(unreachable_patterns)]
                    _ => ::core::option::Option::None,
                }
            }

            #from_text

            #display_text

            #debug_text

            #source_status

            #packed_source

            #transparent_status

            #take_nested_status

            #[inline]
            fn needs_drop(&self) -> ::core::primitive::bool {
                match self {
                    #(#drop_arms)*
                    #[allow(unreachable_patterns)]
                    _ => false,
                }
            }
        }
    }
}

/// `Kind::from_text`, for an enum with variants whose one field is a `String`: the variant of
/// the code, its field made from the text (`None` without memory for it).
fn from_text(g: &Gen<'_>) -> Option<TokenStream> {
    let private = &g.private;
    let (raw, text) = (local("raw"), local("text"));
    let arms = text_field_arms(g, &raw, |v, field| {
        let ident = v.ident;
        let value = quote!(#private::try_string(#text)?);
        if let Some(name) = field.ident {
            quote!(Self::#ident { #name: #value })
        } else {
            quote!(Self::#ident(#value))
        }
    })?;
    Some(quote! {
        #private::if_alloc! {
            fn from_text(
                #raw: ::core::primitive::u32,
                #text: &::core::primitive::str,
            ) -> ::core::option::Option<Self> {
                ::core::option::Option::Some(match #raw {
                    #(#arms)*
                    _ => return ::core::option::Option::None,
                })
            }
        }
    })
}

/// `Kind::debug_text`, for an enum with variants whose one field is a `String`: the variant of
/// the code written as `#[derive(Debug)]` writes it, the text in place of the `String` (a
/// `&str`'s `Debug` is the `String`'s), so that `{:?}` of a status holding the text allocates
/// nothing.
fn debug_text(g: &Gen<'_>) -> Option<TokenStream> {
    let (raw, text, formatter) = (local("raw"), local("text"), local("formatter"));
    let arms = text_field_arms(g, &raw, |v, field| {
        let name = &v.name;
        if let Some(field) = field.ident {
            let field = field.unraw().to_string();
            quote!(#formatter.debug_struct(#name).field(#field, &#text).finish())
        } else {
            quote!(#formatter.debug_tuple(#name).field(&#text).finish())
        }
    })?;
    Some(text_writer(
        &quote!(debug_text),
        [&raw, &text, &formatter],
        &arms,
    ))
}

/// A `Kind` method named `name` that writes the variant of the raw code `raw` holding `text` to
/// `formatter` by `arms` (`display_text`, `debug_text`), `None` for any other code.
pub(super) fn text_writer(
    name: &TokenStream,
    [raw, text, formatter]: [&Ident; 3],
    arms: &[TokenStream],
) -> TokenStream {
    quote! {
        fn #name(
            #raw: ::core::primitive::u32,
            #text: &::core::primitive::str,
            #formatter: &mut ::core::fmt::Formatter<'_>,
        ) -> ::core::option::Option<::core::fmt::Result> {
            ::core::option::Option::Some(match #raw {
                #(#arms)*
                _ => return ::core::option::Option::None,
            })
        }
    }
}

/// One `match` arm per variant whose one field is a `String` (a text field), on the raw code
/// bound to `raw`, its value made by `value` from the variant and its field; `None` when the
/// enum has no such variant.
fn text_field_arms(
    g: &Gen<'_>,
    raw: &Ident,
    value: impl Fn(&Variant<'_>, &Field<'_>) -> TokenStream,
) -> Option<Vec<TokenStream>> {
    let arms: Vec<_> = g
        .input
        .variants
        .iter()
        .filter_map(|v| {
            let pattern = codes::raw_pattern(g, v, raw);
            let value = value(v, v.text_field()?);
            Some(quote!(#pattern => #value,))
        })
        .collect();
    (!arms.is_empty()).then_some(arms)
}

/// Whether dropping `v` runs code: whether the tuple of its field types needs dropping, known
/// at compile time. None for a unit variant (the catch-all's `false`).
fn needs_drop_arm(v: &Variant<'_>) -> Option<TokenStream> {
    if v.fields.is_empty() {
        return None;
    }
    let ident = v.ident;
    let rest = rest_pattern(v);
    let types = v.fields.iter().map(Field::ty);
    Some(quote! {
        Self::#ident #rest => ::core::mem::needs_drop::<(#(#types,)*)>(),
    })
}

/// `{ .. }` or `(..)` for a variant with fields, nothing for a unit variant.
pub(super) fn rest_pattern(v: &Variant<'_>) -> TokenStream {
    match (v.fields.is_empty(), v.named) {
        (true, _) => TokenStream::new(),
        (false, true) => quote!({ .. }),
        (false, false) => quote!((..)),
    }
}

/// The pattern binding every field of `v` to its binding.
pub(super) fn bind_all(v: &Variant<'_>) -> TokenStream {
    let bindings = v.fields.iter().map(|f| &f.binding);
    match (v.fields.is_empty(), v.named) {
        (true, _) => TokenStream::new(),
        (false, true) => quote!({ #(#bindings),* }),
        (false, false) => quote!((#(#bindings),*)),
    }
}

/// Whether `v`'s fields can be packed, as far as their written types tell: not when a field's
/// type is one that never packs (an owning or borrowing type, an error), nor when the primitive
/// widths alone pass the 52 bits of fields a word can hold (an integer of 32 bits or more,
/// whose share of the bits depends on the others, counted as one). Any other type is left to
/// its `Pack` impl, or lack of one, at compile time. Saying "no" here only spares the generated
/// code: a variant that cannot pack takes the heap either way.
pub(super) fn may_pack(v: &Variant<'_>) -> bool {
    let mut width = 0;
    for field in &v.fields {
        match written_width(field.ty()) {
            Width::Bits(bits) => width += bits,
            Width::Shared => width += 1,
            Width::Never => return false,
            Width::Unknown => {}
        }
    }
    width <= MAX_FIELD_BITS
}

/// Whether `v`'s fields, by their written types, are packed into a 64-bit word whatever their
/// values, or never: primitives of fixed width (`bool`, `u8`, `i16`, `char`, ..) within the 31
/// field bits every packed word has; or, when the enum's codes are all below 512 (52 field
/// bits), one `u32` or `i32` beside such primitives, or one field of a type the derive cannot
/// judge (a `Pack` type's 32 bits at most always fit; any other type never packs). Its
/// constructor then packs inline: no call where the fields pack, one where they never do.
pub(super) fn always_packs(g: &Gen<'_>, v: &Variant<'_>) -> bool {
    let (mut fixed, mut wide, mut other) = (0, 0, 0);
    for field in &v.fields {
        let name = last_name(field.ty());
        match written_width(field.ty()) {
            Width::Bits(bits) => fixed += bits,
            Width::Shared if matches!(name.as_deref(), Some("u32" | "i32")) => wide += 1,
            // An `Option` of a wide integer shares the bits: it may not fit.
            Width::Unknown if name.as_deref() != Some("Option") => other += 1,
            _ => return false,
        }
    }
    let small_codes = || {
        g.input
            .variants
            .iter()
            .all(|v| matches!(v.raw, Raw::Known(raw) if raw < 512))
    };
    match (wide, other) {
        (0, 0) => !v.fields.is_empty() && fixed <= 31,
        (1, 0) => fixed + 32 <= MAX_FIELD_BITS && small_codes(),
        (0, 1) => fixed == 0 && small_codes(),
        _ => false,
    }
}

/// The last segment's name of a type written as a path (`Option` of `std::option::Option<u8>`).
fn last_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Path(path) => path.path.segments.last().map(|s| s.ident.to_string()),
        _ => None,
    }
}

/// Whether the derive cannot judge `ty`'s packed width from its written type (its `Pack` impl,
/// or lack of one, decides at compile time).
pub(super) fn width_is_unknown(ty: &syn::Type) -> bool {
    matches!(written_width(ty), Width::Unknown)
}

/// The most bits of fields a status's word holds (the runtime's wide packed words; an enum with
/// a code of 512 or more has 31).
const MAX_FIELD_BITS: u32 = 52;

/// What a field's written type says about its packed width.
enum Width {
    /// A primitive that packs in this many bits (at most).
    Bits(u32),
    /// An integer of 32 bits or more: a share of the bits the variant's other fields leave.
    Shared,
    /// A type that never packs.
    Never,
    /// A type the derive cannot judge: its `Pack` impl, if any, decides.
    Unknown,
}

fn written_width(ty: &syn::Type) -> Width {
    match ty {
        syn::Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return Width::Unknown;
            };
            match last.ident.to_string().as_str() {
                "bool" => Width::Bits(1),
                "u8" | "i8" => Width::Bits(8),
                "u16" | "i16" => Width::Bits(16),
                "char" => Width::Bits(21),
                "u32" | "i32" | "u64" | "i64" | "usize" | "isize" => Width::Shared,
                "String" | "Vec" | "Box" | "Arc" | "Rc" | "Error" | "ParseIntError"
                | "ParseFloatError" | "Utf8Error" | "FromUtf8Error" | "PathBuf" | "OsString" => {
                    Width::Never
                }
                _ => Width::Unknown,
            }
        }
        syn::Type::Reference(_)
        | syn::Type::TraitObject(_)
        | syn::Type::Slice(_)
        | syn::Type::Array(_)
        | syn::Type::Tuple(_)
        | syn::Type::Ptr(_) => Width::Never,
        _ => Width::Unknown,
    }
}

/// How `v` is stored: its code alone, or its fields one after the other into a `Packer`, in
/// straight-line code, which gives up (the heap) at the first that does not pack or does not
/// fit in its bits.
fn pack_arm(g: &Gen<'_>, v: &Variant<'_>) -> TokenStream {
    let private = &g.private;
    let ident = v.ident;
    if v.fields.is_empty() {
        return quote!(Self::#ident => #private::Packing::Code,);
    }
    if !may_pack(v) {
        let rest = rest_pattern(v);
        return quote!(Self::#ident #rest => #private::Packing::Heap,);
    }
    let pattern = bind_all(v);
    let widths = widths(g, v);
    let packer = local("packer");
    let pushes = v.fields.iter().map(|f| {
        let (ty, binding, push) = (f.ty(), &f.binding, pack_method(v, f));
        quote!((&&#private::Field::<#ty>::new()).#push(#binding, &mut #packer);)
    });
    quote! {
        Self::#ident #pattern => {
            let mut #packer = #private::Packer::new(#widths, Self::FIELD_BITS);
            #(#pushes)*
            #packer.finish()
        }
    }
}

/// The widths of `v`'s fields, in order, as `Packer::new` and `Unpacker::new` take them (each
/// type's, so a constant).
pub(super) fn widths(g: &Gen<'_>, v: &Variant<'_>) -> TokenStream {
    let private = &g.private;
    let widths = v.fields.iter().map(|f| {
        let ty = f.ty();
        quote!((&&#private::Field::<#ty>::new()).__fs_width())
    });
    quote!([#(#widths),*])
}

/// `v` from its raw code and packed fields.
fn unpack_arm(g: &Gen<'_>, v: &Variant<'_>, raw: &Ident) -> TokenStream {
    let private = &g.private;
    let ident = v.ident;
    let raw = codes::raw_pattern(g, v, raw);
    if v.fields.is_empty() {
        return quote!(#raw => ::core::option::Option::Some(Self::#ident),);
    }
    if !may_pack(v) {
        // Never packed: its value is stored, and `kind()` borrows it.
        return TokenStream::new();
    }
    let (fields, unpacker) = (local("fields"), local("unpacker"));
    let widths = widths(g, v);
    let takes = v.fields.iter().map(|f| {
        let (ty, binding) = (f.ty(), &f.binding);
        quote! {
            let #binding = (&&#private::Field::<#ty>::new()).__fs_unpack(&mut #unpacker)?;
        }
    });
    let value = bind_all(v);
    quote! {
        #raw => {
            let mut #unpacker = #private::Unpacker::new(#fields?, #widths, Self::FIELD_BITS)?;
            #(#takes)*
            ::core::option::Option::Some(Self::#ident #value)
        }
    }
}

/// The field whose value `source()` gives, or whose own source it gives (a `transparent`
/// variant's one field), for a variant that may pack: packed, that field's `'static` value
/// answers it (`Pack::as_static`).
fn packed_source_field<'v>(v: &'v Variant<'_>) -> Option<&'v Field<'v>> {
    if !may_pack(v) {
        return None;
    }
    if v.attrs.transparent.is_some() {
        return v.fields.first();
    }
    v.source_field()
}

/// The `PackField` method that packs `field` of `v`: `__fs_pack`, or for the field whose
/// `'static` value `source()` gives when packed, `__fs_pack_source` (which packs only when
/// there is one).
pub(super) fn pack_method(v: &Variant<'_>, field: &Field<'_>) -> TokenStream {
    if packed_source_field(v).is_some_and(|source| core::ptr::eq(source, field)) {
        quote!(__fs_pack_source)
    } else {
        quote!(__fs_pack)
    }
}

/// `Kind::packed_source`, for an enum with a variant whose source field may pack: that field's
/// `'static` value, or for a `transparent` variant that value's own source. Nothing otherwise
/// (the trait's `None`).
fn packed_source(g: &Gen<'_>) -> Option<TokenStream> {
    let private = &g.private;
    let arms: Vec<_> = g
        .input
        .variants
        .iter()
        .filter_map(|v| {
            let field = packed_source_field(v)?;
            let (ident, binding) = (v.ident, &field.binding);
            let pattern = source_pattern(v, field);
            let value = quote!((&&#private::SourceField(#binding)).__fs_packed());
            let value = if v.attrs.transparent.is_some() {
                quote!(#value.and_then(::core::error::Error::source))
            } else {
                value
            };
            Some(quote!(Self::#ident #pattern => #value,))
        })
        .collect();
    if arms.is_empty() {
        return None;
    }
    Some(quote! {
        fn packed_source(
            &self,
        ) -> ::core::option::Option<&'static (dyn ::core::error::Error + 'static)> {
            use #private::{FieldIsNotPacked as _, FieldIsPacked as _};
            match self {
                #(#arms)*
                #[allow(unreachable_patterns)]
                _ => ::core::option::Option::None,
            }
        }
    })
}

/// `v`'s source: its source field, or for a `transparent` variant its field's own source.
fn source_arm(v: &Variant<'_>) -> Option<TokenStream> {
    let ident = v.ident;
    if v.attrs.transparent.is_some() {
        let field = &v.fields.first()?.binding;
        let pattern = bind_all(v);
        return Some(quote! {
            Self::#ident #pattern => ::core::error::Error::source(#field.as_dyn_error()),
        });
    }
    let source = v.source_field()?;
    let binding = &source.binding;
    let pattern = source_pattern(v, source);
    // Spanned on the field's type, so a source that is not an error is reported there.
    let value = if let Some(inner) = option_inner(source.ty()) {
        let error = local("error");
        quote_spanned! {inner.span()=>
            #binding.as_ref().map(|#error| #error.as_dyn_error())
        }
    } else {
        quote_spanned! {source.ty().span()=>
            ::core::option::Option::Some(#binding.as_dyn_error())
        }
    };
    Some(quote!(Self::#ident #pattern => #value,))
}

/// `T` when `ty` is written `Option<T>` (the last segment of its path, as thiserror tells an
/// optional source).
fn option_inner(ty: &syn::Type) -> Option<&syn::Type> {
    let syn::Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match (last.ident == "Option", args.args.first(), args.args.len()) {
        (true, Some(syn::GenericArgument::Type(inner)), 1) => Some(inner),
        _ => None,
    }
}

/// The arm of `Kind::source_status` for a variant whose source field may be a status (not a
/// transparent one, whose field's text and source are its own).
fn source_status_arm(g: &Gen<'_>, v: &Variant<'_>) -> Option<TokenStream> {
    if v.attrs.transparent.is_some() {
        return None;
    }
    let source = v.source_field()?;
    let private = &g.private;
    let ident = v.ident;
    let binding = &source.binding;
    let pattern = source_pattern(v, source);
    let status = if option_inner(source.ty()).is_some() {
        let error = local("error");
        quote! {
            #binding.as_ref().and_then(|#error| (&&#private::SourceField(#error)).__fs_status())
        }
    } else {
        quote!((&&#private::SourceField(#binding)).__fs_status())
    };
    Some(quote! {
        Self::#ident #pattern => #status,
    })
}

/// `Kind::transparent_status`, for an enum with a `transparent` variant: its field's
/// representation when the field is a status. Nothing otherwise (the trait's `None`).
fn transparent_status(g: &Gen<'_>) -> Option<TokenStream> {
    let private = &g.private;
    let arms = transparent_arms(
        g,
        &quote!(Self),
        |field| quote!((&&#private::SourceField(#field)).__fs_status()),
    );
    (!arms.is_empty()).then(|| status_method(g, &quote!(transparent_status), &arms))
}

/// One match arm per `transparent` variant, `path::Variant(field) => value(field)`, the
/// variant reached through `path` (`Self`, or the kind enum's name) with its one field bound.
pub(super) fn transparent_arms(
    g: &Gen<'_>,
    path: &TokenStream,
    value: impl Fn(&Ident) -> TokenStream,
) -> Vec<TokenStream> {
    g.input
        .variants
        .iter()
        .filter(|v| v.attrs.transparent.is_some())
        .filter_map(|v| {
            let ident = v.ident;
            let value = value(&v.fields.first()?.binding);
            let pattern = bind_all(v);
            Some(quote!(#path::#ident #pattern => #value,))
        })
        .collect()
}

/// `Kind::take_nested_status`, for an enum with a source or `transparent` field: the field taken
/// out when it is a status (`Net(#[from] NetStatus)`), so that a chain of statuses nested in
/// each other's values is freed in a loop. Nothing otherwise (the trait's `None`).
fn take_nested_status(g: &Gen<'_>) -> Option<TokenStream> {
    let private = &g.private;
    let take = |ty: &syn::Type, field: &Ident| {
        if let Some(inner) = option_inner(ty) {
            let error = local("error");
            quote! {
                #field.as_mut().and_then(|#error| {
                    (&&#private::TakeField::<#inner>::NEW).__fs_take(#error)
                })
            }
        } else {
            quote!((&&#private::TakeField::<#ty>::NEW).__fs_take(#field))
        }
    };
    let arms: Vec<TokenStream> = g
        .input
        .variants
        .iter()
        .filter_map(|v| {
            let ident = v.ident;
            let (field, pattern) = if v.attrs.transparent.is_some() {
                (v.fields.first()?, bind_all(v))
            } else {
                let source = v.source_field()?;
                (source, source_pattern(v, source))
            };
            let value = take(field.ty(), &field.binding);
            Some(quote!(Self::#ident #pattern => #value,))
        })
        .collect();
    if arms.is_empty() {
        return None;
    }
    Some(quote! {
        fn take_nested_status(&mut self) -> ::core::option::Option<#private::Repr> {
            use #private::{TakeNotStatus as _, TakeStatus as _};
            match self {
                #(#arms)*
                #[allow(unreachable_patterns)]
                _ => ::core::option::Option::None,
            }
        }
    })
}

/// A method of `Kind` named `name` that gives a field's representation when it is a status,
/// by `arms` (`Self::V(field) => ..`), `None` for the other variants.
fn status_method(g: &Gen<'_>, name: &TokenStream, arms: &[TokenStream]) -> TokenStream {
    let private = &g.private;
    quote! {
        fn #name(&self) -> ::core::option::Option<&#private::Repr> {
            use #private::{FieldIsNotStatus as _, FieldIsStatus as _};
            match self {
                #(#arms)*
                #[allow(unreachable_patterns)]
                _ => ::core::option::Option::None,
            }
        }
    }
}

/// The pattern of a variant that binds its source field `source` alone.
fn source_pattern(v: &Variant<'_>, source: &Field<'_>) -> TokenStream {
    let binding = &source.binding;
    if v.named {
        quote!({ #binding, .. })
    } else {
        let fields = v.fields.iter().map(|f| {
            if core::ptr::eq(f, source) {
                quote!(#binding)
            } else {
                quote!(_)
            }
        });
        quote!((#(#fields),*))
    }
}

/// `From<Kind>`, and `From<T>` for each field marked `from`.
fn conversions(g: &Gen<'_>, kind: &Ident) -> TokenStream {
    let status_ty = &g.status_ty;
    let from_kind_doc = format!(
        "The status of `kind`, recording the caller's location: its code alone, its fields \
         packed into the word when their values fit beside the code, or `kind` moved into one \
         allocation (not formatted). What `?` on a `Result<_, {kind}>` does."
    );
    let from_fields = g.input.variants.iter().filter_map(|v| {
        let field = v.converted_field()?;
        let ty = field.ty();
        let ident = v.ident;
        let source = local("source");
        let value = if let Some(member) = field.ident {
            quote!(#kind::#ident { #member: #source })
        } else {
            quote!(#kind::#ident(#source))
        };
        let doc = format!(
            "A status of [`{kind}::{ident}`] made from `source`, which stays its `source()`, \
             recording the caller's location (the `?`)."
        );
        let kind_doc = format!(
            "The [`{kind}::{ident}`] of `source`, as thiserror's `#[from]` made it: `?` into a \
             `Result<_, {kind}>` keeps working."
        );
        // A field that always packs is packed inline by the constructor; any other is stored
        // out of line.
        let from = if always_packs(g, v) {
            let method = super::constructor_name(v);
            quote! {
                #[doc = #doc]
                #[inline]
                #[track_caller]
                fn from(#source: #ty) -> Self {
                    Self::#method(#source)
                }
            }
        } else {
            quote! {
                #[doc = #doc]
                #[cold]
                #[inline(never)]
                #[track_caller]
                fn from(#source: #ty) -> Self {
                    Self::__from_kind(#value)
                }
            }
        };
        Some(quote! {
            #[automatically_derived]
            #[allow(deprecated)]
            impl ::core::convert::From<#ty> for #status_ty {
                #from
            }

            #[automatically_derived]
            #[allow(deprecated)]
            impl ::core::convert::From<#ty> for #kind {
                #[doc = #kind_doc]
                #[inline]
                fn from(#source: #ty) -> Self {
                    #value
                }
            }
        })
    });
    let from_kind = from_kind(g, kind, &from_kind_doc);
    quote! {
        #[automatically_derived]
        #[allow(deprecated)]
        impl ::core::convert::From<#kind> for #status_ty {
            #from_kind
        }

        #(#from_fields)*
    }
}

/// `From<Kind>::from` for the status: a variant without fields is its code, no call (at every
/// opt-level: `#[inline]` is not enough at "s"); a variant whose fields may pack goes to its
/// constructor (inline where they always pack, else one cold call with the fields in
/// registers, where the kind by value would be written to the caller's frame); any other to the
/// cold function the conversion shares.
fn from_kind(g: &Gen<'_>, kind: &Ident, doc: &str) -> TokenStream {
    let (status_ty, from_kind_doc) = (&g.status_ty, doc);
    // Spanned apart from the fields' bindings, which the arms below bring into scope.
    let value = local("value");
    let fieldless: Vec<&Ident> = g
        .input
        .variants
        .iter()
        .filter(|v| v.fields.is_empty())
        .map(|v| v.ident)
        .collect();
    // Variants whose constructors take the fields as they are: those that pack inline, and
    // those of primitives that may not fit (one cold call with the fields in registers; their
    // fields are copied, so the kind is forgotten, not written to the frame for its drop glue).
    let packs: Vec<TokenStream> = g
        .input
        .variants
        .iter()
        .filter(|v| !v.fields.is_empty())
        .filter_map(|v| {
            let primitives = v
                .fields
                .iter()
                .all(|f| matches!(written_width(f.ty()), Width::Bits(_) | Width::Shared));
            let forget = if primitives && may_pack(v) {
                quote!(::core::mem::forget(#value);)
            } else if always_packs(g, v) {
                TokenStream::new()
            } else {
                return None;
            };
            let (ident, pattern) = (v.ident, bind_all(v));
            let method = super::constructor_name(v);
            let bindings = v.fields.iter().map(|f| &f.binding);
            Some(quote! {
                #kind::#ident #pattern => {
                    #forget
                    Self::#method(#(#bindings),*)
                }
            })
        })
        .collect();
    if fieldless.is_empty() && packs.is_empty() {
        quote! {
            #[doc = #from_kind_doc]
            #[cold]
            #[inline(never)]
            #[track_caller]
            fn from(#value: #kind) -> Self {
                Self::__from_kind(#value)
            }
        }
    } else {
        let code_ty = &g.code_ty;
        quote! {
            #[doc = #from_kind_doc]
            #[inline(always)]
            #[track_caller]
            #[allow(
                clippy::inline_always,
                clippy::forget_non_drop,
                reason = "no call for a variant without fields, at every opt-level; `forget` \
                          skips the drop glue, which a kind that owns nothing does not have"
            )]
            fn from(#value: #kind) -> Self {
                #[cold]
                #[inline(never)]
                #[track_caller]
                fn __from_fields(#value: #kind) -> #status_ty {
                    #status_ty::__from_kind(#value)
                }
                match #value {
                    // Nothing to drop; said outright, so that no opt-level calls its drop glue.
                    #(#kind::#fieldless { .. } => {
                        ::core::mem::forget(#value);
                        Self::from_code(#code_ty::#fieldless)
                    })*
                    #(#packs)*
                    #value => __from_fields(#value),
                }
            }
        }
    }
}

/// Each field is `Send + Sync + 'static` (said on the field), and the kind enum is `Debug` (said
/// on the enum).
fn assertions(g: &Gen<'_>, kind: &Ident) -> TokenStream {
    let private = &g.private;
    // One error per field that cannot be stored: `Send` first, then `Sync` and `'static`.
    let fields = g.input.variants.iter().flat_map(|v| &v.fields).map(|f| {
        let ty = f.ty();
        quote! {
            (&&#private::FieldProbe::<#ty>::NEW).__fs_storable::<#ty>();
        }
    });
    let debug = quote_spanned! {kind.span()=>
        let _ = debug::<#kind>;
    };
    quote! {
        const _: () = {
            fn debug<T: ?::core::marker::Sized + #private::AssertDebug>() {}
            #debug
            fn storable() {
                use #private::{NotSendField as _, SendField as _};
                #(#fields)*
            }
        };
    }
}
