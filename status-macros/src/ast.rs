//! A borrowed view of the derive input. Every node keeps a reference to the user's syntax, so
//! later errors can point at it.
//!
//! The input is one of two shapes: an enum of codes (every variant fieldless), which
//! is the status's code enum itself; or an enum of *kinds* (some variant carries fields, or the
//! enum names its code enum with `code = ..`), for which a fieldless code enum is
//! generated beside it.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use quote::ToTokens;
use syn::ext::IdentExt as _;
use syn::{Data, DeriveInput, Expr, ExprLit, Fields, Ident, Lit, Path, Type, UnOp, Visibility};

use crate::attr;
use crate::case::to_snake_case;
use crate::ctxt::Ctxt;
use crate::format::FieldName;

/// The largest raw code: codes are `0..2^30` so they fit an inline word on 32-bit targets too.
const MAX_RAW_CODE: u64 = (1 << 30) - 1;

/// Who writes `From<Status> for std::io::Error`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum IoError {
    /// The derive (the default).
    Derived,
    /// The crate itself (`into_io_error = manual`).
    Manual,
}

#[allow(
    clippy::struct_excessive_bools,
    reason = "each flag is one attribute's answer, read by name where it applies"
)]
pub(crate) struct Input<'a> {
    pub(crate) ident: &'a Ident,
    pub(crate) vis: &'a Visibility,
    /// The generated type's name, explicit or derived from the enum's.
    pub(crate) name: Option<Ident>,
    /// Whether `name` was written by the user (`#[status(name = ..)]`).
    pub(crate) name_is_explicit: bool,
    /// For an enum of kinds, the name of the code enum generated beside it (`code = ..`, or
    /// derived); `None` for an enum of codes, which is its own code enum.
    pub(crate) code: Option<Ident>,
    /// Path to the facade crate.
    pub(crate) krate: Path,
    /// Whether the enum has generic parameters (an error; the fallback must not name the enum).
    pub(crate) has_generics: bool,
    /// `backtrace`: statuses of this type capture a backtrace when the environment asks
    /// (by default they never do).
    pub(crate) backtraces: bool,
    /// Who writes `From<Status> for std::io::Error`.
    pub(crate) io_error: IoError,
    /// `variant_constructors`: the status type has a function named like each tuple variant
    /// and a constant named like each unit variant, so a port's construction sites compile as
    /// they were.
    pub(crate) variant_constructors: bool,
    /// The integer type of the enum's `#[repr(..)]`, the type of its discriminants.
    pub(crate) repr: Option<Ident>,
    /// The enum's own `#[non_exhaustive]`, which a generated code enum carries too.
    pub(crate) non_exhaustive: Option<&'a syn::Attribute>,
    pub(crate) variants: Vec<Variant<'a>>,
}

/// How a variant's raw code (its discriminant) is known.
pub(crate) enum Raw<'a> {
    /// To the derive: an integer literal, or the previous known code plus one.
    Known(u32),
    /// To the compiler only: a constant expression (`1 << 3`, `BASE + 1`), or, after one, no
    /// discriminant (the previous code plus one). Generated code reads it as `X as u32` and
    /// checks its range at compile time.
    Computed(Option<&'a Expr>),
    /// Not a valid code; reported.
    Invalid,
}

pub(crate) struct Variant<'a> {
    pub(crate) ident: &'a Ident,
    pub(crate) attrs: attr::Variant,
    /// The variant name without `r#`.
    pub(crate) name: String,
    /// The method name (without `r#`): `method = ..`'s, or the name in `snake_case`.
    pub(crate) snake: String,
    /// The raw code.
    pub(crate) raw: Raw<'a>,
    pub(crate) fields: Vec<Field<'a>>,
    /// Whether the fields are named (`{ a: T }`) rather than positional (`(T)`).
    pub(crate) named: bool,
    /// Whether `variant_constructors` names an item like the variant (see
    /// [`Variant::has_variant_constructor`]); `false` once a clash of that name is reported.
    pub(crate) constructor_item: bool,
    /// The variant's `#[deprecated(..)]` and `#[doc(hidden)]`, which its generated
    /// constructor, predicate and code carry too.
    pub(crate) carried: Vec<&'a syn::Attribute>,
    /// Whether the variant is `#[non_exhaustive]`: other crates cannot build it.
    pub(crate) non_exhaustive: bool,
}

pub(crate) struct Field<'a> {
    /// The type as written.
    written: &'a Type,
    /// The type with `Self` spelled as the enum's name, when it mentions `Self`
    /// (`Box<Self>`): generated code names field types outside the enum's own impls too (the
    /// status type's constructors, the assertions), where `Self` is another type or none.
    resolved: Option<Type>,
    pub(crate) attrs: attr::Field,
    /// The field's name, for a named field.
    pub(crate) ident: Option<&'a Ident>,
    /// The variable generated code binds the field to: its name, or `field0`, `field1`, ..
    pub(crate) binding: Ident,
}

impl<'a> Input<'a> {
    /// Parses `node`, reporting every problem to `cx`. `None` if it is not an enum at all.
    pub(crate) fn from_syn(cx: &Ctxt, node: &'a DeriveInput) -> Option<Self> {
        let data = match &node.data {
            Data::Enum(data) => data,
            Data::Struct(data) => {
                // One error: the attributes (a thiserror struct's `#[error(..)]`) move with
                // the rewrite it asks for.
                let name = &node.ident;
                cx.syn_error(syn::Error::new(
                    data.struct_token.span,
                    format!(
                        "`FastStatus` is derived on an enum (of error codes, or of error kinds \
                         with fields), not a struct; make the struct an enum of one variant, \
                         its `#[error(..)]` on the variant: `enum {name}Kind {{ #[error(\"..\")] \
                         {name} {{ .. }} }}`"
                    ),
                ));
                return None;
            }
            Data::Union(data) => {
                cx.syn_error(syn::Error::new(
                    data.union_token.span,
                    "`FastStatus` is derived on an enum (of error codes, or of error kinds \
                     with fields), not a union; write `enum YourCode { .. }` with one variant \
                     per code",
                ));
                return None;
            }
        };
        let container = attr::container(cx, &node.attrs);
        if let Some(param) = node.generics.params.first() {
            cx.error_spanned_by(
                param,
                "a status enum cannot have generic or lifetime parameters: the status is one \
                 word of its own type, and its codes and fields are stored whatever a caller \
                 would choose for them; remove them (own the data: `String`, not `&'a str`)",
            );
        }
        if let Some(clause) = &node.generics.where_clause {
            cx.error_spanned_by(
                clause,
                "a status enum cannot have a `where` clause; remove it",
            );
        }
        if data.variants.is_empty() {
            cx.error_spanned_by(
                &node.ident,
                "a status enum needs at least one variant, one per error code",
            );
        }

        let mut variants: Vec<Variant<'a>> = Vec::with_capacity(data.variants.len());
        for v in &data.variants {
            let raw = discriminant(cx, v, variants.last().map(|previous| &previous.raw));
            variants.push(Variant::from_syn(
                cx,
                &node.ident,
                v,
                raw,
                container.error.as_ref(),
            ));
        }

        let has_fields = variants.iter().any(|v| !v.fields.is_empty());
        let code = match container.code {
            Some(code) => Some(code),
            None if has_fields => Some(default_code_name(&node.ident)),
            None => None,
        };
        if let (None, Some(attr::ErrorAttr::Fmt(path))) = (&code, &container.error) {
            cx.error_spanned_by(
                path,
                "`fmt = ..` on the enum writes each kind's text from the whole enum value; the \
                 texts of an enum of codes are fixed: give each variant its own, \
                 `#[error(\"..\")]`",
            );
            for variant in &mut variants {
                variant.attrs.kind_fmt = None;
            }
        }
        let (name, name_is_explicit) = match container.name {
            Some(name) => (Some(name), true),
            None => (default_name(cx, &node.ident, code.is_some()), false),
        };
        let krate = container
            .krate
            .unwrap_or_else(|| syn::parse_str("::fast_status").expect("a valid path"));
        Some(Input {
            ident: &node.ident,
            vis: &node.vis,
            name,
            name_is_explicit,
            code,
            krate,
            has_generics: !node.generics.params.is_empty(),
            backtraces: container.backtraces.is_some(),
            io_error: if container.manual_io_error {
                IoError::Manual
            } else {
                IoError::Derived
            },
            variant_constructors: container.variant_constructors.is_some(),
            repr: node.attrs.iter().find_map(repr_integer),
            non_exhaustive: node.attrs.iter().find(|a| is_non_exhaustive(a)),
            variants,
        })
    }

    /// Whether the enum is one of kinds (a code enum is generated beside it).
    pub(crate) fn has_kinds(&self) -> bool {
        self.code.is_some()
    }

    /// The code enum: the generated one for an enum of kinds, else the enum itself.
    pub(crate) fn code_enum(&self) -> &Ident {
        self.code.as_ref().unwrap_or(self.ident)
    }
}

impl<'a> Variant<'a> {
    fn from_syn(
        cx: &Ctxt,
        enum_ident: &Ident,
        node: &'a syn::Variant,
        raw: Raw<'a>,
        default_error: Option<&attr::ErrorAttr>,
    ) -> Self {
        let name = node.ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
        let fields = node
            .fields
            .iter()
            .enumerate()
            .map(|(i, field)| Field {
                written: &field.ty,
                resolved: without_self(&field.ty, enum_ident),
                attrs: attr::field(cx, &field.attrs),
                ident: field.ident.as_ref(),
                binding: field
                    .ident
                    .clone()
                    .unwrap_or_else(|| Ident::new(&format!("field{i}"), Span::call_site())),
            })
            .collect();
        let attrs = attr::variant(cx, &node.attrs, default_error);
        let snake = attrs
            .method
            .as_ref()
            .map_or_else(|| to_snake_case(&name), |method| method.unraw().to_string());
        Variant {
            ident: &node.ident,
            attrs,
            snake,
            name,
            raw,
            fields,
            named: matches!(node.fields, Fields::Named(_)),
            constructor_item: !matches!(node.fields, Fields::Named(_)),
            carried: node.attrs.iter().filter(|a| is_carried(a)).collect(),
            non_exhaustive: node.attrs.iter().any(is_non_exhaustive),
        }
    }

    /// The item `variant_constructors` names like the variant: a function for a tuple variant,
    /// a constant for a unit variant; none for a struct variant, whose literal syntax no
    /// function can take, nor for a variant whose item's name clashes (reported).
    pub(crate) fn has_variant_constructor(&self) -> bool {
        self.constructor_item
    }

    /// Where the variant's method name comes from: its `method = ..`, or else its name.
    pub(crate) fn method_site(&self) -> &Ident {
        self.attrs.method.as_ref().unwrap_or(self.ident)
    }

    /// The code's text (`Code::text`): the display of a variant without fields, with `{{` and
    /// `}}` unescaped, or else (a variant with fields, or a kind's text that formats something)
    /// the variant's name.
    pub(crate) fn code_text(&self) -> String {
        match &self.attrs.display {
            Some(display) if self.fields.is_empty() && !display.formats() => {
                display.text.value().replace("{{", "{").replace("}}", "}")
            }
            _ => self.name.clone(),
        }
    }

    /// The fields as the plan of a display text spanned at `text` sees them: positional
    /// fields are bound with the text's hygiene, so its implicit captures find them.
    pub(crate) fn field_names(&self, text: Span) -> Vec<FieldName> {
        self.fields
            .iter()
            .map(|f| {
                let name = f
                    .ident
                    .map(|i| i.to_string().trim_start_matches("r#").to_owned());
                let binding = match (f.ident, &name) {
                    // A raw identifier cannot be a format string's placeholder: the field is
                    // bound to a name made up for it, as a tuple field is.
                    (Some(ident), Some(name)) if ident.to_string().starts_with("r#") => {
                        Ident::new(&format!("field_{name}"), text)
                    }
                    (Some(ident), _) => ident.clone(),
                    (None, _) => Ident::new(&f.binding.to_string(), text),
                };
                FieldName {
                    name,
                    binding,
                    path: is_path(f.written),
                }
            })
            .collect()
    }

    /// The field that is the variant's source: marked `from` or `source`, or named `source`.
    pub(crate) fn source_field(&self) -> Option<&Field<'a>> {
        self.fields
            .iter()
            .find(|f| f.attrs.from.is_some() || f.attrs.source.is_some())
            .or_else(|| {
                self.fields
                    .iter()
                    .find(|f| f.ident.is_some_and(|i| i == "source"))
            })
    }

    /// The variant's one field when it is a `String` and nothing else (not a source, the
    /// variant not `transparent`): its snake-case constructor writes the text straight into
    /// the status (a text body), and `kind()` builds the variant from it.
    pub(crate) fn text_field(&self) -> Option<&Field<'a>> {
        let [field] = self.fields.as_slice() else {
            return None;
        };
        let plain = self.attrs.transparent.is_none() && self.source_field().is_none();
        (plain && is_string(field.written)).then_some(field)
    }

    /// The field marked `from` (the value converted into this variant), if any.
    pub(crate) fn converted_field(&self) -> Option<&Field<'a>> {
        self.fields.iter().find(|f| f.attrs.from.is_some())
    }
}

/// `StatusCode` -> `Status`, `ErrorKind` -> `Error`; without such a suffix, an error that says
/// how to name it (`has_kinds`: the suffix a port's enum of kinds takes), and `None`.
///
/// A name the derive makes up is spanned on the derive: where the module already has it, rustc
/// reports the clash there ("this error originates in the derive macro"), not on the enum's
/// name with a suggestion to write `enum ErrorKind as OtherError`.
fn default_name(cx: &Ctxt, ident: &Ident, has_kinds: bool) -> Option<Ident> {
    let name = ident.to_string();
    let name = name.strip_prefix("r#").unwrap_or(&name);
    let stem = name
        .strip_suffix("Code")
        .or_else(|| name.strip_suffix("Kind"))
        .filter(|stem| !stem.is_empty());
    if stem.is_none() {
        let suffix = if has_kinds { "Kind" } else { "Code" };
        cx.error_spanned_by(
            ident,
            format!(
                "cannot name the status type: `{name}` does not end in `Code` or `Kind`; \
                 rename the enum `{name}{suffix}` and the status type takes the name `{name}` \
                 (so a ported error type keeps its name, and code that names it keeps \
                 compiling), or name the status with `#[status(name = {name}Status)]`"
            ),
        );
    }
    Some(Ident::new(stem?, Span::call_site()))
}

/// The code enum of an enum of kinds: `ErrorKind` -> `ErrorCode`, `ParseError` ->
/// `ParseErrorCode`. Spanned on the derive, as [`default_name`] says.
fn default_code_name(ident: &Ident) -> Ident {
    let name = ident.to_string();
    let name = name.strip_prefix("r#").unwrap_or(&name);
    let code = match name.strip_suffix("Kind") {
        Some(stem) => format!("{stem}Code"),
        None => format!("{name}Code"),
    };
    Ident::new(&code, Span::call_site())
}

/// The raw code of `variant`, given what the previous variant's was: its discriminant when
/// that is an integer literal, the previous code plus one when it has none, else computed by
/// the compiler. Reports and returns [`Raw::Invalid`] when the derive can see it is not a
/// valid code (negative or too large); a computed code is checked where it is computed.
fn discriminant<'a>(cx: &Ctxt, variant: &'a syn::Variant, previous: Option<&Raw<'a>>) -> Raw<'a> {
    let (value, span_of): (u64, &dyn quote::ToTokens) = match (&variant.discriminant, previous) {
        (Some((_, expr)), _) => match literal_code(cx, expr) {
            LiteralCode::Value(value) => (value, expr),
            LiteralCode::Invalid => return Raw::Invalid,
            LiteralCode::Not => return Raw::Computed(Some(expr)),
        },
        (None, None) => (0, &variant.ident),
        (None, Some(Raw::Known(previous))) => (u64::from(*previous) + 1, &variant.ident),
        (None, Some(Raw::Computed(_))) => return Raw::Computed(None),
        (None, Some(Raw::Invalid)) => return Raw::Invalid,
    };
    if value > MAX_RAW_CODE {
        cx.error_spanned_by(
            span_of,
            format!(
                "code {value} of `{}` is too large: codes must be below 2^30 ({}) to fit an \
                 inline status on every target; use a smaller discriminant",
                variant.ident,
                MAX_RAW_CODE + 1
            ),
        );
        return Raw::Invalid;
    }
    u32::try_from(value).map_or(Raw::Invalid, Raw::Known)
}

/// What a discriminant expression is to the derive.
enum LiteralCode {
    /// An integer literal: the code.
    Value(u64),
    /// A literal that is no code (negative, or beyond `u64`); reported.
    Invalid,
    /// Not a literal: a constant expression the compiler evaluates.
    Not,
}

fn literal_code(cx: &Ctxt, expr: &Expr) -> LiteralCode {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(int), ..
        }) => {
            if let Ok(value) = int.base10_parse::<u64>() {
                LiteralCode::Value(value)
            } else {
                cx.error_spanned_by(
                    int,
                    "this code is too large: codes must be below 2^30; use a smaller discriminant",
                );
                LiteralCode::Invalid
            }
        }
        Expr::Unary(unary) if matches!(unary.op, UnOp::Neg(_)) && is_literal(&unary.expr) => {
            cx.error_spanned_by(
                expr,
                "status codes cannot be negative: raw codes are `0..2^30`; use a non-negative \
                 discriminant",
            );
            LiteralCode::Invalid
        }
        Expr::Group(group) => literal_code(cx, &group.expr),
        _ => LiteralCode::Not,
    }
}

/// Whether `expr` is an integer literal, as written or in a macro's invisible group.
fn is_literal(expr: &Expr) -> bool {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(_), ..
        }) => true,
        Expr::Group(group) => is_literal(&group.expr),
        _ => false,
    }
}

impl Field<'_> {
    /// The field's type, `Self` spelled as the enum's name.
    pub(crate) fn ty(&self) -> &Type {
        self.resolved.as_ref().unwrap_or(self.written)
    }
}

/// Whether `ty` is written `String`, `std::string::String` or `alloc::string::String`.
fn is_string(ty: &Type) -> bool {
    let Type::Path(path) = ty else {
        return false;
    };
    // Each segment's name, `None` if one has generic arguments.
    let names: Option<Vec<String>> = path
        .path
        .segments
        .iter()
        .map(|segment| {
            segment
                .arguments
                .is_none()
                .then(|| segment.ident.to_string())
        })
        .collect();
    path.qself.is_none()
        && names.is_some_and(|names| {
            matches!(
                names.iter().map(String::as_str).collect::<Vec<_>>()[..],
                ["String"] | ["std" | "alloc", "string", "String"]
            )
        })
}

/// `node` (a field's type, a discriminant) with every `Self` replaced by `enum_ident` (each
/// keeping its span), or `None` if it does not mention `Self`.
pub(crate) fn without_self<T: ToTokens + syn::parse::Parse>(
    node: &T,
    enum_ident: &Ident,
) -> Option<T> {
    fn replace(tokens: TokenStream, enum_ident: &Ident, found: &mut bool) -> TokenStream {
        tokens
            .into_iter()
            .map(|token| match token {
                TokenTree::Ident(ident) if ident == "Self" => {
                    *found = true;
                    let mut name = enum_ident.clone();
                    name.set_span(ident.span());
                    TokenTree::Ident(name)
                }
                TokenTree::Group(group) => {
                    let stream = replace(group.stream(), enum_ident, found);
                    let mut replaced = Group::new(group.delimiter(), stream);
                    replaced.set_span(group.span());
                    TokenTree::Group(replaced)
                }
                other => other,
            })
            .collect()
    }
    let mut found = false;
    let replaced = replace(node.to_token_stream(), enum_ident, &mut found);
    found.then(|| syn::parse2(replaced).ok()).flatten()
}

/// Whether `ty` is written as a filesystem path, which `{field}` shows through `display()`:
/// `Path` or `PathBuf` (by any path to them), a reference to one, or one in a `Box`, `Rc`,
/// `Arc` or `Cow`. An alias of one is not seen (its text writes `.display()` itself).
fn is_path(ty: &Type) -> bool {
    match ty {
        Type::Reference(reference) => is_path(&reference.elem),
        Type::Paren(paren) => is_path(&paren.elem),
        Type::Group(group) => is_path(&group.elem),
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return false;
            };
            if last.ident == "Path" || last.ident == "PathBuf" {
                return last.arguments.is_none();
            }
            let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
                return false;
            };
            ["Box", "Rc", "Arc", "Cow"]
                .iter()
                .any(|smart| last.ident == smart)
                && args.args.iter().any(|arg| match arg {
                    syn::GenericArgument::Type(inner) => is_path(inner),
                    _ => false,
                })
        }
        _ => false,
    }
}

/// The integer type `attr` gives the enum's discriminants, if it is a `#[repr(..)]` naming one
/// (`#[repr(u8)]`, `#[repr(C, u16)]`).
fn repr_integer(attr: &syn::Attribute) -> Option<Ident> {
    const INTEGERS: [&str; 12] = [
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
    ];
    if !attr.path().is_ident("repr") {
        return None;
    }
    let mut integer = None;
    // A `repr` that does not parse is rustc's to report.
    let _ = attr.parse_nested_meta(|meta| {
        let ident = meta.path.get_ident();
        if ident.is_some_and(|ident| INTEGERS.iter().any(|i| ident == i)) {
            integer = ident.cloned();
        }
        // `align(..)` and the like: their arguments are not read.
        if meta.input.peek(syn::token::Paren) {
            let _: proc_macro2::Group = meta.input.parse()?;
        }
        Ok(())
    });
    integer
}

/// Whether `attr` is `#[non_exhaustive]`.
fn is_non_exhaustive(attr: &syn::Attribute) -> bool {
    matches!(&attr.meta, syn::Meta::Path(path) if path.is_ident("non_exhaustive"))
}

/// Whether a variant's attribute goes on the items generated for it too: `#[deprecated]`, so a
/// caller is told, and `#[doc(hidden)]`, so they stay out of the docs with it.
fn is_carried(attr: &syn::Attribute) -> bool {
    attr.path().is_ident("deprecated")
        || (attr.path().is_ident("doc")
            && matches!(&attr.meta, syn::Meta::List(list) if list.tokens.to_string() == "hidden"))
}

#[cfg(test)]
mod tests {
    use super::is_string;

    #[test]
    fn string_fields_are_told_by_their_written_type() {
        let string = |ty: &str| is_string(&syn::parse_str(ty).expect("a type"));
        for ty in [
            "String",
            "std::string::String",
            "::std::string::String",
            "alloc::string::String",
        ] {
            assert!(string(ty), "{ty}");
        }
        for ty in [
            "str",
            "Box<str>",
            "Cow<'static, str>",
            "my::String",
            "String<u8>",
            "<T as Tr>::String",
            "&String",
        ] {
            assert!(!string(ty), "{ty}");
        }
    }
}
