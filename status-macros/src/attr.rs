//! `#[status(...)]` attributes, and thiserror's spellings of the same things (`#[error(..)]`,
//! `#[from]`, `#[source]`), parsed into typed values that keep their spans.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::ext::IdentExt as _;
use syn::meta::ParseNestedMeta;
use syn::parse::ParseStream;
use syn::spanned::Spanned;
use syn::{Attribute, Ident, LitStr, Path, Type};

use crate::case::to_snake_case;
use crate::ctxt::Ctxt;
use crate::format::{self, Segment};

/// `#[status(...)]` on the enum.
#[derive(Default)]
pub(crate) struct Container {
    /// `name = Ident`: the generated type's name.
    pub(crate) name: Option<Ident>,
    /// `crate = path`: where the facade is.
    pub(crate) krate: Option<Path>,
    /// `code = Ident`: the generated code enum's name (enums with fields).
    pub(crate) code: Option<Ident>,
    /// `backtrace`: statuses of this type capture a backtrace when the environment asks.
    pub(crate) backtraces: Option<Span>,
    /// `backtrace = never`: the default, written out.
    pub(crate) never_backtraces: bool,
    /// `into_io_error = manual`.
    pub(crate) manual_io_error: bool,
    /// `variant_constructors`: a function named like each tuple variant, a constant named like
    /// each unit variant.
    pub(crate) variant_constructors: Option<Span>,
    /// thiserror's `#[error(..)]` on the enum: the text (or `transparent`, or `fmt = ..`) of
    /// every variant that has none of its own.
    pub(crate) error: Option<ErrorAttr>,
}

/// A variant's display text: `#[status(display = "..")]` or `#[error("..", args..)]`.
pub(crate) struct Display {
    pub(crate) text: LitStr,
    /// The format arguments after the text (`#[error` only), each as written.
    pub(crate) args: Vec<TokenStream>,
    /// Whether it was written as thiserror's `#[error(..)]`.
    pub(crate) thiserror: bool,
}

impl Display {
    /// The same text and arguments, spans and all, for another variant (`syn` is built
    /// without its `Clone` impls, which cost build time).
    fn duplicate(&self) -> Self {
        Display {
            text: reparse(&self.text),
            args: self.args.clone(),
            thiserror: self.thiserror,
        }
    }

    /// Whether showing it formats something: arguments after the text, or a placeholder in it
    /// (a text that does not parse counts too: it is reported, and never shown).
    pub(crate) fn formats(&self) -> bool {
        let has_hole =
            |segments: Vec<Segment>| segments.iter().any(|s| matches!(s, Segment::Hole(_)));
        !self.args.is_empty() || format::parse(&self.text.value()).map_or(true, has_hole)
    }
}

/// `#[status(...)]` and `#[error(...)]` on a variant.
#[derive(Default)]
pub(crate) struct Variant {
    pub(crate) display: Option<Display>,
    /// Every `from = Type`, in order.
    pub(crate) from: Vec<Type>,
    /// `transparent` or `#[error(transparent)]`, where it was written.
    pub(crate) transparent: Option<Span>,
    /// `#[error(fmt = path)]`: the function that writes the variant, given its fields by
    /// reference and the formatter (thiserror's form).
    pub(crate) fmt: Option<Path>,
    /// `#[error(fmt = path)]` on the enum, for a variant with no text of its own: the function
    /// that writes it, given the whole kind by reference and the formatter.
    pub(crate) kind_fmt: Option<Path>,
    /// `io_kind = NotFound`: the `std::io::ErrorKind` of this code's `io::Error`.
    pub(crate) io_kind: Option<Ident>,
    /// `method = name`: the variant's constructor, `name(..)`, and predicate, `is_name()`,
    /// instead of its name in `snake_case`.
    pub(crate) method: Option<Ident>,
}

/// `#[status(from)]`, `#[status(source)]`, `#[from]`, `#[source]` on a field.
#[derive(Default)]
pub(crate) struct Field {
    /// Where `from` was written.
    pub(crate) from: Option<Span>,
    /// Where `source` was written.
    pub(crate) source: Option<Span>,
    /// Whether thiserror's `#[backtrace]` was written (an error of its own).
    pub(crate) backtrace: bool,
}

impl Field {
    /// A `from` mark that cannot apply, mended: the field stays the source, without `From`.
    pub(crate) fn demote_from_to_source(&mut self) {
        self.source = self.source.or(self.from.take());
    }
}

const CONTAINER_KEYS: &str = "expected `name = YourStatus`, `code = YourCode`, \
                              `crate = path::to::fast_status`, `backtrace`, \
                              `variant_constructors` or `into_io_error = manual`";
const VARIANT_KEYS: &str = "expected `display = \"text\"`, `from = SomeError`, `transparent`, \
                            `io_kind = NotFound` or `method = name`";
const FIELD_KEYS: &str = "expected `from` or `source`";

/// Parses the container attributes; errors go to `cx`.
pub(crate) fn container(cx: &Ctxt, attrs: &[Attribute]) -> Container {
    let mut out = Container::default();
    for attr in attrs {
        if attr.path().is_ident("status") {
            let result = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("name") {
                    let name: Ident = meta.value()?.parse()?;
                    set_once(cx, &meta, &mut out.name, name);
                } else if meta.path.is_ident("code") {
                    let code: Ident = meta.value()?.parse()?;
                    set_once(cx, &meta, &mut out.code, code);
                } else if meta.path.is_ident("crate") {
                    let path = type_or_path(meta.value()?)?;
                    set_once(cx, &meta, &mut out.krate, path);
                } else if meta.path.is_ident("backtrace") && meta.input.peek(syn::Token![=]) {
                    set_word(
                        cx,
                        &meta,
                        &mut out.never_backtraces,
                        "never",
                        "statuses of this type never capture a backtrace (the default; \
                         `#[status(backtrace)]` makes them capture one when `RUST_BACKTRACE` \
                         or `RUST_LIB_BACKTRACE` asks)",
                    )?;
                } else if meta.path.is_ident("backtrace") {
                    set_flag(cx, &meta.path, &mut out.backtraces);
                } else if meta.path.is_ident("variant_constructors") {
                    set_flag(cx, &meta.path, &mut out.variant_constructors);
                } else if meta.path.is_ident("into_io_error") {
                    set_word(
                        cx,
                        &meta,
                        &mut out.manual_io_error,
                        "manual",
                        "no `From<Status> for std::io::Error` is generated, so the crate can \
                         write its own",
                    )?;
                } else if is_variant_key(&meta) {
                    reject(cx, &meta, |key| {
                        format!(
                            "`{key}` goes on a variant, not on the enum; move it to the variant it \
                             describes"
                        )
                    })?;
                } else {
                    reject(cx, &meta, |key| {
                        format!("unknown `status` key `{key}` on the enum; {CONTAINER_KEYS}")
                    })?;
                }
                Ok(())
            });
            if let Err(error) = result {
                cx.syn_error(error);
            }
        } else if attr.path().is_ident("error") {
            match attr.parse_args_with(|input: ParseStream<'_>| parse_error_attr(input)) {
                Ok(_) if out.error.is_some() => {
                    cx.recovered_spanned_by(attr, "duplicate `#[error(..)]`; keep only one");
                }
                Ok(error) => out.error = Some(error),
                Err(error) => cx.syn_error(error),
            }
        } else {
            misplaced_field_attr(cx, attr, "the enum");
        }
    }
    if let (Some(span), true) = (out.backtraces, out.never_backtraces) {
        cx.recovered(syn::Error::new(
            span,
            "`backtrace` and `backtrace = never` contradict each other; keep one",
        ));
        out.backtraces = None;
    }
    out
}

/// A key whose one value is `word` (`backtrace = never`): sets `slot`. Another value is an
/// error that says what the key does (`meaning`); so is a second one.
fn set_word(
    cx: &Ctxt,
    meta: &ParseNestedMeta<'_>,
    slot: &mut bool,
    word: &str,
    meaning: &str,
) -> syn::Result<()> {
    let value: Ident = meta.value()?.parse()?;
    let key = meta
        .path
        .get_ident()
        .map(ToString::to_string)
        .unwrap_or_default();
    if value != word {
        cx.recovered_spanned_by(&value, format!("expected `{key} = {word}`: {meaning}"));
    } else if *slot {
        cx.recovered_spanned_by(&meta.path, "written twice; keep one");
    } else {
        *slot = true;
    }
    Ok(())
}

/// Parses a variant's attributes; errors go to `cx`. A variant that says nothing of its text
/// takes the enum's `#[error(..)]`, `default`, as thiserror's does.
pub(crate) fn variant(cx: &Ctxt, attrs: &[Attribute], default: Option<&ErrorAttr>) -> Variant {
    let mut out = Variant::default();
    for attr in attrs {
        if attr.path().is_ident("status") {
            let result = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("display") {
                    let text: LitStr = meta.value()?.parse()?;
                    let display = Display {
                        text,
                        args: Vec::new(),
                        thiserror: false,
                    };
                    set_display(cx, &meta.path, &mut out.display, display);
                } else if meta.path.is_ident("from") {
                    out.from.push(type_or_path(meta.value()?)?);
                } else if meta.path.is_ident("transparent") {
                    set_flag(cx, &meta.path, &mut out.transparent);
                } else if meta.path.is_ident("io_kind") {
                    let kind: Ident = meta.value()?.parse()?;
                    if out.io_kind.is_some() {
                        cx.recovered_spanned_by(&meta.path, "written twice; keep one");
                    } else {
                        out.io_kind = Some(kind);
                    }
                } else if meta.path.is_ident("method") {
                    let mut method: Ident = meta.value()?.parse()?;
                    let name = method.unraw().to_string();
                    let snake = to_snake_case(&name);
                    if snake != name {
                        cx.recovered_spanned_by(
                            &method,
                            format!("a method name is written in snake_case: `method = {snake}`"),
                        );
                        // Mended: the methods are generated under the suggested name.
                        method = Ident::new(&snake, method.span());
                    }
                    if out.method.is_some() {
                        cx.recovered_spanned_by(&meta.path, "written twice; keep one");
                    } else {
                        out.method = Some(method);
                    }
                } else if meta.path.is_ident("name")
                    || meta.path.is_ident("crate")
                    || meta.path.is_ident("code")
                    || meta.path.is_ident("backtrace")
                    || meta.path.is_ident("into_io_error")
                {
                    reject(cx, &meta, |key| {
                        format!(
                            "`{key}` goes on the enum, not on a variant; move it to the enum's \
                             `#[status(..)]`"
                        )
                    })?;
                } else if meta.path.is_ident("source") {
                    cx.recovered_spanned_by(
                        &meta.path,
                        "`source` goes on a field, not on a variant: \
                         `Variant(#[status(source)] SomeError)`",
                    );
                } else {
                    reject(cx, &meta, |key| {
                        format!("unknown `status` key `{key}` on a variant; {VARIANT_KEYS}")
                    })?;
                }
                Ok(())
            });
            if let Err(error) = result {
                cx.syn_error(error);
            }
        } else if attr.path().is_ident("error") {
            match attr.parse_args_with(|input: ParseStream<'_>| parse_error_attr(input)) {
                Ok(ErrorAttr::Transparent(ident)) => {
                    set_flag(cx, &ident, &mut out.transparent);
                }
                Ok(ErrorAttr::Display(display)) => {
                    set_display(cx, attr.path(), &mut out.display, display);
                }
                Ok(ErrorAttr::Fmt(path)) => {
                    if out.fmt.is_some() {
                        cx.recovered_spanned_by(
                            attr,
                            "duplicate `#[error(fmt = ..)]`; keep only one",
                        );
                    } else {
                        out.fmt = Some(path);
                    }
                }
                Err(error) => cx.syn_error(error),
            }
        } else {
            misplaced_field_attr(cx, attr, "a variant");
        }
    }
    if out.display.is_none() && out.transparent.is_none() && out.fmt.is_none() {
        match default {
            Some(ErrorAttr::Display(display)) => out.display = Some(display.duplicate()),
            Some(ErrorAttr::Transparent(ident)) => out.transparent = Some(ident.span()),
            Some(ErrorAttr::Fmt(path)) => out.kind_fmt = Some(reparse(path)),
            None => {}
        }
    }
    out
}

/// Parses a field's attributes; errors go to `cx`.
pub(crate) fn field(cx: &Ctxt, attrs: &[Attribute]) -> Field {
    let mut out = Field::default();
    for attr in attrs {
        if attr.path().is_ident("status") {
            let result = attr.parse_nested_meta(|meta| {
                if meta.path.is_ident("from") {
                    set_flag(cx, &meta.path, &mut out.from);
                } else if meta.path.is_ident("source") {
                    set_flag(cx, &meta.path, &mut out.source);
                } else if is_variant_key(&meta) || meta.path.is_ident("transparent") {
                    reject(cx, &meta, |key| {
                        format!("`{key}` goes on a variant, not on a field")
                    })?;
                } else {
                    reject(cx, &meta, |key| {
                        format!("unknown `status` key `{key}` on a field; {FIELD_KEYS}")
                    })?;
                }
                Ok(())
            });
            if let Err(error) = result {
                cx.syn_error(error);
            }
        } else if attr.path().is_ident("from") || attr.path().is_ident("source") {
            if let Err(error) = attr.meta.require_path_only() {
                cx.syn_error(error);
            }
            let slot = if attr.path().is_ident("from") {
                &mut out.from
            } else {
                &mut out.source
            };
            set_flag(cx, attr.path(), slot);
        } else if attr.path().is_ident("error") {
            cx.recovered_spanned_by(attr, "`#[error(..)]` goes on a variant, not on a field");
        } else if attr.path().is_ident("backtrace") {
            backtrace_attr(cx, attr);
            out.backtrace = true;
        }
    }
    out
}

/// `#[from]`, `#[source]` or `#[backtrace]` anywhere but on a field.
fn misplaced_field_attr(cx: &Ctxt, attr: &Attribute, place: &str) {
    for name in ["from", "source"] {
        if attr.path().is_ident(name) {
            cx.recovered_spanned_by(
                attr,
                format!(
                    "`#[{name}]` goes on a field, not on {place}: `Variant(#[{name}] SomeError)`"
                ),
            );
        }
    }
    if attr.path().is_ident("backtrace") {
        backtrace_attr(cx, attr);
    }
}

/// Why a status has no backtrace field: the start of the errors about one.
pub(crate) const OWN_BACKTRACES: &str = "fast-status captures backtraces itself, for an \
    enum with `#[status(backtrace)]`, when `RUST_BACKTRACE` or `RUST_LIB_BACKTRACE` asks (or \
    `set_backtrace_capture`)";

fn backtrace_attr(cx: &Ctxt, attr: &Attribute) {
    cx.error_spanned_by(
        attr,
        format!("{OWN_BACKTRACES}; remove `#[backtrace]` and the field"),
    );
}

/// What `#[error(..)]` holds.
pub(crate) enum ErrorAttr {
    Transparent(Ident),
    Display(Display),
    Fmt(Path),
}

/// A key's value that is a type (`from = std::io::Error`) or a path (`crate = ..`,
/// `fmt = ..`). Where a type was expected (the value, or a generic argument in it), syn lists
/// every token a type may start with; the error says "expected a type" instead.
fn type_or_path<T: syn::parse::Parse>(input: ParseStream<'_>) -> syn::Result<T> {
    input.parse().map_err(|error| {
        if error.to_string().starts_with("expected one of") {
            syn::Error::new(error.span(), "expected a type")
        } else {
            error
        }
    })
}

/// What `#[error(..)]` may hold, for the errors that say what was expected.
const ERROR_FORMS: &str =
    "expected `#[error(\"text\", args..)]`, `#[error(transparent)]` or `#[error(fmt = path)]`";

/// `transparent`, `fmt = path`, or a format string and its arguments.
fn parse_error_attr(input: ParseStream<'_>) -> syn::Result<ErrorAttr> {
    if input.peek(Ident) && input.peek2(syn::parse::End) {
        let ident: Ident = input.parse()?;
        if ident == "transparent" {
            return Ok(ErrorAttr::Transparent(ident));
        }
        return Err(syn::Error::new(ident.span(), ERROR_FORMS));
    }
    if input.peek(Ident) && input.peek2(syn::Token![=]) {
        let ident: Ident = input.parse()?;
        if ident != "fmt" {
            return Err(syn::Error::new(ident.span(), ERROR_FORMS));
        }
        input.parse::<syn::Token![=]>()?;
        let path = type_or_path(input)?;
        if !input.is_empty() {
            return Err(input.error("expected the path of a function alone after `fmt =`"));
        }
        return Ok(ErrorAttr::Fmt(path));
    }
    let text: LitStr = input
        .parse()
        .map_err(|error| syn::Error::new(error.span(), ERROR_FORMS))?;
    let rest: TokenStream = input.parse()?;
    let mut args = Vec::new();
    let mut tokens = rest.into_iter().peekable();
    match tokens.next() {
        None => {}
        Some(TokenTree::Punct(p)) if p.as_char() == ',' => {
            let mut current = TokenStream::new();
            for token in tokens {
                if matches!(&token, TokenTree::Punct(p) if p.as_char() == ',') {
                    args.push(core::mem::take(&mut current));
                } else {
                    current.extend([token]);
                }
            }
            if !current.is_empty() {
                args.push(current);
            }
        }
        Some(other) => {
            return Err(syn::Error::new(
                other.span(),
                "expected `,` and the format arguments after the text",
            ));
        }
    }
    Ok(ErrorAttr::Display(Display {
        text,
        args,
        thiserror: true,
    }))
}

/// A copy of `node`, parsed again from its own tokens (so with its spans).
fn reparse<T: syn::parse::Parse + quote::ToTokens>(node: &T) -> T {
    syn::parse2(node.to_token_stream()).expect("the tokens it was parsed from parse again")
}

/// Keys of `#[status(..)]` on a variant, also reported when written on the enum.
fn is_variant_key(meta: &ParseNestedMeta<'_>) -> bool {
    ["display", "from", "io_kind", "method"]
        .iter()
        .any(|key| meta.path.is_ident(key))
}

/// Stores `value` in `slot`, or reports a duplicate at this (second) occurrence.
fn set_once<T>(cx: &Ctxt, meta: &ParseNestedMeta<'_>, slot: &mut Option<T>, value: T) {
    if slot.is_some() {
        cx.recovered_spanned_by(
            &meta.path,
            format!("duplicate `{}` key; keep only one", path_text(&meta.path)),
        );
    } else {
        *slot = Some(value);
    }
}

/// Stores a display, or reports the second one at `at`.
fn set_display(cx: &Ctxt, at: &Path, slot: &mut Option<Display>, display: Display) {
    match slot {
        None => *slot = Some(display),
        Some(first) if first.thiserror == display.thiserror => {
            let key = if display.thiserror {
                "`#[error(..)]` attribute"
            } else {
                "`display` key"
            };
            cx.recovered_spanned_by(at, format!("duplicate {key}; keep only one"));
        }
        Some(_) => cx.recovered_spanned_by(
            at,
            "this variant's text is given twice: `#[status(display = ..)]` and `#[error(..)]` \
             say the same thing; keep one",
        ),
    }
}

/// Records a flag (`transparent`, `from`, `source`), or reports a repeat at `at`.
fn set_flag(cx: &Ctxt, at: &dyn quote::ToTokens, slot: &mut Option<Span>) {
    let span = at.to_token_stream().span();
    if slot.is_some() {
        cx.recovered_spanned_by(at, "written twice; keep one");
    } else {
        *slot = Some(span);
    }
}

/// Skips `meta`'s value, if it has one, and reports `message(key)` on its key.
fn reject(
    cx: &Ctxt,
    meta: &ParseNestedMeta<'_>,
    message: impl FnOnce(&str) -> String,
) -> syn::Result<()> {
    skip_value(meta)?;
    cx.recovered_spanned_by(&meta.path, message(&path_text(&meta.path)));
    Ok(())
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
