//! The error accumulator: every check reports into one [`Ctxt`], so the user sees all mistakes
//! from one build.

use std::cell::RefCell;
use std::fmt::Display;

use quote::ToTokens;

/// Collects errors; [`Ctxt::check`] combines them into one `syn::Error`.
#[derive(Default)]
pub(crate) struct Ctxt {
    errors: RefCell<Vec<syn::Error>>,
}

impl Ctxt {
    /// Records an error spanned on `tokens` (taken as `dyn`: one copy of this and of syn's
    /// `new_spanned` in the macro's code, not one per token type).
    pub(crate) fn error_spanned_by(&self, tokens: &dyn ToTokens, message: impl Display) {
        self.errors
            .borrow_mut()
            .push(syn::Error::new_spanned(tokens, message));
    }

    /// Records an already-built error.
    pub(crate) fn syn_error(&self, error: syn::Error) {
        self.errors.borrow_mut().push(error);
    }

    /// All recorded errors, combined, or `Ok` if there were none.
    pub(crate) fn check(self) -> syn::Result<()> {
        let mut errors = self.errors.into_inner().into_iter();
        let Some(mut combined) = errors.next() else {
            return Ok(());
        };
        for error in errors {
            combined.combine(error);
        }
        Err(combined)
    }
}
