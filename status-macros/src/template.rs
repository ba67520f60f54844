//! Fixed code templates, compiled as text.
//!
//! `quote!` turns every token of a template into a statement of the macro crate (a call that
//! pushes that token), so a template of 500 tokens is 500 statements to type-check,
//! borrow-check and compile, each time the macro crate is built: the templates were a third of
//! its build (BENCHMARKS.md, "Build cost"). [`template!`] keeps a template as the one string
//! `stringify!` makes of it and parses it when the derive runs: about 2 ms per derive, paid by
//! the deriving crate each time it is compiled.
//!
//! The result is the token stream `quote!` gives for the same template: the template's own
//! tokens have the call site's span, as `quote!`'s have, and each `#name` is replaced by the
//! tokens of the binding `name`, with their own spans (a user's type keeps the span that
//! points at the user's code). Repetitions (`#(..)*`) are not templates: build them with
//! `quote!` or by collecting, and bind the result.

use proc_macro2::{Delimiter, Group, TokenStream, TokenTree};
use quote::ToTokens;

/// `quote!` for a template whose interpolations are listed first: `template!(name, ty; impl
/// Trait for #ty { .. })`. Each name is a variable in scope whose value is `ToTokens`; the
/// template may use each of them any number of times.
macro_rules! template {
    ($($name:ident),* ; $($tokens:tt)*) => {
        $crate::template::fill(
            ::core::stringify!($($tokens)*),
            &[$((::core::stringify!($name), &$name as &dyn ::quote::ToTokens)),*],
        )
    };
}
pub(crate) use template;

/// The tokens of `text` (a template made by `stringify!`), each `#name` replaced by the tokens
/// of the binding `name`.
///
/// # Panics
///
/// If `text` is not a token stream, uses `#name` for a name with no binding, or holds a
/// repetition (`#(..)`): mistakes in this crate's own templates, never in the derive's input.
pub(crate) fn fill(text: &str, bindings: &[(&str, &dyn ToTokens)]) -> TokenStream {
    let tokens: TokenStream = text
        .parse()
        .unwrap_or_else(|error| panic!("a template is a token stream: {error}"));
    let mut out = TokenStream::new();
    substitute(tokens, bindings, &mut out);
    out
}

/// Appends `tokens` to `out`, each `#name` replaced by its binding's tokens, inside groups too.
fn substitute(tokens: TokenStream, bindings: &[(&str, &dyn ToTokens)], out: &mut TokenStream) {
    let mut tokens = tokens.into_iter().peekable();
    while let Some(token) = tokens.next() {
        match token {
            TokenTree::Punct(hash) if hash.as_char() == '#' => {
                if let Some(TokenTree::Ident(name)) = tokens.peek() {
                    let Some((_, value)) = bindings.iter().find(|(bound, _)| name == bound) else {
                        panic!("template: `#{name}` has no binding");
                    };
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
                out.extend([TokenTree::Punct(hash)]);
            }
            TokenTree::Group(group) => {
                let mut inner = TokenStream::new();
                substitute(group.stream(), bindings, &mut inner);
                let mut filled = Group::new(group.delimiter(), inner);
                filled.set_span(group.span());
                out.extend([TokenTree::Group(filled)]);
            }
            token => out.extend([token]),
        }
    }
}

#[cfg(test)]
mod tests {
    use proc_macro2::{Ident, Span};
    use quote::quote;

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
    #[should_panic(expected = "a repetition `#(..)` is not a template")]
    fn a_repetition_is_a_mistake_said_so() {
        let items = 1_u8;
        let _ = template!(items; [#(#items),*]);
    }

    #[test]
    #[should_panic(expected = "`#missing` has no binding")]
    fn an_unbound_name_is_a_mistake_said_by_name() {
        let _ = template!(; struct S(#missing););
    }
}
