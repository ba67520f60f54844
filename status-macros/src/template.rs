//! Code templates, compiled as text, and the trait of what they interpolate: the derive writes
//! its output without `quote`.
//!
//! `quote!` turns every token of a template into a statement of the macro crate (a call that
//! pushes that token), so a template of 500 tokens is 500 statements to type-check,
//! borrow-check and compile, each time the macro crate is built: the templates were a third of
//! its build (BENCHMARKS.md, "Build cost"). [`template!`] keeps a template as the one string
//! `stringify!` makes of it and parses it when the macro runs, paid by the deriving crate each
//! time it is compiled (less than the unoptimised `quote!` code cost it: BENCHMARKS.md, "A
//! macro crate without `quote`"). With every fragment written so, the crate does not depend
//! on `quote` at all, and a clean build does not wait for it.
//!
//! The result is the token stream `quote!` gives for the same template: the template's own
//! tokens have the call site's span, as `quote!`'s have (or the span given to
//! `template!(spanned(span) ..)`, as `quote_spanned!`'s), and each `#name` is replaced by the
//! tokens of the binding `name`, with their own spans (a user's type keeps the span that
//! points at the user's code). Repetitions (`#(..)*`) are not templates: build them with
//! [`concat`](fn@concat), [`separated`] or [`terminated`], and bind the result.

extern crate proc_macro;

use proc_macro2::{Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream, TokenTree};

/// What a template interpolates: a value written out as tokens (`quote`'s trait of the same
/// name, for the types the derive writes).
pub(crate) trait ToTokens {
    /// Appends the value's tokens to `out`.
    fn to_tokens(&self, out: &mut TokenStream);

    /// The value's tokens.
    fn to_token_stream(&self) -> TokenStream {
        let mut out = TokenStream::new();
        self.to_tokens(&mut out);
        out
    }
}

/// Appended as one stream (one call into the compiler inside a macro), not token by token.
impl ToTokens for TokenStream {
    fn to_tokens(&self, out: &mut TokenStream) {
        out.extend([self.clone()]);
    }

    fn to_token_stream(&self) -> TokenStream {
        self.clone()
    }
}

/// An identifier or a literal, as one token tree.
macro_rules! token_tree {
    ($($ty:ident),*) => {$(
        impl ToTokens for $ty {
            fn to_tokens(&self, out: &mut TokenStream) {
                out.extend([TokenTree::from(self.clone())]);
            }
        }
    )*};
}
token_tree!(Ident, Literal);

/// A string literal of the text, as `quote!` writes a `&str` (for `#[doc = #text]`).
impl ToTokens for str {
    fn to_tokens(&self, out: &mut TokenStream) {
        Literal::string(self).to_tokens(out);
    }
}

impl ToTokens for String {
    fn to_tokens(&self, out: &mut TokenStream) {
        self.as_str().to_tokens(out);
    }
}

/// `true` or `false`.
impl ToTokens for bool {
    fn to_tokens(&self, out: &mut TokenStream) {
        let value = if *self { "true" } else { "false" };
        Ident::new(value, Span::call_site()).to_tokens(out);
    }
}

impl<T: ToTokens + ?Sized> ToTokens for &T {
    fn to_tokens(&self, out: &mut TokenStream) {
        (**self).to_tokens(out);
    }
}

/// Nothing for `None`.
impl<T: ToTokens> ToTokens for Option<T> {
    fn to_tokens(&self, out: &mut TokenStream) {
        if let Some(value) = self {
            value.to_tokens(out);
        }
    }
}

/// `#(#items)*`: the tokens of each item, one after the other.
pub(crate) fn concat<T: ToTokens>(items: impl IntoIterator<Item = T>) -> TokenStream {
    let mut out = TokenStream::new();
    for item in items {
        item.to_tokens(&mut out);
    }
    out
}

/// `#(#items),*` (for `separator` `,`): the items with `separator` between them.
pub(crate) fn separated<T: ToTokens>(
    items: impl IntoIterator<Item = T>,
    separator: char,
) -> TokenStream {
    let mut out = TokenStream::new();
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.extend([TokenTree::Punct(Punct::new(separator, Spacing::Alone))]);
        }
        item.to_tokens(&mut out);
    }
    out
}

/// `#(#items,)*` (for `terminator` `,`): each item followed by `terminator`.
pub(crate) fn terminated<T: ToTokens>(
    items: impl IntoIterator<Item = T>,
    terminator: char,
) -> TokenStream {
    let mut out = TokenStream::new();
    for item in items {
        item.to_tokens(&mut out);
        out.extend([TokenTree::Punct(Punct::new(terminator, Spacing::Alone))]);
    }
    out
}

/// `quote!` for a template whose interpolations are listed first: `template!(name, ty; impl
/// Trait for #ty { .. })`. Each name is a variable in scope whose value is [`ToTokens`]; the
/// template may use each of them any number of times. `template!(spanned(span) name, ty; ..)`
/// gives the template's own tokens `span`, as `quote_spanned!` does.
macro_rules! template {
    ($($name:ident),* ; $($tokens:tt)*) => {
        $crate::template::fill(
            ::core::stringify!($($tokens)*),
            &[$((::core::stringify!($name), &$name as &dyn $crate::template::ToTokens)),*],
            ::core::option::Option::None,
        )
    };
    (spanned($span:expr) $($name:ident),* ; $($tokens:tt)*) => {
        $crate::template::fill(
            ::core::stringify!($($tokens)*),
            &[$((::core::stringify!($name), &$name as &dyn $crate::template::ToTokens)),*],
            ::core::option::Option::Some($span),
        )
    };
}
pub(crate) use template;

/// The tokens of `text` (a template made by `stringify!`), each `#name` replaced by the tokens
/// of the binding `name`; the template's own tokens get `span` when one is given.
///
/// # Panics
///
/// If `text` is not a token stream, uses `#name` for a name with no binding, or holds a
/// repetition (`#(..)`): mistakes in this crate's own templates, never in the derive's input.
pub(crate) fn fill(
    text: &str,
    bindings: &[(&str, &dyn ToTokens)],
    span: Option<Span>,
) -> TokenStream {
    let tokens = parse(text);
    let mut out = TokenStream::new();
    substitute(tokens, bindings, span, &mut out);
    out
}

/// The tokens of `text`, one of this crate's templates. Inside a macro, parsed by the compiler
/// alone: `proc_macro2`'s parser first checks the text with a lexer of its own (so that invalid
/// text is an `Err`, not the compiler's panic), which in the macro's unoptimised build took
/// half of a derive's run time (callgrind, a 16-code enum: 25 of 51 million instructions), and
/// a template is valid text by construction. Outside a macro (unit tests, the fuzz crate),
/// `proc_macro2`'s own parser is the only one.
fn parse(text: &str) -> TokenStream {
    let tokens = if proc_macro::is_available() {
        text.parse::<proc_macro::TokenStream>()
            .map(TokenStream::from)
            .map_err(|error| error.to_string())
    } else {
        text.parse::<TokenStream>()
            .map_err(|error| error.to_string())
    };
    tokens.unwrap_or_else(|error| panic!("a template is a token stream: {error}"))
}

/// Appends `tokens` to `out`, each `#name` replaced by its binding's tokens, inside groups too,
/// and the template's own tokens given `span` if there is one. A run of the template's own
/// tokens is appended at once.
fn substitute(
    tokens: TokenStream,
    bindings: &[(&str, &dyn ToTokens)],
    span: Option<Span>,
    out: &mut TokenStream,
) {
    let mut own = Vec::new();
    let mut tokens = tokens.into_iter().peekable();
    while let Some(mut token) = tokens.next() {
        match &token {
            TokenTree::Punct(hash) if hash.as_char() == '#' => {
                if let Some(TokenTree::Ident(name)) = tokens.peek() {
                    // The name's text once (inside a macro, a call into the compiler).
                    let name = name.to_string();
                    let Some((_, value)) = bindings.iter().find(|(bound, _)| *bound == name) else {
                        panic!("template: `#{name}` has no binding");
                    };
                    out.extend(own.drain(..));
                    value.to_tokens(out);
                    tokens.next();
                    continue;
                }
                // `#[..]` is an attribute; `#(..)` would be `quote!`'s repetition, which a
                // template would emit as it is.
                if let Some(TokenTree::Group(group)) = tokens.peek() {
                    assert!(
                        group.delimiter() != Delimiter::Parenthesis,
                        "template: a repetition `#(..)` is not a template: bind it by name",
                    );
                }
            }
            TokenTree::Group(group) => {
                let mut inner = TokenStream::new();
                substitute(group.stream(), bindings, span, &mut inner);
                let mut filled = Group::new(group.delimiter(), inner);
                filled.set_span(group.span());
                token = TokenTree::Group(filled);
            }
            _ => {}
        }
        if let Some(span) = span {
            token.set_span(span);
        }
        own.push(token);
    }
    out.extend(own);
}

#[cfg(test)]
mod tests {
    use proc_macro2::{Ident, Span};
    use quote::quote;

    use super::{concat, separated, terminated};

    #[test]
    fn a_template_is_what_quote_makes_of_it() {
        let name = Ident::new("Status", Span::call_site());
        let ty = quote!(::core::option::Option<u8>);
        let filled = template!(name, ty;
            /// Docs.
            #[inline]
            impl #name { fn f(x: #ty) -> #ty { [#name; 2]; x } }
        );
        let quoted = quote! {
            /// Docs.
            #[inline]
            impl #name { fn f(x: #ty) -> #ty { [#name; 2]; x } }
        };
        assert_eq!(filled.to_string(), quoted.to_string());
    }

    #[test]
    fn repetitions_are_what_quote_makes_of_them() {
        let names = ["a", "b", "c"].map(|name| Ident::new(name, Span::call_site()));
        let doc = String::from("Docs.");
        let some = Some(&names[0]);
        let none: Option<Ident> = None;
        let filled = template!(doc, some, none;
            #[doc = #doc] (#some #none)
        );
        assert_eq!(
            filled.to_string(),
            quote!(
                #[doc = "Docs."]
                (a)
            )
            .to_string()
        );
        for (filled, quoted) in [
            (concat(&names), quote!(#(#names)*)),
            (separated(&names, ','), quote!(#(#names),*)),
            (terminated(&names, ','), quote!(#(#names,)*)),
            (separated(&names, '|'), quote!(#(#names)|*)),
            (concat(&[] as &[Ident]), quote!()),
        ] {
            assert_eq!(filled.to_string(), quoted.to_string());
        }
    }

    #[test]
    #[should_panic(expected = "a repetition `#(..)` is not a template")]
    fn a_repetition_is_a_mistake_said_so() {
        let items = Ident::new("item", Span::call_site());
        let _ = template!(items; [#(#items),*]);
    }

    #[test]
    #[should_panic(expected = "`#missing` has no binding")]
    fn an_unbound_name_is_a_mistake_said_by_name() {
        let _ = template!(; struct S(#missing););
    }
}
