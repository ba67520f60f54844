//! What the `derive` fuzz target feeds the macros, and the macros themselves: a proc-macro
//! crate can export only its macros, so the derive's modules are compiled into this crate from
//! their sources (`status-macros/src`), unchanged.
//!
//! An [`Input`] is one of: an enum-shaped item assembled from pieces users write and get wrong
//! (keyword and success names, every attribute spelling, fields of many types, discriminants,
//! format strings with every kind of placeholder), arbitrary text parsed as an item, or
//! arbitrary `status!` arguments. [`Input::check`] runs the macro and asserts that it answers
//! with tokens (for the derive: items that parse) or a compile error, without panicking.
#![allow(
    dead_code,
    reason = "the macro's modules have items only the proc-macro entry uses"
)]

#[path = "../../status-macros/src/ast.rs"]
mod ast;
#[path = "../../status-macros/src/attr.rs"]
mod attr;
#[path = "../../status-macros/src/case.rs"]
mod case;
#[path = "../../status-macros/src/ctxt.rs"]
mod ctxt;
#[path = "../../status-macros/src/expand/mod.rs"]
mod expand;
#[path = "../../status-macros/src/format.rs"]
mod format;
#[path = "../../status-macros/src/status_macro/mod.rs"]
mod status_macro;
#[path = "../../status-macros/src/valid.rs"]
mod valid;

use std::fmt::Write as _;

use arbitrary::Arbitrary;

/// One input for the macros.
#[derive(Arbitrary, Debug)]
pub enum Input {
    /// An enum-shaped item, assembled.
    Item(Item),
    /// Any text, parsed as an item.
    Text(String),
    /// Any text, as the arguments of `status!`.
    Status(String),
}

impl Input {
    /// Runs the macro on the input.
    ///
    /// # Panics
    ///
    /// If the macro panics, or the derive's tokens do not parse as items.
    pub fn check(&self) {
        match self {
            Input::Item(item) => derive(&item.to_string()),
            Input::Text(text) => derive(text),
            Input::Status(text) => status_macro(text),
        }
    }
}

/// The derive on `source`, if it parses as an item the derive can be given.
fn derive(source: &str) {
    let Ok(node) = syn::parse_str::<syn::DeriveInput>(source) else {
        return;
    };
    let tokens = expanded(&node);
    if let Err(error) = syn::parse2::<syn::File>(tokens.clone()) {
        panic!("the derive's output does not parse ({error}):\n{source}\n=>\n{tokens}");
    }
}

/// The derive's pipeline on `node`, as its entry point (status-macros/src/lib.rs) runs it.
fn expanded(node: &syn::DeriveInput) -> proc_macro2::TokenStream {
    let cx = ctxt::Ctxt::default();
    let mut input = ast::Input::from_syn(&cx, node);
    if let Some(input) = &mut input {
        valid::check(&cx, input);
    }
    expand::expand(cx.check(), input.as_ref())
}

/// `status!` and `bail!` with `source` as their arguments, if it is a token stream.
fn status_macro(source: &str) {
    let Ok(arguments) = source.parse::<proc_macro2::TokenStream>() else {
        return;
    };
    for expanding in [status_macro::Macro::Status, status_macro::Macro::Bail] {
        drop(status_macro::status_or_bail(
            quote::quote!(::fast_status; #arguments),
            expanding,
        ));
    }
}

/// An item: `#[status(..)]` attributes, a keyword, a name, generics and variants. Each part is
/// usually what a correct input has, so that one input tends to hold one mistake and both of
/// the derive's outcomes (accepted, rejected) are common.
#[derive(Arbitrary, Debug)]
pub struct Item {
    attr: Option<Attr>,
    keyword: Keyword,
    name: ItemName,
    generics: Generics,
    variants: Vec<Variant>,
}

/// `enum` for most bytes.
#[derive(Arbitrary, Debug)]
struct Keyword(u8);

/// A name the default naming rule accepts for most bytes, else any [`Name`].
#[derive(Arbitrary, Debug)]
struct ItemName(u8, Name);

impl std::fmt::Display for ItemName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 % 8 {
            0 => write!(f, "{}", self.1),
            1 => f.write_str("ErrorKind"),
            2 => f.write_str("ParseCode"),
            _ => f.write_str("StatusCode"),
        }
    }
}

/// Names for the item and its variants: a listed one (what the naming rules look at) for a
/// quarter of the bytes, else a generated one.
#[derive(Arbitrary, Debug, Clone, Copy)]
struct Name(u8, u16);

/// Names that exercise the rules: suffixes, keywords, success names, collisions, built-ins.
const NAMES: &[&str] = &[
    "StatusCode",
    "ErrorKind",
    "Code",
    "Kind",
    "Status",
    "Error",
    "Invalid",
    "IOError",
    "IoError",
    "Ok",
    "OK",
    "Success",
    "Crate",
    "Super",
    "Self_",
    "Type",
    "Match",
    "r#type",
    "r#match",
    "New",
    "Message",
    "Context",
    "Source",
    "Http2Error",
    "A",
    "B",
    "TooBig",
    "BadOffset",
];

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 % 4 {
            0 => f.write_str(NAMES[usize::from(self.1) % NAMES.len()]),
            _ => write!(f, "V{}", self.1),
        }
    }
}

/// None for most bytes.
#[derive(Arbitrary, Debug)]
struct Generics(u8);

/// `#[status(..)]`, `#[error(..)]` and other attributes, on the enum, a variant or a field.
#[derive(Arbitrary, Debug)]
enum Attr {
    Status(Vec<Key>),
    Error(Format, Vec<Arg>),
    ErrorTransparent,
    From,
    Source,
    Doc,
    Other,
}

/// One key of `#[status(..)]`.
#[derive(Arbitrary, Debug)]
enum Key {
    Name(Name),
    Code(Name),
    Crate,
    Display(Format),
    From(Type),
    FromBare,
    Method(Name),
    Source,
    Transparent,
    Unknown,
    UnknownWithValue,
    Nested,
}

/// A format string of literal text and placeholders.
#[derive(Arbitrary, Debug)]
struct Format(Vec<FormatPart>);

#[derive(Arbitrary, Debug)]
enum FormatPart {
    Text(u8),
    Next,
    Index(u8),
    Named(Name),
    Field(u8),
    Spec(u8),
    Escaped,
    Stray,
}

/// An argument after an `#[error]` text: fields by shorthand and by bare name, names that
/// are not the field (paths, struct literal fields, macros, closures' parameters, argument
/// names), and fields that do not exist.
#[derive(Arbitrary, Debug)]
struct Arg(u8);

const ARGS: &[&str] = &[
    ".0",
    ".size",
    "size",
    "*.len + 1",
    "size.to_string()",
    "&[1u8][..len]",
    "core::cmp::max(len, 1)",
    "Some(size).map(|size| size)",
    "{ let len = 1; len }",
    "n = size",
    "source",
    "r#type",
    ".nope",
    "nope",
    "match .0 { _ => 1 }",
    "format_args!(\"{}\", len)",
];

impl std::fmt::Display for Arg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(ARGS[usize::from(self.0) % ARGS.len()])
    }
}

/// Field types: packable integers, wider ones, errors, references, generics.
#[derive(Arbitrary, Debug, Clone, Copy)]
enum Type {
    Listed(u8),
}

const TYPES: &[&str] = &[
    "u8",
    "u16",
    "u32",
    "u64",
    "usize",
    "i32",
    "i64",
    "bool",
    "char",
    "String",
    "Vec<u8>",
    "std::io::Error",
    "core::num::ParseIntError",
    "Box<dyn std::error::Error + Send + Sync>",
    "std::rc::Rc<u8>",
    "&'static str",
    "T",
    "Self",
    "()",
    "[u8; 4]",
    "Option<u32>",
];

impl std::fmt::Display for Type {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let Type::Listed(i) = *self;
        f.write_str(TYPES[usize::from(i) % TYPES.len()])
    }
}

#[derive(Arbitrary, Debug)]
struct Variant {
    attr: Option<Attr>,
    name: Name,
    fields: Fields,
    discriminant: Option<Discriminant>,
}

/// Unit for about half the bytes.
#[derive(Arbitrary, Debug)]
struct Fields(u8, Vec<(Name, Field)>);

#[derive(Arbitrary, Debug)]
struct Field {
    attr: Option<Attr>,
    ty: Type,
}

/// A small literal for most bytes.
#[derive(Arbitrary, Debug)]
struct Discriminant(u8, u64);

impl std::fmt::Display for Item {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(attr) = &self.attr {
            writeln!(f, "{attr}")?;
        }
        let keyword = match self.keyword.0 {
            0 => "struct",
            1 => "union",
            2..64 => "pub enum",
            _ => "enum",
        };
        let (params, clause) = match self.generics.0 {
            0 => ("<T>", ""),
            1 => ("<'a>", ""),
            2 => ("", " where u8: Copy"),
            _ => ("", ""),
        };
        writeln!(f, "{keyword} {}{params}{clause} {{", self.name)?;
        for variant in &self.variants {
            writeln!(f, "    {variant},")?;
        }
        f.write_str("}")
    }
}

impl std::fmt::Display for Attr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Attr::Status(keys) => {
                f.write_str("#[status(")?;
                for (i, key) in keys.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{key}")?;
                }
                f.write_str(")]")
            }
            Attr::Error(format, args) => {
                write!(f, "#[error({format}")?;
                for arg in args {
                    write!(f, ", {arg}")?;
                }
                f.write_str(")]")
            }
            Attr::ErrorTransparent => f.write_str("#[error(transparent)]"),
            Attr::From => f.write_str("#[from]"),
            Attr::Source => f.write_str("#[source]"),
            Attr::Doc => f.write_str("/// Documented."),
            Attr::Other => f.write_str("#[allow(dead_code)]"),
        }
    }
}

impl std::fmt::Display for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Key::Name(name) => write!(f, "name = {name}"),
            Key::Code(name) => write!(f, "code = {name}"),
            Key::Crate => f.write_str("crate = ::my_status"),
            Key::Display(format) => write!(f, "display = {format}"),
            Key::From(ty) => write!(f, "from = {ty}"),
            Key::FromBare => f.write_str("from"),
            // A name in lowercase: a built-in (`message`), a keyword (`r#type`) or another.
            Key::Method(name) => write!(f, "method = {}", name.to_string().to_lowercase()),
            Key::Source => f.write_str("source"),
            Key::Transparent => f.write_str("transparent"),
            Key::Unknown => f.write_str("unknown"),
            Key::UnknownWithValue => f.write_str("unknown = 1 + 2"),
            Key::Nested => f.write_str("nested(a, b = 3)"),
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut text = String::new();
        for part in &self.0 {
            match part {
                FormatPart::Text(n) => {
                    let _ = write!(text, "t{n} é");
                }
                FormatPart::Next => text.push_str("{}"),
                FormatPart::Index(i) => {
                    let _ = write!(text, "{{{}}}", i % 4);
                }
                FormatPart::Named(name) => {
                    let _ = write!(text, "{{{name}}}");
                }
                FormatPart::Field(i) => {
                    let _ = write!(
                        text,
                        "{{{}}}",
                        ["size", "len", "source", "0"][usize::from(*i) % 4]
                    );
                }
                FormatPart::Spec(i) => {
                    let spec = [":?", ":#x", ":>8", ":.3", ": <", ":#?"][usize::from(*i) % 6];
                    let _ = write!(text, "{{0{spec}}}");
                }
                FormatPart::Escaped => text.push_str("{{}}"),
                FormatPart::Stray => text.push('{'),
            }
        }
        write!(f, "{text:?}")
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(attr) = &self.attr {
            write!(f, "{attr} ")?;
        }
        write!(f, "{}", self.name)?;
        let Fields(shape, fields) = &self.fields;
        match shape % 4 {
            0 | 1 => {}
            2 => {
                f.write_str("(")?;
                for (_, field) in fields {
                    write!(f, "{field}, ")?;
                }
                f.write_str(")")?;
            }
            _ => {
                f.write_str(" {")?;
                for (name, field) in fields {
                    let name = name.to_string().to_lowercase();
                    let name = if name == "self_" { "r#self" } else { &name };
                    write!(f, " {name}: {field},")?;
                }
                f.write_str(" }")?;
            }
        }
        match &self.discriminant {
            None => Ok(()),
            Some(Discriminant(0, n)) => write!(f, " = {n}"),
            Some(Discriminant(1, n)) => write!(f, " = -{}", n % 100),
            Some(Discriminant(2, _)) => f.write_str(" = 1 << 3"),
            Some(Discriminant(_, n)) => write!(f, " = {}", n % 1000),
        }
    }
}

impl std::fmt::Display for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(attr) = &self.attr {
            write!(f, "{attr} ")?;
        }
        write!(f, "{}", self.ty)
    }
}

#[cfg(test)]
mod tests {
    use arbitrary::{Arbitrary, Unstructured};

    use super::Item;

    /// Most assembled items must reach the derive (parse as an item), and both its outcomes
    /// (accepted, rejected with errors) must be common, or the target fuzzes the parser only.
    #[test]
    fn assembled_items_reach_both_outcomes_of_the_derive() {
        let (mut parsed, mut accepted, mut rejected) = (0, 0, 0);
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..2000 {
            let bytes: Vec<u8> = (0..256)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed.to_le_bytes()[0]
                })
                .collect();
            let Ok(item) = Item::arbitrary(&mut Unstructured::new(&bytes)) else {
                continue;
            };
            let Ok(node) = syn::parse_str::<syn::DeriveInput>(&item.to_string()) else {
                continue;
            };
            parsed += 1;
            let tokens = super::expanded(&node).to_string();
            if tokens.contains("compile_error") {
                rejected += 1;
            } else {
                accepted += 1;
            }
        }
        println!("parsed {parsed} of 2000: {accepted} accepted, {rejected} rejected");
        assert!(parsed > 1000 && accepted > 50 && rejected > 50);
    }
}
