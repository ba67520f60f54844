//! A borrowed view of the derive input. Every node keeps a reference to the user's syntax, so
//! later errors can point at it.
//!
//! The input is one of two shapes: an enum of codes (every variant fieldless, DESIGN §3), which
//! is the status's code enum itself; or an enum of *kinds* (some variant carries fields, or the
//! enum names its code enum with `code = ..`, DESIGN §9), for which a fieldless code enum is
//! generated beside it.

use proc_macro2::{Group, Span, TokenStream, TokenTree};
use syn::Ident;
use syn::ext::IdentExt as _;

use crate::attr;
use crate::case::to_snake_case;
use crate::ctxt::Ctxt;
use crate::format::FieldName;
use crate::nodes::{Attribute, Expr, Meta, Path, PathArguments, Type, Visibility};
use crate::syntax::{Data, DeriveInput, Fields, Syntax};
use crate::template::{ToTokens, template};

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

pub(crate) struct Input<'a> {
    pub(crate) ident: &'a Ident,
    pub(crate) vis: &'a Syntax<Visibility>,
    /// The generated type's name, explicit or derived from the enum's.
    pub(crate) name: Option<Ident>,
    /// Whether `name` was written by the user (`#[status(name = ..)]`).
    pub(crate) name_is_explicit: bool,
    /// For an enum of kinds, the name of the code enum generated beside it (`code = ..`, or
    /// derived); `None` for an enum of codes, which is its own code enum.
    pub(crate) code: Option<Ident>,
    /// Path to the facade crate.
    pub(crate) krate: Syntax<Path>,
    /// Whether the enum has generic parameters (an error; the fallback must not name the enum).
    pub(crate) has_generics: bool,
    /// `backtrace = never`: statuses of this type never capture a backtrace.
    pub(crate) no_backtraces: bool,
    /// Who writes `From<Status> for std::io::Error`.
    pub(crate) io_error: IoError,
    /// The enum's own `#[non_exhaustive]`, which a generated code enum carries too.
    pub(crate) non_exhaustive: Option<&'a Syntax<Attribute>>,
    pub(crate) variants: Vec<Variant<'a>>,
}

pub(crate) struct Variant<'a> {
    pub(crate) ident: &'a Ident,
    pub(crate) attrs: attr::Variant,
    /// The variant name without `r#`.
    pub(crate) name: String,
    /// The method name (without `r#`): `method = ..`'s, or the name in `snake_case`.
    pub(crate) snake: String,
    /// The raw code, when the discriminant is valid.
    pub(crate) raw: Option<u32>,
    pub(crate) fields: Vec<Field<'a>>,
    /// Whether the fields are named (`{ a: T }`) rather than positional (`(T)`).
    pub(crate) named: bool,
    /// The variant's `#[deprecated(..)]` and `#[doc(hidden)]`, which its generated
    /// constructor, predicate and code carry too.
    pub(crate) carried: Vec<&'a Syntax<Attribute>>,
    /// Whether the variant is `#[non_exhaustive]`: other crates cannot build it.
    pub(crate) non_exhaustive: bool,
}

pub(crate) struct Field<'a> {
    /// The type as written.
    written: &'a Syntax<Type>,
    /// The type with `Self` spelled as the enum's name, when it mentions `Self`
    /// (`Box<Self>`): generated code names field types outside the enum's own impls too (the
    /// status type's constructors, the assertions), where `Self` is another type or none.
    resolved: Option<Syntax<Type>>,
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
            Data::Struct(keyword) => {
                // One error: the attributes (a thiserror struct's `#[error(..)]`) move with
                // the rewrite it asks for.
                let name = &node.ident;
                cx.syn_error(syn::Error::new(
                    *keyword,
                    format!(
                        "`FastStatus` is derived on an enum (of error codes, or of error kinds \
                         with fields), not a struct; make the struct an enum of one variant, \
                         its `#[error(..)]` on the variant: `enum {name}Kind {{ #[error(\"..\")] \
                         {name} {{ .. }} }}`"
                    ),
                ));
                return None;
            }
            Data::Union(keyword) => {
                cx.syn_error(syn::Error::new(
                    *keyword,
                    "`FastStatus` is derived on an enum (of error codes, or of error kinds \
                     with fields), not a union; write `enum YourCode { .. }` with one variant \
                     per code",
                ));
                return None;
            }
        };
        let container = attr::container(cx, &node.attrs);
        if let Some(param) = node.params.first() {
            cx.error_spanned_by(
                param,
                "a status enum cannot have generic or lifetime parameters: the status is one \
                 word of its own type, and its codes and fields are stored whatever a caller \
                 would choose for them; remove them (own the data: `String`, not `&'a str`)",
            );
        }
        if let Some(clause) = &node.where_clause {
            cx.error_spanned_by(
                clause,
                "a status enum cannot have a `where` clause; remove it",
            );
        }
        if data.is_empty() {
            cx.error_spanned_by(
                &node.ident,
                "a status enum needs at least one variant, one per error code",
            );
        }

        let mut next: Option<u64> = Some(0);
        let variants: Vec<Variant<'a>> = data
            .iter()
            .map(|v| {
                let raw = discriminant(cx, v, next);
                next = raw.map(|r| u64::from(r) + 1);
                Variant::from_syn(cx, &node.ident, v, raw, container.error.as_ref())
            })
            .collect();

        let has_fields = variants.iter().any(|v| !v.fields.is_empty());
        let code = match container.code {
            Some(code) => Some(code),
            None if has_fields => Some(default_code_name(&node.ident)),
            None => None,
        };
        let (name, name_is_explicit) = match container.name {
            Some(name) => (Some(name), true),
            None => (default_name(&node.ident), false),
        };
        if name.is_none() {
            cx.error_spanned_by(
                &node.ident,
                format!(
                    "cannot name the status type: `{0}` does not end in `Code` or `Kind`; \
                     add `#[status(name = {0}Status)]` (or another name) to the enum",
                    node.ident
                ),
            );
        }
        let krate = container
            .krate
            .unwrap_or_else(|| Syntax::parse2(template!(; ::fast_status)).expect("a valid path"));
        Some(Input {
            ident: &node.ident,
            vis: &node.vis,
            name,
            name_is_explicit,
            code,
            krate,
            has_generics: !node.params.is_empty(),
            no_backtraces: container.no_backtraces,
            io_error: if container.manual_io_error {
                IoError::Manual
            } else {
                IoError::Derived
            },
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
        node: &'a crate::syntax::Variant,
        raw: Option<u32>,
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
            carried: node.attrs.iter().filter(|a| is_carried(a)).collect(),
            non_exhaustive: node.attrs.iter().any(|a| is_non_exhaustive(a)),
        }
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

    /// The field marked `from` (the value converted into this variant), if any.
    pub(crate) fn converted_field(&self) -> Option<&Field<'a>> {
        self.fields.iter().find(|f| f.attrs.from.is_some())
    }
}

/// `StatusCode` -> `Status`, `ErrorKind` -> `Error`; `None` without such a suffix.
///
/// A name the derive makes up is spanned on the derive: where the module already has it, rustc
/// reports the clash there ("this error originates in the derive macro"), not on the enum's
/// name with a suggestion to write `enum ErrorKind as OtherError`.
fn default_name(ident: &Ident) -> Option<Ident> {
    let name = ident.to_string();
    let name = name.strip_prefix("r#").unwrap_or(&name);
    let stem = name
        .strip_suffix("Code")
        .or_else(|| name.strip_suffix("Kind"))?;
    if stem.is_empty() {
        return None;
    }
    Some(Ident::new(stem, Span::call_site()))
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

/// The raw code of `variant`: its literal discriminant, or `implicit` (the previous code plus
/// one) when it has none. Reports and returns `None` when it is not a valid code.
fn discriminant(cx: &Ctxt, variant: &crate::syntax::Variant, implicit: Option<u64>) -> Option<u32> {
    let (value, span_of): (u64, &dyn ToTokens) = match &variant.discriminant {
        None => (implicit?, &variant.ident),
        Some(expr) => (literal_code(cx, expr, expr.tokens())?, expr),
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
        return None;
    }
    u32::try_from(value).ok()
}

/// The value of `expr`, written as `tokens` (which errors are spanned on).
fn literal_code(cx: &Ctxt, expr: &Expr, tokens: &TokenStream) -> Option<u64> {
    match expr {
        Expr::Int(int) => {
            let value = int.base10_parse::<u64>();
            if value.is_err() {
                cx.error_spanned_by(
                    &int.token(),
                    "this code is too large: codes must be below 2^30; use a smaller discriminant",
                );
            }
            value.ok()
        }
        Expr::Negative => {
            cx.error_spanned_by(
                tokens,
                "status codes cannot be negative: raw codes are `0..2^30`; use a non-negative \
                 discriminant",
            );
            None
        }
        Expr::Other => {
            cx.error_spanned_by(
                tokens,
                "a status code's discriminant must be an integer literal (`= 7`), so the derive \
                 can check it and generate `from_raw`; replace this expression with its value",
            );
            None
        }
    }
}

impl Field<'_> {
    /// The field's type, `Self` spelled as the enum's name.
    pub(crate) fn ty(&self) -> &Syntax<Type> {
        self.resolved.as_ref().unwrap_or(self.written)
    }
}

/// `ty` with every `Self` replaced by `enum_ident` (each keeping its span), or `None` if it
/// does not mention `Self`.
fn without_self(ty: &Syntax<Type>, enum_ident: &Ident) -> Option<Syntax<Type>> {
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
    let replaced = replace(ty.tokens().clone(), enum_ident, &mut found);
    found.then(|| Syntax::parse2(replaced).ok()).flatten()
}

/// Whether `ty` is written as a filesystem path, which `{field}` shows through `display()`:
/// `Path` or `PathBuf` (by any path to them), a reference to one, or one in a `Box`, `Rc`,
/// `Arc` or `Cow`. An alias of one is not seen (its text writes `.display()` itself).
fn is_path(ty: &Type) -> bool {
    match ty {
        Type::Reference(inner) | Type::Paren(inner) => is_path(inner),
        Type::Path(path) => {
            let Some(last) = path.segments.last() else {
                return false;
            };
            if last.ident == "Path" || last.ident == "PathBuf" {
                return last.arguments.is_none();
            }
            let PathArguments::AngleBracketed { args, .. } = &last.arguments else {
                return false;
            };
            ["Box", "Rc", "Arc", "Cow"]
                .iter()
                .any(|smart| last.ident == smart)
                && args.iter().flatten().any(is_path)
        }
        _ => false,
    }
}

/// Whether `attr` is `#[non_exhaustive]`.
fn is_non_exhaustive(attr: &Attribute) -> bool {
    matches!(&attr.meta, Meta::Path) && attr.path().is_ident("non_exhaustive")
}

/// Whether a variant's attribute goes on the items generated for it too: `#[deprecated]`, so a
/// caller is told, and `#[doc(hidden)]`, so they stay out of the docs with it.
fn is_carried(attr: &Attribute) -> bool {
    attr.path().is_ident("deprecated")
        || (attr.path().is_ident("doc")
            && matches!(&attr.meta, Meta::List(list) if list.stream().to_string() == "hidden"))
}
