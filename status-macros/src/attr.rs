//! `#[status(...)]` attributes, parsed into typed values that keep their spans.

use proc_macro2::TokenTree;
use syn::meta::ParseNestedMeta;
use syn::{Attribute, Ident, LitStr, Path, Type};

use crate::ctxt::Ctxt;

/// `#[status(...)]` on the enum.
#[derive(Default)]
pub(crate) struct Container {
    /// `name = Ident`: the generated type's name.
    pub(crate) name: Option<Ident>,
    /// `crate = path`: where the facade is.
    pub(crate) krate: Option<Path>,
}

/// `#[status(...)]` on a variant.
#[derive(Default)]
pub(crate) struct Variant {
    /// `display = "text"`.
    pub(crate) display: Option<LitStr>,
    /// Every `from = Type`, in order.
    pub(crate) from: Vec<Type>,
}

const CONTAINER_KEYS: &str = "expected `name = YourStatus` or `crate = path::to::fast_status`";
const VARIANT_KEYS: &str = "expected `display = \"text\"` or `from = SomeError`";

/// Parses the container attributes; errors go to `cx`.
pub(crate) fn container(cx: &Ctxt, attrs: &[Attribute]) -> Container {
    let mut out = Container::default();
    for attr in status_attrs(attrs) {
        let result = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("name") {
                let name: Ident = meta.value()?.parse()?;
                set_once(cx, &meta, &mut out.name, name);
            } else if meta.path.is_ident("crate") {
                let path: Path = meta.value()?.parse()?;
                set_once(cx, &meta, &mut out.krate, path);
            } else if is_variant_key(&meta) {
                skip_value(&meta)?;
                cx.error_spanned_by(
                    &meta.path,
                    format!(
                        "`{}` goes on a variant, not on the enum; move it to the variant it describes",
                        path_text(&meta.path)
                    ),
                );
            } else {
                skip_value(&meta)?;
                cx.error_spanned_by(
                    &meta.path,
                    format!(
                        "unknown `status` key `{}` on the enum; {CONTAINER_KEYS}",
                        path_text(&meta.path)
                    ),
                );
            }
            Ok(())
        });
        if let Err(error) = result {
            cx.syn_error(error);
        }
    }
    out
}

/// Parses a variant's attributes; errors go to `cx`.
pub(crate) fn variant(cx: &Ctxt, attrs: &[Attribute]) -> Variant {
    let mut out = Variant::default();
    for attr in status_attrs(attrs) {
        let result = attr.parse_nested_meta(|meta| {
            if meta.path.is_ident("display") {
                let text: LitStr = meta.value()?.parse()?;
                set_once(cx, &meta, &mut out.display, text);
            } else if meta.path.is_ident("from") {
                out.from.push(meta.value()?.parse()?);
            } else if meta.path.is_ident("name") || meta.path.is_ident("crate") {
                skip_value(&meta)?;
                cx.error_spanned_by(
                    &meta.path,
                    format!(
                        "`{}` goes on the enum, not on a variant; move it to the enum's `#[status(..)]`",
                        path_text(&meta.path)
                    ),
                );
            } else {
                skip_value(&meta)?;
                cx.error_spanned_by(
                    &meta.path,
                    format!(
                        "unknown `status` key `{}` on a variant; {VARIANT_KEYS}",
                        path_text(&meta.path)
                    ),
                );
            }
            Ok(())
        });
        if let Err(error) = result {
            cx.syn_error(error);
        }
    }
    out
}

fn status_attrs(attrs: &[Attribute]) -> impl Iterator<Item = &Attribute> {
    attrs.iter().filter(|a| a.path().is_ident("status"))
}

fn is_variant_key(meta: &ParseNestedMeta<'_>) -> bool {
    meta.path.is_ident("display") || meta.path.is_ident("from")
}

/// Stores `value` in `slot`, or reports a duplicate at this (second) occurrence.
fn set_once<T>(cx: &Ctxt, meta: &ParseNestedMeta<'_>, slot: &mut Option<T>, value: T) {
    if slot.is_some() {
        cx.error_spanned_by(
            &meta.path,
            format!("duplicate `{}` key; keep only one", path_text(&meta.path)),
        );
    } else {
        *slot = Some(value);
    }
}

/// Consumes `= value` or `(..)` after an unknown key so parsing can go on to the next key.
fn skip_value(meta: &ParseNestedMeta<'_>) -> syn::Result<()> {
    if meta.input.peek(syn::Token![=]) {
        let value = meta.value()?;
        value.step(|cursor| {
            let mut rest = *cursor;
            while let Some((token, next)) = rest.token_tree() {
                if matches!(&token, TokenTree::Punct(p) if p.as_char() == ',') {
                    break;
                }
                rest = next;
            }
            Ok(((), rest))
        })
    } else if meta.input.peek(syn::token::Paren) {
        meta.parse_nested_meta(|inner| skip_value(&inner))
    } else {
        Ok(())
    }
}

fn path_text(path: &Path) -> String {
    path.segments
        .iter()
        .map(|s| s.ident.to_string())
        .collect::<Vec<_>>()
        .join("::")
}
