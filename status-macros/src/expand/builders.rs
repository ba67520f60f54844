//! The builders and the readers of a status's extras: `with_message`, `with_detail`,
//! `with_source`, `context` (also `FastStatus` methods), `detail`, `details`, `context_lines`.

use proc_macro2::TokenStream;
use quote::quote;

use super::{Gen, must_use_changed};

/// The inherent builders and extras accessors (also `FastStatus` methods).
pub(super) fn builders(g: &Gen<'_>) -> TokenStream {
    let must_use = must_use_changed();
    let status_ty = &g.status_ty;
    let krate = &g.input.krate;
    let private = &g.private;
    // A status that holds a variant's text in place of its value becomes a status of the value
    // first: the text leaves no room for a message.
    let text_to_value = g
        .kind
        .filter(|_| g.input.variants.iter().any(|v| v.text_field().is_some()))
        .map(|kind| {
            quote! {
                use #private::{CannotStoreMadeKind as _, StoreMadeKind as _};
                if !(&&#private::KindProbe::<#kind>::NEW).__fs_text_to_value(&mut self.0) {
                    return self;
                }
            }
        });
    quote! {
        // The methods the `FastStatus` trait has too, callable without importing it; and a
        // message or a context line is any `Display`.
        #[allow(clippy::same_name_method, clippy::impl_trait_in_params)]
        impl #status_ty {
            /// The same status with `message` instead of its message; code, location, source,
            /// details and context lines are kept.
            #[inline]
            #must_use
            pub fn with_message(mut self, message: impl ::core::fmt::Display) -> Self {
                #text_to_value
                self.0.replace_message(message);
                self
            }

            /// The same status with `value` attached as a typed detail, replacing an earlier
            /// detail of the same type.
            #[inline]
            #must_use
            pub fn with_detail<T>(mut self, value: T) -> Self
            where
                T: ::core::fmt::Debug + ::core::marker::Send + ::core::marker::Sync + 'static,
            {
                self.0.set_detail(value);
                self
            }

            /// The detail of type `T`, if one was attached.
            #[inline]
            #[must_use]
            pub fn detail<T: 'static>(&self) -> ::core::option::Option<&T> {
                self.0.detail::<T>()
            }

            /// All details, in the order their types were first attached.
            #[inline]
            pub fn details(
                &self,
            ) -> impl ::core::iter::ExactSizeIterator<
                Item = &(dyn ::core::fmt::Debug + ::core::marker::Send + ::core::marker::Sync),
            > {
                self.0.details()
            }

            #private::if_alloc! {
                /// The same status with `error` as its `source()`, replacing an earlier one:
                /// an error type, a `Box<dyn Error + Send + Sync>`, an `anyhow::Error`, a
                /// `String`. `source()` gives the error back as it is. Without memory, the
                /// status is left as it was.
                #[inline]
                #must_use
                pub fn with_source(
                    mut self,
                    error: impl ::core::convert::Into<
                        #private::Box<dyn ::core::error::Error + ::core::marker::Send + ::core::marker::Sync>,
                    >,
                ) -> Self {
                    self.0.set_source(error.into());
                    self
                }
            }

            /// The same status with a context line `message` appended, recording the caller's
            /// location.
            #[inline]
            #must_use
            #[track_caller]
            pub fn context(mut self, message: impl ::core::fmt::Display) -> Self {
                self.0.add_context(message, ::core::panic::Location::caller());
                self
            }

            /// The context lines, oldest first: each line's text and where it was added.
            #[inline]
            pub fn context_lines(&self) -> #krate::ContextLines<'_> {
                self.0.context_lines()
            }
        }
    }
}
