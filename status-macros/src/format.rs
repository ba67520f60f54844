//! Format strings: parsed into text and placeholders. `status!` splits messages whose
//! placeholders are plain into pieces; a variant's display text names its fields, which
//! [`plan`] checks and rewrites for the generated `Display` (thiserror's conventions: `{0}` is
//! the first field of a tuple variant, `{name}` a named field, `.field` in the arguments after
//! the text is that field).

use proc_macro2::{Group, Ident, Spacing, Span, TokenStream, TokenTree};
use quote::format_ident;
use syn::LitStr;
use syn::ext::IdentExt as _;

/// A part of a format string.
pub(crate) enum Segment {
    /// Text, with `{{` and `}}` unescaped.
    Text(String),
    /// A placeholder.
    Hole(Hole),
}

/// `{arg:spec}`.
pub(crate) struct Hole {
    pub(crate) arg: Arg,
    /// What follows the `:`, as written (empty without one).
    pub(crate) spec: String,
}

/// What a placeholder (or a `$` in its spec) refers to.
#[derive(Clone, PartialEq, Eq)]
pub(crate) enum Arg {
    /// `{}`: the next positional argument.
    Next,
    /// `{0}`.
    Index(usize),
    /// `{name}`.
    Name(String),
}

/// The parts of `format`, or what is wrong with it.
pub(crate) fn parse(format: &str) -> Result<Vec<Segment>, String> {
    let mut segments = Vec::new();
    let mut text = String::new();
    let mut chars = format.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' | '}' if chars.peek() == Some(&c) => {
                chars.next();
                text.push(c);
            }
            '}' => return Err("a `}` without its `{`; write `}}` for a brace".to_owned()),
            '{' => {
                let mut inside = String::new();
                loop {
                    match chars.next() {
                        Some('}') => break,
                        Some(c) => inside.push(c),
                        None => return Err("a `{` without its `}`; write `{{` for a brace".into()),
                    }
                }
                if !text.is_empty() {
                    segments.push(Segment::Text(core::mem::take(&mut text)));
                }
                segments.push(Segment::Hole(hole(&inside)?));
            }
            c => text.push(c),
        }
    }
    if !text.is_empty() {
        segments.push(Segment::Text(text));
    }
    Ok(segments)
}

/// The placeholder `{inside}`.
fn hole(inside: &str) -> Result<Hole, String> {
    let (arg, spec) = inside.split_once(':').unwrap_or((inside, ""));
    let arg = match arg {
        "" => Arg::Next,
        _ if arg.bytes().all(|b| b.is_ascii_digit()) => {
            Arg::Index(arg.parse().map_err(|_| format!("`{arg}` is too large"))?)
        }
        _ if is_identifier(arg) => Arg::Name(arg.to_owned()),
        // As `format!` says: a field `r#type` is written `{type}`.
        _ if arg.strip_prefix("r#").is_some_and(is_identifier) => {
            let written = inside.strip_prefix("r#").unwrap_or(inside);
            return Err(format!(
                "`{{{inside}}}`: a format string names a field without `r#`: write `{{{written}}}`"
            ));
        }
        _ => return Err(format!("`{{{inside}}}` is not a placeholder")),
    };
    Ok(Hole {
        arg,
        spec: spec.to_owned(),
    })
}

fn is_identifier(text: &str) -> bool {
    let mut chars = text.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
        && text != "_"
}

/// The arguments a spec names for its width or precision (`width$`, `.1$`), and whether it
/// takes its precision from the positional arguments (`.*`).
fn spec_args(spec: &str) -> (Vec<(core::ops::Range<usize>, Arg)>, bool) {
    let mut args = Vec::new();
    let bytes = spec.as_bytes();
    for (end, &b) in bytes.iter().enumerate() {
        if b != b'$' {
            continue;
        }
        let start = spec[..end]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let name = &spec[start..end];
        let arg = if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
            name.parse().ok().map(Arg::Index)
        } else if is_identifier(name) {
            Some(Arg::Name(name.to_owned()))
        } else {
            None
        };
        if let Some(arg) = arg {
            args.push((start..end, arg));
        }
    }
    (args, spec.contains(".*"))
}

/// Whether a placeholder with `spec` formats with `Display`: its spec ends in no type (`?`,
/// `x`, `e`, ..; a width or precision argument ends in `$`, a fill is followed by an alignment).
fn shows_with_display(spec: &str) -> bool {
    !spec.ends_with(|c: char| c == '?' || c.is_ascii_alphabetic())
}

/// A field of the variant a display belongs to.
pub(crate) struct FieldName {
    /// Its name, for a named field.
    pub(crate) name: Option<String>,
    /// The variable the generated code binds it to. The format string's implicit captures
    /// resolve with the string's hygiene, so a binding the derive makes up (`field0`) takes the
    /// string's span; a named field's binding is the field's own name, written by the user
    /// beside the string.
    pub(crate) binding: Ident,
    /// Whether its type is written as a path (`PathBuf`, `&Path`, `Box<Path>`), which has no
    /// `Display`: `{field}` shows it through `display()`, as thiserror does.
    pub(crate) path: bool,
}

/// A display text checked against its variant's fields and rewritten for `write!`.
pub(crate) struct Plan {
    /// The format string, with each field placeholder naming its binding.
    pub(crate) format: LitStr,
    /// Whether it has placeholders (without, the text is written as it is).
    pub(crate) has_holes: bool,
    /// The text without placeholders, unescaped, when it has none.
    pub(crate) plain: String,
    /// The arguments after the text, with `.field` naming its binding.
    pub(crate) args: Vec<TokenStream>,
    /// The fields the format string and arguments use, by position.
    pub(crate) used: Vec<bool>,
    /// The path fields `{field}` shows (see [`FieldName::path`]): the argument each is passed
    /// as, and its binding.
    pub(crate) paths: Vec<(Ident, Ident)>,
}

/// Checks `text` (and the arguments after it) against the variant's `fields` and rewrites it:
/// `{0}` becomes the first field's binding, `{size}` stays (its binding has the field's name),
/// `.size`/`.0` in the arguments become bindings. Errors say what to write instead.
pub(crate) fn plan(
    text: &LitStr,
    args: &[TokenStream],
    fields: &[FieldName],
    variant: &str,
) -> Result<Plan, syn::Error> {
    let segments = parse(&text.value()).map_err(|why| {
        syn::Error::new(
            text.span(),
            format!("this display text is not a valid format string: {why}"),
        )
    })?;
    let named: Vec<String> = args
        .iter()
        .filter_map(|arg| named_arg(arg).map(|(name, _)| name))
        .collect();
    let mut resolver = Resolver {
        text,
        fields,
        variant,
        positional: args.len() - named.len(),
        named,
        next: 0,
        used: vec![false; fields.len()],
        paths: Vec::new(),
    };
    let mut format = String::new();
    let mut has_holes = false;
    let mut plain = String::new();
    for segment in &segments {
        match segment {
            Segment::Text(text) => {
                plain.push_str(text);
                format.push_str(&text.replace('{', "{{").replace('}', "}}"));
            }
            Segment::Hole(hole) => {
                has_holes = true;
                format.push('{');
                format.push_str(&resolver.hole(hole)?);
                format.push('}');
            }
        }
    }
    let Resolver {
        mut used, paths, ..
    } = resolver;
    let args = args
        .iter()
        .map(|arg| shorthand(arg.clone(), fields, &mut used))
        .collect::<Result<_, _>>()?;
    Ok(Plan {
        format: LitStr::new(&format, text.span()),
        has_holes,
        plain,
        args,
        used,
        paths,
    })
}

/// Resolves a display text's placeholders to the variant's fields and the arguments after it.
struct Resolver<'a> {
    text: &'a LitStr,
    fields: &'a [FieldName],
    variant: &'a str,
    /// Arguments after the text without a name.
    positional: usize,
    /// Names of the arguments after the text.
    named: Vec<String>,
    /// The next positional argument `{}` takes.
    next: usize,
    /// The fields named so far, by position.
    used: Vec<bool>,
    /// The path fields shown with `Display` so far: argument name, binding.
    paths: Vec<(Ident, Ident)>,
}

impl Resolver<'_> {
    /// The inside of `hole`'s braces, rewritten: its argument and its spec's.
    fn hole(&mut self, hole: &Hole) -> Result<String, syn::Error> {
        let (spec_args, star) = spec_args(&hole.spec);
        if star && self.positional == 0 {
            return Err(self.error(
                "`.*` takes the precision from an argument after the text; name the field \
                 instead: `{:.precision$}`"
                    .to_owned(),
            ));
        }
        let field = self.field_index(&hole.arg);
        let mut inside = self.arg(&hole.arg)?;
        if let Some(field) = field
            .map(|i| &self.fields[i])
            .filter(|f| f.path && shows_with_display(&hole.spec))
        {
            let name = format_ident!("__fs_path_{}", field.binding, span = self.text.span());
            inside = name.to_string();
            if !self.paths.iter().any(|(known, _)| *known == name) {
                self.paths.push((name, field.binding.clone()));
            }
        }
        let mut spec = hole.spec.clone();
        for (range, arg) in spec_args.into_iter().rev() {
            let name = self.arg(&arg)?;
            spec.replace_range(range, &name);
        }
        if !spec.is_empty() {
            inside.push(':');
            inside.push_str(&spec);
        }
        Ok(inside)
    }

    /// The text that names `arg` in the rewritten string.
    fn arg(&mut self, arg: &Arg) -> Result<String, syn::Error> {
        if let Some(i) = self.field_index(arg) {
            self.used[i] = true;
            return Ok(self.fields[i].binding.to_string());
        }
        match arg {
            Arg::Next => {
                self.next += 1;
                if self.next > self.positional {
                    return Err(self.error(format!(
                        "`{{}}` needs an argument after the text; name the field instead \
                         (`{{0}}`, `{{name}}`) or pass it: `#[error(\"..{{}}..\", .0)]`; {}",
                        self.describe_fields()
                    )));
                }
                Ok(String::new())
            }
            Arg::Index(i) if self.positional > 0 => Ok(i.to_string()),
            Arg::Index(i) => Err(self.error(format!(
                "`{{{i}}}` names field {i}, which does not exist; {}",
                self.describe_fields()
            ))),
            // An argument after the text; a constant in scope, or the variant's value itself
            // (`{self:?}`), as `format_args!` captures them in the kind enum's `Display`.
            Arg::Name(name)
                if self.named.contains(name)
                    || name.starts_with(char::is_uppercase)
                    || name == "self" =>
            {
                Ok(name.clone())
            }
            Arg::Name(name) => Err(self.error(format!(
                "`{{{name}}}` names a field that does not exist; {}",
                self.describe_fields()
            ))),
        }
    }

    /// The field `arg` names, if it names one: `{0}` when no argument follows the text (else
    /// it is the first argument), `{name}` unless an argument after the text has that name.
    fn field_index(&self, arg: &Arg) -> Option<usize> {
        match arg {
            Arg::Index(i) if self.positional == 0 => {
                self.fields.get(*i)?.name.is_none().then_some(*i)
            }
            Arg::Name(name) if !self.named.contains(name) => self
                .fields
                .iter()
                .position(|f| f.name.as_deref() == Some(name)),
            _ => None,
        }
    }

    fn error(&self, message: String) -> syn::Error {
        syn::Error::new(self.text.span(), message)
    }

    /// "`V` has one field: `size`", "`V`'s fields are `{0}` and `{1}`", ..
    fn describe_fields(&self) -> String {
        let variant = self.variant;
        let names: Vec<String> = self
            .fields
            .iter()
            .enumerate()
            .map(|(i, f)| match &f.name {
                Some(name) => format!("`{name}`"),
                None => format!("`{{{i}}}`"),
            })
            .collect();
        match names.as_slice() {
            [] => format!("`{variant}` has no fields (give it fields to show them)"),
            [one] => format!("`{variant}` has one field: {one}"),
            [init @ .., last] => format!("`{variant}`'s fields are {} and {last}", init.join(", ")),
        }
    }
}

/// `name = expr` as a name and an expression (`==` is a comparison, not a name).
pub(crate) fn named_arg(arg: &TokenStream) -> Option<(String, TokenStream)> {
    let mut tokens = arg.clone().into_iter();
    let (Some(TokenTree::Ident(name)), Some(TokenTree::Punct(eq))) = (tokens.next(), tokens.next())
    else {
        return None;
    };
    if eq.as_char() != '=' || eq.spacing() != Spacing::Alone {
        return None;
    }
    Some((name.to_string(), tokens.collect()))
}

/// `arg` with each `.field` / `.0` shorthand (a `.` that starts an operand) replaced by the
/// field's binding, and each named field written by its bare name (`path.display()`) too, as
/// thiserror reads both: its pattern binds every field by name.
fn shorthand(
    arg: TokenStream,
    fields: &[FieldName],
    used: &mut [bool],
) -> Result<TokenStream, syn::Error> {
    let mut out = Vec::new();
    let mut tokens = arg.into_iter().peekable();
    // Whether the next token starts an operand: at the start, or after an operator.
    let mut operand = true;
    // Whether the last token ends a member access or a path (`x.` but not `..`, `a::`) or
    // starts a lifetime (`'`): a name after it is not a variable.
    let mut after_access = false;
    // The last token, if it is punctuation joint to the next (`.` of `..`, `:` of `::`).
    let mut joint = None;
    while let Some(token) = tokens.next() {
        match token {
            TokenTree::Punct(dot)
                if dot.as_char() == '.' && operand && dot.spacing() == Spacing::Alone =>
            {
                let Some(member) = tokens.next() else {
                    out.push(TokenTree::Punct(dot));
                    break;
                };
                let (index, shown) = match &member {
                    TokenTree::Ident(name) => {
                        let shown = name.to_string();
                        // `.r#type` names the field `type`, as `r#type` does.
                        let bare = shown.trim_start_matches("r#");
                        (
                            fields.iter().position(|f| f.name.as_deref() == Some(bare)),
                            shown,
                        )
                    }
                    TokenTree::Literal(literal) => (
                        literal
                            .to_string()
                            .parse::<usize>()
                            .ok()
                            .filter(|&i| fields.get(i).is_some_and(|f| f.name.is_none())),
                        literal.to_string(),
                    ),
                    _ => (None, member.to_string()),
                };
                let Some(i) = index else {
                    return Err(syn::Error::new(
                        member.span(),
                        format!("`.{shown}` names a field that does not exist"),
                    ));
                };
                used[i] = true;
                out.push(TokenTree::Ident(binding_at(&fields[i], dot.span())));
                operand = false;
                after_access = false;
                joint = None;
            }
            TokenTree::Group(group) => {
                let inner = shorthand(group.stream(), fields, used)?;
                let mut rebuilt = Group::new(group.delimiter(), inner);
                rebuilt.set_span(group.span());
                out.push(TokenTree::Group(rebuilt));
                // What follows a group (a call's arguments, a parenthesized operand) is not
                // an operand's start.
                operand = false;
                after_access = false;
                joint = None;
            }
            TokenTree::Punct(p) => {
                // After an operator an operand starts, also right after it (`*.code`, `&.name`,
                // `!.flag`, whose operator is joint to the `.`), but not after a `.`: the
                // second `.` of `..` is not a shorthand.
                let c = p.as_char();
                operand = c != '.';
                // A lifetime's name (`'a`) follows its quote, joint to it.
                after_access = c == '\''
                    || p.spacing() == Spacing::Alone
                        && ((c == '.' && joint != Some('.')) || (c == ':' && joint == Some(':')));
                joint = (p.spacing() == Spacing::Joint).then_some(c);
                out.push(TokenTree::Punct(p));
            }
            TokenTree::Ident(name)
                if !after_access
                    && !names_something_else(tokens.peek())
                    && field_named(fields, &name).is_some() =>
            {
                let i = field_named(fields, &name).expect("tested by the guard");
                // A named field by its bare name. The name is kept as written (the field's
                // binding is the field's own name), so it resolves as the user's name does: to
                // a closure's parameter or a local of that name where there is one, leaving the
                // field bound and unused, which the impl's `#[automatically_derived]` keeps from
                // warning. A raw identifier's field is bound to a name made up for it.
                used[i] = true;
                let field = &fields[i];
                out.push(TokenTree::Ident(if field.binding == name {
                    name
                } else {
                    binding_at(field, name.span())
                }));
                operand = false;
                joint = None;
            }
            other => {
                // After a keyword an expression follows (`match .0 { .. }`, `if .flag`); after
                // a name or a literal, a `.` is a field access or a method call.
                operand = matches!(
                    &other,
                    TokenTree::Ident(ident)
                        if ["match", "if", "while", "in", "return", "else"]
                            .iter()
                            .any(|keyword| ident == keyword)
                );
                after_access = false;
                joint = None;
                out.push(other);
            }
        }
    }
    Ok(out.into_iter().collect())
}

/// The position of the named field `name` names (`r#type` names the field `type`).
fn field_named(fields: &[FieldName], name: &Ident) -> Option<usize> {
    let name = name.unraw().to_string();
    fields
        .iter()
        .position(|f| f.name.as_deref() == Some(name.as_str()))
}

/// Whether a name followed by `next` is something other than a variable: a path's first
/// segment (`path::`), a struct literal's field (`path: ..`), a macro (`path!`), or the name of
/// an argument (`path = ..`).
fn names_something_else(next: Option<&TokenTree>) -> bool {
    matches!(next, Some(TokenTree::Punct(p))
        if p.as_char() == ':' || (matches!(p.as_char(), '!' | '=') && p.spacing() == Spacing::Alone))
}

/// `field`'s binding (its hygiene is the pattern's), pointing at `span`, where the arguments
/// name it.
fn binding_at(field: &FieldName, span: Span) -> Ident {
    let mut binding = field.binding.clone();
    binding.set_span(binding.span().located_at(span));
    binding
}

#[cfg(test)]
mod tests {
    use proc_macro2::{Ident, Span, TokenStream};
    use quote::quote;
    use syn::LitStr;

    use super::{FieldName, plan};

    fn named(names: &[&str]) -> Vec<FieldName> {
        names
            .iter()
            .map(|n| FieldName {
                name: Some((*n).to_owned()),
                binding: Ident::new(n, Span::call_site()),
                path: false,
            })
            .collect()
    }

    fn unnamed(count: usize) -> Vec<FieldName> {
        (0..count)
            .map(|i| FieldName {
                name: None,
                binding: Ident::new(&format!("field{i}"), Span::call_site()),
                path: false,
            })
            .collect()
    }

    fn rewrite(text: &str, args: &[TokenStream], fields: &[FieldName]) -> Result<String, String> {
        let lit = LitStr::new(text, Span::call_site());
        plan(&lit, args, fields, "V")
            .map(|p| {
                let args: Vec<String> = p.args.iter().map(ToString::to_string).collect();
                format!("{} {}", p.format.value(), args.join(" | "))
                    .trim_end()
                    .to_owned()
            })
            .map_err(|e| e.to_string())
    }

    #[test]
    fn field_placeholders_become_bindings_with_their_specs() {
        let two = unnamed(2);
        assert_eq!(
            rewrite("bad offset {0:#x}", &[], &two).unwrap(),
            "bad offset {field0:#x}"
        );
        assert_eq!(rewrite("{1}/{0}", &[], &two).unwrap(), "{field1}/{field0}");
        let fields = named(&["size", "len"]);
        assert_eq!(
            rewrite("too big ({size}) for {len:>8}", &[], &fields).unwrap(),
            "too big ({size}) for {len:>8}"
        );
        assert_eq!(
            rewrite("{size:>len$}", &[], &fields).unwrap(),
            "{size:>len$}"
        );
        assert_eq!(rewrite("{0:.1$}", &[], &two).unwrap(), "{field0:.field1$}");
        assert_eq!(
            rewrite("{{literal}} {MAX}", &[], &fields).unwrap(),
            "{{literal}} {MAX}"
        );
        assert_eq!(
            rewrite("{self:?} of {len}", &[], &fields).unwrap(),
            "{self:?} of {len}"
        );
    }

    #[test]
    fn a_path_field_shown_with_display_is_passed_through_display() {
        let mut fields = named(&["path", "len"]);
        fields[0].path = true;
        let paths = |text: &str, args: &[TokenStream]| {
            let lit = LitStr::new(text, Span::call_site());
            let plan = plan(&lit, args, &fields, "V").unwrap();
            let paths: Vec<String> = plan
                .paths
                .iter()
                .map(|(name, binding)| format!("{name}={binding}"))
                .collect();
            (plan.format.value(), paths)
        };
        assert_eq!(
            paths("{path} {path:?} {path:>8} {path:#} {len}", &[]),
            (
                "{__fs_path_path} {path:?} {__fs_path_path:>8} {__fs_path_path:#} {len}".to_owned(),
                vec!["__fs_path_path=path".to_owned()]
            )
        );
        // Not with another trait, nor where a named argument after the text takes the name.
        assert_eq!(
            paths("{path:x?} {path:e}", &[]),
            ("{path:x?} {path:e}".to_owned(), Vec::new())
        );
        assert_eq!(
            paths("{path}", &[quote!(path = 3)]),
            ("{path}".to_owned(), Vec::new())
        );
    }

    #[test]
    fn arguments_after_the_text_use_the_field_shorthand() {
        let fields = unnamed(2);
        assert_eq!(
            rewrite("{} and {}", &[quote!(.0), quote!(first(.1).len())], &fields).unwrap(),
            "{} and {} field0 | first (field1) . len ()"
        );
        let fields = named(&["name"]);
        assert_eq!(
            rewrite("{n:?}", &[quote!(n = .name)], &fields).unwrap(),
            "{n:?} n = name"
        );
        // Right after a unary operator, as thiserror reads it (the tokens parsed from text, so
        // that `*` is joint to the `.` as the compiler gives it).
        let fields = named(&["code", "name"]);
        let unary: TokenStream = "Self::hint(*.code), &.name, !.code".parse().unwrap();
        let args: Vec<TokenStream> = unary
            .into_iter()
            .collect::<Vec<_>>()
            .split(|t| matches!(t, proc_macro2::TokenTree::Punct(p) if p.as_char() == ','))
            .map(|arg| arg.iter().cloned().collect())
            .collect();
        assert_eq!(
            rewrite("{} {} {}", &args, &fields).unwrap(),
            "{} {} {} Self :: hint (*code) | &name | !code"
        );
        // After a keyword, an expression: `match .code { .. }`.
        assert_eq!(
            rewrite(
                "{}",
                &[quote!(match .code { 0 => "none", _ => "some" })],
                &fields
            )
            .unwrap(),
            "{} match code { 0 => \"none\" , _ => \"some\" }"
        );
        let fields = named(&["name"]);
        // `self.name` and `x.len()` are field accesses and method calls, `a..b` a range: not
        // shorthands.
        assert_eq!(
            rewrite("{}", &[quote!(self.name.len())], &fields).unwrap(),
            "{} self . name . len ()"
        );
        assert_eq!(
            rewrite("{:?}", &[quote!(&[1, 2][0..name])], &fields).unwrap(),
            "{:?} & [1 , 2] [0 .. name]"
        );
    }

    #[test]
    fn bare_field_names_in_the_arguments_are_the_fields() {
        let used = |args: &[TokenStream]| {
            let fields = named(&["path", "max", "len"]);
            let lit = LitStr::new("{}", Span::call_site());
            plan(&lit, args, &fields, "V").unwrap().used
        };
        assert_eq!(used(&[quote!(path.display())]), [true, false, false]);
        assert_eq!(used(&[quote!(&v[..*len])]), [false, false, true]);
        assert_eq!(
            used(&[quote!(f(Some(max), |x| x + len))]),
            [false, true, true]
        );
        // A path's segment, a struct literal's field name, a macro, an argument's name, a
        // method or a field of something else: none is the variable.
        assert_eq!(used(&[quote!(core::cmp::max(1, 2))]), [false; 3]);
        assert_eq!(used(&[quote!(Range { len: 1 })]), [false; 3]);
        assert_eq!(used(&[quote!(path!())]), [false; 3]);
        assert_eq!(used(&[quote!(0), quote!(len = 3)]), [false; 3]);
        assert_eq!(used(&[quote!(items.len()), quote!(self.max)]), [false; 3]);
        assert_eq!(used(&[quote!(len == 3 || max != 1)]), [false, true, true]);
        assert_eq!(used(&[quote!(f::<'len>(1))]), [false; 3]);
        // A raw identifier's field is bound to a made-up name, which its bare name becomes.
        let raw = vec![FieldName {
            name: Some("type".to_owned()),
            binding: Ident::new("field_type", Span::call_site()),
            path: false,
        }];
        assert_eq!(
            rewrite("{}", &[quote!(r#type.len())], &raw).unwrap(),
            "{} field_type . len ()"
        );
    }

    #[test]
    fn mistakes_say_what_to_write() {
        let fields = named(&["size", "len"]);
        let missing = rewrite("{length}", &[], &fields).unwrap_err();
        assert!(
            missing.contains("`{length}` names a field that does not exist"),
            "{missing}"
        );
        assert!(
            missing.contains("`V`'s fields are `size` and `len`"),
            "{missing}"
        );
        let next = rewrite("{}", &[], &fields).unwrap_err();
        assert!(next.contains("`{}` needs an argument"), "{next}");
        let index = rewrite("{2}", &[], &unnamed(2)).unwrap_err();
        assert!(index.contains("field 2, which does not exist"), "{index}");
        assert!(
            index.contains("`V`'s fields are `{0}` and `{1}`"),
            "{index}"
        );
        let one = rewrite("{1}", &[], &unnamed(1)).unwrap_err();
        assert!(one.contains("`V` has one field: `{0}`"), "{one}");
        let none = rewrite("{0}", &[], &[]).unwrap_err();
        assert!(none.contains("`V` has no fields"), "{none}");
        let malformed = rewrite("{", &[], &fields).unwrap_err();
        assert!(
            malformed.contains("not a valid format string"),
            "{malformed}"
        );
        let shorthand = rewrite("{}", &[quote!(.nope)], &fields).unwrap_err();
        assert!(shorthand.contains("`.nope` names a field"), "{shorthand}");
    }
}
