//! `#[derive(FastStatus)]`: turns an error-code enum into a one-word status type.
//!
//! Use it through the `fast-status` crate, which re-exports it with the runtime it targets.
//! The derive works in three steps, one module each (see `derive` below): `ast` parses the
//! `syn::DeriveInput` into a borrowed view (its attributes read by `attr`), `valid` checks the
//! rules that look at more than one thing, and `expand` writes the status type with `quote!`
//! or, on invalid input, the errors: beside the status type of the mended input when every
//! mistake could be mended (a text, a key or a field's mark left out, a clashing method name
//! hidden), else beside a small fallback. `status_macro` parses and expands `status!`, `bail!`
//! and `ensure!`; `pack` is `#[derive(Pack)]`, for a fieldless enum that rides in the word.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod ast;
mod attr;
mod case;
mod ctxt;
mod expand;
mod format;
mod pack;
mod status_macro;
mod valid;

use proc_macro::TokenStream;

use crate::ctxt::Ctxt;

/// Implemented in `status-macros`: depend on `fast-status` and use this derive as
/// `fast_status::FastStatus`, whose page is its reference.
#[proc_macro_derive(FastStatus, attributes(status, error, from, source, backtrace))]
pub fn derive_fast_status(input: TokenStream) -> TokenStream {
    let node = syn::parse_macro_input!(input as syn::DeriveInput);
    derive(&node).into()
}

/// Implemented in `status-macros`: depend on `fast-status` and use this derive as
/// `fast_status::Pack`, whose page is its reference.
#[proc_macro_derive(Pack, attributes(pack))]
pub fn derive_pack(input: TokenStream) -> TokenStream {
    let node = syn::parse_macro_input!(input as syn::DeriveInput);
    pack::derive(&node).into()
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
