//! Rules that look at more than one thing: success variants, method-name collisions, keyword
//! names, repeated `from` types, the generated types' names, and for variants with fields:
//! display texts against the fields, `from`, `source` and `transparent`. A repeated code is
//! rustc's to report; it is only mended here.

use quote::ToTokens;
use syn::Type;

use crate::ast::{Input, Raw, Variant};
use crate::attr::OWN_BACKTRACES;
use crate::case::{Spelling, spelling};
use crate::ctxt::Ctxt;
use crate::format;

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
    "with_source",
    "detail",
    "details",
    "context",
    "context_lines",
    "chain",
    "source",
    "clone",
    "clone_from",
    "eq",
    "ne",
    // Not `fmt`: every status has both `Display::fmt` and `Debug::fmt`, so `Status::fmt(..)`
    // named neither, and a method call never picks a constructor (it takes no `self`). A
    // variant `Fmt(#[from] fmt::Error)` keeps its `fmt(..)`.
    "hash",
    "drop",
    "from",
    "into",
    "to_string",
    "description",
    "cause",
];

/// Reports every mistake to `cx`, and mends `input` after those that can be mended (see
/// `Checked`): a variant's text in error is left out (the variant shows its name), a `from`,
/// `source` or `transparent` that cannot apply is dropped, so the rest expands as if the input
/// were valid.
pub(crate) fn check(cx: &Ctxt, input: &mut Input<'_>) {
    check_name(cx, input);
    check_variants(cx, input);
    check_method_names(cx, input);
    check_from_types(cx, input);
    mend_repeated_codes(input);
    let has_kinds = input.has_kinds();
    for variant in &mut input.variants {
        check_display(cx, variant, has_kinds);
        check_fields(cx, variant);
    }
}

fn check_name(cx: &Ctxt, input: &Input<'_>) {
    if let Some(name) = input
        .name
        .as_ref()
        .filter(|name| input.name_is_explicit && *name == input.ident)
    {
        cx.error_spanned_by(
            name,
            format!(
                "the status type needs a name of its own, not the enum's: \
                     try `name = {}Status`",
                input.ident
            ),
        );
    }
    if let Some(code) = input
        .code
        .as_ref()
        .filter(|code| *code == input.ident || input.name.as_ref() == Some(*code))
    {
        cx.error_spanned_by(
            code,
            format!(
                "the generated code enum needs a name of its own, not the enum's or the \
                     status type's: try `code = {}Code`",
                input.name.as_ref().unwrap_or(input.ident)
            ),
        );
    }
}

/// A display text's placeholders must name the variant's fields or what is in scope (`{MAX}`),
/// and the arguments after it may use the fields. A code's text (a variant of an enum without
/// kinds) is a `&'static str`, so nothing in it is formatted. A text in error is reported and
/// left out, so the variant shows its name and the rest of the expansion stands.
fn check_display(cx: &Ctxt, variant: &mut Variant<'_>, has_kinds: bool) {
    if let Some(error) = variant
        .attrs
        .fmt
        .as_ref()
        .and_then(|fmt| fmt_error(variant, fmt))
    {
        cx.recovered(error);
        variant.attrs.fmt = None;
    }
    let Some(display) = &variant.attrs.display else {
        return;
    };
    let error = if let Some(span) = variant.attrs.transparent {
        Some(syn::Error::new(
            span,
            "a `transparent` variant shows its field's text, so it takes no display text; \
             remove one of the two",
        ))
    } else {
        match format::plan(
            &display.text,
            &display.args,
            &variant.field_names(display.text.span()),
            &variant.name,
        ) {
            Err(error) => Some(error),
            // A code's text is a `&'static str`: nothing in it is formatted. A kind's is
            // written by the kind's `Display`, which formats it.
            Ok(plan) if !has_kinds && (plan.has_holes || !plan.args.is_empty()) => {
                Some(syn::Error::new_spanned(
                    &display.text,
                    format!(
                        "`{}` is a code, whose text is a `&'static str` shown as written, so \
                         nothing can be formatted into it; write the text out (`{{{{` writes a \
                         brace), or give the enum kinds, whose texts are formatted when shown: \
                         fields (`{}(u32)` with `\"invalid value {{0}}\"`), or \
                         `#[status(code = ..)]` on the enum for values in scope (`{{MAX}}`)",
                        variant.name, variant.name
                    ),
                ))
            }
            Ok(_) => None,
        }
    };
    if let Some(error) = error {
        cx.recovered(error);
        variant.attrs.display = None;
    }
}

/// `#[error(fmt = path)]` must be alone, on a variant with fields.
fn fmt_error(variant: &Variant<'_>, fmt: &syn::Path) -> Option<syn::Error> {
    if variant.attrs.display.is_some() || variant.attrs.transparent.is_some() {
        Some(syn::Error::new_spanned(
            fmt,
            "this variant's text is given twice: `fmt = ..` writes it, and so does the text or \
             `transparent` beside it; keep one",
        ))
    } else if variant.fields.is_empty() {
        Some(syn::Error::new_spanned(
            fmt,
            format!(
                "`{}` has no fields, so its text is a code's fixed text, written as \
                 `#[error(\"..\")]`; `fmt = ..` is for a variant with fields, which it is given \
                 by reference before the formatter",
                variant.name
            ),
        ))
    } else {
        None
    }
}

/// `from`, `source` and `transparent` against the variant's fields. Each mistake is mended as
/// it is reported: a `transparent` or `from = ..` that cannot apply is left out, a second
/// source field is not one, and a `from` field among others is the source without `From`.
fn check_fields(cx: &Ctxt, variant: &mut Variant<'_>) {
    let name = &variant.name;
    if let Some(span) = variant
        .attrs
        .transparent
        .filter(|_| variant.fields.len() != 1)
    {
        cx.recovered(syn::Error::new(
            span,
            format!(
                "`transparent` forwards the text and source of a variant's one field, and \
                     `{name}` has {}; give it exactly one field, or a display text instead",
                variant.fields.len()
            ),
        ));
        variant.attrs.transparent = None;
    }
    if let (Some(ty), false) = (variant.attrs.from.first(), variant.fields.is_empty()) {
        cx.recovered(syn::Error::new_spanned(
            ty,
            format!(
                "`from = ..` converts into a variant without fields; `{name}` has fields, so \
                 mark its one field instead: `{name}(#[from] SomeError)`"
            ),
        ));
        variant.attrs.from.clear();
    }
    let mut marked = variant
        .fields
        .iter_mut()
        .filter_map(|f| Some((f.attrs.from.or(f.attrs.source)?, f)));
    marked.next();
    for (span, second) in marked {
        cx.recovered(syn::Error::new(
            span,
            format!("`{name}` can have one source field; mark only one with `from` or `source`"),
        ));
        second.attrs.from = None;
        second.attrs.source = None;
    }
    // A `#[backtrace]` field is reported on its own; it does not count here as well.
    let fields = variant.fields.iter().filter(|f| !f.attrs.backtrace).count();
    let misplaced_from = if fields == 1 {
        None
    } else {
        variant
            .fields
            .iter_mut()
            .find_map(|f| Some((f.attrs.from?, f)))
    };
    if let Some((from, field)) = misplaced_from {
        field.attrs.demote_from_to_source();
        // thiserror's `#[from] source: E, backtrace: Backtrace`: its `From` captures the
        // backtrace; here the status does, so the field is what to remove.
        let mut backtraces = variant
            .fields
            .iter()
            .filter(|f| !f.attrs.backtrace && is_backtrace(f.ty()));
        let error = match (backtraces.next(), backtraces.next()) {
            (Some(backtrace), None) if fields == 2 => syn::Error::new_spanned(
                backtrace.ty(),
                format!(
                    "{OWN_BACKTRACES}, and `from` builds `{name}` from the converted value \
                     alone; remove this field (a status's backtrace is its `backtrace()`)"
                ),
            ),
            _ => syn::Error::new(
                from,
                format!(
                    "`from` builds `{name}` from the one value converted, and `{name}` has \
                     {fields} fields; remove `from` (use `source` to mark the source) or the \
                     other fields"
                ),
            ),
        };
        cx.recovered(error);
    }
}

/// Whether `ty` is named `Backtrace` (`std::backtrace::Backtrace` as thiserror recognises it:
/// by its last path segment, without arguments).
fn is_backtrace(ty: &Type) -> bool {
    match ty {
        Type::Path(path) if path.qself.is_none() => path
            .path
            .segments
            .last()
            .is_some_and(|last| last.ident == "Backtrace" && last.arguments.is_none()),
        _ => false,
    }
}

fn check_variants(cx: &Ctxt, input: &Input<'_>) {
    let mut success_methods = Vec::new();
    for variant in &input.variants {
        // Reported, and otherwise generated like any other variant, so that code using the
        // status type meanwhile sees no follow-on errors; unless another success variant makes
        // the same methods (`Ok` and `OK`: `ok()`), which the method check leaves to this one.
        if SUCCESS_NAMES.contains(&variant.name.as_str()) {
            let message = "a status is always an error; success is `Ok(())` — remove this variant";
            if success_methods.contains(&variant.snake) {
                cx.error_spanned_by(variant.ident, message);
            } else {
                cx.recovered_spanned_by(variant.ident, message);
                success_methods.push(variant.snake.clone());
            }
        }
        if spelling(&variant.snake) == Spelling::Impossible {
            cx.error_spanned_by(
                variant.method_site(),
                format!(
                    "`{}` would generate a method named `{}`, which is a keyword that cannot be \
                     an identifier (not even `r#{}`); {}",
                    variant.name,
                    variant.snake,
                    variant.snake,
                    rename(variant)
                ),
            );
        }
    }
}

/// Every constructor and predicate name must be unique and must not shadow a built-in item.
/// A variant's clashes are one mistake, its name (`IOError` beside `IoError` makes both
/// `io_error()` and `is_io_error()`), so each variant gets one error, for its first clash.
/// Mended: the variant's methods get a hidden name no other item has, so the status type is
/// generated whole and code using it sees no follow-on errors.
fn check_method_names(cx: &Ctxt, input: &mut Input<'_>) {
    let mut seen = Names::default();
    let has_kinds = input.has_kinds();
    let variant_constructors = input.variant_constructors;
    for (index, variant) in input.variants.iter_mut().enumerate() {
        if SUCCESS_NAMES.contains(&variant.name.as_str()) {
            continue;
        }
        let predicate = format!("is_{}", variant.snake);
        let mut clash = None;
        for method in [&variant.snake, &predicate] {
            let kind_method = has_kinds && (method == "kind" || method == "into_kind");
            let found = if BUILT_INS.contains(&method.as_str()) {
                format!(
                    "`{}` would generate `{method}()`, which collides with the built-in \
                     `{method}` every status type has",
                    variant.name
                )
            } else if kind_method {
                format!(
                    "`{}` would generate `{method}()`, which collides with the built-in \
                     `{method}` of a status type with fields",
                    variant.name
                )
            } else if let Err(first) = seen.insert(method, &variant.name) {
                format!(
                    "`{first}` and `{}` both generate the method `{method}()`",
                    variant.name
                )
            } else {
                continue;
            };
            clash.get_or_insert(found);
        }
        if let Some(clash) = clash {
            cx.recovered_spanned_by(
                variant.method_site(),
                format!("{clash}; {}", rename(variant)),
            );
            variant.snake = format!("__{}_{index}", variant.snake.trim_start_matches('_'));
        }
        if variant_constructors && variant.has_variant_constructor() {
            check_variant_constructor(cx, &mut seen, variant);
        }
    }
}

/// `variant_constructors` names an item of the status type like the variant itself: that name
/// must not be a built-in's nor a generated method's (a variant named in `snake_case`).
/// Mended: the variant gets no such item, and keeps its snake-case constructor.
fn check_variant_constructor(cx: &Ctxt, seen: &mut Names, variant: &mut Variant<'_>) {
    let name = variant.name.as_str();
    let clash = if BUILT_INS.contains(&name) {
        format!("the built-in `{name}` every status type has")
    } else if let Err(first) = seen.insert(name, &variant.name) {
        format!("the method `{name}()` that `{first}` generates")
    } else {
        return;
    };
    cx.recovered_spanned_by(
        variant.ident,
        format!(
            "with `variant_constructors`, `{name}` would also name an item of the status type \
             after itself, which collides with {clash}; rename the variant (in `CamelCase`, as \
             variants are named)"
        ),
    );
    variant.constructor_item = false;
}

/// What to do about a variant whose method name cannot be: name its methods another way, or,
/// when `method = ..` chose the name, choose another.
fn rename(variant: &Variant<'_>) -> String {
    if variant.attrs.method.is_some() {
        "choose another `method`".to_owned()
    } else {
        format!(
            "give `{}`'s methods another name with `#[status(method = ..)]` (the variant keeps \
             its name), or rename the variant",
            variant.name
        )
    }
}

/// One type converts into one code: `from = T` on a variant without fields, or a field marked
/// `from`, at most once per type. A repeat is reported and left out (a field keeps being the
/// source), so the first conversion stands.
fn check_from_types(cx: &Ctxt, input: &mut Input<'_>) {
    let mut seen = Names::default();
    for variant in &mut input.variants {
        let name = variant.name.clone();
        let mut first_of = |ty: &syn::Type| {
            let Err(first) = seen.insert(&ty.to_token_stream().to_string(), &name) else {
                return true;
            };
            cx.recovered_spanned_by(
                ty,
                format!(
                    "this `from` type is already on `{first}`: `?` on one error type can \
                     only produce one code; keep it on one variant"
                ),
            );
            false
        };
        variant.attrs.from.retain(|ty| first_of(ty));
        if let Some(field) = variant
            .fields
            .iter_mut()
            .find(|f| f.attrs.from.is_some() && !first_of(f.ty()))
        {
            field.attrs.demote_from_to_source();
        }
    }
}

/// Every code needs its own value. A repeat is rustc's to report: codes are the enum's own
/// discriminants, and E0081 names both variants on the enum. Reporting it here too would say it
/// twice, so a repeated code only gets a value no other variant has, and the rest expands as
/// usual: the generated code enum (of an enum of kinds) repeats no discriminant, and code using
/// the status type sees no follow-on errors.
fn mend_repeated_codes(input: &mut Input<'_>) {
    let mut taken: Vec<u32> = Vec::new();
    let mut repeated = Vec::new();
    for (index, variant) in input.variants.iter().enumerate() {
        if let Raw::Known(raw) = variant.raw {
            match taken.binary_search(&raw) {
                Ok(_) => repeated.push(index),
                Err(at) => taken.insert(at, raw),
            }
        }
    }
    let mut free = (0..).filter(|raw| taken.binary_search(raw).is_err());
    for index in repeated {
        input.variants[index].raw = free.next().map_or(Raw::Invalid, Raw::Known);
    }
}

/// Names seen so far, each with the variant that had it first: a sorted list, searched by
/// halves (a hash map would be compiled into the macro for the two checks that use this).
#[derive(Default)]
struct Names(Vec<(String, String)>);

impl Names {
    /// Adds `name` for `variant`; if it was there, the variant that had it first.
    fn insert(&mut self, name: &str, variant: &str) -> Result<(), String> {
        match self.0.binary_search_by(|(seen, _)| seen.as_str().cmp(name)) {
            Ok(at) => Err(self.0[at].1.clone()),
            Err(at) => {
                self.0.insert(at, (name.to_owned(), variant.to_owned()));
                Ok(())
            }
        }
    }
}
