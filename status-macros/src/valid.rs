//! Rules that look at more than one thing: success variants, method-name collisions, keyword
//! names, repeated `from` types and codes, and the type's name.

use std::collections::HashMap;

use quote::ToTokens;

use crate::ast::{Input, Variant};
use crate::case::{Spelling, spelling};
use crate::ctxt::Ctxt;

/// Variant names that mean success, which a status never is.
const SUCCESS_NAMES: &[&str] = &["Ok", "OK", "Success"];

/// Items every generated status type has, which a per-code method must not shadow: the
/// inherent API and the methods of the traits it implements.
const BUILT_INS: &[&str] = &[
    "from_code",
    "new",
    "code",
    "message",
    "location",
    "with_message",
    "with_detail",
    "detail",
    "details",
    "context",
    "context_lines",
    "source",
    "clone",
    "clone_from",
    "eq",
    "ne",
    "fmt",
    "drop",
    "from",
    "into",
    "to_string",
    "description",
    "cause",
];

pub(crate) fn check(cx: &Ctxt, input: &Input<'_>) {
    check_name(cx, input);
    check_variants(cx, input);
    check_method_names(cx, input);
    check_from_types(cx, input);
    check_codes(cx, input);
}

fn check_name(cx: &Ctxt, input: &Input<'_>) {
    if let Some(name) = &input.name {
        if input.name_is_explicit && name == input.ident {
            cx.error_spanned_by(
                name,
                format!(
                    "the status type needs a name of its own, not the enum's: \
                     try `name = {}Status`",
                    input.ident
                ),
            );
        }
    }
}

fn check_variants(cx: &Ctxt, input: &Input<'_>) {
    for variant in &input.variants {
        if SUCCESS_NAMES.contains(&variant.name.as_str()) {
            cx.error_spanned_by(
                variant.ident,
                "a status is always an error; success is `Ok(())` — remove this variant",
            );
        }
        if spelling(&variant.snake) == Spelling::Impossible {
            cx.error_spanned_by(
                variant.ident,
                format!(
                    "`{}` would generate a method named `{}`, which is a keyword that cannot be \
                     an identifier (not even `r#{}`); rename the variant",
                    variant.name, variant.snake, variant.snake
                ),
            );
        }
    }
}

/// Every constructor and predicate name must be unique and must not shadow a built-in item.
fn check_method_names(cx: &Ctxt, input: &Input<'_>) {
    let mut seen: HashMap<String, &Variant<'_>> = HashMap::new();
    for variant in &input.variants {
        if SUCCESS_NAMES.contains(&variant.name.as_str()) {
            continue;
        }
        let predicate = format!("is_{}", variant.snake);
        for method in [&variant.snake, &predicate] {
            if BUILT_INS.contains(&method.as_str()) {
                cx.error_spanned_by(
                    variant.ident,
                    format!(
                        "`{}` would generate `{method}()`, which collides with the built-in \
                         `{method}` every status type has; rename the variant",
                        variant.name
                    ),
                );
            } else if let Some(first) = seen.get(method.as_str()) {
                cx.error_spanned_by(
                    variant.ident,
                    format!(
                        "`{}` and `{}` both generate the method `{method}()`; rename one of them",
                        first.name, variant.name
                    ),
                );
            } else {
                seen.insert(method.clone(), variant);
            }
        }
    }
}

fn check_from_types(cx: &Ctxt, input: &Input<'_>) {
    let mut seen: HashMap<String, &Variant<'_>> = HashMap::new();
    for variant in &input.variants {
        for ty in &variant.attrs.from {
            let key = ty.to_token_stream().to_string();
            if let Some(first) = seen.get(&key) {
                cx.error_spanned_by(
                    ty,
                    format!(
                        "this `from` type is already on `{}`: `?` on one error type can only \
                         produce one code; keep it on one variant",
                        first.name
                    ),
                );
            } else {
                seen.insert(key, variant);
            }
        }
    }
}

fn check_codes(cx: &Ctxt, input: &Input<'_>) {
    let mut seen: HashMap<u32, &Variant<'_>> = HashMap::new();
    for variant in &input.variants {
        let Some(raw) = variant.raw else { continue };
        if let Some(first) = seen.get(&raw) {
            let tokens: &dyn ToTokens = match &variant.original.discriminant {
                Some((_, expr)) => expr,
                None => variant.ident,
            };
            cx.error_spanned_by(
                tokens,
                format!(
                    "`{}` has code {raw}, which `{}` already has; every code needs its own value",
                    variant.name, first.name
                ),
            );
        } else {
            seen.insert(raw, variant);
        }
    }
}
