//! The syntax nodes the derive reads, parsed by parsers of its own over `syn`'s token cursor:
//! paths, types, visibilities, attributes with their nested keys, and discriminants.
//!
//! `syn` is built without its `derive` feature (its syntax tree of types, paths, expressions,
//! attributes and visibilities), which takes 0.68-1.14 s off `syn`'s build, on the chain a clean
//! build waits for (BENCHMARKS.md, "Build cost"). The derive reads of these nodes only their
//! outline: a type's kind and, for a path, its segments and their type arguments, which is
//! enough to tell an `Option<T>`, a `Backtrace`, a `PathBuf` or an integer; a discriminant,
//! whether it is an integer literal. Paths and types are checked as Rust writes them, since a key's value
//! (`from = Type`, `crate = path`) is not parsed by rustc before the derive runs and the
//! derive writes it back; where it does, it writes the tokens the user wrote (see
//! [`Syntax`](crate::syntax::Syntax)).

use proc_macro2::{Delimiter, Group, Span, TokenStream, TokenTree};
use syn::buffer::Cursor;
use syn::ext::IdentExt as _;
use syn::parse::{Parse, ParseStream, Parser as _};
use syn::{Ident, LitInt, Token, token};

/// A path: `a::b::C<T>`, `::fast_status`, `crate::x`, `Self::X`.
pub(crate) struct Path {
    /// The leading `::`, where written.
    pub(crate) leading_colon: Option<Span>,
    pub(crate) segments: Vec<PathSegment>,
}

/// A segment of a path: its name and its arguments.
pub(crate) struct PathSegment {
    pub(crate) ident: Ident,
    pub(crate) arguments: PathArguments,
}

/// A path segment's arguments.
pub(crate) enum PathArguments {
    None,
    /// `<T, 'a, N>`: the type arguments (others are `None`), and where `>` is.
    AngleBracketed {
        args: Vec<Option<Type>>,
        close: Span,
    },
    /// `(A, B) -> C` (the `Fn` traits): where `)` is.
    Parenthesized {
        close: Span,
    },
}

impl PathArguments {
    pub(crate) fn is_none(&self) -> bool {
        matches!(self, PathArguments::None)
    }
}

impl Path {
    /// Whether the path is the one identifier `name`.
    pub(crate) fn is_ident(&self, name: &str) -> bool {
        self.get_ident().is_some_and(|ident| ident == name)
    }

    /// The path's one identifier, for a path of one segment without arguments or `::`.
    pub(crate) fn get_ident(&self) -> Option<&Ident> {
        match (&self.leading_colon, self.segments.as_slice()) {
            (None, [segment]) if segment.arguments.is_none() => Some(&segment.ident),
            _ => None,
        }
    }
}

impl Parse for Path {
    /// A path as types and expressions write one: segments of identifiers (and `self`, `super`,
    /// `crate`, `Self`, `$crate`), each with its generic arguments (`Vec<T>`, `Vec::<T>`) or,
    /// for the `Fn` traits, its parenthesized ones.
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let leading_colon = leading_colon(input)?;
        let mut segments = Vec::new();
        loop {
            let ident = segment_ident(input)?;
            // `Vec::<T>` as well as `Vec<T>`.
            if input.peek(Token![::]) && input.peek3(Token![<]) {
                input.parse::<Token![::]>()?;
            }
            let arguments = if input.peek(Token![<]) && !input.peek(Token![<=]) {
                angle_bracketed(input)?
            } else if input.peek(token::Paren) && is_fn_trait(&ident) {
                let content;
                let paren = syn::parenthesized!(content in input);
                types(&content)?;
                if input.peek(Token![->]) {
                    input.parse::<Token![->]>()?;
                    ty(input, false)?;
                }
                PathArguments::Parenthesized {
                    close: paren.span.close(),
                }
            } else {
                PathArguments::None
            };
            segments.push(PathSegment { ident, arguments });
            if !input.peek(Token![::]) {
                break;
            }
            input.parse::<Token![::]>()?;
        }
        Ok(Path {
            leading_colon,
            segments,
        })
    }
}

/// A path's leading `::`, consumed, where written.
fn leading_colon(input: ParseStream<'_>) -> syn::Result<Option<Span>> {
    if input.peek(Token![::]) {
        Ok(Some(input.parse::<Token![::]>()?.spans[0]))
    } else {
        Ok(None)
    }
}

/// A path segment's name: an identifier, `self`, `super`, `crate` or `Self` (`$crate` is an
/// identifier to `syn`).
fn segment_ident(input: ParseStream<'_>) -> syn::Result<Ident> {
    if is_segment(input) {
        input.call(Ident::parse_any)
    } else {
        Err(input.error("expected identifier"))
    }
}

/// Whether a path segment's name is next.
fn is_segment(input: ParseStream<'_>) -> bool {
    input.peek(Ident)
        || input.peek(Token![self])
        || input.peek(Token![super])
        || input.peek(Token![crate])
        || input.peek(Token![Self])
}

/// Whether a segment named `ident` takes parenthesized arguments (`Fn(A) -> B`).
fn is_fn_trait(ident: &Ident) -> bool {
    ident == "Fn" || ident == "FnMut" || ident == "FnOnce"
}

/// `<..>` after a path segment: a type argument's outline, `None` for the others (a lifetime,
/// a constant, `Item = T`, `Item: Bound`).
fn angle_bracketed(input: ParseStream<'_>) -> syn::Result<PathArguments> {
    input.parse::<Token![<]>()?;
    let mut args = Vec::new();
    while !input.peek(Token![>]) {
        args.push(generic_argument(input)?);
        if input.peek(Token![>]) {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    let close = input.parse::<Token![>]>()?.span;
    Ok(PathArguments::AngleBracketed { args, close })
}

/// One generic argument: a type's outline, or `None` for a lifetime, a constant, `Item = T` or
/// `Item: Bound`.
fn generic_argument(input: ParseStream<'_>) -> syn::Result<Option<Type>> {
    if input.peek(syn::Lifetime) {
        input.parse::<syn::Lifetime>()?;
    } else if input.peek(syn::Lit) || input.peek(token::Brace) || input.peek(Token![-]) {
        constant(input)?;
    } else if input.peek(Ident) && input.peek2(Token![=]) && !input.peek2(Token![==]) {
        input.parse::<Ident>()?;
        input.parse::<Token![=]>()?;
        ty(input, true)?;
    } else if input.peek(Ident) && input.peek2(Token![:]) && !input.peek2(Token![::]) {
        input.parse::<Ident>()?;
        input.parse::<Token![:]>()?;
        bounds(input)?;
    } else {
        return ty(input, true).map(Some);
    }
    Ok(None)
}

/// A constant generic argument or an array's length: an operand (a literal, a path, a call, a
/// group), with unary `-` and binary operators between operands, and `as` casts.
fn constant(input: ParseStream<'_>) -> syn::Result<()> {
    loop {
        while input.peek(Token![-]) || input.peek(Token![!]) {
            input.parse::<proc_macro2::Punct>()?;
        }
        if input.peek(syn::Lit) {
            input.parse::<syn::Lit>()?;
        } else if input.peek(token::Brace) || input.peek(token::Paren) || input.peek(token::Bracket)
        {
            input.parse::<Group>()?;
        } else {
            input.parse::<Path>()?;
            if input.peek(token::Paren) {
                input.parse::<Group>()?;
            }
        }
        while input.peek(Token![.]) {
            input.parse::<Token![.]>()?;
            input.call(Ident::parse_any)?;
            if input.peek(token::Paren) {
                input.parse::<Group>()?;
            }
        }
        while input.peek(Token![as]) {
            input.parse::<Token![as]>()?;
            ty(input, false)?;
        }
        if !binary_operator(input)? {
            return Ok(());
        }
    }
}

/// Consumes a binary operator at the start of `input`, if there is one.
fn binary_operator(input: ParseStream<'_>) -> syn::Result<bool> {
    let width = if input.peek(Token![<<]) || input.peek(Token![>>]) {
        2
    } else if input.peek(Token![+])
        || input.peek(Token![-])
        || input.peek(Token![*])
        || input.peek(Token![/])
        || input.peek(Token![%])
        || input.peek(Token![&])
        || input.peek(Token![|])
        || input.peek(Token![^])
    {
        1
    } else {
        return Ok(false);
    };
    for _ in 0..width {
        input.parse::<proc_macro2::Punct>()?;
    }
    Ok(true)
}

/// The tokens from `cursor` up to the first `,` outside any group (and, with `angles`, outside
/// `<..>`, and before a `>` that closes an enclosing one), and the cursor there. `->` is not a
/// closing `>`.
pub(crate) fn until_comma(cursor: Cursor<'_>, angles: bool) -> (TokenStream, Cursor<'_>) {
    let mut depth = 0_usize;
    let mut after_dash = false;
    tokens_until(cursor, |token, _| {
        let stop = match token {
            TokenTree::Punct(punct) => match punct.as_char() {
                ',' => depth == 0,
                '<' if angles => {
                    depth += 1;
                    false
                }
                '>' if angles && !after_dash => {
                    if depth == 0 {
                        true
                    } else {
                        depth -= 1;
                        false
                    }
                }
                _ => false,
            },
            _ => false,
        };
        after_dash = matches!(token, TokenTree::Punct(p) if p.as_char() == '-');
        stop
    })
}

/// The tokens from `cursor` up to the first token for which `stop` (given the token and the
/// cursor after it) is true, and the cursor at that token (the end, if none).
pub(crate) fn tokens_until<'c>(
    cursor: Cursor<'c>,
    mut stop: impl FnMut(&TokenTree, Cursor<'c>) -> bool,
) -> (TokenStream, Cursor<'c>) {
    let mut tokens = Vec::new();
    let mut at = cursor;
    while let Some((token, next)) = at.token_tree() {
        if stop(&token, next) {
            break;
        }
        tokens.push(token);
        at = next;
    }
    (tokens.into_iter().collect(), at)
}

/// A type, in outline: what the derive tells apart.
pub(crate) enum Type {
    /// A path without a qualified self: `u32`, `std::io::Error`, `Option<T>`.
    Path(Path),
    /// `&T`, `&'a mut T`.
    Reference(Box<Type>),
    /// `(T)`, or a type a `macro_rules!` macro passed in (`$ty`, in an invisible group).
    Paren(Box<Type>),
    /// A type that never packs into the word: a tuple, slice, array, raw pointer or trait
    /// object.
    Compound,
    /// Any other: `impl Trait`, `fn()`, `!`, `_`, `<T as Trait>::X`, a macro.
    Other,
}

impl Parse for Type {
    /// One type, checked as Rust writes types (a derive's input was parsed by rustc, but a
    /// key's value, `from = Type`, was not), and outlined.
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        ty(input, true)
    }
}

/// One type at the start of `input`; `plus`: whether bounds may follow a path (`Trait + Send`,
/// not after `&` or `*`, as in Rust).
fn ty(input: ParseStream<'_>, plus: bool) -> syn::Result<Type> {
    if let Some(inner) = invisible_group(input) {
        let inner = (|input: ParseStream<'_>| ty(input, true)).parse2(inner)?;
        return Ok(Type::Paren(Box::new(inner)));
    }
    if input.peek(Token![&]) {
        input.parse::<Token![&]>()?;
        if input.peek(syn::Lifetime) {
            input.parse::<syn::Lifetime>()?;
        }
        if input.peek(Token![mut]) {
            input.parse::<Token![mut]>()?;
        }
        return Ok(Type::Reference(Box::new(ty(input, false)?)));
    }
    if input.peek(Token![*]) {
        input.parse::<Token![*]>()?;
        if input.peek(Token![const]) {
            input.parse::<Token![const]>()?;
        } else {
            input.parse::<Token![mut]>()?;
        }
        ty(input, false)?;
        return Ok(Type::Compound);
    }
    if input.peek(token::Paren) {
        let content;
        syn::parenthesized!(content in input);
        if content.is_empty() {
            return Ok(Type::Compound);
        }
        let first = ty(&content, true)?;
        if content.is_empty() {
            return Ok(Type::Paren(Box::new(first)));
        }
        content.parse::<Token![,]>()?;
        types(&content)?;
        return Ok(Type::Compound);
    }
    if input.peek(token::Bracket) {
        let content;
        syn::bracketed!(content in input);
        ty(&content, true)?;
        if !content.is_empty() {
            content.parse::<Token![;]>()?;
            constant(&content)?;
        }
        end(&content)?;
        return Ok(Type::Compound);
    }
    if input.peek(Token![!]) || input.peek(Token![_]) {
        input.parse::<TokenTree>()?;
        return Ok(Type::Other);
    }
    if input.peek(Token![<]) {
        // `<T as Trait>::Out`.
        input.parse::<Token![<]>()?;
        ty(input, true)?;
        if input.peek(Token![as]) {
            input.parse::<Token![as]>()?;
            input.parse::<Path>()?;
        }
        input.parse::<Token![>]>()?;
        input.parse::<Token![::]>()?;
        input.parse::<Path>()?;
        return Ok(Type::Other);
    }
    if input.peek(Token![dyn]) || input.peek(Token![impl]) {
        let object = input.peek(Token![dyn]);
        input.parse::<TokenTree>()?;
        bounds(input)?;
        return Ok(if object { Type::Compound } else { Type::Other });
    }
    if input.peek(Token![fn])
        || input.peek(Token![unsafe])
        || input.peek(Token![extern])
        || input.peek(Token![for])
    {
        bare_fn(input)?;
        return Ok(Type::Other);
    }
    if !(input.peek(Token![::]) || is_segment(input)) {
        return Err(input.error("expected a type"));
    }
    let path: Path = input.parse()?;
    if input.peek(Token![!]) {
        // A macro: `m!(..)`.
        input.parse::<Token![!]>()?;
        input.parse::<Group>()?;
        return Ok(Type::Other);
    }
    if plus && input.peek(Token![+]) {
        // A trait object without `dyn`.
        input.parse::<Token![+]>()?;
        bounds(input)?;
        return Ok(Type::Compound);
    }
    Ok(Type::Path(path))
}

/// Types separated by commas, a last comma allowed, to the end of `input`.
fn types(input: ParseStream<'_>) -> syn::Result<()> {
    while !input.is_empty() {
        ty(input, true)?;
        if input.is_empty() {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    Ok(())
}

/// `Bound + Bound ..`: a lifetime, or a trait (`?Sized`, `for<'a> Fn(&'a u8)`, `(Trait)`).
fn bounds(input: ParseStream<'_>) -> syn::Result<()> {
    loop {
        if input.peek(syn::Lifetime) {
            input.parse::<syn::Lifetime>()?;
        } else if input.peek(token::Paren) {
            let content;
            syn::parenthesized!(content in input);
            bounds(&content)?;
            end(&content)?;
        } else {
            if input.peek(Token![?]) {
                input.parse::<Token![?]>()?;
            }
            if input.peek(Token![for]) {
                higher_ranked(input)?;
            }
            input.parse::<Path>()?;
        }
        if !input.peek(Token![+]) {
            return Ok(());
        }
        input.parse::<Token![+]>()?;
    }
}

/// `for<'a, 'b>`.
fn higher_ranked(input: ParseStream<'_>) -> syn::Result<()> {
    input.parse::<Token![for]>()?;
    input.parse::<Token![<]>()?;
    while !input.peek(Token![>]) {
        input.parse::<syn::Lifetime>()?;
        if input.peek(Token![>]) {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    input.parse::<Token![>]>()?;
    Ok(())
}

/// `for<'a> unsafe extern "C" fn(A, b: B, ..) -> R`.
fn bare_fn(input: ParseStream<'_>) -> syn::Result<()> {
    if input.peek(Token![for]) {
        higher_ranked(input)?;
    }
    if input.peek(Token![unsafe]) {
        input.parse::<Token![unsafe]>()?;
    }
    if input.peek(Token![extern]) {
        input.parse::<Token![extern]>()?;
        if input.peek(syn::LitStr) {
            input.parse::<syn::LitStr>()?;
        }
    }
    input.parse::<Token![fn]>()?;
    let content;
    syn::parenthesized!(content in input);
    while !content.is_empty() {
        if content.peek(Token![...]) {
            content.parse::<Token![...]>()?;
        } else {
            if (content.peek(Ident) || content.peek(Token![_]))
                && content.peek2(Token![:])
                && !content.peek2(Token![::])
            {
                content.parse::<TokenTree>()?;
                content.parse::<Token![:]>()?;
            }
            ty(&content, true)?;
        }
        if content.is_empty() {
            break;
        }
        content.parse::<Token![,]>()?;
    }
    if input.peek(Token![->]) {
        input.parse::<Token![->]>()?;
        ty(input, false)?;
    }
    Ok(())
}

/// An error at the first token left in `input`, if any.
fn end(input: ParseStream<'_>) -> syn::Result<()> {
    if input.is_empty() {
        Ok(())
    } else {
        Err(input.error("unexpected token"))
    }
}

/// The tokens of an invisible group at the start of `input`, consumed.
fn invisible_group(input: ParseStream<'_>) -> Option<TokenStream> {
    input
        .step(|cursor| match cursor.token_tree() {
            Some((TokenTree::Group(group), next)) if group.delimiter() == Delimiter::None => {
                Ok((group.stream(), next))
            }
            _ => Err(cursor.error("no invisible group")),
        })
        .ok()
}

/// A visibility: `pub`, `pub(crate)`, `pub(super)`, `pub(in path)`, or none.
pub(crate) enum Visibility {
    Public,
    /// `pub(crate)`, `pub(self)`, `pub(super)`, `pub(in path)`: the path.
    Restricted(Path),
    Inherited,
}

impl Parse for Visibility {
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        if !input.peek(Token![pub]) {
            return Ok(Visibility::Inherited);
        }
        input.parse::<Token![pub]>()?;
        if !input.peek(token::Paren) {
            return Ok(Visibility::Public);
        }
        // `pub (A, B)` in a tuple variant is a public field of a tuple type: the parentheses
        // are the visibility's only when they hold `crate`, `self`, `super` or `in path`.
        let fork = input.fork();
        let content;
        syn::parenthesized!(content in fork);
        let restricted = if content.peek(Token![in]) {
            content.parse::<Token![in]>()?;
            content.parse::<Path>().ok().filter(|_| content.is_empty())
        } else if (content.peek(Token![crate])
            || content.peek(Token![self])
            || content.peek(Token![super]))
            && content.peek2(syn::parse::End)
        {
            content.parse::<Path>().ok()
        } else {
            None
        };
        match restricted {
            Some(path) => {
                input.parse::<TokenTree>()?;
                Ok(Visibility::Restricted(path))
            }
            None => Ok(Visibility::Public),
        }
    }
}

/// An outer attribute: `#[path]`, `#[path(..)]` or `#[path = ..]`.
pub(crate) struct Attribute {
    path: Path,
    pub(crate) meta: Meta,
}

/// What follows an attribute's path.
pub(crate) enum Meta {
    /// Nothing: `#[non_exhaustive]`.
    Path,
    /// A group: `#[status(..)]`.
    List(Group),
    /// `= value`: `#[doc = ".."]`; where `=` is.
    NameValue(Span),
}

impl Attribute {
    /// The attribute's path: `status` of `#[status(..)]`.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// The outer attributes at the start of `input`.
    pub(crate) fn parse_outer(input: ParseStream<'_>) -> syn::Result<Vec<Self>> {
        let mut attrs = Vec::new();
        while input.peek(Token![#]) && input.peek2(token::Bracket) {
            input.parse::<Token![#]>()?;
            let content;
            syn::bracketed!(content in input);
            attrs.push(content.call(Attribute::inside)?);
        }
        Ok(attrs)
    }

    /// What the brackets hold.
    fn inside(input: ParseStream<'_>) -> syn::Result<Self> {
        let path = input.call(meta_path)?;
        let meta = if input.is_empty() {
            Meta::Path
        } else if input.peek(Token![=]) {
            let eq = input.parse::<Token![=]>()?.span;
            input.parse::<TokenStream>()?;
            Meta::NameValue(eq)
        } else {
            let group = input.parse::<Group>()?;
            Meta::List(group)
        };
        Ok(Attribute { path, meta })
    }

    /// Parses the attribute's arguments (inside its parentheses) with `parser`; an error that
    /// shows the form expected for an attribute without them.
    pub(crate) fn parse_args_with<T>(
        &self,
        parser: impl FnOnce(ParseStream<'_>) -> syn::Result<T>,
    ) -> syn::Result<T> {
        let name = path_text(&self.path);
        match &self.meta {
            Meta::Path => Err(syn::Error::new(
                self.path.segments[0].ident.span(),
                format!("expected attribute arguments in parentheses: #[{name}(...)]"),
            )),
            Meta::NameValue(eq) => Err(syn::Error::new(
                *eq,
                format!("expected parentheses: #[{name}(...)]"),
            )),
            Meta::List(group) => {
                let delimiter = group.delimiter();
                let inside = move |input: ParseStream<'_>| {
                    let content;
                    match delimiter {
                        Delimiter::Brace => {
                            syn::braced!(content in input);
                        }
                        Delimiter::Bracket => {
                            syn::bracketed!(content in input);
                        }
                        _ => {
                            syn::parenthesized!(content in input);
                        }
                    }
                    parser(&content)
                };
                inside.parse2(TokenTree::Group(group.clone()).into())
            }
        }
    }

    /// Parses `#[path(key, key = value, key(..))]`, calling `logic` on each key (`syn`'s
    /// `parse_nested_meta`, with its errors).
    pub(crate) fn parse_nested_meta(
        &self,
        mut logic: impl FnMut(NestedMeta<'_, '_>) -> syn::Result<()>,
    ) -> syn::Result<()> {
        self.parse_args_with(|input: ParseStream<'_>| nested(input, &mut logic))
    }

    /// An error unless the attribute is its path alone (`#[from]`).
    pub(crate) fn require_path_only(&self) -> syn::Result<()> {
        match &self.meta {
            Meta::Path => Ok(()),
            Meta::List(group) => Err(syn::Error::new(
                group.span_open(),
                "unexpected token in attribute",
            )),
            Meta::NameValue(eq) => Err(syn::Error::new(*eq, "unexpected token in attribute")),
        }
    }
}

/// A key of a nested attribute and the rest of its list, from `key` on.
pub(crate) struct NestedMeta<'c, 'a> {
    pub(crate) path: Path,
    pub(crate) input: &'c syn::parse::ParseBuffer<'a>,
}

impl<'c, 'a> NestedMeta<'c, 'a> {
    /// The key's value, after `=`.
    pub(crate) fn value(&self) -> syn::Result<&'c syn::parse::ParseBuffer<'a>> {
        self.input.parse::<Token![=]>()?;
        Ok(self.input)
    }

    /// The key's own nested keys, `key(a, b = ..)`, each given to `logic`.
    pub(crate) fn parse_nested_meta(
        &self,
        mut logic: impl FnMut(NestedMeta<'_, '_>) -> syn::Result<()>,
    ) -> syn::Result<()> {
        let content;
        syn::parenthesized!(content in self.input);
        nested(&content, &mut logic)
    }
}

/// Each key of a comma-separated list (a last comma allowed), given to `logic`.
fn nested(
    input: ParseStream<'_>,
    logic: &mut dyn FnMut(NestedMeta<'_, '_>) -> syn::Result<()>,
) -> syn::Result<()> {
    while !input.is_empty() {
        let path = input.call(meta_path)?;
        logic(NestedMeta { path, input })?;
        if input.is_empty() {
            break;
        }
        input.parse::<Token![,]>()?;
    }
    Ok(())
}

/// A key's or an attribute's path, keywords allowed (`crate = ..`, `#[doc(..)]`).
fn meta_path(input: ParseStream<'_>) -> syn::Result<Path> {
    let leading_colon = leading_colon(input)?;
    let mut segments = vec![PathSegment {
        ident: input.call(Ident::parse_any)?,
        arguments: PathArguments::None,
    }];
    while input.peek(Token![::]) {
        input.parse::<Token![::]>()?;
        segments.push(PathSegment {
            ident: input.call(Ident::parse_any)?,
            arguments: PathArguments::None,
        });
    }
    Ok(Path {
        leading_colon,
        segments,
    })
}

/// A path as written, `a::b`, for messages.
pub(crate) fn path_text(path: &Path) -> String {
    let names: Vec<String> = path
        .segments
        .iter()
        .map(|segment| segment.ident.to_string())
        .collect();
    let joined = names.join("::");
    if path.leading_colon.is_some() {
        format!("::{joined}")
    } else {
        joined
    }
}

/// A variant's discriminant, in outline: the derive takes an integer literal only.
pub(crate) enum Expr {
    Int(LitInt),
    /// `-x`.
    Negative,
    Other,
}

impl Parse for Expr {
    /// An expression up to the next `,` outside any group.
    fn parse(input: ParseStream<'_>) -> syn::Result<Self> {
        let tokens = input.step(|cursor| Ok(until_comma(*cursor, false)))?;
        if tokens.is_empty() {
            return Err(input.error("expected an expression"));
        }
        Ok(expr_outline(tokens))
    }
}

/// The outline of an expression written as `tokens`.
fn expr_outline(tokens: TokenStream) -> Expr {
    let mut iter = tokens.into_iter();
    match (iter.next(), iter.next()) {
        (Some(TokenTree::Group(group)), None) if group.delimiter() == Delimiter::None => {
            expr_outline(group.stream())
        }
        (Some(TokenTree::Punct(minus)), Some(_)) if minus.as_char() == '-' => Expr::Negative,
        (Some(literal @ TokenTree::Literal(_)), None) => {
            syn::parse2::<LitInt>(literal.into()).map_or(Expr::Other, Expr::Int)
        }
        _ => Expr::Other,
    }
}

#[cfg(test)]
mod tests {
    use quote::quote;
    use syn::parse::Parser as _;

    use super::{Attribute, Expr, Meta, Path, PathArguments, Type, Visibility, path_text};

    fn outline(tokens: proc_macro2::TokenStream) -> Type {
        syn::parse2(tokens).expect("a type")
    }

    /// The outline as text: `path(last segment[args])`, `&`, `()`, `compound`, `other`.
    fn show(ty: &Type) -> String {
        match ty {
            Type::Path(path) => {
                let last = path.segments.last().expect("a segment");
                let args = match &last.arguments {
                    PathArguments::None => String::new(),
                    PathArguments::AngleBracketed { args, .. } => {
                        let shown: Vec<String> = args
                            .iter()
                            .map(|arg| arg.as_ref().map_or("-".to_owned(), show))
                            .collect();
                        format!("<{}>", shown.join(","))
                    }
                    PathArguments::Parenthesized { .. } => "()".to_owned(),
                };
                format!("{}{args}", last.ident)
            }
            Type::Reference(inner) => format!("&{}", show(inner)),
            Type::Paren(inner) => format!("({})", show(inner)),
            Type::Compound => "compound".to_owned(),
            Type::Other => "other".to_owned(),
        }
    }

    #[test]
    fn types_are_outlined_as_the_derive_reads_them() {
        for (tokens, shown) in [
            (quote!(u32), "u32"),
            (quote!(::std::io::Error), "Error"),
            (
                quote!(Option<Box<dyn Error + Send>>),
                "Option<Box<compound>>",
            ),
            (quote!(HashMap<K, Vec<u8>>), "HashMap<K,Vec<u8>>"),
            (quote!(Vec::<u8>), "Vec<u8>"),
            (quote!(Box<dyn Fn(u8) -> u8 + Send>), "Box<compound>"),
            (quote!(std::borrow::Cow<'static, Path>), "Cow<-,Path>"),
            (quote!(&'a mut PathBuf), "&PathBuf"),
            (quote!((u8)), "(u8)"),
            (quote!((u8,)), "compound"),
            (quote!(()), "compound"),
            (quote!([u8; 4]), "compound"),
            (quote!(*const u8), "compound"),
            (quote!(impl Display), "other"),
            (quote!(fn(u8) -> u8), "other"),
            (quote!(<T as Trait>::Out), "other"),
            (quote!(m!(u8)), "other"),
            (quote!([u8; N * 2]), "compound"),
            (
                quote!(Foo<'a, 3, { N }, Item = u8, T: Send>),
                "Foo<-,-,-,-,->",
            ),
            (quote!(for<'a> fn(&'a u8, x: u8, ...) -> u8), "other"),
            (quote!(Trait + Send), "compound"),
            (
                quote!(dyn for<'a> Fn(&'a u8) + ?Sized + 'static),
                "compound",
            ),
            (quote!(!), "other"),
            (quote!(_), "other"),
        ] {
            assert_eq!(show(&outline(tokens.clone())), shown, "{tokens}");
        }
    }

    #[test]
    fn a_type_is_checked_and_ends_where_rust_ends_it() {
        let parse = |input: syn::parse::ParseStream<'_>| {
            let ty: Type = input.parse()?;
            let rest: proc_macro2::TokenStream = input.parse()?;
            Ok((ty, rest.to_string()))
        };
        let (ty, rest) = parse
            .parse2(quote!(Result<u8, Box<dyn Fn() -> u8>>, next))
            .expect("parses");
        assert_eq!(show(&ty), "Result<u8,Box<compound>>");
        assert_eq!(rest, ", next");
        let (ty, rest) = parse.parse2(quote!(Foo bar)).expect("parses");
        assert_eq!((show(&ty).as_str(), rest.as_str()), ("Foo", "bar"));
        for (tokens, message) in [
            (
                quote!(
                    #[allow(dead_code)]
                    u8
                ),
                "expected a type",
            ),
            (quote!(Vec<#[x] u8>), "expected a type"),
            (quote!((u8, #)), "expected a type"),
            (quote!([u8; #]), "expected identifier"),
            (quote!(*u8), "expected `mut`"),
            (quote!(dyn 7), "expected identifier"),
        ] {
            let error = parse.parse2(tokens.clone()).err().expect("an error");
            assert_eq!(error.to_string(), message, "{tokens}");
        }
    }

    #[test]
    fn visibilities_restrict_only_with_their_own_forms() {
        let restricted = |tokens| match syn::parse2::<Visibility>(tokens).expect("parses") {
            Visibility::Restricted(path) => Some(path_text(&path)),
            Visibility::Public => Some("pub".to_owned()),
            Visibility::Inherited => None,
        };
        assert_eq!(restricted(quote!()), None);
        assert_eq!(restricted(quote!(pub)).as_deref(), Some("pub"));
        assert_eq!(restricted(quote!(pub(crate))).as_deref(), Some("crate"));
        assert_eq!(restricted(quote!(pub(super))).as_deref(), Some("super"));
        assert_eq!(
            restricted(quote!(pub(in crate::a))).as_deref(),
            Some("crate::a")
        );
        // A public field of a tuple type, not a restriction: the group stays.
        let field = |input: syn::parse::ParseStream<'_>| {
            let vis: Visibility = input.parse()?;
            let rest: proc_macro2::TokenStream = input.parse()?;
            Ok((matches!(vis, Visibility::Public), rest.to_string()))
        };
        assert_eq!(
            field.parse2(quote!(pub (crate::A, u8))).expect("parses"),
            (true, "(crate :: A , u8)".to_owned())
        );
    }

    #[test]
    fn attributes_and_their_keys_parse_as_syn_parsed_them() {
        let attrs = |tokens| {
            Attribute::parse_outer
                .parse2(tokens)
                .expect("attributes parse")
        };
        let parsed = attrs(quote! {
            #[non_exhaustive]
            #[doc = "text"]
            #[status(name = Failure, crate = ::a::b, from = Option<u8>, flag, list(x = 1))]
        });
        assert!(matches!(parsed[0].meta, Meta::Path));
        assert!(parsed[0].path().is_ident("non_exhaustive"));
        assert!(matches!(parsed[1].meta, Meta::NameValue(_)));
        let mut keys = Vec::new();
        parsed[2]
            .parse_nested_meta(|meta| {
                let key = path_text(&meta.path);
                match key.as_str() {
                    "name" => keys.push(format!("name={}", meta.value()?.parse::<syn::Ident>()?)),
                    "crate" => {
                        let path: Path = meta.value()?.parse()?;
                        keys.push(format!("crate={}", path_text(&path)));
                    }
                    "from" => {
                        let ty: Type = meta.value()?.parse()?;
                        keys.push(format!("from={}", show(&ty)));
                    }
                    "list" => meta.parse_nested_meta(|inner| {
                        keys.push(format!("list.{}", path_text(&inner.path)));
                        inner.value()?.parse::<syn::LitInt>()?;
                        Ok(())
                    })?,
                    other => keys.push(other.to_owned()),
                }
                Ok(())
            })
            .expect("keys parse");
        assert_eq!(
            keys,
            [
                "name=Failure",
                "crate=::a::b",
                "from=Option<u8>",
                "flag",
                "list.x"
            ]
        );
        let error = |tokens| {
            let parsed = attrs(tokens);
            parsed[0]
                .parse_nested_meta(|_| Ok(()))
                .expect_err("an error")
                .to_string()
        };
        assert_eq!(
            error(quote!(#[status])),
            "expected attribute arguments in parentheses: #[status(...)]"
        );
        assert_eq!(
            error(quote!(#[status = 1])),
            "expected parentheses: #[status(...)]"
        );
        assert_eq!(error(quote!(#[status(a b)])), "expected `,`");
        assert_eq!(error(quote!(#[status(,)])), "expected ident");
        let keys = |tokens| {
            let mut keys = Vec::new();
            attrs(tokens)[0]
                .parse_nested_meta(|meta| {
                    keys.push(path_text(&meta.path));
                    Ok(())
                })
                .expect("keys parse");
            keys
        };
        assert!(keys(quote!(#[status()])).is_empty());
        assert_eq!(keys(quote!(#[status(a, b,)])), ["a", "b"]);
        assert!(attrs(quote!(#[from(x)]))[0].require_path_only().is_err());
        assert!(attrs(quote!(#[from]))[0].require_path_only().is_ok());
    }

    #[test]
    fn a_discriminant_is_an_integer_literal_or_not() {
        let outline = |tokens| syn::parse2::<Expr>(tokens).expect("parses");
        assert!(matches!(outline(quote!(7)), Expr::Int(int) if int.base10_digits() == "7"));
        assert!(matches!(outline(quote!(7u32)), Expr::Int(_)));
        assert!(matches!(outline(quote!(-1)), Expr::Negative));
        assert!(matches!(outline(quote!(1 << 2)), Expr::Other));
        assert!(matches!(outline(quote!((5))), Expr::Other));
        assert!(matches!(outline(quote!("7")), Expr::Other));
    }
}
