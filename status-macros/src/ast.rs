//! A borrowed view of the derive input. Every node keeps a reference to the user's syntax, so
//! later errors can point at it.

use syn::{Data, DeriveInput, Expr, ExprLit, Fields, Ident, Lit, Path, UnOp, Visibility};

use crate::attr;
use crate::case::to_snake_case;
use crate::ctxt::Ctxt;

/// The largest raw code: codes are `0..2^30` so they fit an inline word on 32-bit targets too.
const MAX_RAW_CODE: u64 = (1 << 30) - 1;

pub(crate) struct Input<'a> {
    pub(crate) ident: &'a Ident,
    pub(crate) vis: &'a Visibility,
    /// The generated type's name, explicit or derived from the enum's.
    pub(crate) name: Option<Ident>,
    /// Whether `name` was written by the user (`#[status(name = ..)]`).
    pub(crate) name_is_explicit: bool,
    /// Path to the facade crate.
    pub(crate) krate: Path,
    /// Whether the enum has generic parameters (an error; the fallback must not name the enum).
    pub(crate) has_generics: bool,
    pub(crate) variants: Vec<Variant<'a>>,
}

pub(crate) struct Variant<'a> {
    pub(crate) original: &'a syn::Variant,
    pub(crate) ident: &'a Ident,
    pub(crate) attrs: attr::Variant,
    /// The variant name without `r#`.
    pub(crate) name: String,
    /// The `snake_case` method name (without `r#`).
    pub(crate) snake: String,
    /// The raw code, when the discriminant is valid.
    pub(crate) raw: Option<u32>,
}

impl<'a> Input<'a> {
    /// Parses `node`, reporting every problem to `cx`. `None` if it is not an enum at all.
    pub(crate) fn from_syn(cx: &Ctxt, node: &'a DeriveInput) -> Option<Self> {
        let container = attr::container(cx, &node.attrs);
        let data = match &node.data {
            Data::Enum(data) => Some(data),
            Data::Struct(data) => {
                cx.syn_error(syn::Error::new(
                    data.struct_token.span,
                    "`FastStatus` is derived on an enum of error codes, not a struct; \
                     write `enum YourCode { .. }` with one fieldless variant per code",
                ));
                None
            }
            Data::Union(data) => {
                cx.syn_error(syn::Error::new(
                    data.union_token.span,
                    "`FastStatus` is derived on an enum of error codes, not a union; \
                     write `enum YourCode { .. }` with one fieldless variant per code",
                ));
                None
            }
        };
        if let Some(param) = node.generics.params.first() {
            cx.error_spanned_by(
                param,
                "a status code enum cannot have generic or lifetime parameters; \
                 remove them (codes are plain values, the status type is not generic)",
            );
        }
        if let Some(clause) = &node.generics.where_clause {
            cx.error_spanned_by(
                clause,
                "a status code enum cannot have a `where` clause; remove it",
            );
        }
        let data = data?;
        if data.variants.is_empty() {
            cx.error_spanned_by(
                &node.ident,
                "a status code enum needs at least one variant, one per error code",
            );
        }

        let mut next: Option<u64> = Some(0);
        let variants = data
            .variants
            .iter()
            .map(|v| {
                let raw = discriminant(cx, v, next);
                next = raw.map(|r| u64::from(r) + 1);
                Variant::from_syn(cx, v, raw)
            })
            .collect();

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
            .unwrap_or_else(|| syn::parse_str("::fast_status").expect("a valid path"));
        Some(Input {
            ident: &node.ident,
            vis: &node.vis,
            name,
            name_is_explicit,
            krate,
            has_generics: !node.generics.params.is_empty(),
            variants,
        })
    }
}

impl<'a> Variant<'a> {
    fn from_syn(cx: &Ctxt, node: &'a syn::Variant, raw: Option<u32>) -> Self {
        if !matches!(node.fields, Fields::Unit) {
            cx.error_spanned_by(
                &node.fields,
                format!(
                    "status codes carry no fields; remove them from `{}` and attach data with \
                     `with_detail(..)` or a formatted message instead",
                    node.ident
                ),
            );
        }
        let name = node.ident.to_string();
        let name = name.strip_prefix("r#").unwrap_or(&name).to_owned();
        Variant {
            original: node,
            ident: &node.ident,
            attrs: attr::variant(cx, &node.attrs),
            snake: to_snake_case(&name),
            name,
            raw,
        }
    }

    /// The text `Display` shows for this code.
    pub(crate) fn display_text(&self) -> String {
        self.attrs
            .display
            .as_ref()
            .map_or_else(|| self.name.clone(), syn::LitStr::value)
    }
}

/// `StatusCode` -> `Status`, `ErrorKind` -> `Error`; `None` without such a suffix.
fn default_name(ident: &Ident) -> Option<Ident> {
    let name = ident.to_string();
    let name = name.strip_prefix("r#").unwrap_or(&name);
    let stem = name
        .strip_suffix("Code")
        .or_else(|| name.strip_suffix("Kind"))?;
    if stem.is_empty() {
        return None;
    }
    Some(Ident::new(stem, ident.span()))
}

/// The raw code of `variant`: its literal discriminant, or `implicit` (the previous code plus
/// one) when it has none. Reports and returns `None` when it is not a valid code.
fn discriminant(cx: &Ctxt, variant: &syn::Variant, implicit: Option<u64>) -> Option<u32> {
    let (value, span_of): (u64, &dyn quote::ToTokens) = match &variant.discriminant {
        None => (implicit?, &variant.ident),
        Some((_, expr)) => (literal_code(cx, expr)?, expr),
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

fn literal_code(cx: &Ctxt, expr: &Expr) -> Option<u64> {
    match expr {
        Expr::Lit(ExprLit {
            lit: Lit::Int(int), ..
        }) => {
            let value = int.base10_parse::<u64>();
            if value.is_err() {
                cx.error_spanned_by(
                    int,
                    "this code is too large: codes must be below 2^30; use a smaller discriminant",
                );
            }
            value.ok()
        }
        Expr::Unary(unary) if matches!(unary.op, UnOp::Neg(_)) => {
            cx.error_spanned_by(
                expr,
                "status codes cannot be negative: raw codes are `0..2^30`; use a non-negative \
                 discriminant",
            );
            None
        }
        Expr::Group(group) => literal_code(cx, &group.expr),
        _ => {
            cx.error_spanned_by(
                expr,
                "a status code's discriminant must be an integer literal (`= 7`), so the derive \
                 can check it and generate `from_raw`; replace this expression with its value",
            );
            None
        }
    }
}
