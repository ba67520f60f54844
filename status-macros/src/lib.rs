//! `#[derive(FastStatus)]`: turns an error-code enum into a one-word status type.
//!
//! Use it through the `fast-status` crate, which re-exports it with the runtime it targets.
//! The macro works in three steps, one module each: [`ast`] parses the input into a borrowed
//! view, [`valid`] checks the rules that look at more than one thing, and [`expand`] (the only
//! module that writes code) emits the status type or, on invalid input, the errors plus a small
//! fallback so that no follow-on errors appear.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod ast;
mod attr;
mod case;
mod ctxt;
mod expand;
mod format;
mod status;
mod valid;

use proc_macro::TokenStream;

/// Derives a one-word status type for an enum of error codes, or of error kinds with fields.
/// See the `fast-status` crate.
///
/// Besides `#[status(..)]`, thiserror's attributes are accepted (`#[error(..)]`, `#[from]`,
/// `#[source]`), so that a thiserror enum ports by changing its derive; `#[backtrace]` is
/// recognized only to say that the status captures backtraces itself.
#[proc_macro_derive(FastStatus, attributes(status, error, from, source, backtrace))]
pub fn derive_fast_status(input: TokenStream) -> TokenStream {
    let input = syn::parse_macro_input!(input as syn::DeriveInput);
    expand::derive(&input).into()
}

/// The implementation of `fast_status::status!`, which passes its own `$crate` first.
#[doc(hidden)]
#[proc_macro]
pub fn __status(input: TokenStream) -> TokenStream {
    match status::Invocation::parse(input.into()) {
        Ok(invocation) => expand::status(&invocation),
        Err(error) => error.to_compile_error(),
    }
    .into()
}

#[cfg(test)]
mod snapshots;
