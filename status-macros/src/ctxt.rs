//! The error accumulator: every check reports into one [`Ctxt`], so the user sees all mistakes
//! from one build.

use std::cell::{Cell, RefCell};
use std::fmt::Display;

use quote::ToTokens;

/// Collects errors; [`Ctxt::check`] combines them into one `syn::Error`.
#[derive(Default)]
pub(crate) struct Ctxt {
    errors: RefCell<Vec<syn::Error>>,
    /// Whether an error was recorded that the input was not mended after (see
    /// [`Ctxt::recovered`]).
    fatal: Cell<bool>,
}

/// What the checks found.
pub(crate) enum Checked {
    /// No mistake.
    Clean,
    /// Mistakes, each mended in the input so that it expands as a valid one would (a text in
    /// error left out, a key or mark that cannot apply dropped, a clashing method name hidden):
    /// the errors, and the whole expansion beside them.
    Recovered(syn::Error),
    /// Mistakes the input cannot be mended after: the errors, and a minimal fallback.
    Failed(syn::Error),
}

impl Ctxt {
    /// Records an error spanned on `tokens` that the input cannot be mended after (taken as
    /// `dyn`: one copy of this and of syn's `new_spanned` in the macro's code, not one per token
    /// type).
    pub(crate) fn error_spanned_by(&self, tokens: &dyn ToTokens, message: impl Display) {
        self.syn_error(syn::Error::new_spanned(tokens, message));
    }

    /// Records an already-built error that the input cannot be mended after.
    pub(crate) fn syn_error(&self, error: syn::Error) {
        self.fatal.set(true);
        self.errors.borrow_mut().push(error);
    }

    /// Records an error after which the caller mends the input, so that the rest of the
    /// expansion stays valid and code using the generated type sees no follow-on errors.
    pub(crate) fn recovered(&self, error: syn::Error) {
        self.errors.borrow_mut().push(error);
    }

    /// [`Ctxt::recovered`] for an error spanned on `tokens`.
    pub(crate) fn recovered_spanned_by(&self, tokens: &dyn ToTokens, message: impl Display) {
        self.recovered(syn::Error::new_spanned(tokens, message));
    }

    /// All recorded errors, combined, and whether the input was mended after each.
    pub(crate) fn check(self) -> Checked {
        let mut errors = self.errors.into_inner().into_iter();
        let Some(mut combined) = errors.next() else {
            return Checked::Clean;
        };
        for error in errors {
            combined.combine(error);
        }
        if self.fatal.get() {
            Checked::Failed(combined)
        } else {
            Checked::Recovered(combined)
        }
    }
}
