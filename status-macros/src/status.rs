//! The input of `status!`: `$crate ; code [, message [, format args..]]`.

use proc_macro2::{Span, TokenStream, TokenTree};
use syn::{LitStr, Path};

pub(crate) struct Invocation {
    /// The facade's `$crate`, passed by its `macro_rules!` wrapper.
    pub(crate) krate: TokenStream,
    /// The code expression.
    pub(crate) code: TokenStream,
    pub(crate) message: Option<Message>,
}

pub(crate) enum Message {
    /// A string literal, with the format arguments that follow it (possibly none).
    Literal { text: LitStr, args: TokenStream },
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
        let message = match segments.next() {
            None => None,
            Some(message) => {
                let rest: Vec<TokenStream> = segments.collect();
                Some(match syn::parse2::<LitStr>(message.clone()) {
                    Ok(text) => Message::Literal {
                        text,
                        args: join_commas(rest),
                    },
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
    let value = text.value();
    let mut out = String::with_capacity(value.len());
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '{' || c == '}' {
            if chars.peek() != Some(&c) {
                return None;
            }
            chars.next();
        }
        out.push(c);
    }
    Some(out)
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

fn join_commas(segments: Vec<TokenStream>) -> TokenStream {
    let mut out = TokenStream::new();
    for segment in segments {
        out.extend([TokenTree::Punct(proc_macro2::Punct::new(
            ',',
            proc_macro2::Spacing::Alone,
        ))]);
        out.extend(segment);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::static_text;

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
