//! `status!`, `bail!` and `ensure!`: the facade's `macro_rules!` wrappers pass their `$crate`
//! and arguments here; [`parse`] reads them and [`expand`] writes the status (or its `return`).

mod expand;
mod parse;

use proc_macro2::TokenStream;

pub(crate) use expand::Macro;

/// The expansion of `status!` or `bail!` for `input`, or the error that says what is wrong
/// with it.
pub(crate) fn status_or_bail(input: TokenStream, expanding: Macro) -> TokenStream {
    match parse::Invocation::parse(input) {
        Ok(invocation) => expand::status(&invocation, expanding),
        Err(error) => error.to_compile_error(),
    }
}
