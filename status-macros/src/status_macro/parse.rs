//! The input of `status!`: `$crate ; code [, message [, format args..]]`.

use proc_macro2::{Ident, Punct, Spacing, Span, TokenStream, TokenTree};
use syn::{LitStr, Path};

use crate::format::{self, Arg, Segment, named_arg};

pub(crate) struct Invocation {
    /// The facade's `$crate`, passed by its `macro_rules!` wrapper.
    pub(crate) krate: TokenStream,
    /// The code expression.
    pub(crate) code: TokenStream,
    pub(crate) message: Option<Message>,
}

pub(crate) enum Message {
    /// A string literal, with the format arguments that follow it (possibly none).
    Literal {
        text: LitStr,
        args: Vec<TokenStream>,
    },
    /// Any `Display` expression.
    Display(TokenStream),
}

impl Invocation {
    pub(crate) fn parse(input: TokenStream) -> syn::Result<Self> {
        let mut tokens = input.into_iter();
        let krate: TokenStream = tokens.by_ref().take_while(|t| !is_punct(t, ';')).collect();
        let mut segments = split_commas(tokens);
        if segments.last().is_some_and(TokenStream::is_empty) {
            segments.pop(); // a trailing comma
        }
        let mut segments = segments.into_iter();
        let code = segments.next().filter(|c| !c.is_empty()).ok_or_else(|| {
            syn::Error::new(
                Span::call_site(),
                "`status!` needs a code: `status!(StatusCode::Invalid)`, \
                 `status!(StatusCode::Invalid, \"message\")` or \
                 `status!(StatusCode::Invalid, \"x = {}\", x)`",
            )
        })?;
        if let Ok(text) = syn::parse2::<LitStr>(code.clone()) {
            // anyhow's habit (`bail!("text")`, `ensure!(cond, "text")`): one error that says
            // what to write, instead of the type errors a string in a code's place gives.
            return Err(syn::Error::new(
                text.span(),
                "a status needs a code before its message: `status!(Code::Variant, \"text\")`, \
                 `bail!(Code::Variant, \"text\")`, `ensure!(cond, Code::Variant, \"text\")`",
            ));
        }
        let message = match segments.next() {
            None => None,
            Some(message) => {
                let rest: Vec<TokenStream> = segments.collect();
                Some(match syn::parse2::<LitStr>(message.clone()) {
                    Ok(text) => Message::Literal { text, args: rest },
                    Err(_) if rest.is_empty() => Message::Display(message),
                    Err(_) => {
                        return Err(syn::Error::new_spanned(
                            message,
                            "format arguments need a string literal here: \
                             `status!(code, \"x = {}\", x)`",
                        ));
                    }
                })
            }
        };
        Ok(Invocation {
            krate,
            code,
            message,
        })
    }

    /// The facade's `__private` module, which generated code names the runtime through.
    pub(crate) fn private(&self) -> TokenStream {
        let krate = &self.krate;
        quote::quote!(#krate::__private)
    }

    /// Whether the code is written as a path to a variant or constant (`StatusCode::Invalid`,
    /// `Invalid`, `CODE`): a path whose last segment starts with an uppercase letter. That is
    /// what the static form needs; a lowercase name (`code`) is taken for a run-time value.
    pub(crate) fn code_is_constant_path(&self) -> bool {
        syn::parse2::<Path>(self.code.clone()).is_ok_and(|path| {
            path.segments.last().is_some_and(|last| {
                last.ident
                    .to_string()
                    .trim_start_matches("r#")
                    .starts_with(char::is_uppercase)
            })
        })
    }
}

/// The text of a literal with no format placeholders, with `{{` and `}}` unescaped; `None` if
/// it has placeholders (or stray braces, which `format_args!` will then report).
pub(crate) fn static_text(text: &LitStr) -> Option<String> {
    match format::parse(&text.value()).ok()?.as_mut_slice() {
        [] => Some(String::new()),
        [Segment::Text(text)] => Some(core::mem::take(text)),
        _ => None,
    }
}

/// A message split at compile time into text and plain `{}` arguments, for the runtime's
/// `from_pieces`.
pub(crate) struct Split {
    /// The explicit arguments, in the order written: each is evaluated once, before the code.
    pub(crate) args: Vec<TokenStream>,
    pub(crate) pieces: Vec<Piece>,
}

pub(crate) enum Piece {
    /// Literal text, with `{{` and `}}` unescaped.
    Text(String),
    /// The explicit argument at this index of `Split::args`.
    Arg(usize, Form),
    /// A variable captured by name (`{x}` with no argument `x = ..`).
    Capture(Ident, Form),
}

/// How a placeholder writes its argument: the specs `status!` splits (any other goes to
/// `format_args!` with the whole message).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Form {
    /// `{}`: by the argument's kind (exactly for integers, strings and `bool`, else `Display`).
    Plain,
    /// `{:x}`, `{:X}`, `{:#x}`, `{:#X}`: in hexadecimal (exactly for integers, else by the
    /// formatting trait).
    Hex { upper: bool, prefix: bool },
}

impl Form {
    /// The form of a placeholder with `spec` after its `:`, if `status!` splits it.
    fn of(spec: &str) -> Option<Self> {
        Some(match spec {
            "" => Self::Plain,
            "x" => Self::Hex {
                upper: false,
                prefix: false,
            },
            "#x" => Self::Hex {
                upper: false,
                prefix: true,
            },
            "X" => Self::Hex {
                upper: true,
                prefix: false,
            },
            "#X" => Self::Hex {
                upper: true,
                prefix: true,
            },
            _ => return None,
        })
    }
}

impl Split {
    /// The value form, `status!(code, value)`: one argument, written by its kind.
    pub(crate) fn value(value: &TokenStream) -> Self {
        Split {
            args: vec![value.clone()],
            pieces: vec![Piece::Arg(0, Form::Plain)],
        }
    }

    /// A literal with its arguments as pieces, or `None` when `format_args!` should have it
    /// whole: a format spec (`{x:?}`), a malformed string, or arguments that do not match the
    /// placeholders (`format_args!` then reports the mistake in its own words).
    pub(crate) fn literal(text: &LitStr, args: &[TokenStream]) -> Option<Self> {
        let mut positional = 0;
        let mut named: Vec<(String, usize)> = Vec::new();
        let mut exprs = Vec::with_capacity(args.len());
        for arg in args {
            // An empty argument (`"{}",, x`) is a syntax error `format_args!` words best.
            if arg.is_empty() {
                return None;
            }
            match named_arg(arg) {
                Some((name, expr)) => {
                    if named.iter().any(|(seen, _)| *seen == name) {
                        return None;
                    }
                    named.push((name, exprs.len()));
                    exprs.push(expr);
                }
                // `format_args!` wants positional arguments first.
                None if !named.is_empty() => return None,
                None => {
                    positional += 1;
                    exprs.push(arg.clone());
                }
            }
        }
        let mut used = vec![false; exprs.len()];
        let mut next = 0;
        let mut pieces = Vec::new();
        for segment in format::parse(&text.value()).ok()? {
            let hole = match segment {
                Segment::Text(text) => {
                    match pieces.last_mut() {
                        Some(Piece::Text(before)) => before.push_str(&text),
                        _ => pieces.push(Piece::Text(text)),
                    }
                    continue;
                }
                Segment::Hole(hole) => hole,
            };
            // A hex spec is split too; any other (`{x:?}`, `{x:>4}`) is for `format_args!`.
            let form = Form::of(&hole.spec)?;
            let index = match hole.arg {
                Arg::Next => {
                    next += 1;
                    next - 1
                }
                Arg::Index(index) => index,
                Arg::Name(name) => {
                    if let Some(&(_, index)) = named.iter().find(|(n, _)| *n == name) {
                        used[index] = true;
                        pieces.push(Piece::Arg(index, form));
                    } else {
                        // Not a keyword, not `_`: a variable `format_args!` would capture.
                        let ident = syn::parse_str::<Ident>(&name).ok()?;
                        let ident = Ident::new(&ident.to_string(), text.span());
                        pieces.push(Piece::Capture(ident, form));
                    }
                    continue;
                }
            };
            // A positional reference past the positional arguments (to a named one, or to none) is
            // left to `format_args!`, its lint or its error.
            if index >= positional {
                return None;
            }
            used[index] = true;
            pieces.push(Piece::Arg(index, form));
        }
        // An unused argument is an error `format_args!` reports.
        if used.contains(&false) {
            return None;
        }
        Some(Split {
            args: exprs,
            pieces,
        })
    }
}

fn is_punct(token: &TokenTree, ch: char) -> bool {
    matches!(token, TokenTree::Punct(p) if p.as_char() == ch)
}

/// Splits at top-level commas (commas inside brackets are inside one `Group` token).
fn split_commas(tokens: impl Iterator<Item = TokenTree>) -> Vec<TokenStream> {
    let mut segments = vec![TokenStream::new()];
    for token in tokens {
        if is_punct(&token, ',') {
            segments.push(TokenStream::new());
        } else if let Some(last) = segments.last_mut() {
            last.extend([token]);
        }
    }
    segments
}

/// The arguments as they are written after the format string: `, a, b`.
pub(crate) fn join_commas(segments: &[TokenStream]) -> TokenStream {
    let mut out = TokenStream::new();
    for segment in segments {
        out.extend([TokenTree::Punct(Punct::new(',', Spacing::Alone))]);
        out.extend(segment.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use quote::quote;

    use super::{Form, Invocation, Message, Piece, Split, static_text};

    /// The pieces `status!(krate; Code::X, <message>)` is split into, written `"text"`, `#0`
    /// (explicit argument 0) and `capture x`; `None` when `format_args!` gets it whole.
    fn split(message: &proc_macro2::TokenStream) -> Option<Vec<String>> {
        let invocation = Invocation::parse(quote!(::fs; Code::X, #message)).expect("parses");
        let split = match invocation.message.expect("a message") {
            Message::Literal { text, args } => Split::literal(&text, &args)?,
            Message::Display(value) => Split::value(&value),
        };
        Some(
            split
                .pieces
                .iter()
                .map(|piece| match piece {
                    Piece::Text(text) => format!("{text:?}"),
                    Piece::Arg(index, form) => format!("#{index}{}", spec(*form)),
                    Piece::Capture(ident, form) => format!("capture {ident}{}", spec(*form)),
                })
                .collect(),
        )
    }

    /// What `split` returns for a message split into `list`.
    #[allow(
        clippy::unnecessary_wraps,
        reason = "compared with `split`'s result as it is"
    )]
    fn pieces(list: &[&str]) -> Option<Vec<String>> {
        Some(list.iter().map(ToString::to_string).collect())
    }

    /// A form as its spec, after a `:`.
    fn spec(form: Form) -> &'static str {
        match form {
            Form::Plain => "",
            Form::Hex {
                upper: false,
                prefix: false,
            } => ":x",
            Form::Hex {
                upper: false,
                prefix: true,
            } => ":#x",
            Form::Hex {
                upper: true,
                prefix: false,
            } => ":X",
            Form::Hex {
                upper: true,
                prefix: true,
            } => ":#X",
        }
    }

    #[test]
    fn hex_placeholders_split_into_pieces() {
        assert_eq!(
            split(&quote!("bad offset {x:#x}")),
            pieces(&["\"bad offset \"", "capture x:#x"])
        );
        assert_eq!(
            split(&quote!("{:x} {:X} {0:#X}", a, b)),
            pieces(&["#0:x", "\" \"", "#1:X", "\" \"", "#0:#X"])
        );
        // Widths, fills and other radixes stay with `format_args!`.
        for message in [
            quote!("{x:08x}"),
            quote!("{x:#010x}"),
            quote!("{x:>4x}"),
            quote!("{x:b}"),
            quote!("{x:o}"),
            quote!("{x:#?}"),
        ] {
            assert_eq!(split(&message), None, "{message}");
        }
    }

    #[test]
    fn plain_placeholders_split_into_pieces() {
        assert_eq!(
            split(&quote!("bad value {x}")),
            pieces(&["\"bad value \"", "capture x"])
        );
        assert_eq!(
            split(&quote!("{} of {}", a, b)),
            pieces(&["#0", "\" of \"", "#1"])
        );
        assert_eq!(
            split(&quote!("{1}{0}{1}", a, b)),
            pieces(&["#1", "#0", "#1"])
        );
        assert_eq!(
            split(&quote!("{a}={x}, {}", p, a = 1)),
            pieces(&["#1", "\"=\"", "capture x", "\", \"", "#0"])
        );
        // Escaped braces join the text around them; empty text is left out.
        assert_eq!(
            split(&quote!("{{{x}}}")),
            pieces(&["\"{\"", "capture x", "\"}\""])
        );
        assert_eq!(
            split(&quote!("{x}{x}")),
            pieces(&["capture x", "capture x"])
        );
        // An empty spec is no spec.
        assert_eq!(split(&quote!("{:}", a)), pieces(&["#0"]));
        // A comparison is a positional argument, not a named one.
        assert_eq!(split(&quote!("{}", a == b)), pieces(&["#0"]));
        // The value form is one argument.
        assert_eq!(split(&quote!(value)), pieces(&["#0"]));
    }

    #[test]
    fn everything_else_is_left_to_format_args() {
        for message in [
            // Format specs, whitespace, malformed strings.
            quote!("{x:?}"),
            quote!("{:>4}", a),
            quote!("{ x }"),
            quote!("{"),
            quote!("}"),
            quote!("{x"),
            // Not a variable name: a keyword, `_`, a leading digit.
            quote!("{type}"),
            quote!("{_}"),
            quote!("{0x}"),
            // Arguments that do not match the placeholders.
            quote!("{}"),
            quote!("{1}", a),
            quote!("{}", a, b),
            quote!("x", a),
            quote!("{a}", a = 1, a = 2),
            quote!("{} {a}", a = 1, b),
            quote!("{} {}", b, a = 1),
            quote!("{} {}", , b),
        ] {
            assert_eq!(split(&message), None, "{message}");
        }
    }

    #[test]
    fn static_text_unescapes_and_detects_placeholders() {
        let lit = |s: &str| syn::LitStr::new(s, proc_macro2::Span::call_site());
        assert_eq!(static_text(&lit("plain")).as_deref(), Some("plain"));
        assert_eq!(static_text(&lit("a {{b}}")).as_deref(), Some("a {b}"));
        assert_eq!(static_text(&lit("x = {}")), None);
        assert_eq!(static_text(&lit("x = {x}")), None);
        assert_eq!(static_text(&lit("stray }")), None);
    }
}
