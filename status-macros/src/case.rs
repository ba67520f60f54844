//! Variant names to method names.

/// `OutOfMemory` -> `out_of_memory`, `IOError` -> `io_error`, `Http2Error` -> `http2_error`.
///
/// An underscore goes before an uppercase letter that follows a lowercase letter or a digit,
/// and before the last capital of an acronym followed by a lowercase letter (`IOE|rror`).
pub(crate) fn to_snake_case(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::with_capacity(name.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() && i > 0 {
            let prev = chars[i - 1];
            let next_is_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            let boundary = prev.is_lowercase()
                || prev.is_ascii_digit()
                || (prev.is_uppercase() && next_is_lower);
            if boundary && !out.ends_with('_') {
                out.push('_');
            }
        }
        out.extend(c.to_lowercase());
    }
    out
}

/// Keywords that can be used as raw identifiers (`r#type`).
const RAW_KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "do", "dyn",
    "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl", "in", "let",
    "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref", "return",
    "static", "struct", "trait", "true", "try", "type", "typeof", "unsafe", "unsized", "use",
    "virtual", "where", "while", "yield",
];

/// Keywords that cannot be identifiers at all, not even raw ones.
const NON_RAW_KEYWORDS: &[&str] = &["crate", "self", "super", "Self", "_"];

/// How a generated method name can be written.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Spelling {
    /// As is.
    Plain,
    /// Only as a raw identifier (`r#type`).
    Raw,
    /// Not at all (`crate`).
    Impossible,
}

pub(crate) fn spelling(name: &str) -> Spelling {
    if NON_RAW_KEYWORDS.contains(&name) {
        Spelling::Impossible
    } else if RAW_KEYWORDS.contains(&name) {
        Spelling::Raw
    } else {
        Spelling::Plain
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_case() {
        for (camel, snake) in [
            ("OutOfMemory", "out_of_memory"),
            ("KeyError", "key_error"),
            ("IOError", "io_error"),
            ("IoError", "io_error"),
            ("Invalid", "invalid"),
            ("HTTP2Error", "http2_error"),
            ("Http2Error", "http2_error"),
            ("ABC", "abc"),
            ("Already_Snake", "already_snake"),
            ("X", "x"),
            ("NotImplemented", "not_implemented"),
        ] {
            assert_eq!(to_snake_case(camel), snake, "{camel}");
        }
    }

    #[test]
    fn keywords() {
        assert_eq!(spelling("type"), Spelling::Raw);
        assert_eq!(spelling("crate"), Spelling::Impossible);
        assert_eq!(spelling("super"), Spelling::Impossible);
        assert_eq!(spelling("invalid"), Spelling::Plain);
        assert_eq!(spelling("union"), Spelling::Plain);
    }
}
