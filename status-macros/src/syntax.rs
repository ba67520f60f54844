//! The derive's input, parsed over `syn`'s token cursor and kept with the tokens it was written
//! in.
//!
//! `syn` is built without its `printing` and `derive` features (its syntax tree, and the
//! `ToTokens` impls that write it out), which takes `quote` and most of `syn` off the critical
//! path of a clean build (BENCHMARKS.md, "Build cost"); the nodes the derive reads are its own
//! ([`nodes`](crate::nodes)). A node the expansion writes back (a field's type, a path, an
//! attribute) is a [`Syntax`]: the node, for what the derive reads from it, and its tokens as
//! the user wrote them, for what it writes.

use std::fmt::Display;
use std::ops::Deref;

use proc_macro2::{Delimiter, Group, Punct, Spacing, Span, TokenStream, TokenTree};
use syn::buffer::Cursor;
use syn::parse::{Parse, ParseStream, Parser as _};
use syn::{Ident, Token, token};

use crate::nodes::{
    Attribute, Expr, Path, PathArguments, Type, Visibility, tokens_until, until_comma,
};
use crate::template::ToTokens;

/// A syntax node and the tokens it was parsed from.
pub(crate) struct Syntax<T> {
    node: T,
    tokens: TokenStream,
}

impl<T> Syntax<T> {
    /// The tokens the node was parsed from.
    pub(crate) fn tokens(&self) -> &TokenStream {
        &self.tokens
    }

    /// The span of its first token (the call site for none), as `syn`'s `Spanned` gives on
    /// stable Rust.
    pub(crate) fn span(&self) -> Span {
        first_span(&self.tokens)
    }
}

impl<T: Parse> Syntax<T> {
    /// Parses `tokens` as a `T`, keeping them.
    pub(crate) fn parse2(tokens: TokenStream) -> syn::Result<Self> {
        (|input: ParseStream<'_>| captured(input, T::parse)).parse2(tokens)
    }

    /// A copy, parsed again from the same tokens (so with their spans).
    pub(crate) fn reparsed(&self) -> Self {
        Self::parse2(self.tokens.clone()).expect("the tokens it was parsed from parse again")
    }
}

impl<T> Syntax<T> {
    /// The same node, its tokens without invisible groups, as `syn`'s `printing` wrote a path,
    /// a visibility or an attribute out from its node. A `macro_rules!` macro passes these in
    /// as fragments (`$path`, `$vis`, `#[$meta]`) wrapped in an invisible group, which generated
    /// code could not extend: `super::$path` for a relative crate path, `pub(in super::$path)`
    /// for `pub(super)` (`tests/macro_input.rs` fails on both without this). Not for types and
    /// expressions, whose invisible groups keep their precedence (`&$ty` of `dyn A + B`), as
    /// `printing` kept them.
    pub(crate) fn flattened(self) -> Self {
        Syntax {
            node: self.node,
            tokens: flatten(self.tokens),
        }
    }
}

/// `tokens` with every invisible group (`Delimiter::None`) replaced by its tokens.
fn flatten(tokens: TokenStream) -> TokenStream {
    let mut flat = Vec::new();
    for token in tokens {
        match token {
            TokenTree::Group(group) if group.delimiter() == Delimiter::None => {
                flat.extend(flatten(group.stream()));
            }
            TokenTree::Group(group) => {
                let mut inner = Group::new(group.delimiter(), flatten(group.stream()));
                inner.set_span(group.span());
                flat.push(TokenTree::Group(inner));
            }
            other => flat.push(other),
        }
    }
    flat.into_iter().collect()
}

impl<T> Deref for Syntax<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.node
    }
}

impl<T> ToTokens for Syntax<T> {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        self.tokens.to_tokens(tokens);
    }
}

impl<T: Parse> Parse for Syntax<T> {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        captured(input, T::parse)
    }
}

/// Runs `parse` on `input`, keeping the tokens it consumed.
pub(crate) fn captured<T>(
    input: ParseStream<'_>,
    parse: fn(ParseStream<'_>) -> syn::Result<T>,
) -> syn::Result<Syntax<T>> {
    let begin = input.cursor();
    let node = parse(input)?;
    Ok(Syntax {
        node,
        tokens: between(begin, input.cursor()),
    })
}

/// The tokens from `begin` up to `end`, which follows it in the same stream (not generic: one
/// copy in the macro's code).
fn between(begin: Cursor<'_>, end: Cursor<'_>) -> TokenStream {
    let mut tokens = Vec::new();
    let mut at = begin;
    while at != end {
        let Some((token, next)) = at.token_tree() else {
            break;
        };
        tokens.push(token);
        at = next;
    }
    tokens.into_iter().collect()
}

/// The span of the first of `tokens`, or the call site for none.
pub(crate) fn first_span(tokens: &TokenStream) -> Span {
    tokens
        .clone()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |token| token.span())
}

/// Tokens spanning `path` from its first token to its last, for an error on it (a key's path
/// is not kept with its tokens): its leading `::` or first segment, and its last segment's
/// name or the end of its generic arguments.
pub(crate) fn path_span(path: &Path) -> TokenStream {
    let first = match (&path.leading_colon, path.segments.first()) {
        (Some(colons), _) => *colons,
        (None, Some(segment)) => segment.ident.span(),
        (None, None) => Span::call_site(),
    };
    let last = path
        .segments
        .last()
        .map_or(first, |segment| match &segment.arguments {
            PathArguments::None => segment.ident.span(),
            PathArguments::AngleBracketed { close, .. }
            | PathArguments::Parenthesized { close } => *close,
        });
    let mut marks = Vec::with_capacity(2);
    for span in [first, last] {
        let mut mark = Punct::new('.', Spacing::Alone);
        mark.set_span(span);
        marks.push(TokenTree::Punct(mark));
    }
    marks.into_iter().collect()
}

/// An error spanning `tokens` from the first to the last, as `syn::Error::new_spanned` (which
/// needs `printing`) makes one: rustc underlines the whole of them. Taken as `dyn`: one copy
/// in the macro's code.
pub(crate) fn new_spanned(tokens: &dyn ToTokens, message: impl Display) -> syn::Error {
    spanning(tokens.to_token_stream(), &message.to_string())
}

fn spanning(tokens: TokenStream, message: &str) -> syn::Error {
    let spanning = |input: ParseStream<'_>| -> syn::Result<()> {
        let begin = input.cursor();
        let mut end = begin;
        while let Some((_, next)) = end.token_tree() {
            end = next;
        }
        Err(syn::Error::new_range(begin..end, message))
    };
    match spanning.parse2(tokens) {
        Err(error) => error,
        Ok(()) => unreachable!("the parser only fails"),
    }
}

/// What `#[derive]` is given: an item with its attributes, of which only an enum is valid.
pub(crate) struct DeriveInput {
    pub(crate) attrs: Vec<Syntax<Attribute>>,
    pub(crate) vis: Syntax<Visibility>,
    pub(crate) ident: Ident,
    /// The generic parameters' tokens, if any (an error).
    pub(crate) params: Vec<TokenStream>,
    /// The `where` clause's tokens, if any (an error).
    pub(crate) where_clause: Option<TokenStream>,
    pub(crate) data: Data,
}

/// The item's kind.
pub(crate) enum Data {
    Enum(Vec<Variant>),
    /// A struct: its `struct` token (the rest is not read).
    Struct(Span),
    /// A union: its `union` token (the rest is not read).
    Union(Span),
}

/// A variant of the enum.
pub(crate) struct Variant {
    pub(crate) attrs: Vec<Syntax<Attribute>>,
    pub(crate) ident: Ident,
    pub(crate) fields: Fields,
    /// `= expr`.
    pub(crate) discriminant: Option<Syntax<Expr>>,
}

/// A variant's fields.
pub(crate) enum Fields {
    /// `{ a: A, b: B }`.
    Named(Vec<Field>),
    /// `(A, B)`.
    Unnamed(Vec<Field>),
    Unit,
}

impl Fields {
    /// The fields, in order (none for a unit variant).
    pub(crate) fn iter(&self) -> std::slice::Iter<'_, Field> {
        match self {
            Fields::Named(fields) | Fields::Unnamed(fields) => fields.iter(),
            Fields::Unit => [].iter(),
        }
    }
}

/// A field of a variant.
pub(crate) struct Field {
    pub(crate) attrs: Vec<Syntax<Attribute>>,
    /// Its name, for a named field.
    pub(crate) ident: Option<Ident>,
    pub(crate) ty: Syntax<Type>,
}

impl Parse for DeriveInput {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let attrs = outer_attributes(input)?;
        let vis = input.parse::<Syntax<Visibility>>()?.flattened();
        let item = input.lookahead1();
        let data = if item.peek(Token![struct]) {
            Some(Data::Struct(input.parse::<Token![struct]>()?.span))
        } else if item.peek(Token![union]) {
            Some(Data::Union(input.parse::<Token![union]>()?.span))
        } else if item.peek(Token![enum]) {
            input.parse::<Token![enum]>()?;
            None
        } else {
            return Err(item.error());
        };
        let ident = input.parse()?;
        if let Some(data) = data {
            // Only the keyword is reported: the rest is read as tokens.
            input.parse::<TokenStream>()?;
            return Ok(DeriveInput {
                attrs,
                vis,
                ident,
                params: Vec::new(),
                where_clause: None,
                data,
            });
        }
        let mut params = Vec::new();
        if input.peek(Token![<]) {
            input.parse::<Token![<]>()?;
            while !input.peek(Token![>]) {
                let param = input.step(|cursor| Ok(until_comma(*cursor, true)))?;
                if param.is_empty() {
                    return Err(input.error("expected a generic parameter"));
                }
                params.push(param);
                if input.peek(Token![>]) {
                    break;
                }
                input.parse::<Token![,]>()?;
            }
            input.parse::<Token![>]>()?;
        }
        let where_clause = if input.peek(Token![where]) {
            Some(input.step(|cursor| Ok(until_body(*cursor)))?)
        } else {
            None
        };
        let content;
        syn::braced!(content in input);
        Ok(DeriveInput {
            attrs,
            vis,
            ident,
            params,
            where_clause,
            data: Data::Enum(terminated(&content, Variant::parse)?),
        })
    }
}

impl Parse for Variant {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let attrs = outer_attributes(input)?;
        // Written on a variant, a visibility is an error of rustc's, which sees the enum; the
        // derive reads past it.
        input.parse::<Visibility>()?;
        let ident = input.parse()?;
        let fields = if input.peek(token::Brace) {
            let content;
            syn::braced!(content in input);
            Fields::Named(terminated(&content, named_field)?)
        } else if input.peek(token::Paren) {
            let content;
            syn::parenthesized!(content in input);
            Fields::Unnamed(terminated(&content, unnamed_field)?)
        } else {
            Fields::Unit
        };
        let discriminant = if input.peek(Token![=]) {
            input.parse::<Token![=]>()?;
            Some(input.parse()?)
        } else {
            None
        };
        Ok(Variant {
            attrs,
            ident,
            fields,
            discriminant,
        })
    }
}

/// The tokens from `cursor` up to the enum's body, and the cursor there: the braces that end
/// the item (a `where` clause may hold braces of its own, `T: Trait<{ N }>`).
fn until_body(cursor: Cursor<'_>) -> (TokenStream, Cursor<'_>) {
    tokens_until(cursor, |token, next| {
        next.eof()
            && matches!(token, TokenTree::Group(group) if group.delimiter() == Delimiter::Brace)
    })
}

/// What `parse` reads from `input`, again and again, separated by commas, with an optional
/// comma at the end (as `syn`'s `Punctuated::parse_terminated` reads, with its errors).
fn terminated<T>(
    input: ParseStream<'_>,
    parse: fn(ParseStream<'_>) -> syn::Result<T>,
) -> syn::Result<Vec<T>> {
    let mut items = Vec::new();
    while !input.is_empty() {
        items.push(parse(input)?);
        if input.is_empty() {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    Ok(items)
}

fn named_field(input: ParseStream<'_>) -> syn::Result<Field> {
    let attrs = outer_attributes(input)?;
    input.parse::<Visibility>()?;
    let ident = input.parse()?;
    input.parse::<Token![:]>()?;
    Ok(Field {
        attrs,
        ident: Some(ident),
        ty: input.parse()?,
    })
}

fn unnamed_field(input: ParseStream<'_>) -> syn::Result<Field> {
    let attrs = outer_attributes(input)?;
    input.parse::<Visibility>()?;
    Ok(Field {
        attrs,
        ident: None,
        ty: input.parse()?,
    })
}

/// The outer attributes at the start of `input`, each with its tokens: an outer attribute is
/// always two, its `#` and its bracketed group (a doc comment reaches a macro as one).
fn outer_attributes(input: ParseStream<'_>) -> syn::Result<Vec<Syntax<Attribute>>> {
    let mut at = input.cursor();
    let nodes = Attribute::parse_outer(input)?;
    let mut attrs = Vec::with_capacity(nodes.len());
    for node in nodes {
        let begin = at;
        for _ in 0..2 {
            at = at.token_tree().map_or(at, |(_, next)| next);
        }
        attrs.push(
            Syntax {
                node,
                tokens: between(begin, at),
            }
            .flattened(),
        );
    }
    Ok(attrs)
}

#[cfg(test)]
mod tests {
    use quote::quote;

    use super::{Data, DeriveInput};

    #[test]
    fn the_body_is_the_last_braces_a_where_clause_may_hold_some() {
        let input: DeriveInput = syn::parse2(quote! {
            enum E<T: Trait<{ 1 }>, const N: usize> where T: Other<{ N }> { A, B }
        })
        .expect("parses");
        let params: Vec<String> = input.params.iter().map(ToString::to_string).collect();
        assert_eq!(params, ["T : Trait < { 1 } >", "const N : usize"]);
        assert_eq!(
            input
                .where_clause
                .map(|tokens| tokens.to_string())
                .as_deref(),
            Some("where T : Other < { N } >")
        );
        let Data::Enum(variants) = input.data else {
            panic!("an enum");
        };
        let names: Vec<String> = variants.iter().map(|v| v.ident.to_string()).collect();
        assert_eq!(names, ["A", "B"]);
    }
}
