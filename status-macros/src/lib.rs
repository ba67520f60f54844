//! `#[derive(FastStatus)]`: turns an error-code enum into a one-word status type.
//!
//! Use it through the `fast-status` crate, which re-exports it with the runtime it targets.
//! The derive works in three steps, one module each (see `derive` below): `ast` parses the
//! `syn::DeriveInput` into a borrowed view (its attributes read by `attr`), `valid` checks the
//! rules that look at more than one thing, and `expand` writes the status type with `quote!`
//! or, on invalid input, the errors: beside the status type of the mended input when every
//! mistake could be mended (a text, a key or a field's mark left out), else beside a small
//! fallback. `status_macro` parses and expands `status!`, `bail!` and `ensure!`.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod ast;
mod attr;
mod case;
mod ctxt;
mod expand;
mod format;
mod status_macro;
mod valid;

use proc_macro::TokenStream;

use crate::ctxt::Ctxt;

/// Derives a one-word status type for an enum of error codes, or of error kinds with fields.
///
/// Use it through the `fast-status` crate (`use fast_status::FastStatus;`), whose page shows
/// it at work. This page is the reference of what it reads and what it writes.
///
/// # Input
///
/// An enum without generic or lifetime parameters, with at least one variant:
///
/// - **an enum of codes**: every variant without fields (`Invalid`, `KeyError = 4`); the enum
///   must be `Copy`. Its discriminants are the raw codes (below `2^30`, not negative): integer
///   literals, or any constant expression (`1 << 3`, `BASE + 1`), checked at compile time.
/// - **an enum of kinds**: any variant with named or tuple fields (thiserror's shape), or
///   `code = ..` on the enum. A fieldless code enum is generated beside it.
///
/// # Attributes
///
/// On the enum, `#[status(..)]`:
///
/// | key | meaning | default |
/// |---|---|---|
/// | `name = Ident` | the status type's name | the enum's name without a trailing `Code` or `Kind`; required otherwise |
/// | `code = Ident` | the generated code enum of an enum of kinds | the kind's name with `Kind` replaced by `Code`, or `Code` appended |
/// | `crate = path` | the path to `fast_status`, for a renamed dependency | `::fast_status` |
/// | `backtrace` | the statuses capture a backtrace when `RUST_BACKTRACE` or `RUST_LIB_BACKTRACE` asks (`backtrace = never` says the default) | never capture one |
/// | `variant_constructors` | a function named like each tuple variant, taking its fields (`Error::ParseError(text)`), and a constant named like each unit variant (`Error::DivideByZero`, usable in `const`), so a port's construction sites compile unchanged; struct variants keep the snake-case constructor | off |
/// | `into_io_error = manual` | no `From<Status> for std::io::Error`: the crate writes its own | generated |
///
/// On a variant, `#[status(..)]`:
///
/// | key | meaning |
/// |---|---|
/// | `display = "text"` | the variant's text in `Display`; with fields, placeholders name them (`{size}`, `{0:#x}`, `{value:>width$}`) and uppercase names are constants in scope; a code's text (an enum without kinds) has no placeholders. Default: the variant's name |
/// | `from = Type` (repeatable, fieldless variants) | `From<Type>` for the status: this code, the value kept as `source()`. `Type` is an error type, a status type (reports then show its creation site and context lines), or any type that converts into `Box<dyn Error + Send + Sync>` (`anyhow::Error`) |
/// | `transparent` | a variant with one field: its `Display` and `source()` are the field's |
/// | `io_kind = Kind` | the `std::io::ErrorKind` of the `io::Error` this code converts into (`From<Status> for io::Error`); default: the kind of the `io::Error` the status was made from (a `transparent` field, or in its sources), else `Other` |
/// | `method = name` | the variant's constructor is `name(..)` and its predicate `is_name()`, for a variant whose own names would clash with a built-in method (`Message` -> `message()`) or another variant's; default: the variant's name in `snake_case` |
///
/// On a field, `#[status(..)]`: `from` (the variant's one field: `From<FieldType>`, and the
/// field is the `source()`) or `source` (the field is the `source()`; a field named `source`
/// is, unmarked).
///
/// thiserror's spellings are read the same way: `#[error("text", args..)]` for `display`
/// (with its argument forms: `.field` wherever an operand starts, as in `*.field` or
/// `match .field { .. }`, a named field by its bare name, as in `path.display()`,
/// `name = expr`, and `{self:?}` for the value itself),
/// `#[error(transparent)]`,
/// `#[error(fmt = path)]` (a variant with fields: `path(&field, .., formatter)` writes it), and
/// `#[from]` and `#[source]` on fields (a source written `Option<E>` is the source when it is
/// `Some`). `#[backtrace]` is an error that says why: the status captures backtraces itself;
/// so is a `Backtrace` field beside a `#[from]` field, which thiserror's `From` fills in
/// (elsewhere a `Backtrace` field is a field like any other, made by the caller).
///
/// # Output
///
/// For `StatusCode` with `name = Status` (see the `fast-status` crate for each in detail):
///
/// - `pub struct Status` (the enum's visibility): one word, `#[repr(transparent)]`, with an
///   `#[inline(always)]` `Drop` whose cold path is one shared function. The type is not
///   `#[must_use]` (a status taken out of a result with `unwrap_err()` may be dropped unread);
///   the functions that make or change a status are.
/// - Constructors: `const fn from_code`, `new(code, impl Display)` and one per variant in
///   `snake_case` or as its `method` names it (`invalid(message)`; for a variant with fields,
///   its fields: `too_big(size, len)`), `#[cold]` and `#[track_caller]`.
/// - `is_<variant>()` predicates, `code()`, `message()`, `location()`, `kind()` and
///   `into_kind()` (enums of kinds), `with_message`, `with_detail`, `with_source`, `context`,
///   `detail`, `details`, `context_lines`.
/// - `Display`, `Debug` (for an enum of codes a report, `{:#?}` structural; for an enum of
///   kinds the kind enum's own `Debug`, then any message and context lines), `report()` (the
///   report for people, for every status), `Error`, `Clone`, `PartialEq`, `Eq`, `Hash`,
///   `From<Code>`, `From<Kind>` (a fieldless kind is its code, no call), `From<T>` for each
///   `from`, `From<Status> for io::Error` (with `std`), and `impl FastStatus` / `impl Code`.
/// - With `variant_constructors`: a function named like each tuple variant and a constant
///   named like each unit variant.
///
/// Every mistake in the input is a compile error on the offending token that says what to
/// write instead, all of them in one build.
#[proc_macro_derive(FastStatus, attributes(status, error, from, source, backtrace))]
pub fn derive_fast_status(input: TokenStream) -> TokenStream {
    let node = syn::parse_macro_input!(input as syn::DeriveInput);
    derive(&node).into()
}

/// The derive's pipeline: parse, validate, expand. Every mistake is reported to one [`Ctxt`],
/// so the user sees all of them from one build.
fn derive(node: &syn::DeriveInput) -> proc_macro2::TokenStream {
    let cx = Ctxt::default();
    // Parse: a borrowed view of the enum, its attributes typed; `None` if it is not an enum.
    let mut input = ast::Input::from_syn(&cx, node);
    // Validate: the rules that look at more than one variant, mending what can be mended.
    if let Some(input) = &mut input {
        valid::check(&cx, input);
    }
    // Expand: the status type, or the errors beside the mended input's or a fallback.
    expand::expand(cx.check(), input.as_ref())
}

/// The implementation of `fast_status::status!`, which passes its own `$crate` first.
#[doc(hidden)]
#[proc_macro]
pub fn __status(input: TokenStream) -> TokenStream {
    status_macro::status_or_bail(input.into(), status_macro::Macro::Status).into()
}

/// The implementation of `fast_status::bail!` (and `ensure!`), which passes its own `$crate`
/// first: `status!`'s status, returned as the function's `Err`.
#[doc(hidden)]
#[proc_macro]
pub fn __bail(input: TokenStream) -> TokenStream {
    status_macro::status_or_bail(input.into(), status_macro::Macro::Bail).into()
}

#[cfg(test)]
mod snapshots;
