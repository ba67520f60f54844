//! Expansion snapshots: the derive's output, under version control in `tests/expand/`
//! (`cargo expand` shows a user the `status_items!` invocation in it expanded too). A change to the expansion fails here until the snapshot is regenerated,
//! explicitly, with `FAST_STATUS_BLESS=1 cargo test -p status-macros` (never in CI).

use std::path::PathBuf;

use proc_macro2::TokenStream;
use quote::quote;
use syn::parse_quote;

use crate::status_macro;

fn check(name: &str, input: &syn::DeriveInput) {
    let tokens = crate::derive(input);
    let file: syn::File = syn::parse2(tokens).expect("the expansion parses as a file");
    let title = format!("`#[derive(FastStatus)]` for `{}`", input.ident);
    compare(name, &title, &file);
}

/// Compares `file`, pretty-printed under a header naming `title`, with the snapshot `name`.
fn compare(name: &str, title: &str, file: &syn::File) {
    let actual = format!(
        "// Expansion of {title}. Regenerate with\n\
         // `FAST_STATUS_BLESS=1 cargo test -p status-macros snapshots`.\n\n{}",
        prettyplease::unparse(file)
    );
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/expand")
        .join(format!("{name}.expanded.rs"));
    if std::env::var_os("FAST_STATUS_BLESS").is_some() {
        std::fs::write(&path, &actual).expect("write the snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    if expected != actual {
        let first_difference = expected
            .lines()
            .zip(actual.lines())
            .position(|(e, a)| e != a)
            .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
        panic!(
            "the expansion of `{name}` differs from {} from line {}:\n\
             expected: {:?}\n  actual: {:?}\n\
             regenerate with `FAST_STATUS_BLESS=1 cargo test -p status-macros snapshots` and \
             review the diff",
            path.display(),
            first_difference + 1,
            expected.lines().nth(first_difference),
            actual.lines().nth(first_difference),
        );
    }
}

#[test]
fn design_example() {
    check(
        "design-example",
        &parse_quote! {
            /// Why a read failed.
            #[derive(FastStatus, Clone, Copy, Debug, PartialEq, Eq, Hash)]
            #[status(name = Status)]
            pub enum StatusCode {
                #[status(display = "Out of memory")]
                OutOfMemory = 1,
                #[status(display = "Key error")]
                KeyError,
                Invalid,
                #[status(from = std::io::Error)]
                IOError,
                NotImplemented,
            }
        },
    );
}

#[test]
fn kinds_with_fields() {
    check(
        "kinds",
        &parse_quote! {
            /// Why parsing failed.
            #[derive(FastStatus, Debug)]
            #[status(name = Error)]
            #[non_exhaustive]
            pub enum ErrorKind {
                #[status(display = "type is too big ({size}) for {len}")]
                TooBig { size: usize, len: usize },
                #[status(display = "bad offset {0:#x}")]
                BadOffset(u32),
                #[status(display = "I/O failed")]
                Io(#[status(from)] std::io::Error),
                #[error("{} at {line}", .name.to_uppercase())]
                #[non_exhaustive]
                Named { name: String, line: u32 },
                #[error(transparent)]
                Other(Box<dyn std::error::Error + Send + Sync>),
                #[error("cannot open {path} ({path:?})")]
                Open { path: std::path::PathBuf },
                Custom,
            }
        },
    );
}

#[test]
fn minimal_with_renamed_crate() {
    check(
        "renamed-crate",
        &parse_quote! {
            #[derive(FastStatus, Clone, Copy)]
            #[status(crate = ::my_status)]
            pub(crate) enum ErrorKind {
                Timeout = 7,
            }
        },
    );
}

#[test]
fn computed_discriminants() {
    check(
        "computed-discriminants",
        &parse_quote! {
            #[derive(FastStatus, Debug)]
            #[repr(u8)]
            enum FlagKind {
                Short(u8) = 1 << 3,
                Long { at: usize },
                Done = Self::LAST,
            }
        },
    );
}

#[test]
fn variant_constructors() {
    check(
        "variant-constructors",
        &parse_quote! {
            #[derive(FastStatus, Debug)]
            #[status(name = Error, variant_constructors)]
            pub enum ErrorKind {
                #[error("Parser error: {0}")]
                ParseError(String),
                #[error("Divide by zero error")]
                DivideByZero,
                #[error("at {at}")]
                At { at: usize },
            }
        },
    );
}

#[test]
fn keywords_and_gaps() {
    check(
        "keywords-and-gaps",
        &parse_quote! {
            #[derive(FastStatus, Clone, Copy)]
            enum ParseCode {
                Type = 3,
                Match = 10,
                #[status(from = core::num::ParseIntError, from = core::fmt::Error)]
                Number,
            }
        },
    );
}

#[test]
fn invalid_input_expands_to_errors_and_fallback() {
    check(
        "invalid-fallback",
        &parse_quote! {
            #[derive(FastStatus, Clone, Copy)]
            #[status(name = Status)]
            enum StatusCode {
                // A mistake the input cannot be mended after: `super` cannot name a method,
                // not even as `r#super`.
                Super,
                Invalid(u32),
            }
        },
    );
}

#[test]
fn status_macro_forms() {
    let forms = [
        quote!(::fast_status; StatusCode::Invalid),
        quote!(::fast_status; StatusCode::Invalid, "header needs 4 bytes"),
        quote!(::fast_status; StatusCode::Invalid, "header needs 4 bytes, got {}", buf.len()),
        quote!(::fast_status; StatusCode::KeyError, "no column '{name}' in {table}", table = t.id),
        quote!(::fast_status; code, "literal with a run-time code"),
        quote!(::fast_status; StatusCode::Invalid, "offset {offset:#x}"),
        // More than 12 pieces: `from_pieces`, over a slice of them.
        quote!(::fast_status; StatusCode::Invalid, "{a}.{b}.{c}.{d}.{e}.{f}.{g}.{h}.{i}"),
    ];
    let statements = expansions(&forms, status_macro::Macro::Status).map(|e| quote!(let _ = #e;));
    let file = syn::parse2(quote! {
        fn status_forms() {
            #(#statements)*
        }
    })
    .expect("the expansions parse");
    compare(
        "status-forms",
        "`status!` in each form, one per statement",
        &file,
    );
}

#[test]
fn bail_macro_forms() {
    let forms = [
        quote!(::fast_status; StatusCode::Invalid),
        quote!(::fast_status; StatusCode::Invalid, "header needs 4 bytes"),
        quote!(::fast_status; StatusCode::Invalid, "no u32 at {at} in {} bytes", buf.len()),
    ];
    let statements =
        expansions(&forms, status_macro::Macro::Bail).map(|e| quote!(if failed { #e; }));
    let file = syn::parse2(quote! {
        fn bail_forms() -> Result<u32, Status> {
            #(#statements)*
            Ok(0)
        }
    })
    .expect("the expansions parse");
    compare(
        "bail-forms",
        "`bail!` (and `ensure!`) in each form, one per `if`",
        &file,
    );
}

/// The expansion of each of `forms` (a macro's input after the facade's `$crate;`).
fn expansions(
    forms: &[TokenStream],
    expanding: status_macro::Macro,
) -> impl Iterator<Item = TokenStream> + '_ {
    forms
        .iter()
        .map(move |form| status_macro::status_or_bail(form.clone(), expanding))
}
