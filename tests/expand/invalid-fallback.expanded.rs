// Expansion of `#[derive(FastStatus)]` for `StatusCode`. Regenerate with
// `FAST_STATUS_BLESS=1 cargo test -p status-macros snapshots`.

::core::compile_error! {
    "`Super` would generate a method named `super`, which is a keyword that cannot be an identifier (not even `r#super`); give `Super`'s methods another name with `#[status(method = ..)]` (the variant keeps its name), or rename the variant"
}
#[allow(unused_imports, clippy::pub_use)]
use __fast_status_StatusCode::Status;
#[allow(unused_imports, clippy::pub_use)]
use __fast_status_StatusCode::StatusCodeCode;
/// The generated types' own module: generated code names them by their paths
/// here, so that in a module where a name is already taken, its `use` above is the
/// one error.
#[doc(hidden)]
#[allow(non_snake_case, clippy::field_scoped_visibility_modifiers)]
mod __fast_status_StatusCode {
    pub(super) struct Status(pub(super) ::fast_status::__private::Repr);
    #[derive(::core::clone::Clone, ::core::marker::Copy, ::core::fmt::Debug)]
    #[allow(non_camel_case_types, reason = "the variants are named as the kind's")]
    pub(super) enum StatusCodeCode {
        Super,
        Invalid,
    }
}
impl ::core::clone::Clone for __fast_status_StatusCode::Status {
    fn clone(&self) -> Self {
        ::core::unreachable!()
    }
}
impl ::core::fmt::Display for __fast_status_StatusCode::Status {
    fn fmt(&self, _: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        ::core::unreachable!()
    }
}
impl ::core::fmt::Debug for __fast_status_StatusCode::Status {
    fn fmt(&self, _: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        ::core::unreachable!()
    }
}
impl ::core::error::Error for __fast_status_StatusCode::Status {}
impl ::core::convert::From<StatusCode> for __fast_status_StatusCode::Status {
    fn from(_: StatusCode) -> Self {
        ::core::unreachable!()
    }
}
